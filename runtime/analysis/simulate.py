"""`nus simulate`'s words: a line for each game played and a summary of their results.

`nus simulate` streams games from the runner (all cores, or a Dask cluster): each game's line is printed
as it arrives, the summary keeps running totals only, and logs are kept only when written to a file, so
memory stays flat however many games are played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from runtime.analysis.stats import Estimate, RunningMean
from runtime.game.forward import Record
from runtime.model.state import player_name
from runtime.wording import counted


def score_text(score: Fraction | float) -> str:
    whole, half = divmod(Fraction(score), 1)
    return f"{int(whole)}½" if half else str(int(whole))


def game_line(seed: int, scores: Iterable[tuple[int, Fraction | float]], winners: Iterable[int]) -> str:
    """One game: its seed, every player's score, and who won (ties are shared)."""
    shown = ", ".join(f"{player_name(p)} {score_text(s)}" for p, s in scores)
    return f"seed {seed}: {shown}; won by " + " and ".join(f"{player_name(p)}" for p in winners)


def record_line(record: Record) -> str:
    return game_line(record.seed, enumerate(record.scores), record.winners)


SHOWN_BUILT = 5  # Buildings named as most built, and as least built


@dataclass
class Summary:
    """Running totals: the average score with its interval, the spread of scores, and how often each Building was
    built. The interval's sample is the games (a game's average score each), not the seats: the seats of one game
    are not independent of each other. `buildings`, those the games have, are named as never built when none of the
    games built them: least built names only Buildings built at least once."""

    players: int
    buildings: tuple[str, ...] = ()
    game_means: RunningMean = field(default_factory=RunningMean)
    low: float = float("inf")
    high: float = float("-inf")
    built: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.game_means.n

    def add(self, scores: Iterable[float], built: Iterable[str]) -> None:
        scores = list(scores)
        self.game_means.add(sum(scores) / len(scores))
        self.low, self.high = min(self.low, *scores), max(self.high, *scores)
        for name in built:
            self.built[name] = self.built.get(name, 0) + 1

    def add_record(self, record: Record) -> None:
        self.add(record.scores, (name for name, _, _ in record.built))

    def text(self) -> str:
        if not self.games:
            return "no games"
        by_count = sorted(self.built.items(), key=lambda item: (-item[1], item[0]))
        ranked = [f"{name} ({count})" for name, count in by_count]
        most, least = ranked[:SHOWN_BUILT], ranked[SHOWN_BUILT:][-SHOWN_BUILT:]  # apart when fewer than twice as many
        lines = [
            f"{counted(self.games, 'game')}, {counted(self.players, 'player')}",
            f"score: mean {score_interval(self.game_means.estimate())}, min {self.low:.1f}, max {self.high:.1f}",
            "most built: " + ", ".join(most),
        ]
        never = sorted(name for name in self.buildings if name not in self.built)
        if least:
            lines.append("least built: " + ", ".join(least))
        if never:
            lines.append(f"never built: {counted(len(never), 'Building')}: {', '.join(never)}")
        return "\n".join(lines)


def score_interval(estimate: Estimate) -> str:
    if estimate.n < 2:
        return f"{estimate.mean:.1f} (one game: no interval)"
    return f"{estimate.mean:.1f} (95% CI {estimate.low:.1f} to {estimate.high:.1f}, n={estimate.n} games)"
