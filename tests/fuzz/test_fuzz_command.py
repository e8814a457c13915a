"""`python -m tests.fuzz` never loses its report (issue 36 §3): the 100,000-card run's shrinking grew one worker to
23.9 GB, the kernel killed it, and the run ended in a WorkerLost traceback with no report. Now the counts come
before any shrinking, each card is shrunk in a worker held to a time and memory limit, and a worker that dies all
the same is one line naming its cards, with the exit status 2."""

from __future__ import annotations

import functools
import os
import signal
import time

import pytest

import tests.fuzz.__main__ as command
from tests.fuzz import run as fuzz_run
from tests.fuzz.cards import Generated
from tests.fuzz.games import Outcome
from tests.fuzz.run import Batch, Found, Limits, run, shrink_all

SEED = 5


def dying_at_card_100(shared: None, chunk: tuple[int, int, int]) -> Batch:
    """A stand-in for play_chunk: every card plays to the end, but the worker given card 100 is killed."""
    seed, start, stop = chunk
    if start <= 100 < stop:
        os.kill(os.getpid(), signal.SIGKILL)
    batch = Batch(seed, cards=stop - start)
    batch.kinds["played"] = stop - start
    return batch


def test_a_worker_killed_while_playing_ends_the_run_with_one_line_and_the_cards_before() -> None:
    batch = run(SEED, 300, jobs=2, play=dying_at_card_100)
    assert batch.cards == 100  # the two chunks before the lost one; none after it is handed out
    assert batch.lost == (
        "a worker process died (signal 9) playing cards 100-149; 100 of 300 cards finished; repeat those: "
        f"python -m tests.fuzz --seed {SEED} --first 100 --cards 50"
    )


def test_the_command_prints_the_counts_and_the_dead_worker_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "run", functools.partial(run, play=dying_at_card_100))
    status = command.main(["--cards", "300", "--seed", str(SEED), "--jobs", "2"])
    out, err = capsys.readouterr()
    assert status == 2
    assert out.startswith(
        f"generated cards, seed {SEED}: 100 cards; 0 refused by the checker, 0 in no game of 2-5 players, 100 checked "
        "clean and played in a game: 100 to the end, 0 stopped naming the card and line (CardError); 0 tracebacks, "
        "0 hangs, 0 invariant breaks\n"
    )
    assert "Traceback" not in out + err
    assert err.splitlines()[-1] == (
        "python -m tests.fuzz: error: a worker process died (signal 9) playing cards 100-149; 100 of 300 cards "
        f"finished; repeat those: python -m tests.fuzz --seed {SEED} --first 100 --cards 50"
    )


CARD = Generated('building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n', 2, "building")
HANG = Outcome("hang", "over budget", "more than 20000 decisions in one game")


def failing(*indexes: int) -> Batch:
    """A batch with one failure of its own kind at each of these card numbers."""
    batch = Batch(SEED, cards=max(indexes) + 1)
    for index in indexes:
        key = ("hang", f"kind {index}")
        batch.kinds["hang"] += 1
        batch.failures[key] += 1
        batch.first[key] = Found(SEED, index, (0,), CARD, HANG)
    return batch


def growing(values: list[int], seed: int, failure: Outcome, tries: int) -> tuple[Generated, Outcome]:
    """A stand-in shrink whose card 7 needs 8 GiB, card 8 runs for ever, card 9 kills its worker, and the others
    shrink at once."""
    if seed == 7:
        bytearray(8 << 30)  # refused at once past the limit: no time spent filling memory first
    if seed == 8:
        while True:
            time.sleep(0.01)
    if seed == 9:
        os.kill(os.getpid(), signal.SIGKILL)
    return Generated(CARD.text + "  # shrunk\n", 2, "building"), failure


@pytest.mark.slow
def test_shrinking_past_its_memory_or_time_keeps_the_card_as_found_and_a_dead_worker_is_one_line() -> None:
    batch = failing(3, 7, 8, 9, 11)
    limits = Limits(tries=5, seconds=3, memory=1 << 30, shrink=growing)
    shrunk, deaths = shrink_all(batch, jobs=2, limits=limits)
    assert {key[1]: each.note for key, each in shrunk.items()} == {
        "kind 3": "",
        "kind 7": " (not: shrinking needed more than 1,024 MiB)",
        "kind 8": " (not: shrinking took more than 3 s)",
        "kind 11": "",
    }
    assert shrunk[("hang", "kind 3")].card.text.endswith("# shrunk\n")
    assert shrunk[("hang", "kind 7")].card == CARD
    assert deaths == [
        "a worker process died (signal 9) shrinking card 9 (hang: kind 9); repeat it: "
        f"python -m tests.fuzz --seed {SEED} --first 9 --cards 1"
    ]
    report = batch.shrunk_report(shrunk)
    assert "hang: kind 7, card 7 shrunk (not: shrinking needed more than 1,024 MiB):" in report


def test_an_interrupted_run_is_not_shrunk(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C while the cards play: the report of those finished, and no shrinking after it (the user wants to stop)."""
    batch = failing(3)
    batch.interrupted = True
    monkeypatch.setattr(command, "run", lambda *args: batch)
    monkeypatch.setattr(command, "shrink_all", lambda *args: pytest.fail("shrinking after an interrupt"))
    assert command.main(["--cards", "10", "--seed", str(SEED)]) == 1
    assert capsys.readouterr().out.startswith(f"generated cards, seed {SEED}: 4 cards;")


def test_an_interrupt_while_shrinking_keeps_the_cards_shrunk_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(function, limits, found, workers):  # noqa: ANN001, ANN202 - results' own
        yield function(limits, found[0])
        raise KeyboardInterrupt

    monkeypatch.setattr(fuzz_run, "results", interrupted)
    monkeypatch.setattr(fuzz_run, "shrink_bounded", lambda limits, found: fuzz_run.Shrunk(found.card, found.outcome))
    shrunk, deaths = shrink_all(failing(3, 11), jobs=2)
    assert list(shrunk) == [("hang", "kind 3")]
    assert deaths == []
