"""`nus balance --even` on a card made dearer: it suggests lowering the cost, every suggestion is a variant that was
played, and the file it writes plays back to the figures reported.

Greedy players at the rates shipped before the tuned ones (EARLIER_RATES), Gazebo (B622, printed cost 1 wood) raised by
3 wood, measured against the other B cards on 16 seeds. Each --even run plays every B card with and without it on each
seed (about 800 greedy games), twice. At the tuned rates the greedy seat builds a 4-wood Gazebo from its hand on 2 of
16 seeds, so its paid value there is the noise of the games parting (+1.56 [-0.82, +3.94], every cost from 5 to 10
wood within 0.4 of it): no cost sweep can find its price, and the test would measure nothing of --even.
"""

from __future__ import annotations

import re

import pytest

from tests.analysis.test_balance import run_json, variant

pytestmark = pytest.mark.slow

GAZEBO = 'building "Gazebo" (trout B622)\n  cost 1 wood\n'
EARLIER_RATES = """
[supply]
fish = 0.2
guest = 0.3

[reserve]
wood = 0.15
fish = 0.15
gold = 0.8
guest = 0.3

[per_round_left]
haul = 0.15
building = 0.25
elder = 0.2
"""


def gazebo(result: dict) -> dict:
    return next(card for card in result["cards"] if card["name"] == "Gazebo")


def test_a_card_made_three_wood_dearer_is_told_to_cost_less_and_its_suggestion_plays_back(tmp_path):
    rates = tmp_path / "earlier.toml"
    rates.write_text(EARLIER_RATES, "utf-8")
    seeds = ("--games", "16", "--agent", "greedy", "--evaluation", str(rates))
    dearer = variant(tmp_path, "dearer.nus", GAZEBO, GAZEBO.replace("1 wood", "4 wood"))
    written = tmp_path / "suggested.nus"
    result = run_json(str(dearer), "--card", "Gazebo", "--even", "--write-suggestions", str(written), *seeds)
    even = gazebo(result)["even"]
    assert even["current_text"] == "cost 4 wood" and even["peers"] == 23 and even["checked"] is True
    assert even["distance"] < 0  # worth less than the median B card at 4 wood
    suggested = (
        0 if even["suggested_text"] == "cost none" else int(re.fullmatch(r"cost (\d+) wood", even["suggested_text"])[1])
    )
    assert suggested < 4
    assert even["ci_low"] <= 0 <= even["ci_high"]  # even, within its interval
    played = {variant["text"]: variant for variant in even["variants"]}
    assert played[even["suggested_text"]]["distance"] == even["value"]  # a variant played, not extrapolated
    dearer_gazebo = GAZEBO.replace("1 wood", "4 wood")
    assert dearer.read_text("utf-8").count(dearer_gazebo) == 1  # the input is never touched
    assert written.read_text("utf-8") == dearer.read_text("utf-8").replace(
        dearer_gazebo, dearer_gazebo.replace("cost 4 wood", even["suggested_text"])
    )  # Gazebo's cost line alone (Community Center costs 4 wood too)
    # the written file measured again, the card and its peers (whose games now have the cheaper Gazebo in the deal)
    again = gazebo(run_json(str(written), "--card", "Gazebo", "--even", *seeds))["even"]
    assert again["current_text"] == even["suggested_text"]
    assert even["ci_low"] <= again["distance"] <= even["ci_high"]
