"""Who beats whom: every player against every other at rotated seats, TAG-style, as a win-rate matrix and a ladder.

A pairing of player A against player B plays each seed once for every seat A can take, A in that seat and B in all
the others, so neither the deal nor the seat favours either. A's win share there (ties shared) is measured against
an even chance, 1 / players: above it, A is the stronger. The ladder orders the players by their mean win share
over all their pairings. Every figure has its Wilson interval and sample size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from runtime.analysis.games import Record, Setup
from runtime.analysis.runner import Source, run
from runtime.analysis.stats import Estimate, mean_interval, proportion_interval


@dataclass(frozen=True)
class Standing:
    """A player's win share over games (ties shared; Wilson interval) and its score lead over the mean of the others
    at its table (t interval), in games of `players` players."""

    players: int
    win_rate: Estimate
    lead: Estimate

    @property
    def beats(self) -> bool:
        """The whole interval of its win share lies above an even chance."""
        return self.win_rate.low > 1 / self.players


def standing(records: Sequence[Record], seats: Sequence[int], players: int) -> Standing:
    """The standing of the player in `seats[i]` of game `records[i]`."""
    wins = sum(record.win_share(seat) for record, seat in zip(records, seats, strict=True))
    leads = [
        record.scores[seat] - (sum(record.scores) - record.scores[seat]) / (players - 1)
        for record, seat in zip(records, seats, strict=True)
    ]
    return Standing(players, proportion_interval(wins, len(records)), mean_interval(leads))


@dataclass(frozen=True)
class Matchup:
    """The first player's win share (ties shared; Wilson interval) against the second at rotated seats, and its
    score lead over the mean of the others at its table (paired t interval)."""

    first: str
    second: str
    players: int
    win_rate: Estimate
    lead: Estimate

    @property
    def even(self) -> float:
        return 1 / self.players


def tables(first: str, second: str, players: int) -> list[tuple[tuple[str, ...], int]]:
    """Every seating of one `first` among `second`s, with the seat `first` takes."""
    return [(tuple(first if seat == place else second for seat in range(players)), place) for place in range(players)]


def matchup(
    source: Source,
    first: str,
    second: str,
    seeds: range,
    workers: int = 1,
    players: int = 2,
    cluster: str | None = None,
) -> Matchup:
    seatings = tables(first, second, players)
    jobs = [("cards", Setup(seed, agents)) for seed in seeds for agents, _ in seatings]
    records = list(run({"cards": source}, jobs, workers, cluster))
    mine = standing(records, [seat for _ in seeds for _, seat in seatings], players)
    return Matchup(first, second, players, mine.win_rate, mine.lead)


def ladder(
    source: Source, agents: Sequence[str], seeds: range, players: int, workers: int = 1, cluster: str | None = None
) -> dict:
    """Every ordered pairing of distinct players, and the players ordered by their mean win share against the
    others (with its Wilson interval over all their games)."""
    pairings = [
        matchup(source, first, second, seeds, workers, players, cluster)
        for first in agents
        for second in agents
        if first != second
    ]
    rungs = []
    for agent in agents:
        mine = [pairing for pairing in pairings if pairing.first == agent]
        games = sum(pairing.win_rate.n for pairing in mine)
        wins = sum(pairing.win_rate.mean * pairing.win_rate.n for pairing in mine)
        rungs.append((agent, proportion_interval(wins, games)))
    rungs.sort(key=lambda rung: -rung[1].mean)
    return {
        "players": players,
        "seeds": len(seeds),
        "first_seed": seeds.start,
        "even": round(1 / players, 4),
        "matrix": [pairing_json(pairing) for pairing in pairings],
        "ladder": [{"agent": agent, **share_json(estimate)} for agent, estimate in rungs],
    }


def share_json(estimate: Estimate) -> dict:
    return {
        "win_share": round(estimate.mean, 4),
        "ci_low": round(estimate.low, 4),
        "ci_high": round(estimate.high, 4),
        "n": estimate.n,
    }


def pairing_json(pairing: Matchup) -> dict:
    lead = pairing.lead
    return {
        "agent": pairing.first,
        "against": pairing.second,
        **share_json(pairing.win_rate),
        "beats": pairing.win_rate.low > pairing.even,  # the whole interval above an even chance (Standing.beats)
        "lead": round(lead.mean, 4),
        "lead_ci_low": None if lead.n < 2 else round(lead.low, 4),
        "lead_ci_high": None if lead.n < 2 else round(lead.high, 4),
    }
