"""A payment can set off a hook that builds (found by the whole-path fuzzer's long run): when the card being
built, or its space, is taken by that nested build, the outer build is not possible and leaves no trace, instead
of a traceback from a card removed twice from the display."""

from __future__ import annotations

import pytest

from compiler import load_cards
from runtime.mechanics.buildings import build_building
from runtime.model.state import IllegalAction
from tests.kit.table_kit import make_table, picture, put_in_play, script

CARDS = """building "Echo Yard" (trout A901)
  cost none
  vp 1
  each time after any player returns a guest:
    build a building

building "Guest House" (trout A902)
  cost 2 wood or return 1 guest
  vp 1
"""


def test_a_build_whose_card_its_own_payment_gave_away_is_not_possible_and_changes_nothing() -> None:
    echo_yard, guest_house = load_cards(CARDS, "nested.nus")
    table = make_table()
    echoing, building = table.players
    put_in_play(table, echoing, echo_yard, cell=(1, 1))
    table.display[:] = [guest_house]
    echoing.supply.update(wood=2, guest=0)
    building.supply.update(wood=0, guest=1)
    before = picture(table)
    # building: Guest House at (1, 2), paid by returning its Guest -> Echo Yard: echoing builds Guest House at (1, 2)
    script(table, (1, 2), (1, 2))
    with pytest.raises(IllegalAction, match="no legal building"):
        build_building(table, building)
    assert picture(table) == before
    assert table.display == [guest_house] and building.buildings == [] and echoing.buildings[1:] == []
    assert any("Guest House or its space was taken by a build its payment set off" in line for line in table.log)
