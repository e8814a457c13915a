"""`nus balance --tune-evaluation`: the search is fixed by its seed for any --jobs, the copy it writes is an
evaluation.toml that differs from the package's only in its rates, the final check plays seeds the search never
played, Ctrl-C keeps the best found, bad input is one line, and rates planted badly are beaten.

Sized for CI: two players and budgets of one step (8 candidates, one seed each, each seat in turn).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tomllib
from pathlib import Path

import pytest

from compiler import load_cards
from compiler.cli import main
from compiler.cli.balance_tuning import TUNED_HEAD
from compiler.project.data_files import problems
from runtime.analysis import tuning
from runtime.analysis.runner import Source
from runtime.analysis.tuning import BATCH, Space, TuningError, tune
from runtime.model.data import EVALUATION, DataFile, package_file
from runtime.players.evaluation import load_rates
from tests.kit.rulebook import ROOT

CARDS = ROOT / "cards.nus"
TINY = ["--players", "2", "--budget", str(BATCH * 2), "--check-games", "4"]
SUPPLY = [f"supply.{good}" for good in ("wood", "fish", "gold", "guest")]


def tune_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["balance", str(CARDS), "--tune-evaluation", *args])
    return code, out.getvalue(), err.getvalue()


def tiny_run(folder: Path, jobs: int) -> tuple[dict, str]:
    """A one-step run's JSON report (without its times) and the file it wrote, less the line naming the command."""
    out = folder / f"tuned-{jobs}.toml"
    code, report, _ = tune_cli(*TINY, "--jobs", str(jobs), "--format", "json", "--write-evaluation", str(out))
    assert code == 0
    result = json.loads(report)
    for varies in ("run", "command"):
        result.pop(varies)
    written = out.read_text("utf-8")
    return result, "".join(line for line in written.splitlines(keepends=True) if not line.startswith("#   nus "))


@pytest.fixture(scope="module")
def one_job(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    return tiny_run(tmp_path_factory.mktemp("tuning"), 1)


def numbers_masked(text: str) -> str:
    return re.sub(r"= -?[0-9.]+", "= N", text)


@pytest.mark.slow
def test_the_written_copy_is_an_evaluation_differing_only_in_rates(one_job):
    result, written = one_job
    assert problems(DataFile(EVALUATION, "tuned.toml", written)) == []
    body = written[written.index("# How the greedy") :]  # below the header the run wrote
    shipped = package_file(EVALUATION).text  # itself tuned: its own header is not carried over
    assert shipped.startswith(TUNED_HEAD) and written.count(TUNED_HEAD) == 1
    assert numbers_masked(body) == numbers_masked(shipped[shipped.index("# How the greedy") :])
    loaded = tomllib.loads(written)
    flat = {f"{section}.{key}": value for section, table in loaded.items() for key, value in table.items()}
    assert flat == result["tuned"]
    assert set(flat) == set(load_rates().flat())
    default = load_rates().flat()
    assert {name: value for name, value in flat.items() if value != default[name]} == result["changed"]
    header = written[: written.index("# How the greedy")]
    assert f"seeds {result['search']['seeds'][0]}-{result['search']['seeds'][1]}" in header
    assert f"{result['check']['win_share']:.3f} [{result['check']['ci_low']:.3f}" in header


def test_the_final_check_plays_seeds_the_search_never_played(one_job):
    result, _ = one_job
    search, check = result["search"], result["check"]
    assert search["games"] == BATCH * 2 and search["steps"] == 1 and search["candidates"] == BATCH
    assert search["seeds"] == [0, BATCH - 1]
    assert check["seeds"] == [BATCH, BATCH + 1] and check["games"] == 4
    assert check["seeds"][0] > search["seeds"][1]


def test_a_budget_and_seed_fix_the_search_whatever_the_seeds_it_checks_on():
    """The search's seeds are fixed by the budget alone: a larger check plays more seeds after them, none among them."""
    space = Space.of(load_rates())
    run = tuning.Tuning(space, seed=40, players=3, agent="greedy", budget=10 * BATCH * 3, model=tuning.Model(11))
    assert run.steps_planned == 10 and run.search_seeds == range(40, 40 + 10 * BATCH)


@pytest.mark.slow
def test_jobs_1_and_jobs_2_give_the_same_run(one_job, tmp_path):
    assert tiny_run(tmp_path, 2) == one_job


@pytest.mark.slow
def test_ctrl_c_keeps_the_best_found_so_far(tmp_path):
    def stop(line: str) -> None:
        raise KeyboardInterrupt

    source = Source(CARDS.read_text("utf-8"), str(CARDS), load_cards)
    found = tune(source, load_rates(), SUPPLY, budget=2 * BATCH * 2, check_games=4, players=2, progress=stop)
    assert found.interrupted and found.check is None and found.steps == 1 and found.games == BATCH * 2
    assert found.best in found.evaluated  # the best of the step played, not the starting rates unplayed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rates", "supply.wod"], "nus: error: unknown rate 'supply.wod'; the rates are supply.wood, "),
        (["--budget", "23"], "nus: error: a budget of 23 games is below one step (8 candidates x 3 seats)"),
        (["--budget", "0"], "nus: error: --budget and --check-games count games: give a whole number above 0"),
        (["--check-games", "2"], "nus: error: the check needs at least one seed: 3 games at 3 players"),
        (["--agent", "random"], "nus: error: a random player judges no table: tune the rates of greedy"),
        (["--players", "2-3"], "nus: error: --tune-evaluation tunes at one player count: --players 3"),
        (["--card", "Cabin"], "nus: error: --card measures cards; --tune-evaluation tunes the players' rates"),
    ],
)
def test_bad_input_is_one_line(args, message):
    code, out, err = tune_cli(*args)
    assert (code, out) == (2, "")
    assert err.startswith(message) and err.count("\n") == 1 and "Traceback" not in err


def test_an_output_that_is_a_folder_or_an_input_is_refused_before_any_game(tmp_path):
    code, _, err = tune_cli("--write-evaluation", str(tmp_path))
    assert code == 2 and err.startswith("nus: error: ") and str(tmp_path) in err and err.count("\n") == 1
    code, _, err = tune_cli("--write-evaluation", str(CARDS))
    assert (code, err) == (2, f"nus: error: refusing to overwrite the input {CARDS}\n")
    shipped = ROOT / "runtime" / "players" / "evaluation.toml"
    code, _, err = tune_cli("--write-evaluation", str(shipped))
    assert code == 2 and err.startswith("nus: error: refusing to overwrite the input") and err.count("\n") == 1


def test_write_evaluation_without_tuning_is_refused():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["balance", str(CARDS), "--write-evaluation", "x.toml"])
    assert (code, err.getvalue()) == (
        2,
        "nus: error: --write-evaluation and --rates are for --tune-evaluation: add it\n",
    )


def test_an_unknown_rate_is_refused_by_the_search_itself():
    with pytest.raises(TuningError, match="unknown rate 'reserve.silver'"):
        Space.of(load_rates(), ["reserve.silver"])


@pytest.mark.slow
def test_rates_planted_badly_are_beaten(tmp_path):
    """Every good in the supply worth -1 VP a unit on top of what it scores: a player at those rates throws its goods
    away. The tuner, starting there, finds rates that beat them on fresh seeds."""
    bad = tmp_path / "bad.toml"
    bad.write_text("[supply]\nwood = -1.0\nfish = -1.0\ngold = -1.0\nguest = -1.0\n", "utf-8")
    code, report, _ = tune_cli(
        "--evaluation", str(bad), "--rates", ",".join(SUPPLY), "--players", "2", "--budget", str(BATCH * 2),
        "--check-games", "30", "--format", "json", "--jobs", "2",
    )  # fmt: skip
    assert code == 0
    result = json.loads(report)
    assert result["starting_rates"]["supply.wood"] == -1.0
    assert result["check"]["seeds"] == [BATCH, BATCH + 14] and result["check"]["games"] == 30
    assert result["changed"] == {"supply.wood": 0.0}  # the rest of the supply still -1: one step found this much
    check = result["check"]
    assert (check["win_share"], check["ci_low"], check["ci_high"], check["beats"]) == (0.75, 0.573, 0.8702, True)
    assert check["lead_ci_low"] > 0
