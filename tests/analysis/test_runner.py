"""The runner loads a card source once a process (a chunk brings its Source again, equal to the last one's), and a
worker process or a Dask scheduler lost midway ends the run with the results before it."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest

from compiler import load_cards
from runtime.analysis import runner
from runtime.analysis.runner import CHUNK, Source, cards_of
from runtime.analysis.workers import WorkerLost, results
from runtime.model.cards import CardSpec
from tests.kit.rulebook import ROOT


def test_a_source_brought_again_gives_the_same_cards_and_a_changed_one_is_loaded() -> None:
    loaded: list[str] = []

    def load(text: str, path: str) -> list[CardSpec]:
        loaded.append(path)
        return load_cards(text, path)

    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    first = cards_of(Source(text, "cards.nus", load))
    copy = text[:-1] + text[-1:]  # an equal text, another object (as unpickled in a worker)
    assert copy is not text and cards_of(Source(copy, "cards.nus", load)) is first
    assert type(first) is tuple and len(first) == 96 and loaded == ["cards.nus"]
    changed = cards_of(Source(text + "\n", "cards.nus", load))
    assert changed is not first and [spec.name for spec in changed] == [spec.name for spec in first]
    assert loaded == ["cards.nus", "cards.nus"]


def doubled_unless_it_is_the_one(shared: int, item: int) -> int:
    """A worker's job that kills its own process (SIGKILL, as the out-of-memory killer would) at the item `shared`."""
    if item == shared:
        os.kill(os.getpid(), signal.SIGKILL)
    if item == -shared:
        raise ValueError(f"item {item} refused")
    return 2 * item


def test_a_worker_that_dies_ends_the_run_after_every_result_before_it() -> None:
    """Killed mid-run, a worker breaks only its own pipe: the results before its item still come, in order, then
    WorkerLost says how it ended; it never waits for ever (concurrent.futures' pool could, its shared queue's lock
    held by the dead worker) and no worker is left behind."""
    for workers in (1, 2, 3):
        got: list[int] = []
        with pytest.raises(WorkerLost, match=r"^a worker process died \(signal 9\)$"):
            for value in results(doubled_unless_it_is_the_one, 17, range(60), workers):
                got.append(value)
        assert got == [2 * item for item in range(17)]
        assert multiprocessing.active_children() == []
    assert list(results(doubled_unless_it_is_the_one, 99, range(40), 2)) == [2 * item for item in range(40)]


def test_an_exception_in_a_worker_is_raised_in_its_place() -> None:
    got: list[int] = []
    with pytest.raises(ValueError, match="item -5 refused"):
        for value in results(doubled_unless_it_is_the_one, 5, [1, 2, -5, 3], 2):
            got.append(value)
    assert got == [2, 4] and multiprocessing.active_children() == []


def test_a_lost_dask_scheduler_ends_the_run_after_the_records_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dask cancels every future when the client loses its scheduler ("scheduler-connection-lost")."""
    distributed = pytest.importorskip("distributed")

    class Gone:
        def result(self) -> list:
            raise distributed.client.FutureCancelledError("play_chunk-1", reason="scheduler-connection-lost")

    class Client:
        def __enter__(self) -> Client:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def scatter(self, data: object, **options: object) -> object:
            return data

        def nthreads(self) -> dict[str, int]:
            return {"worker": 1}

        def submit(self, function: object, shared: object, chunk: list, pure: bool) -> object:
            return FakeFuture([seed for _, seed in chunk]) if chunk[0][1] < 2 * CHUNK else Gone()

        def cancel(self, futures: list) -> None:
            raise OSError("the scheduler is gone")  # as a cancel to a lost scheduler may

    monkeypatch.setattr(runner, "connect", lambda address: Client())
    got: list[int] = []
    with pytest.raises(WorkerLost, match=r"^lost the Dask scheduler at tcp://fake:8786 \(scheduler-connection-lost\)$"):
        for record in runner.run_on_cluster({}, [("cards", seed) for seed in range(10 * CHUNK)], "tcp://fake:8786"):
            got.append(record)
    assert got == list(range(2 * CHUNK))


class FakeFuture:
    def __init__(self, records: list):
        self.records = records

    def result(self) -> list:
        return self.records

    def release(self) -> None:
        pass
