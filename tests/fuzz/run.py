"""A batch of generated cards, each played in one game, on one process or several: counts and failures.

Card `i` of the batch with seed `S` is drawn from its own random stream (`S:i`) and played with game seed `i`, so a
card is the same whichever process plays it, in whatever order, and a batch can be split (`first`) and repeated.
"""

from __future__ import annotations

import resource
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from runtime.analysis.workers import WorkerLost, results
from tests.fuzz.cards import Generated, generate
from tests.fuzz.draws import RandomDraws
from tests.fuzz.games import FAILURES, Outcome, play_card
from tests.fuzz.shrink import TRIES, shrink

CHUNK = 50  # cards a worker plays before it reports
SHRINK_SECONDS = 300  # the most one card's shrinking may take: its games are bounded, their number too, but not their
# sum on a slow machine
SHRINK_MEMORY = 4 << 30  # the address space a shrinking worker may use: a card that grows a table without end
# (the 100,000-card run's one hang grew a worker to 23.9 GB, and the kernel killed it with the run's report) stops


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
    lost: str = ""  # a worker's death that ended the run early, in one line
    interrupted: bool = False  # Ctrl-C ended the run early

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

    def report(self) -> str:
        """The summary, then each kind of failure with its count and its first card, as found."""
        lines = [self.summary()]
        for key, count in self.failures.most_common():
            found = self.first[key]
            lines += [
                "",
                f"{count:,} x {key[0]}: {key[1]}   (first: card {found.index}; repeat: {found.repeat})",
                f"game seed {found.index}, {found.card.players} players:",
                found.card.text.rstrip(),
                last_lines(found.outcome.detail),
            ]
        return "\n".join(lines)

    def shrunk_report(self, shrunk: dict[tuple[str, str], Shrunk]) -> str:
        """Each kind of failure's first card shrunk (or why it could not be)."""
        lines = []
        for key, each in shrunk.items():
            found = self.first[key]
            lines += ["", f"{key[0]}: {key[1]}, card {found.index} shrunk{each.note}:", each.card.text.rstrip()]
            lines.append(last_lines(each.outcome.detail))
        return "\n".join(lines)


@dataclass(frozen=True)
class Shrunk:
    """A failing card as small as shrinking made it, how it fails, and `note` where shrinking stopped early."""

    card: Generated
    outcome: Outcome
    note: str = ""


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


def run(
    seed: int,
    cards: int,
    first: int = 0,
    jobs: int = 1,
    progress: Callable[[Batch], None] | None = None,
    play: Callable[[None, tuple[int, int, int]], Batch] | None = None,
) -> Batch:
    """Play cards first..first+cards-1 of the batch `seed`; an interrupt (Ctrl-C) returns what finished, and so does a
    worker's death, saying in `lost` which cards it took with it (`play` stands in for play_chunk in tests)."""
    chunks = [(seed, start, min(start + CHUNK, first + cards)) for start in range(first, first + cards, CHUNK)]
    total, finished = Batch(seed), 0
    try:
        for done in each_done(chunks, jobs, play or play_chunk):
            total.add(done)
            finished += 1
            if progress is not None:
                progress(total)
    except KeyboardInterrupt:
        print("interrupted: the counts below are of the cards finished", file=sys.stderr)
        total.interrupted = True
    except WorkerLost as error:
        _, start, stop = chunks[finished]  # results come in chunk order: the first missing is the one lost
        total.lost = (
            f"{error} playing cards {start}-{stop - 1}; {total.cards:,} of {cards:,} cards finished; repeat those: "
            f"python -m tests.fuzz --seed {seed} --first {start} --cards {stop - start}"
        )
    return total


def each_done(chunks: list[tuple[int, int, int]], jobs: int, play: Callable[[None, Any], Batch]) -> Iterable[Batch]:
    if jobs <= 1:
        yield from (play(None, chunk) for chunk in chunks)
        return
    yield from results(play_chunk_held if play is play_chunk else play, None, chunks, jobs)


def play_chunk(shared: None, chunk: tuple[int, int, int]) -> Batch:
    return play_range(*chunk)


def play_chunk_held(shared: None, chunk: tuple[int, int, int]) -> Batch:
    """play_chunk in a worker process held to the shrink's memory: a game that outgrows it is a hang of its card
    (games.play_card), not a machine out of memory. The run's own process (--jobs 1) is not held."""
    resource.setrlimit(resource.RLIMIT_AS, (SHRINK_MEMORY, resource.getrlimit(resource.RLIMIT_AS)[1]))
    return play_range(*chunk)


@dataclass(frozen=True)
class Limits:
    """What shrinking one card may use: games, seconds and address space (`shrink` stands in for shrink in tests)."""

    tries: int = TRIES
    seconds: float = SHRINK_SECONDS
    memory: int = SHRINK_MEMORY
    shrink: Callable[[list[int], int, Outcome, int], tuple[Generated, Outcome]] = shrink


LIMITS = Limits()


class TimeUp(BaseException):
    """Shrinking's time is up (a BaseException, so that a game's own `except Exception` lets it through)."""


def time_up(signum: int, frame: Any) -> None:
    raise TimeUp


def shrink_bounded(limits: Limits, found: Found) -> Shrunk:
    """Shrink one card in a worker process held to the limits: past them, the card as found, saying why."""
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory, resource.getrlimit(resource.RLIMIT_AS)[1]))
    signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, limits.seconds)
    try:
        card, outcome = limits.shrink(list(found.values), found.index, found.outcome, limits.tries)
    except TimeUp:
        return Shrunk(found.card, found.outcome, f" (not: shrinking took more than {limits.seconds:,.0f} s)")
    except MemoryError:
        return Shrunk(found.card, found.outcome, f" (not: shrinking needed more than {limits.memory >> 20:,} MiB)")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return Shrunk(card, outcome)


def shrink_all(batch: Batch, jobs: int = 1, limits: Limits = LIMITS) -> tuple[dict[tuple[str, str], Shrunk], list[str]]:
    """The first card of each kind of failure shrunk, each in a worker process held to `limits` (so no card can take
    the run's report with it); and one line for each worker that died all the same, naming its card. Ctrl-C keeps
    the cards shrunk before it."""
    shrunk: dict[tuple[str, str], Shrunk] = {}
    deaths: list[str] = []
    keys = list(batch.first)
    while keys:
        got = 0
        try:
            found = [batch.first[key] for key in keys]
            for key, each in zip(
                keys, results(shrink_bounded, limits, found, max(1, min(jobs, len(keys)))), strict=False
            ):
                shrunk[key] = each
                got += 1
        except WorkerLost as error:  # results come in order: the first missing is the one lost
            kind, signature = keys[got]
            lost = batch.first[keys[got]]
            deaths.append(f"{error} shrinking card {lost.index} ({kind}: {signature}); repeat it: {lost.repeat}")
            got += 1
        except KeyboardInterrupt:
            print("interrupted: shrinking stopped; the cards below are those shrunk before it", file=sys.stderr)
            break
        keys = keys[got:]
    return shrunk, deaths
