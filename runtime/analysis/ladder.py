"""Head to head: two players over paired seeds, each seed played twice with the seats swapped, so neither
the deal nor the seat favours one of them."""

from __future__ import annotations

from dataclasses import dataclass

from runtime.analysis.games import Setup
from runtime.analysis.runner import Source, run
from runtime.analysis.stats import Estimate, mean_interval, proportion_interval


@dataclass(frozen=True)
class Matchup:
    """The first player's win rate (ties shared; Wilson interval) and its score lead (paired t interval)."""

    first: str
    second: str
    win_rate: Estimate
    lead: Estimate


def matchup(source: Source, first: str, second: str, seeds: range, workers: int = 1) -> Matchup:
    pairs = [((first, second), 0), ((second, first), 1)]
    jobs = [("cards", Setup(seed, agents)) for seed in seeds for agents, _ in pairs]
    records = list(run({"cards": source}, jobs, workers))
    seats = [seat for _ in seeds for _, seat in pairs]
    wins = sum(record.win_share(seat) for record, seat in zip(records, seats, strict=True))
    leads = [record.scores[seat] - record.scores[1 - seat] for record, seat in zip(records, seats, strict=True)]
    return Matchup(first, second, proportion_interval(wins, len(records)), mean_interval(leads))
