"""A limit lowered below what a player holds (issue 36 §1: `rule wood limit = 1` while holding 2 wood).

Ruling: the excess goes back to the general supply at once. The rulebook words a limit as what a supply can hold,
not as a check on gains: the Wood Storage "replaces the 12 wood limit of your personal supply with a 15 wood limit
for you only, i.e., from now on, only you can have up to 15 wood in your personal supply." So from the moment a
card's rule lowers it, nobody holds more: when the card comes into play (or another leaves, or is declined), and,
for a limit worked out from counts that change, at the end of the step (a turn, a phase) that changed them."""

from __future__ import annotations

import pytest

from compiler import load_cards
from runtime.core.rules_in_force import hold_limits
from tests.fuzz.cards import Generated
from tests.fuzz.games import play_card
from tests.kit.invariants import goods_on_table
from tests.kit.table_kit import make_table, put_in_play

CARD = 'building "Shrinker" (trout A905)\n  cost none\n  vp 1\n  rule {rule}\n'


def holding(wood: int = 0, reserve_fish: int = 0):
    table = make_table()
    me = table.players[0]
    table.general["wood"] -= wood - me.supply["wood"]
    table.general["fish"] -= reserve_fish - me.reserve["fish"]
    me.supply["wood"], me.reserve["fish"] = wood, reserve_fish
    return table, me


@pytest.mark.parametrize(
    ("rule", "held", "zone", "good", "returned"),
    [
        ("wood limit = 1", {"wood": 2}, "supply", "wood", 1),
        ("reserve fish limit = 1", {"reserve_fish": 3}, "reserve", "fish", 2),
    ],
    ids=["wood", "reserve fish"],
)
def test_a_lowered_limit_returns_the_excess_at_once(rule: str, held: dict, zone: str, good: str, returned: int) -> None:
    (spec,) = load_cards(CARD.format(rule=rule), "shrinker.nus")
    table, me = holding(**held)
    before, general = goods_on_table(table), table.general[good]
    put_in_play(table, me, spec, cell=(1, 1))
    assert getattr(me, zone)[good] == 1
    assert table.general[good] == general + returned
    assert goods_on_table(table) == before
    assert any(f"returns {returned} {good} over the" in str(line) for line in table.log)  # the (Reserve) limit
    assert table.players[1].supply["wood"] <= 12  # the other player's limit is not this card's


def test_a_limit_at_or_above_the_holding_takes_nothing() -> None:
    (spec,) = load_cards(CARD.format(rule="wood limit = 2"), "shrinker.nus")
    table, me = holding(wood=2)
    put_in_play(table, me, spec, cell=(1, 1))
    assert me.supply["wood"] == 2


@pytest.mark.parametrize(
    "rule", ["wood limit = fish in supply", "reserve fish limit = wood in supply / 2 rounded down"]
)
def test_a_limit_worked_out_from_counts_holds_after_every_step(rule: str) -> None:
    """Paying fish lowers `wood limit = fish in supply`. Over seeded games with the card in play (tests/fuzz/games.py:
    the invariant checker after every step), no step ends with a player over a limit, and no good is lost."""
    card = CARD.format(rule=rule).replace("Shrinker", "Fuzzed").replace("A905", "A999")
    outcomes = [play_card(Generated(card, 2, "building"), seed) for seed in range(8)]
    assert [(o.kind, o.detail) for o in outcomes] == [("played", "")] * 8


def test_a_limit_that_falls_with_what_it_returns_holds_when_it_settles() -> None:
    """`wood limit = wood in supply / 2 rounded down`: returning wood lowers the limit again, until no wood is over it
    (here none is left); one pass would leave the player over the limit it just lowered."""
    (spec,) = load_cards(CARD.format(rule="wood limit = wood in supply / 2 rounded down"), "shrinker.nus")
    table, me = holding(wood=4)
    before, general = goods_on_table(table), table.general["wood"]
    put_in_play(table, me, spec, cell=(1, 1))
    assert me.supply["wood"] == 0
    assert table.general["wood"] == general + 4
    assert goods_on_table(table) == before


@pytest.mark.parametrize(
    ("held", "zone", "good", "most"),
    [({"wood": 15}, "supply", "wood", 12), ({"reserve_fish": 10}, "reserve", "fish", 8)],
)
def test_a_holding_set_over_the_base_limit_is_returned_when_the_limits_are_held(
    held: dict, zone: str, good: str, most: int
) -> None:
    """With no card changing either limit (rules.toml: 12 wood in the supply, 8 fish in the Reserve), a holding set over
    it (no gain does, and a worked example's `given` may not) goes back when the limits are held (hold_limits): only
    the excess, only that player's."""
    table, me = holding(**held)
    before, general, other = goods_on_table(table), table.general[good], getattr(table.players[1], zone)[good]
    hold_limits(table)
    assert getattr(me, zone)[good] == most
    assert table.general[good] == general + held[next(iter(held))] - most
    assert getattr(table.players[1], zone)[good] == other
    assert goods_on_table(table) == before
