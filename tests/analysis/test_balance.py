"""`nus balance` end to end on the real cards: a planted overpowered edit is found, an equivalent rewrite
changes nothing, and the figures do not depend on how many processes (or which cluster) played them.

Sized for CI: a handful of measured cards and a few seeds, with a planted effect big enough to show
(Private Company's 5 gold made 15). Longer runs: NUS_BALANCE_GAMES=200 NUS_BALANCE_ALL_CARDS=1 measures
every card on more seeds (see docs/balance.md).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
from pathlib import Path

import pytest

from compiler import load_cards
from compiler.cli import main
from runtime.analysis import balance
from runtime.analysis.balance import Measured, Tally, game_level, value_block
from runtime.analysis.games import last_round
from runtime.analysis.grants import Given
from runtime.analysis.report import forest, interval
from tests.analysis.test_simulate import LOOP
from tests.kit.rulebook import ROOT

pytestmark = pytest.mark.slow

CARDS = ROOT / "cards.nus"
PAYOUT = "    unissue an own share, take 5 gold\n"
GAMES = int(os.environ.get("NUS_BALANCE_GAMES", "16"))
ALL_CARDS = bool(os.environ.get("NUS_BALANCE_ALL_CARDS"))
MEASURED = ["Private Company", "Cabin", "Galley", "Pantry", "Village Hall", "Market", "Urban Quarter", "Stove"]


def run(*args: str) -> tuple[int, str]:
    """`nus balance` with random players unless an --agent is given (the default, greedy, is for designers: slower)."""
    out = io.StringIO()
    chosen = [] if "--agent" in args or "--agents" in args else ["--agent", "random"]
    with contextlib.redirect_stdout(out):
        code = main(["balance", *args, *chosen])
    return code, out.getvalue()


def run_json(*args: str) -> dict:
    """The JSON report without its "run" block (wall and CPU time, games read from the store), which varies."""
    code, out = run(*args, "--format", "json")
    assert code == 0
    result = json.loads(out)
    result.pop("run", None)
    return result


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
    # random players seldom afford its 4 wood and 4 fish from the hand: the free grant shows the payout
    assert strong["p_adjusted"] < 0.01 and "free_value" in strong["flagged_by"]
    assert strong["free_value"]["delta_ci_low"] > 0
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
        for block in (card["paid_value"], card["free_value"], card["paid_value"]["old"], card["free_value"]["old"]):
            assert block["ci_low"] <= block["value"] <= block["ci_high"] and block["n"] <= GAMES
        paid = card["paid_value"]
        assert 0 <= paid["built_ci_low"] <= paid["built"] <= paid["built_ci_high"] <= 1 and paid["built_n"] == GAMES
        assert (card["value"], card["value_new"]) == (paid["value"], paid["value"])
        assert card["value_old"] == paid["old"]["value"]
        for change in (card["free_value"], card["rounds_in_play_change"], card["built_change"]):
            assert change["delta_ci_low"] <= change["delta"] <= change["delta_ci_high"] and change["delta_n"] == GAMES
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


SMALL = ("--games", "4", *measured("Private Company", "Stove", "Builder"))


MIXED = ("--games", "2", "--agents", "plan,random,search", *measured("Stove"))  # a mixed table
COUNTS = ("--games", "3", "--players", "2-5")  # seat fairness at every player count
SAME_JSON = [SMALL, MIXED, COUNTS]


@pytest.mark.parametrize("arguments", SAME_JSON, ids=["random", "mixed", "counts"])
def test_two_processes_give_the_same_json_as_one(arguments):
    one = run_json(str(CARDS), *arguments, "--jobs", "1", "--no-cache")
    assert one == run_json(str(CARDS), *arguments, "--jobs", "2", "--no-cache")


@pytest.mark.parametrize("arguments", SAME_JSON, ids=["random", "mixed", "counts"])
def test_a_local_dask_cluster_gives_the_same_json_as_one_process(arguments):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None, processes=True
    ) as cluster:
        on_cluster = run_json(str(CARDS), *arguments, "--cluster", cluster.scheduler_address, "--no-cache")
    assert on_cluster == run_json(str(CARDS), *arguments, "--jobs", "1", "--no-cache")


def test_precision_plays_more_seeds_until_intervals_are_narrow_enough():
    loose = run_json(str(CARDS), "--games", "2", "--precision", "1000", *measured("Private Company"))
    assert loose["games"] == 2
    capped = run_json(
        str(CARDS), "--games", "2", "--precision", "0.001", "--max-games", "8", *measured("Private Company")
    )
    assert capped["games"] == 8 and capped["cards"][0]["n"] == 8
    card = capped["cards"][0]  # the widest of its values (paid, free), whichever it is on these seeds
    widest = max(card[name]["ci_high"] - card[name]["ci_low"] for name in balance.VALUE_NAMES.values() if name in card)
    assert capped["precision"] == {
        "asked": 0.001,
        "reached": pytest.approx(widest, abs=1e-3),
        "widest_card": "Private Company",
        "met": False,
        "max_games": 8,
    }
    assert loose["precision"]["met"] is True and "precision" not in run_json(str(CARDS), "--games", "1")


def test_precision_stopped_by_max_games_says_so_on_the_terminal():
    code, out = run(str(CARDS), "--games", "2", "--precision", "0.001", "--max-games", "4", *measured("Cabin"))
    shown = " ".join(out.split())
    assert code == 0
    assert re.search(
        r"--precision 0.001 VP not reached: stopped at 4 seeds \(--max-games 4\); the widest interval "
        r"\(Cabin\) is [0-9.]+ VP wide",
        shown,
    )


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
        (["--card", "No Such Card"], "no card named 'No Such Card'"),
        (["--agents", "greedy,random"], "--agents names 2 players for a game of 3: give one a seat"),
        (["--agents", "greedy,random,oracle"], "unknown player 'oracle'"),
        (["--all"], "--all is for --against"),
        (["--write-suggestions", "x.nus"], "--write-suggestions writes what --even suggests: add --even"),
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
    assert result["left_out"] == ["Ship Owner", "Carpenter", "Meeting Hall"]  # two Elders of 5-player games
    assert len(result["cards"]) == 88 + 6  # every Building and Elder of a 2-player game
    assert "Meeting Hall" not in [card["name"] for card in result["cards"]]
    code, out = run(str(hall), "--games", "1", "--players", "2", "--jobs", "1", *measured("Stove"))
    assert code == 0 and "not measured" not in out  # asked for Stove alone: nothing was left out of the question
    code, out = run(str(hall), "--games", "1", "--players", "2", "--jobs", "1", "--html", str(tmp_path / "r.html"))
    words = " ".join(out.split())  # the terminal table wraps long lines
    left = "Ship Owner, Carpenter, Meeting Hall"
    assert code == 0 and f"not measured, not part of games of 2 players (their players line): {left}" in words
    page = (tmp_path / "r.html").read_text("utf-8")
    assert f"Not measured, not part of games of 2 players (their players line):\n{left}." in page
    measured_at_three = run_json(str(hall), "--games", "1", "--players", "3", *measured("Meeting Hall"))
    assert measured_at_three["left_out"] == [] and [c["name"] for c in measured_at_three["cards"]] == ["Meeting Hall"]


def test_card_file_errors_are_reported_not_raised(tmp_path, capsys):
    broken = tmp_path / "broken.nus"
    broken.write_text('building "X" (trout A601)\n  cost lots\n', "utf-8")
    assert main(["balance", str(broken), "--games", "1"]) == 1
    assert "broken.nus:2:" in capsys.readouterr().err


def test_a_round_the_game_never_reaches_is_refused_before_any_game_is_played(capsys, monkeypatch):
    """Rounds 1 to 7 (rules.toml): a card given at round 8 would be measured on no game and reported as worth 0."""
    monkeypatch.setattr(balance, "run", no_games)
    assert main(["balance", str(CARDS), "--games", "1", "--round", "8", *measured("Cabin")]) == 2
    assert capsys.readouterr().err == "nus: error: --round 8: a game has rounds 1 to 7, so round 8 never comes\n"


def test_a_card_file_that_may_change_the_number_of_rounds_is_let_through(tmp_path):
    longer = tmp_path / "longer.nus"
    longer.write_text(
        CARDS.read_text("utf-8") + '\nbuilding "Long Summer" (trout A698)\n  cost 1 wood\n  vp 0\n  rule rounds = 8\n',
        "utf-8",
    )
    assert last_round(load_cards(longer.read_text("utf-8"), "longer.nus"), 3) is None
    assert last_round(load_cards(CARDS.read_text("utf-8"), "cards.nus"), 3) == 7


def no_games(*args, **kwargs):
    raise AssertionError("a game was played before the command line was refused")


@pytest.mark.parametrize("where", ["missing directory", "a directory", "the card file"])
def test_an_html_report_that_cannot_be_written_is_refused_before_any_game(where, tmp_path, capsys, monkeypatch):
    target = {"missing directory": tmp_path / "no" / "r.html", "a directory": tmp_path, "the card file": CARDS}[where]
    monkeypatch.setattr(balance, "run", no_games)
    assert main(["balance", str(CARDS), "--games", "1", "--html", str(target), *measured("Cabin")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nus: error: ") and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # nothing left behind by the check


BARGE = (
    '\nbuilding "Wide Barge" (trout A698)\n  cost 1 wood\n  vp 0\n  rule placed on fishing track\n'
    "  rule fishing spaces taken = 99\n"
)


def test_a_card_given_free_on_no_game_has_no_free_value_and_stays_out_of_the_correction(tmp_path):
    """Wide Barge never fits on a Fishing track: given free, it finds no space on any seed, so its free value has no
    data (null, n/a, no point), not a value of 0, and that test is not part of the Benjamini-Hochberg correction. Put
    in the seat's hand it is never built: its paid value is measured (the hand changes nothing), 0 rounds in play."""
    old = variant(tmp_path, "old.nus", PAYOUT, PAYOUT + BARGE)
    new = variant(tmp_path, "new.nus", PAYOUT, PAYOUT.replace("5 gold", "15 gold") + BARGE)
    names = measured("Private Company", "Wide Barge")
    result = run_json(str(old), "--against", str(new), "--games", "4", *names)
    barge, company = sorted(result["cards"], key=lambda card: card["name"] != "Wide Barge")
    free = barge["free_value"]
    assert (free["n"], free["win_delta_n"], free["delta_n"]) == (0, 0, 0)
    for key in ("value", "ci_low", "ci_high", "win_delta", "delta", "p", "p_adjusted"):
        assert free[key] is None, key
    assert barge["n"] == 4 and barge["paid_value"]["built"] == 0.0 and barge["paid_value"]["rounds_in_play"] == 0.0
    assert barge["builder_win"] is None and barge["builder_win_n"] == 0
    assert result["against"]["tests"] == 7  # 4 for Private Company, 3 for Wide Barge: its free value has no test
    code, out = run(str(old), "--games", "2", *names)
    assert code == 0 and re.search(r"Wide Barge +│ +[0-9.]+ │ +[-+0-9.]+ \[[^]]+\] │ 2 │ +0% │ +n/a │", out)
    code, out = run(str(old), "--games", "2", "--format", "csv", *names)
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(out))}
    assert rows["Wide Barge"]["free_value"] == "" and rows["Wide Barge"]["free_n"] == "0"
    shown = ("value", "ci_low", "ci_high")
    cards = [{**card, **{key: card["free_value"][key] for key in shown}} for card in result["cards"]]
    figure = forest(pyplot(), cards, "value", "ci_low", "ci_high", "free value")
    assert [label.get_text() for label in figure.axes[0].get_yticklabels()] == ["Private Company"]


def pyplot():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib import pyplot

    return pyplot


def test_a_win_share_differences_interval_is_clipped_to_what_it_can_be():
    """Two seeds, win share +1 and 0: the t interval is +-6.35 wide around +0.5; a difference of win shares lies in
    [-1, +1], so that is the interval shown (the VP value keeps its own)."""
    tally = Tally(players=2, games=2)
    tally.values, tally.win_values = {Given.PAID: {"X1": [4.0, 1.0]}}, {Given.PAID: {"X1": [1.0, 0.0]}}
    block = value_block(tally, Given.PAID, Measured("X1", "building", "X", "X", "A"))
    assert (block["win_delta"], block["win_delta_ci_low"], block["win_delta_ci_high"]) == (0.5, -1.0, 1.0)
    assert block["ci_low"] < -1 and block["ci_high"] > 4  # the score difference is not clipped


def test_the_csv_has_the_sample_size_of_every_figure():
    code, out = run(str(CARDS), "--games", "2", "--format", "csv", *measured("Cabin"))
    (row,) = csv.DictReader(io.StringIO(out))
    assert (row["n"], row["win_delta_n"], row["built_n"], row["free_n"], row["paid_built_n"]) == ("2",) * 5
    assert row["builder_win_n"]


def test_a_card_name_that_reads_as_a_formula_stays_text_in_the_csv(tmp_path):
    """As nus build's cards.csv: a cell starting = + - @ gets a leading quote, so a spreadsheet shows the name."""
    path = tmp_path / "formula.nus"
    path.write_text(CARDS.read_text("utf-8").replace('"Gazebo"', '"=1+2"'), "utf-8")
    code, out = run(str(path), "--games", "1", "--format", "csv", *measured("=1+2"))
    (row,) = csv.DictReader(io.StringIO(out))
    assert code == 0 and row["name"] == "'=1+2" and not out.splitlines()[1].startswith("=")
    assert row["n"] == "1" and row["value"].lstrip("-").replace(".", "", 1).isdigit()  # a number, even below 0


def test_help_shows_every_default_once(capsys):
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for option in (
        "--players N players a game; a range (2-5) reports seat fairness, or the --ladder, at every count in it "
        "(default: 3)",
        "--seed S first seed; seeds S to S + G - 1 (default: 0)",
        "(default: table)",
        "--fdr Q false discovery rate (default: 0.01)",
        "seeds played (default: 100)",
    ):
        assert option in shown
    assert shown.count("default") == shown.count("(default: ")  # each said once, one way: no "(0.01) (default: 0.01)"


def test_an_unbounded_interval_end_shows_its_sign_and_no_data_shows_as_such():
    assert interval(1.5, None, None) == "+1.50 [-∞, +∞]"  # one game: no interval yet
    assert interval(0.25, None, 0.5, percent=True, signed=False) == "25.00% [-∞, 50.0]"
    assert interval(None, None, None) == "n/a"  # no game at all


def test_an_empty_cluster_address_is_refused_not_taken_for_no_cluster(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["balance", str(CARDS), "--games", "1", "--cluster", ""])
    assert (
        stopped.value.code == 2 and "argument --cluster: give the Dask scheduler's address" in capsys.readouterr().err
    )


def test_a_card_that_sets_itself_off_in_a_balance_game_names_that_game_and_how_to_trace_it(tmp_path, capsys):
    cards = tmp_path / "loop.nus"
    cards.write_text(CARDS.read_text("utf-8") + LOOP, "utf-8")
    arguments = ["--games", "3", "--jobs", "1", "--agent", "random", *measured("Guest Loop")]
    assert main(["balance", str(cards), *arguments]) == 1
    assert capsys.readouterr().err.endswith(
        "(in the game of seed 1, 3 players, Guest Loop given to P2 at the start of round 1; "
        f"nus trace {cards} --seed 1 --players 3 --card 'Guest Loop' --balance --round 1 shows the moments before it)\n"
    )


BARREL_VP = "  cost 1 fish, 2 gold\n  vp 3\n"  # Barrel Maker's


def test_a_piped_table_is_printed_whole_and_names_the_flagged_cards(tmp_path):
    """Piped, rich took 80 columns: every cell wrapped, "Realto…" and "chang…" cut short. Each row is one line now;
    with --against the columns say old and new, and the closing line names what was flagged and by which test."""
    richer = variant(tmp_path, "richer.nus", BARREL_VP, BARREL_VP.replace("vp 3", "vp 9"))
    both = measured("Barrel Maker", "Realtor's Office")
    code, out = run(str(CARDS), "--against", str(richer), "--games", "12", *both)
    lines = out.splitlines()
    assert code == 0 and "…" not in out
    (header,) = [line for line in lines if "paid change" in line]
    assert "│" not in header and "┃ paid value old → new ┃ paid change (95% CI) ┃ free change (95% CI) ┃" in header
    rows = [line for line in lines if line.startswith("│")][:2]  # the card table's rows; the seats' follow
    assert [row.split("│")[1] for row in rows] == [" Barrel Maker     ", " Realtor's Office "]
    # given free, +6 VP on every seed: no spread, the sign-flip p 2 / 2 ** 12, adjusted over the run's 8 tests
    assert "│   +6.00 [+6.0, +6.0] │" in rows[0] and rows[0].endswith("│ 0.0039 │ changed: free │")
    assert lines[-1].startswith("overall change in mean score: ")
    assert lines[-1].endswith("flagged at a false discovery rate of 0.01: Barrel Maker (changed: free)")
    code, out = run(str(CARDS), "--against", str(richer), "--games", "2", *both)
    barrel = next(line for line in out.splitlines() if line.startswith("│ Barrel Maker"))
    assert "│   +6.00 [+6.0, +6.0] │" in barrel and barrel.endswith("│ 1.0000 │      │")  # two seeds flag nothing
    code, out = run(str(CARDS), "--against", str(CARDS), "--games", "2", *measured("Stove"))
    assert out.splitlines()[-1].endswith("flagged at a false discovery rate of 0.01: none")
    code, out = run(str(CARDS), "--games", "2", *measured("Stove"))
    assert " paid value (95% CI) ┃" in out and "old → new" not in out and "overall change" not in out
    assert out.splitlines()[0] == "Card value, paid and free, from round 1 (2 seeds, 3 players, random players)"


def test_a_renamed_card_is_paired_by_kind_and_code_and_counts_as_changed(tmp_path):
    """Renamed, Barrel Maker (A613) was 'added: Cooper, removed: Barrel Maker' with no comparison; it is the same card
    (as `nus cards --changed-since` pairs them), compared seed by seed under its old name in the old file."""
    renamed = variant(tmp_path, "renamed.nus", 'building "Barrel Maker"', 'building "Cooper"')
    names = measured("Cooper", "Stove")
    compared = run_json(str(CARDS), "--against", str(renamed), "--games", "3", *names)
    assert (compared["against"]["added"], compared["against"]["removed"]) == ([], [])
    cooper, stove = sorted(compared["cards"], key=lambda card: card["name"] != "Cooper")
    assert (cooper["name"], cooper["was"], cooper["text_changed"], cooper["delta_n"]) == (
        "Cooper",
        "Barrel Maker",
        True,
        3,
    )
    assert (cooper["delta"], cooper["delta_ci_low"], cooper["delta_ci_high"], cooper["flag"]) == (0, 0, 0, None)
    assert (stove["was"], stove["text_changed"], stove["delta"]) == (None, False, 0)
    alone = run_json(str(CARDS), "--games", "3", *measured("Barrel Maker"))["cards"][0]
    assert (cooper["value"], cooper["n"]) == (alone["value"], alone["n"])  # the new file's games, as the old file's
    code, out = run(str(CARDS), "--against", str(renamed), "--games", "1", *measured("Cooper"))
    assert code == 0 and "│ Cooper (was Barrel Maker) │" in out
    code, out = run(str(CARDS), "--against", str(renamed), "--games", "1", "--format", "csv", *measured("Cooper"))
    assert next(csv.DictReader(io.StringIO(out)))["was"] == "Barrel Maker"
    elsewhere = variant(tmp_path, "recoded.nus", "(trout A613)", "(trout A699)")  # another code: another card
    against = run_json(str(CARDS), "--against", str(elsewhere), "--games", "1", *measured("Stove"))["against"]
    assert (against["added"], against["removed"]) == (["Barrel Maker"], ["Barrel Maker"])


def run_with_times(*args: str) -> tuple[int, dict]:
    code, out = run(*args, "--format", "json")
    return code, json.loads(out)


def test_ctrl_c_reports_the_seeds_finished_exits_130_and_keeps_their_games(monkeypatch, tmp_path):
    """Stopped two games into the third seed: the report is that of the two seeds finished (the same figures as a run
    of two seeds), exit 130; their games are kept, so the run asked again reads them and plays the rest."""
    real = balance.run
    per_seed = 4  # as dealt, without Stove, paid, free

    def stopped(sources, jobs, workers=1, cluster=None):
        for count, record in enumerate(real(sources, jobs, workers, cluster)):
            if count == 2 * per_seed + 2:
                raise KeyboardInterrupt
            yield record

    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path))  # a store of its own: no game of another test is in it
    monkeypatch.setattr(balance, "run", stopped)
    code, result = run_with_times(str(CARDS), "--games", "3", "--jobs", "1", *measured("Stove"))
    assert code == 130 and result["games"] == 2 and result["run"]["interrupted"] is True
    monkeypatch.setattr(balance, "run", real)
    code, two = run_with_times(str(CARDS), "--games", "2", "--jobs", "1", *measured("Stove"))
    assert code == 0 and {**result, "run": None} == {**two, "run": None}
    assert two["run"] == {**two["run"], "games_played": 0, "games_from_store": 2 * per_seed, "interrupted": False}
    code, three = run_with_times(str(CARDS), "--games", "3", "--jobs", "1", *measured("Stove"))
    assert (three["run"]["games_played"], three["run"]["games_from_store"]) == (2, 3 * per_seed - 2)
    code, out = run(str(CARDS), "--games", "3", "--jobs", "1", "--no-cache", *measured("Stove"))
    assert "interrupted" not in out


def test_a_second_edit_of_the_new_file_reads_the_old_files_games_from_the_store(tmp_path, monkeypatch):
    """Old file, then NEW edited twice: the second comparison plays only the new file's games. A game without Cabin is
    the same game in every file that differs only in Cabin's text, so it is played once for all three."""
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path / "cache"))
    cost = "  cost 1 wood, 1 fish\n  vp 0\n  rule distribution may swap steps 1 and 3\n"
    first = variant(tmp_path, "first.nus", cost, cost.replace("1 wood", "2 wood"))
    second = variant(tmp_path, "second.nus", cost, cost.replace("1 wood", "3 wood"))
    seeds = 5
    code, one = run_with_times(str(CARDS), "--against", str(first), "--games", str(seeds), "--jobs", "1")
    assert code == 0 and [card["name"] for card in one["cards"]] == ["Cabin"]  # only the card whose text changed
    # per seed: as dealt in each file, Cabin's game without it (shared), paid and free in each file
    assert (one["run"]["games_played"], one["run"]["games_from_store"]) == (7 * seeds, 0)
    code, two = run_with_times(str(CARDS), "--against", str(second), "--games", str(seeds), "--jobs", "1")
    assert (two["run"]["games_played"], two["run"]["games_from_store"]) == (3 * seeds, 4 * seeds)
    code, fresh = run_with_times(str(CARDS), "--against", str(second), "--games", str(seeds), "--no-cache")
    assert {**two, "run": None} == {**fresh, "run": None}  # what the store gives is what playing gives


def test_a_players_range_reports_seat_fairness_at_every_count():
    result = run_json(str(CARDS), "--games", "3", "--players", "2-5", "--jobs", "1")
    sections = result["by_players"]
    assert [section["players"] for section in sections] == [2, 3, 4, 5]
    for section in sections:
        assert [seat["seat"] for seat in section["seats"]] == list(range(1, section["players"] + 1))
        assert all(seat["win_rate_n"] == 3 for seat in section["seats"])
        assert sum(seat["win_rate"] for seat in section["seats"]) == pytest.approx(1.0, abs=1e-3)
        assert section["scores"]["score_n"] == 3
    code, out = run(str(CARDS), "--games", "2", "--players", "2-3", "--jobs", "1")
    assert code == 0 and "Seats at 2 players, random players" in out and "Seats at 3 players" in out


def test_the_ladder_plays_every_player_against_every_other_at_rotated_seats():
    """Greedy in one seat of three against two random players, each seed three times (greedy in each seat), and the
    other way round: greedy wins every game, and its Wilson interval lies above an even third."""
    result = run_json(str(CARDS), "--ladder", "random,greedy", "--games", "2", "--jobs", "1", "--no-cache")
    (section,) = result["by_players"]
    pairings = {(row["agent"], row["against"]): row for row in section["matrix"]}
    assert set(pairings) == {("random", "greedy"), ("greedy", "random")}
    assert pairings["greedy", "random"]["n"] == 6 and pairings["greedy", "random"]["win_share"] == 1.0
    assert pairings["greedy", "random"]["beats"] and not pairings["random", "greedy"]["beats"]
    assert [rung["agent"] for rung in section["ladder"]] == ["greedy", "random"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--ladder", "greedy"], "--ladder needs at least two different players"),
        (["--ladder", "greedy,oracle"], "unknown player 'oracle'"),
        (["--players", "2-3", "--card", "Stove"], "--card measures cards at one player count"),
        (["--ladder", "greedy,random", "--html", "x.html"], "report as a table or as JSON"),
    ],
)
def test_ladder_and_player_range_arguments_are_checked(arguments, message, capsys):
    assert main(["balance", str(CARDS), "--games", "1", *arguments]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("counts", "message"),
    [("3-2", "'3-2' is an empty range: give the smaller count first (2-5)"), ("2-6", "players, not '6'")],
)
def test_a_players_range_outside_the_game_is_refused(counts, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["balance", str(CARDS), "--players", counts])
    assert stopped.value.code == 2 and message in capsys.readouterr().err
