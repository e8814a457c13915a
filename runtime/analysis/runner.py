"""Playing many games on all cores or a Dask cluster, with the same records in the same order as one core.

A job names a card source by key and a game Setup; the card text travels once per chunk with the function that
turns it into CardSpecs, and each worker process compiles it once (the loader caches by content). The runtime
never imports the compiler: the command line hands the loader in (a module-level function, so it pickles by
name). Records come back in job order whatever finishes
first, so every figure made from them is identical for any --jobs and on a cluster. Workers ignore Ctrl-C:
the caller stops them and reports what finished.
"""

from __future__ import annotations

import gc
import logging
import os
import shlex
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import suppress
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any

from runtime.analysis.games import Grant, Record, Setup, play
from runtime.analysis.grants import Given
from runtime.analysis.workers import AHEAD, WorkerLost, results
from runtime.model.cards import CardSpec
from runtime.model.errors import CardError
from runtime.model.state import player_name
from runtime.wording import counted

if TYPE_CHECKING:
    from distributed import Client

CHUNK = 8  # games per task: big enough to hide the hand-over, small enough to spread evenly


Loader = Callable[[str, str], Sequence[CardSpec]]  # (text, path) -> the cards; e.g. compiler.load_cards


@dataclass(frozen=True)
class Source:
    """A card file's text, the name diagnostics and tracebacks use for it, and how to compile it."""

    text: str
    path: str
    load: Loader


Job = tuple[str, Setup]  # (source key, game)


class GameError(CardError):
    """A card error in one game of a run, its message naming the game and the `nus trace` that shows it (in_game)."""


def play_chunk(sources: dict[str, Source], chunk: Sequence[Job]) -> list[Record | GameError]:
    """A chunk's records in a worker; a card error ends it, returned after the records of the games before it, so
    the caller raises it where one process would (unpacked): the same lines before it for any --jobs."""
    records: list[Record | GameError] = []
    try:
        records.extend(play_each(sources, chunk))
    except GameError as error:
        # Only the message travels: the traceback of a card that set itself off is too deep to pickle where exceptions
        # pickle with their tracebacks and contexts (Dask installs tblib's pickling for them).
        error.__traceback__ = error.__context__ = None
        records.append(error)
    return records


def unpacked(records: list[Record | GameError]) -> Iterator[Record]:
    for record in records:
        if isinstance(record, GameError):
            raise record
        yield record


def play_each(sources: dict[str, Source], jobs: Iterable[Job]) -> Iterator[Record]:
    """Each job's record as its game ends. A card error names the game it came from (GameError)."""
    specs = {key: cards_of(source) for key, source in sources.items()}
    settle_long_lived()
    for key, setup in jobs:
        try:
            yield play(specs[key], setup)
        except CardError as error:
            raise in_game(error, setup, sources[key].path) from None


def in_game(error: CardError, setup: Setup, path: str) -> GameError:
    """The error, naming the game (seed, players, a card given) and the trace that shows the moments before it."""
    words = ["nus", "trace", path, "--seed", str(setup.seed), "--players", str(setup.players)]
    if set(setup.agents) != {"random"}:
        words += ["--agent", setup.agents[0]]
    given = ""
    if setup.grant is not None:
        grant = setup.grant
        given = f", {grant.card} {grant.given.words(player_name(grant.seat), grant.round)}"
        words += ["--card", grant.card, "--balance", *balance_kind(grant), "--round", str(grant.round)]
    else:
        words += ["--card", getattr(error, "card", "") or "NAME"]
    game = f"seed {setup.seed}, {counted(setup.players, 'player')}{given}"
    return GameError(f"{error} (in the game of {game}; {shlex.join(words)} shows the moments before it)")


def balance_kind(grant: Grant) -> list[str]:
    """`nus trace --balance` plays the free grant; the other games of a card name theirs."""
    return [] if grant.given is Given.FREE else [grant.given.value]


@lru_cache(maxsize=16)
def cards_of(source: Source) -> tuple[CardSpec, ...]:
    """A source's cards, loaded once a process and kept as one tuple. Each chunk brings its Source anew, equal to the
    last one's: found here by its text's hash (Python's, ~12 µs for cards.nus) instead of the loader's SHA-256 of it
    (~90 µs), and the same tuple lets set-up skip sorting the cards again (setup.sorted_cards)."""
    return tuple(source.load(source.text, source.path))


# Objects made before the youngest generation is collected: several games' worth, so a finished game's table
# (cyclic garbage: a card points at its owner, who lists the card) is freed in one pass over the young objects
# instead of surviving into older generations mid-game and being walked again there. CPython's default is 700;
# measured in one interleaved run (16 passes of 60 games each): 700 3.67 ms a game, 20,000 3.72 ms, 50,000 3.53 ms,
# 100,000 3.53 ms. The garbage it lets wait is a few MB.
YOUNG_COLLECTION_THRESHOLD = 50_000


@cache
def settle_long_lived() -> None:
    """Once a process, after its first cards are loaded: the compiler and the compiled cards live as long as the
    process, so they are put out of the garbage collector's sight (gc.freeze). Otherwise each full collection walks
    them all again: about one in 200 games, ~60 ms each, 6% of the games' time. Collected first, so no garbage is
    kept for good. Then the youngest generation is collected less often (see YOUNG_COLLECTION_THRESHOLD)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])


def chunks(jobs: Iterable[Job], size: int = CHUNK) -> Iterator[list[Job]]:
    iterator = iter(jobs)
    while chunk := list(islice(iterator, size)):
        yield chunk


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run(
    sources: dict[str, Source],
    jobs: Iterable[Job],
    workers: int = 1,
    cluster: str | None = None,
    chunk: int = CHUNK,
) -> Iterator[Record]:
    """Every job's record, in job order: here, on `workers` local processes, or on the Dask scheduler at
    `cluster`, `chunk` games a task (a short run spreads better in smaller ones; the records are the same)."""
    if cluster:
        yield from run_on_cluster(sources, jobs, cluster, chunk)
    elif workers <= 1:
        yield from play_each(sources, jobs)  # game by game: Ctrl-C keeps every game finished
    else:
        yield from run_on_processes(sources, jobs, workers, chunk)


def run_on_processes(
    sources: dict[str, Source], jobs: Iterable[Job], workers: int, chunk: int = CHUNK
) -> Iterator[Record]:
    """At most a few chunks per worker are in flight (workers.py), so memory stays flat however many games are asked.
    The cards are loaded and settled here first: where processes fork, the workers start with them (no load of their
    own, and no full collection touching every inherited object, which would copy the parent's memory page by
    page). A worker that dies ends the run with WorkerLost, after the records of every chunk before its own."""
    for source in sources.values():
        cards_of(source)
    settle_long_lived()
    for records in results(play_chunk, sources, chunks(jobs, chunk), workers):
        yield from unpacked(records)


class ClusterError(Exception):
    """The cluster cannot be used: no Dask scheduler answers at the address given, or Dask is not installed."""


def connect(address: str) -> Client:
    """A client of the scheduler at address (distributed is an optional extra, imported only here)."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'nus[cluster]'") from None

    # Dask logs a lost scheduler as tracebacks of its own (its client, its connections); the run says it in one line
    # (WorkerLost). Dask's logging configuration gives these loggers levels of their own: each is set.
    for name in ("distributed", "distributed.client", "distributed.batched", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        return Client(address)
    except (OSError, ValueError, TypeError) as error:  # an unreachable host times out as OSError
        raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from None


def run_on_cluster(
    sources: dict[str, Source], jobs: Iterable[Job], address: str, chunk: int = CHUNK
) -> Iterator[Record]:
    """As on local processes, at most a few chunks per worker thread of the cluster are in flight (counted when the
    run starts), so memory stays flat here and on the scheduler however many games are asked."""
    with connect(address) as client:
        shared = client.scatter(sources, broadcast=True, hash=False)
        limit = AHEAD * max(1, sum(client.nthreads().values()))
        pending: deque = deque()
        try:
            for games in chunks(jobs, chunk):
                pending.append(client.submit(play_chunk, shared, games, pure=False))
                if len(pending) >= limit:
                    yield from finished(pending.popleft(), address)
            while pending:
                yield from finished(pending.popleft(), address)
        finally:
            with suppress(*LOST):  # the scheduler gone, there is nothing to cancel
                client.cancel(list(pending))


# How a future tells that the cluster is gone: cancelled with the reason "scheduler-connection-lost" (Dask's
# FutureCancelledError is a CancelledError), a closed connection (an OSError), or a worker that died running the same
# chunk more often than the scheduler allows (KilledWorker, a Dask exception: matched by name, as Dask is optional).
LOST = (CancelledError, OSError)


def finished(future: Any, address: str) -> Iterator[Record]:
    try:
        records = future.result()
    except LOST as error:
        why = getattr(error, "reason", None) or first_line(error)  # Dask's cancelled future says why
        raise WorkerLost(f"lost the Dask scheduler at {address} ({why})") from None
    except Exception as error:
        if type(error).__name__ != "KilledWorker":
            raise
        raise WorkerLost(f"the Dask workers running one chunk of games died too often ({first_line(error)})") from None
    future.release()
    return unpacked(records)


def first_line(error: BaseException) -> str:
    return (str(error).splitlines() or [type(error).__name__])[0]
