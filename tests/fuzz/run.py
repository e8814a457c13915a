"""A batch of generated cards, each played in one game, on one process or several: counts and failures.

Card `i` of the batch with seed `S` is drawn from its own random stream (`S:i`) and played with game seed `i`, so a
card is the same whichever process plays it, in whatever order, and a batch can be split (`first`) and repeated.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from runtime.analysis.workers import results
from tests.fuzz.cards import Generated, generate
from tests.fuzz.draws import RandomDraws
from tests.fuzz.games import FAILURES, Outcome, play_card
from tests.fuzz.shrink import TRIES, shrink

CHUNK = 50  # cards a worker plays before it reports


@dataclass(frozen=True)
class Found:
    """A failing card: where it is in its batch, the choices that wrote it, the card and how it failed."""

    seed: int
    index: int
    values: tuple[int, ...]
    card: Generated
    outcome: Outcome

    @property
    def repeat(self) -> str:
        return f"python -m tests.fuzz --seed {self.seed} --first {self.index} --cards 1"


@dataclass
class Batch:
    """Counts of what came of the cards (Outcome kinds), failures counted by (kind, signature), and the first failing
    card of each."""

    seed: int
    cards: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    failures: Counter[tuple[str, str]] = field(default_factory=Counter)
    first: dict[tuple[str, str], Found] = field(default_factory=dict)

    def add(self, other: Batch) -> None:
        self.cards += other.cards
        self.kinds.update(other.kinds)
        self.failures.update(other.failures)
        for key, found in other.first.items():
            if key not in self.first or found.index < self.first[key].index:
                self.first[key] = found

    @property
    def failed(self) -> int:
        return sum(self.kinds[kind] for kind in FAILURES)

    def summary(self) -> str:
        k = self.kinds
        played = k["played"] + k["stopped"] + self.failed
        return (
            f"generated cards, seed {self.seed}: {self.cards:,} cards; {k['refused']:,} refused by the checker, "
            f"{k['out']:,} in no game of 2-5 players, {played:,} checked clean and played in a game: "
            f"{k['played']:,} to the end, {k['stopped']:,} stopped naming the card and line (CardError); "
            f"{k['traceback']:,} tracebacks, {k['hang']:,} hangs, {k['invariant']:,} invariant breaks"
        )

    def report(self, shrunk: dict[tuple[str, str], tuple[Generated, Outcome]] | None = None) -> str:
        """The summary, then each kind of failure with its count and its first card (shrunk, where given)."""
        lines = [self.summary()]
        for key, count in self.failures.most_common():
            found = self.first[key]
            card, outcome = (shrunk or {}).get(key, (found.card, found.outcome))
            lines += [
                "",
                f"{count:,} x {key[0]}: {key[1]}   (first: card {found.index}; repeat: {found.repeat})",
                f"game seed {found.index}, {card.players} players{', shrunk' if shrunk and key in shrunk else ''}:",
                card.text.rstrip(),
                last_lines(outcome.detail),
            ]
        return "\n".join(lines)


def last_lines(text: str, count: int = 12) -> str:
    return "\n".join(text.rstrip().splitlines()[-count:])


def case(seed: int, index: int) -> tuple[Generated, list[int]]:
    draws = RandomDraws(f"{seed}:{index}")
    return generate(draws), draws.drawn


def play_range(seed: int, first: int, stop: int) -> Batch:
    batch = Batch(seed)
    for index in range(first, stop):
        card, values = case(seed, index)
        outcome = play_card(card, index)
        batch.cards += 1
        batch.kinds[outcome.kind] += 1
        if outcome.failed:
            key = (outcome.kind, outcome.signature)
            batch.failures[key] += 1
            batch.first.setdefault(key, Found(seed, index, tuple(values), card, outcome))
    return batch


def shrink_found(tries: int, found: Found) -> tuple[Generated, Outcome]:
    return shrink(list(found.values), found.index, found.outcome, tries)


def run(
    seed: int,
    cards: int,
    first: int = 0,
    jobs: int = 1,
    progress: Callable[[Batch], None] | None = None,
) -> Batch:
    """Play cards first..first+cards-1 of the batch `seed`; an interrupt (Ctrl-C) returns what finished."""
    chunks = [(seed, start, min(start + CHUNK, first + cards)) for start in range(first, first + cards, CHUNK)]
    total = Batch(seed)
    try:
        for done in each_done(chunks, jobs):
            total.add(done)
            if progress is not None:
                progress(total)
    except KeyboardInterrupt:
        print("interrupted: the counts below are of the cards finished", file=sys.stderr)
    return total


def each_done(chunks: list[tuple[int, int, int]], jobs: int) -> Iterable[Batch]:
    if jobs <= 1:
        yield from (play_range(*chunk) for chunk in chunks)
        return
    yield from results(play_chunk, None, chunks, jobs)


def play_chunk(shared: None, chunk: tuple[int, int, int]) -> Batch:
    return play_range(*chunk)


def shrink_all(batch: Batch, jobs: int = 1, tries: int = TRIES) -> dict[tuple[str, str], tuple[Generated, Outcome]]:
    """The first card of each kind of failure, shrunk."""
    keys = list(batch.first)
    found = [batch.first[key] for key in keys]
    if jobs <= 1:
        return {key: shrink_found(tries, each) for key, each in zip(keys, found, strict=True)}
    return dict(zip(keys, results(shrink_found, tries, found, jobs), strict=True))
