"""The effect "remove all forests" removes the Forests there when it starts (ruling; found by the whole-path
fuzzer's long run): a hook that reforests after each removal used to refill the board as fast as the effect emptied
it, so the effect never ended and the game's log grew until memory ran out."""

from __future__ import annotations

from compiler import load_cards
from runtime.mechanics.forests import remove_all_forests
from tests.kit.table_kit import make_table, put_in_play, script

REPLANTER = """building "Replanter" (trout A903)
  cost none
  vp 0
  each time after you remove a forest:
    reforest
"""


def test_forests_a_removal_hook_puts_back_stay_and_the_effect_ends() -> None:
    [replanter] = load_cards(REPLANTER, "replanter.nus")
    table = make_table()
    player, other = table.players
    put_in_play(table, player, replanter)
    player.harbor.forests[:] = [1, 1, 0, 0, 0]
    # two Forests there at the start: remove double 0 -> reforest double 3; remove double 1 -> reforest double 4
    decider = script(table, 0, 3, 1, 4)
    assert remove_all_forests(table, player) == 2
    assert list(player.harbor.forests) == [0, 0, 0, 2, 2]
    assert decider.answers == []  # not asked for a third Forest: the two the hook placed stay
    assert list(other.harbor.forests) == [2, 1, 1, 0, 0]


def test_a_removal_hook_that_takes_forests_itself_ends_the_effect_early() -> None:
    [clearer] = load_cards(REPLANTER.replace("reforest", "deforest"), "clearer.nus")
    table = make_table()
    player = table.players[0]
    put_in_play(table, player, clearer)
    player.harbor.forests[:] = [1, 1, 0, 0, 0]
    wood = player.supply["wood"]
    # the effect removes double 0; the hook's Deforest removes the last Forest (double 1, the lone option)
    script(table, 0)
    assert remove_all_forests(table, player) == 1
    assert list(player.harbor.forests) == [0, 0, 0, 0, 0]
    assert player.supply["wood"] == wood + 5
