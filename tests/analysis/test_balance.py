"""`nus balance` end to end on the real cards: a planted overpowered edit is found, an equivalent rewrite
changes nothing, and the figures do not depend on how many processes (or which cluster) played them.

Sized for CI: a handful of measured cards and a few seeds, with a planted effect big enough to show
(Private Company's 5 gold made 15). Longer runs: NUS_BALANCE_GAMES=200 NUS_BALANCE_ALL_CARDS=1 measures
every card on more seeds (see README, "Balance").
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
from pathlib import Path

import pytest

from compiler.cli import main
from runtime.analysis.balance import Tally, game_level
from tests.kit.rulebook import ROOT

CARDS = ROOT / "cards.nus"
PAYOUT = "    unissue an own share, take 5 gold\n"
GAMES = int(os.environ.get("NUS_BALANCE_GAMES", "16"))
ALL_CARDS = bool(os.environ.get("NUS_BALANCE_ALL_CARDS"))
MEASURED = ["Private Company", "Cabin", "Galley", "Pantry", "Village Hall", "Market", "Urban Quarter", "Stove"]


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["balance", *args])
    return code, out.getvalue()


def run_json(*args: str) -> dict:
    code, out = run(*args, "--format", "json")
    assert code == 0
    return json.loads(out)


def measured(*names: str) -> list[str]:
    return [argument for name in names for argument in ("--card", name)]


def variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = CARDS.read_text("utf-8")
    assert text.count(old) == 1
    path = tmp_path / name
    path.write_text(text.replace(old, new), "utf-8")
    return path


def test_planted_overpowered_card_is_flagged_and_unchanged_cards_are_not(planted):
    result, _ = planted
    cards = {card["name"]: card for card in result["cards"]}
    assert ALL_CARDS or set(cards) == set(MEASURED)
    assert result["games"] == GAMES
    strong = cards["Private Company"]
    assert strong["text_changed"] and strong["flag"] == "changed"
    assert strong["p_adjusted"] < 0.01 and strong["delta_ci_low"] > 0
    rate = result["against"]["false_discovery_rate"]
    unchanged = [card for card in cards.values() if not card["text_changed"]]
    assert len(unchanged) == len(cards) - 1
    false_flags = [card["name"] for card in unchanged if card["flag"]]
    assert len(false_flags) <= rate * len(unchanged), false_flags


def test_every_card_figure_has_its_interval_and_sample_size(planted):
    result, _ = planted
    for card in result["cards"]:
        assert card["ci_low"] <= card["value"] <= card["ci_high"] and card["n"] == GAMES
        assert card["win_delta_ci_low"] <= card["win_delta"] <= card["win_delta_ci_high"]
        assert 0 <= card["built_ci_low"] <= card["built"] <= card["built_ci_high"] <= 1 and card["built_n"] == GAMES
        assert card["delta_ci_low"] <= card["delta"] <= card["delta_ci_high"] and card["delta_n"] == GAMES
    assert [seat["seat"] for seat in result["seats"]] == [1, 2, 3]
    assert sum(seat["win_rate"] for seat in result["seats"]) == pytest.approx(1.0, abs=1e-3)  # 4 decimals each
    assert sum(count for _, count in result["scores"]["histogram"]) == 3 * GAMES  # every player's final score
    assert result["scores"]["score_n"] == GAMES  # the interval's unit is a game, not a player-game
    assert result["observational"] == ["built", "built_round", "builder_win"]


def test_final_score_interval_is_over_each_games_mean_score():
    """Two seats of one game are not independent draws: three games of two players are a sample of three. By hand:
    game means 11, 19, 30; mean 20, sd sqrt(91), t(0.975, 2) = 4.3027, half-width 4.3027 * sqrt(91 / 3) = 23.70."""
    tally = Tally(players=2, games=3, turns=[60.0, 62.0, 64.0])
    tally.scores = [[10.0, 20.0, 30.0], [12.0, 18.0, 30.0]]  # by seat, game by game
    scores = game_level(tally)["scores"]
    assert scores["score_n"] == 3
    assert scores["mean"] == pytest.approx(20.0)
    assert scores["score_ci_low"] == pytest.approx(-3.70, abs=0.01)
    assert scores["score_ci_high"] == pytest.approx(43.70, abs=0.01)
    assert scores["histogram"] == [[10.0, 1], [12.0, 1], [18.0, 1], [20.0, 1], [30.0, 2]]


def test_equivalent_rewrite_gives_identical_results_on_the_same_seeds(tmp_path):
    rewrite = variant(
        tmp_path,
        "rewrite.nus",
        "  when built, unless own issued shares in supply = 0:\n",
        "  # Same meaning, said the other way round.\n  when built, if own issued shares in supply >= 1:\n",
    )
    names = measured("Private Company", "Cabin", "Stove")
    original = run_json(str(CARDS), "--games", "6", *names)
    rewritten = run_json(str(rewrite), "--games", "6", *names)
    assert rewritten == original
    compared = run_json(str(CARDS), "--against", str(rewrite), "--games", "6", *names)
    for card in compared["cards"]:
        assert (card["delta"], card["delta_ci_low"], card["delta_ci_high"], card["flag"]) == (0, 0, 0, None)
    assert {card["name"] for card in compared["cards"] if card["text_changed"]} == {"Private Company"}


SMALL = ("--games", "4", *measured("Private Company", "Stove"))


def test_two_processes_give_the_same_json_as_one():
    assert run_json(str(CARDS), *SMALL, "--jobs", "2") == run_json(str(CARDS), *SMALL, "--jobs", "1")


def test_a_local_dask_cluster_gives_the_same_json_as_one_process():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None, processes=True
    ) as cluster:
        on_cluster = run_json(str(CARDS), *SMALL, "--cluster", cluster.scheduler_address)
    assert on_cluster == run_json(str(CARDS), *SMALL, "--jobs", "1")


def test_precision_plays_more_seeds_until_intervals_are_narrow_enough():
    loose = run_json(str(CARDS), "--games", "2", "--precision", "1000", *measured("Private Company"))
    assert loose["games"] == 2
    capped = run_json(
        str(CARDS), "--games", "2", "--precision", "0.001", "--max-games", "8", *measured("Private Company")
    )
    assert capped["games"] == 8 and capped["cards"][0]["n"] == 8


def test_csv_has_one_row_per_card_with_the_comparison_columns(planted, tmp_path):
    code, out = run(str(CARDS), "--games", "2", "--format", "csv", *measured("Cabin", "Stove"))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [row["name"] for row in rows] == ["Cabin", "Stove"]
    assert "p_adjusted" not in rows[0] and float(rows[0]["ci_low"]) <= float(rows[0]["value"])


def test_table_output_names_the_observational_figures():
    code, out = run(str(CARDS), "--games", "2", *measured("Stove"))
    assert code == 0 and "Stove" in out and "observational" in out and "Seats" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--agent", "oracle"], "unknown player 'oracle'"),
        (["--card", "No Such Card"], "no Building named 'No Such Card'"),
        (["--precision", "0"], "--precision must be above 0"),
        (["--html", str(CARDS)], "refusing to overwrite the input"),
    ],
)
def test_bad_arguments_are_usage_errors(arguments, message, capsys):
    assert main(["balance", str(CARDS), "--games", "1", *arguments]) == 2
    assert message in capsys.readouterr().err


HALL = '\nbuilding "Meeting Hall" (trout A990)\n  players 3-5\n  cost 1 wood\n  vp 1\n'


def test_a_building_not_in_games_of_this_many_players_is_refused_by_name_and_left_out_otherwise(tmp_path, capsys):
    """A card set-up leaves out has no value at that player count: asked for, the reason; among all the cards, it is
    named as not measured, in every format, and no row of figures is made up for it."""
    hall = tmp_path / "hall.nus"
    hall.write_text(CARDS.read_text("utf-8") + HALL, "utf-8")
    assert main(["balance", str(hall), "--games", "1", "--players", "2", "--card", "Meeting Hall"]) == 2
    assert capsys.readouterr().err == (
        "nus: error: 'Meeting Hall' is only in games of 3-5 players (its players line), so set-up leaves it out of a "
        "game of 2 players: it has no value there; measure it with --players 3\n"
    )
    result = run_json(str(hall), "--games", "1", "--players", "2", "--jobs", "1")
    assert result["left_out"] == ["Meeting Hall"] and len(result["cards"]) == 88
    assert "Meeting Hall" not in [card["name"] for card in result["cards"]]
    code, out = run(str(hall), "--games", "1", "--players", "2", "--jobs", "1", *measured("Stove"))
    assert code == 0 and "not measured" not in out  # asked for Stove alone: nothing was left out of the question
    code, out = run(str(hall), "--games", "1", "--players", "2", "--jobs", "1", "--html", str(tmp_path / "r.html"))
    words = " ".join(out.split())  # the terminal table wraps long lines
    assert code == 0 and "not measured, not part of games of 2 players (their players line): Meeting Hall" in words
    page = (tmp_path / "r.html").read_text("utf-8")
    assert "Not measured, not part of games of 2 players (their players line):\nMeeting Hall." in page
    measured_at_three = run_json(str(hall), "--games", "1", "--players", "3", *measured("Meeting Hall"))
    assert measured_at_three["left_out"] == [] and [c["name"] for c in measured_at_three["cards"]] == ["Meeting Hall"]


def test_card_file_errors_are_reported_not_raised(tmp_path, capsys):
    broken = tmp_path / "broken.nus"
    broken.write_text('building "X" (trout A601)\n  cost lots\n', "utf-8")
    assert main(["balance", str(broken), "--games", "1"]) == 1
    assert "broken.nus:2:" in capsys.readouterr().err
