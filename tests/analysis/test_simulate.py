"""`nus simulate` on all cores: the same lines as one core, logs only in --log FILE, and Ctrl-C ends with
the summary of the games finished, exit code 130 and no traceback."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from compiler.cli import main
from compiler.cli.simulate_command import LogFile
from runtime.analysis import runner
from runtime.analysis.games import Setup
from runtime.analysis.runner import CHUNK
from runtime.analysis.simulate import Summary
from tests.kit.rulebook import ROOT


def simulate(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", str(ROOT / "cards.nus"), *args])
    return code, out.getvalue()


@pytest.mark.slow
def test_two_processes_print_and_log_what_one_prints_and_logs(tmp_path):
    """More games than a chunk holds (three chunks, the last one short): handed out to the processes chunk by chunk,
    they come back in seed order, their logs too."""
    games = 2 * CHUNK + 3
    one = simulate("--games", str(games), "--seed", "40", "--jobs", "1", "--log", str(tmp_path / "one.log"))
    two = simulate("--games", str(games), "--seed", "40", "--jobs", "2", "--log", str(tmp_path / "two.log"))
    assert one == two and one[0] == 0
    lines = one[1].splitlines()
    assert [line.split(":")[0] for line in lines[:games]] == [f"seed {seed}" for seed in range(40, 40 + games)]
    assert lines[games] == f"{games} games, 3 players"
    logs = [(tmp_path / name).read_text("utf-8") for name in ("one.log", "two.log")]
    assert logs[0] == logs[1] and logs[0].count("\n# seed ") == games - 1


def test_logs_are_written_only_to_the_log_file(tmp_path):
    log = tmp_path / "games.log"
    code, out = simulate("--games", "2", "--jobs", "1", "--log", str(log))
    text = log.read_text("utf-8")
    assert code == 0 and text.startswith("# seed 0\nR1T0 round starts\n") and "# seed 1\n" in text
    assert "round starts" not in out
    assert [path.name for path in tmp_path.iterdir()] == ["games.log"]  # the temporary file was renamed


def test_the_log_file_may_not_be_the_card_file(capsys):
    assert main(["simulate", str(ROOT / "cards.nus"), "--log", str(ROOT / "cards.nus")]) == 2
    assert "refusing to overwrite the input" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["directory", "", "-"])
def test_a_log_that_cannot_be_a_file_is_refused_before_any_game_is_played(tmp_path, capsys, where):
    """A directory (or no name, or "-") would be found unwritable only after the whole run: refused at once, and
    nothing is left beside it."""
    target = str(tmp_path) if where == "directory" else where
    with pytest.raises(SystemExit) as stopped:
        simulate("--games", "2", "--jobs", "1", "--log", target)
    err = capsys.readouterr()
    assert stopped.value.code == 2 and "argument --log:" in err.err and "seed 0" not in err.out
    assert list(tmp_path.iterdir()) == []


def test_a_scheduler_address_nobody_answers_is_a_usage_error_not_a_traceback(capsys):
    code, out = simulate("--games", "2", "--cluster", "::bad::")
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("nus: error: no Dask scheduler answers at '::bad::'")
    assert "Traceback" not in err and out == ""


def test_one_player_is_one_player():
    code, out = simulate("--games", "1", "--players", "1", "--jobs", "1")
    assert code == 0 and out.splitlines()[1] == "1 game, 1 player"


@contextlib.contextmanager
def ctrl_c_reaching_children() -> Iterator[None]:
    """Children started here get Ctrl-C. A shell starts a background job (`.ci/run &` in a script) with SIGINT
    ignored, every child inherits that, and a Python started so never sees SIGINT: the run would go on to its end.
    A handled signal is reset to its default at exec, so Python installs its own handler."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.slow
def test_ctrl_c_prints_the_summary_of_finished_games_and_exits_130():
    command = [sys.executable, "-m", "compiler", "simulate", "--games", "100000", "--jobs", "2"]
    with ctrl_c_reaching_children():
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    assert first.startswith("seed 0: ")
    time.sleep(0.5)
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert "Traceback" not in err and "interrupted after" in err
    finished = int(err.split("interrupted after ")[1].split()[0])
    assert 1 <= finished < 100000
    assert f"{finished} games, 3 players" in out


LOOP = (
    '\nbuilding "Guest Loop" (trout A699)\n  cost 1 wood\n  vp 0\n'
    "  each time after you place a new guest in supply, if guests in supply >= 0:\n    take 1 guest\n"
)


def looping_cards(tmp_path: Path) -> Path:
    path = tmp_path / "loop.nus"
    path.write_text((ROOT / "cards.nus").read_text("utf-8") + LOOP, "utf-8")
    return path


@pytest.mark.slow
def test_a_card_that_sets_itself_off_without_end_names_the_game_to_trace_and_leaves_no_log_behind(tmp_path, capsys):
    """Seed 11 is the first game in which Guest Loop (dealt to the display) goes off; every game before it is printed,
    the same for any --jobs, and the log being written is removed, not left as a temporary file."""
    cards, logs = looping_cards(tmp_path), tmp_path / "logs"
    logs.mkdir()
    outputs = []
    for jobs in ("1", "2"):
        code = main(["simulate", str(cards), "--games", "12", "--jobs", jobs, "--log", str(logs / "x.log")])
        outputs.append(capsys.readouterr())
        assert code == 1 and list(logs.iterdir()) == []
    assert outputs[0] == outputs[1]
    assert [line.split(":")[0] for line in outputs[0].out.splitlines()] == [f"seed {seed}" for seed in range(11)]
    assert outputs[0].err.endswith(
        "its effect must not cause the event it waits for (in the game of seed 11, 3 players; "
        f"nus trace {cards} --seed 11 --players 3 --card 'Guest Loop' shows the moments before it)\n"
    )


def test_a_reader_that_stops_early_leaves_no_temporary_log_behind(tmp_path):
    """`nus simulate --log FILE | head -1`: the closed pipe ends the run (141) and the log being written goes."""
    shutil.copy(ROOT / "cards.nus", tmp_path / "cards.nus")
    command = [sys.executable, "-m", "compiler", "simulate", "--games", "400", "--jobs", "1", "--log", "x.log"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, cwd=tmp_path, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().startswith(b"seed 0: ")
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 141 and b"Traceback" not in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cards.nus"]


def test_two_runs_writing_one_log_each_write_a_temporary_file_of_their_own(tmp_path):
    """Two runs given the same --log: each writes its own temporary file, the last to finish is the log, whole."""
    target = tmp_path / "same.log"
    first, second = LogFile(target), LogFile(target)
    first.staged.stream.write("first\n")
    second.staged.stream.write("second\n")
    with first:
        pass
    assert target.read_text("utf-8") == "first\n"
    with second:
        pass
    assert target.read_text("utf-8") == "second\n" and [path.name for path in tmp_path.iterdir()] == ["same.log"]


def test_one_process_hands_on_each_game_as_it_finishes(monkeypatch):
    """With --jobs 1 a record comes as soon as its game ends, not with its chunk's: Ctrl-C keeps every game finished."""
    played = []
    monkeypatch.setattr(runner, "play", lambda specs, setup: played.append(setup.seed) or setup.seed)
    source = runner.Source("", "cards.nus", lambda text, path: [])
    records = runner.run({"cards": source}, (("cards", Setup(seed, ("random",))) for seed in range(3 * CHUNK)), 1)
    assert next(records) == 0 and played == [0]


def test_a_cluster_has_a_few_chunks_in_flight_at_a_time_not_every_chunk():
    client = FakeClient(threads=2)
    jobs = [("cards", seed) for seed in range(40 * CHUNK)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runner, "connect", lambda address: client)
        assert list(runner.run_on_cluster({}, jobs, "tcp://fake:8786")) == list(range(40 * CHUNK))  # in job order
    assert client.most_in_flight == runner.AHEAD * 2


class FakeClient:
    """Stands in for a Dask client: a chunk's 'records' are its jobs' seeds; counts the chunks submitted, not done."""

    def __init__(self, threads: int):
        self.threads, self.in_flight, self.most_in_flight = threads, 0, 0

    def __enter__(self) -> FakeClient:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def scatter(self, data: object, **options: object) -> object:
        return data

    def nthreads(self) -> dict[str, int]:
        return {f"worker {n}": 1 for n in range(self.threads)}

    def submit(self, function: object, shared: object, chunk: list, pure: bool) -> FakeFuture:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        return FakeFuture(self, [seed for _, seed in chunk])

    def cancel(self, futures: list) -> None:
        pass


class FakeFuture:
    def __init__(self, client: FakeClient, records: list):
        self.client, self.records = client, records

    def result(self) -> list:
        self.client.in_flight -= 1
        return self.records

    def release(self) -> None:
        pass


def test_the_summary_names_a_building_as_most_or_least_built_not_both():
    totals = Summary(2)
    totals.add([1.0, 2.0], ["A", "A", "B", "C", "D", "E", "F", "G"])
    most, least = totals.text().splitlines()[2:]
    assert most == "most built: A (2), B (1), C (1), D (1), E (1)" and least == "least built: F (1), G (1)"
    few = Summary(2)
    few.add([1.0, 2.0], ["A", "B"])
    assert few.text().splitlines()[2:] == ["most built: A (1), B (1)"]


def test_buildings_no_game_built_are_named_as_never_built():
    """Least built named only Buildings built at least once: one never built was nowhere in the summary."""
    totals = Summary(2, ("Z", "A", "B", "Y"))
    totals.add([1.0, 2.0], ["A", "A", "B"])
    assert totals.text().splitlines()[2:] == ["most built: A (2), B (1)", "never built: 2 Buildings: Y, Z"]
    every = Summary(2, ("A",))
    every.add([1.0, 2.0], ["A"])
    assert every.text().splitlines()[2:] == ["most built: A (1)"]  # no never-built line when all were built
    code, out = simulate("--games", "2", "--players", "1", "--jobs", "1")
    most, never, data = out.splitlines()[-3:]
    assert data.startswith("data files: rules.toml ")
    assert code == 0 and most == "most built: Cruise Ship (1), Feasting Hall (1), Ghost Ship (1)"
    assert never.startswith("never built: 85 Buildings: Alderman's Office, Amphitheater, ")
    named = never.split(": ", 2)[2].split(", ")
    buildings = (ROOT / "cards.nus").read_text(encoding="utf-8").count('\nbuilding "')
    assert len(named) == 85 == buildings - 3 and "Cruise Ship" not in named


def chunk_dying_at_seed_20(sources: dict, chunk: list) -> list:
    """runner.play_chunk, but its process is killed (SIGKILL) when its chunk holds the game of seed 20."""
    if any(setup.seed == 20 for _, setup in chunk):
        os.kill(os.getpid(), signal.SIGKILL)
    return PLAY_CHUNK(sources, chunk)


PLAY_CHUNK = runner.play_chunk


def test_a_worker_process_killed_ends_the_run_with_one_line_and_the_summary_of_the_games_finished(
    tmp_path, monkeypatch, capsys
):
    """Exit 2, the games before the lost chunk (seeds 0-15; the chunk of 16-23 died) printed, summed up and logged."""
    monkeypatch.setattr(runner, "play_chunk", chunk_dying_at_seed_20)
    log = tmp_path / "games.log"
    code = main(["simulate", str(ROOT / "cards.nus"), "--games", "40", "--jobs", "2", "--log", str(log)])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == "nus: error: a worker process died (signal 9); 16 of 40 games finished\n"
    assert [line.split(":")[0] for line in out.splitlines()[:16]] == [f"seed {seed}" for seed in range(16)]
    assert out.splitlines()[16] == "16 games, 3 players"
    assert [line for line in log.read_text("utf-8").splitlines() if line.startswith("# seed")] == [
        f"# seed {seed}" for seed in range(16)
    ]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["games.log"]


@pytest.mark.slow
def test_a_dask_scheduler_killed_midway_ends_the_run_with_one_line_and_the_summary(tmp_path):
    """A real scheduler and worker (Dask's own commands), the scheduler killed once games come back: exit 2, one line
    naming it, the games finished summed up; no traceback."""
    pytest.importorskip("distributed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "distributed.cli"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [*dask[:2], "distributed.cli.dask_scheduler", "--port", str(port), "--no-dashboard"], **quiet
    )
    worker = subprocess.Popen(
        [*dask[:2], "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard"], **quiet
    )
    try:
        command = [sys.executable, "-m", "compiler", "simulate", "--games", "3000", "--cluster", address]
        command += [str(ROOT / "cards.nus")]
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        run = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = run.stdout.readline()
        scheduler.kill()
        out, err = run.stdout.read(), run.stderr.read()  # not communicate(): readline has read ahead into its buffer
        run.wait(timeout=300)
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait()
    finished = 1 + sum(line.startswith("seed ") for line in out.splitlines())
    assert first.startswith("seed 0: ") and run.returncode == 2, err
    lost = "nus: error: lost the Dask scheduler at {} (scheduler-connection-lost); {:,} of 3,000 games finished\n"
    assert err == lost.format(address, finished)
    assert f"\n{finished} games, 3 players\n" in out


@pytest.mark.slow
def test_a_log_over_the_file_size_limit_ends_the_run_with_one_line(tmp_path):
    """RLIMIT_FSIZE (`ulimit -f`): the write fails with EFBIG (Python ignores SIGXFSZ). Exit 2, one line, the summary of
    the games finished, and no log or temporary file left."""
    shutil.copy(ROOT / "cards.nus", tmp_path / "cards.nus")

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    command = [sys.executable, "-m", "compiler", "simulate", "--games", "50", "--jobs", "1", "--log", "x.log"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        command, cwd=tmp_path, env=environment, capture_output=True, text=True, preexec_fn=limited, timeout=300
    )
    finished = sum(line.startswith("seed ") for line in done.stdout.splitlines())
    assert done.returncode == 2 and 0 < finished < 50
    assert done.stderr == f"nus: error: cannot write to x.log: File too large; {finished} of 50 games finished\n"
    assert f"\n{finished} games, 3 players\n" in done.stdout
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cards.nus"]


def test_a_full_disk_under_the_log_ends_the_run_with_one_line(tmp_path, monkeypatch, capsys):
    """ENOSPC at the fourth game's log: the log is not kept, the three games before are summed up; exit 2."""

    class FillingStream(io.StringIO):
        def write(self, text: str) -> int:
            if text == "# seed 3\n":
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return super().write(text)

    made = LogFile.__init__

    def full_disk(self, path: Path) -> None:
        made(self, path)
        self.staged.stream.close()
        self.staged.stream = FillingStream()

    monkeypatch.setattr(LogFile, "__init__", full_disk)
    log = tmp_path / "x.log"
    code = main(["simulate", str(ROOT / "cards.nus"), "--games", "9", "--jobs", "1", "--log", str(log)])
    out, err = capsys.readouterr()
    assert code == 2 and err == f"nus: error: cannot write to {log}: No space left on device; 4 of 9 games finished\n"
    assert "\n4 games, 3 players\n" in out and list(tmp_path.iterdir()) == []
