"""Worker processes that can die without taking the run with them: each has a pipe of its own.

concurrent.futures' process pool shares one result queue, guarded by one lock, between its workers: a worker killed
while it sends a result (SIGKILL, the out-of-memory killer) leaves that lock held and half a message in the queue,
and the run waits for ever. Here a worker's death breaks only its own pipe, and its process's sentinel says so at
once: the caller gets WorkerLost, with how the worker ended, after every result before it.

Each worker gets `shared` once, then one item at a time (an item in flight per worker: a big result is never sent
while its worker waits to be sent the next item, so neither side can block the other). Results come in item order
however the work is spread. Workers ignore Ctrl-C: the caller stops them and keeps what finished.
"""

from __future__ import annotations

import multiprocessing
import signal
import traceback
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

AHEAD = 4  # items given out ahead of the one awaited, per worker: the results kept waiting for it stay few


class WorkerLost(Exception):
    """A worker process died (killed, out of memory), or the Dask scheduler was lost: the work it had is gone. The
    results before it have come; the caller reports them and says how many finished."""


class WorkerFailed(Exception):
    """An exception in a worker that could not be sent back as it was: its type, message and traceback as text."""


def serve(connection: Connection, function: Callable[[Any, Any], Any]) -> None:
    """A worker's life: the shared value, then items until None; each answered with (True, result) or, for an
    exception, (False, the exception or a WorkerFailed saying it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    shared = connection.recv()
    while (item := connection.recv()) is not None:
        try:
            answer = (True, function(shared, item))
        except Exception as error:  # noqa: BLE001 - sent to the caller, who raises it
            answer = (False, error)
        try:
            connection.send(answer)
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            connection.send((False, WorkerFailed("".join(traceback.format_exception(answer[1])))))


def results(function: Callable[[Any, Any], Any], shared: Any, items: Iterable[Any], workers: int) -> Iterator[Any]:
    """function(shared, item) for each item, on `workers` processes, in item order (an exception in a worker is raised
    here in its place). `function` must be a module-level function (it goes to the processes by name where they
    are spawned). Raises WorkerLost when a worker dies."""
    context = multiprocessing.get_context()
    pending = iter(enumerate(items))
    started: list[tuple[Any, Connection]] = []
    try:
        for _ in range(workers):
            mine, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs, function), daemon=True)
            process.start()
            theirs.close()
            mine.send(shared)
            started.append((process, mine))
        yield from in_order(started, pending, workers * AHEAD)
    finally:
        for process, connection in started:
            if process.is_alive():
                process.kill()
            process.join()
            connection.close()


class Lost:
    """The first item lost to a worker's death, and how the worker ended."""

    def __init__(self) -> None:
        self.item: int | None = None
        self.error: WorkerLost | None = None

    def died(self, item: int, process: Any) -> None:
        if self.item is None or item < self.item:
            self.item, self.error = item, lost(process)


def in_order(started: list[tuple[Any, Connection]], pending: Iterator[tuple[int, Any]], ahead: int) -> Iterator[Any]:
    """The results in item order. After a death no item is given out; the items before the lost one still come from
    the workers alive, then WorkerLost is raised."""
    done: dict[int, tuple[bool, Any]] = {}
    busy: dict[Connection, int] = {}  # a worker's pipe -> the item it is working on
    idle = [connection for _, connection in started]
    process_of = {connection: process for process, connection in started}
    pipe_of = {process.sentinel: connection for process, connection in started}
    death = Lost()
    awaited = sent = 0
    left = True  # items not given out yet
    while True:
        while left and death.item is None and idle and sent - awaited < ahead:
            item = next(pending, None)
            if item is None:
                left = False
                break
            connection = idle.pop()
            try:
                connection.send(item[1])
            except OSError:  # its worker has died since its last answer
                death.died(item[0], process_of[connection])
                break
            busy[connection] = item[0]
            sent += 1
        if death.item is not None:  # only the items before the lost one are waited for
            busy = {connection: index for connection, index in busy.items() if index < death.item}
        while awaited in done:
            succeeded, value = done.pop(awaited)
            awaited += 1
            if not succeeded:
                raise value
            yield value
        if not busy:
            if death.error is not None:
                raise death.error
            if not left:
                return
            continue
        ready = wait([*busy, *(sentinel for sentinel, connection in pipe_of.items() if connection in busy)])
        for connection in [each for each in ready if each in busy]:  # answers first: one may come just before a death
            index = busy.pop(connection)
            try:
                done[index] = connection.recv()
            except (EOFError, OSError):  # the worker died as it answered
                death.died(index, process_of[connection])
            else:
                idle.append(connection)
        for connection in [pipe_of[each] for each in ready if each in pipe_of]:
            if connection in busy:  # died at work
                death.died(busy.pop(connection), process_of[connection])


def lost(process: Any) -> WorkerLost:
    """A worker's death, saying how it ended ("signal 9", "exit status 1"), its exit waited for a moment."""
    process.join(timeout=5)
    code = process.exitcode
    ended = "unknown cause" if code is None else f"signal {-code}" if code < 0 else f"exit status {code}"
    return WorkerLost(f"a worker process died ({ended})")
