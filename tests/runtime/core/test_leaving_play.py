"""A card that leaves play in one of its "as soon as" abilities while another of its latches holds (found by the
card generator, issue 36 §1): the latches of a card that has left play lapse, in the same pass too, instead of a
traceback from the latch list."""

from __future__ import annotations

from compiler import load_cards
from tests.kit.table_kit import make_table, put_in_play

LEAVES_FIRST = """building "Leaver" (trout A901)
  cost none
  vp 1
  as soon as round >= 1:
    remove this building from play
  as soon as round >= 1:
    take 1 wood
"""

TAKES_FIRST = """building "Taker" (trout A902)
  cost none
  vp 1
  as soon as round >= 1:
    take 1 wood
  as soon as round >= 1:
    remove this building from play
"""


def as_soon_as_lines(table) -> list[str]:
    return [line for line in table.log if "as soon as" in line]


def test_a_latch_of_a_card_that_left_play_in_the_same_pass_lapses() -> None:
    (leaver,) = load_cards(LEAVES_FIRST, "leaver.nus")
    table = make_table()
    me = table.players[0]
    wood = me.supply["wood"]
    card = put_in_play(table, me, leaver, cell=(1, 1))
    assert me.buildings == [] and me.harbor.cells[(1, 1)] is None
    assert me.supply["wood"] == wood  # the second latch lapsed with its card: no wood
    assert [entry for entry in table.latches if entry[0] is card] == []
    assert len(as_soon_as_lines(table)) == 1


def test_a_latch_before_the_one_that_removes_its_card_still_fires() -> None:
    (taker,) = load_cards(TAKES_FIRST, "taker.nus")
    table = make_table()
    me = table.players[0]
    wood = me.supply["wood"]
    card = put_in_play(table, me, taker, cell=(1, 1))
    assert me.buildings == [] and me.harbor.cells[(1, 1)] is None
    assert me.supply["wood"] == wood + 1
    assert [entry for entry in table.latches if entry[0] is card] == []
    assert len(as_soon_as_lines(table)) == 2
