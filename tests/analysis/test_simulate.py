"""`nus simulate` on all cores: the same lines as one core, logs only in --log FILE, and Ctrl-C ends with
the summary of the games finished, exit code 130 and no traceback."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time

import pytest

from compiler.cli import main
from runtime.analysis.runner import CHUNK
from tests.kit.rulebook import ROOT


def simulate(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", "--cards", str(ROOT / "cards.nus"), *args])
    return code, out.getvalue()


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
    assert main(["simulate", "--cards", str(ROOT / "cards.nus"), "--log", str(ROOT / "cards.nus")]) == 2
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


def test_ctrl_c_prints_the_summary_of_finished_games_and_exits_130():
    command = [sys.executable, "-m", "compiler", "simulate", "--games", "100000", "--jobs", "2"]
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
