"""Legal options first (issue 10): a Building the player cannot pay for is not offered, whether the decider is
shown the choice or draws blind, and nothing is tried or undone for it."""

from __future__ import annotations

from typing import Any

from runtime.engine.decisions import Decision, DecisionKind
from runtime.mechanics.buildings import build_building
from runtime.model.state import Player, Table
from tests.kit.table_kit import make_table, real_cards, script

# Art Sculpture costs 4 wood and 1 gold; Cabin 1 wood and 1 fish.


def offer(table: Table) -> Player:
    me = table.players[0]
    table.display = [real_cards()["Art Sculpture"], real_cards()["Cabin"]]
    me.supply.update(wood=2, fish=1, gold=0, guest=0)
    return me


def test_a_decider_shown_the_choice_is_offered_only_the_building_it_can_pay_for():
    table = make_table(2)
    me = offer(table)
    cell = next(cell for cell, card in me.harbor.cells.items() if card is None)
    decider = script(table, "Cabin", cell)
    assert build_building(table, me).name == "Cabin"
    assert decider.asked[0] == (0, DecisionKind.BUILDING, [real_cards()["Cabin"]])
    assert decider.decisions[0].among == (2, (1,))  # the lone option sits second of two candidates
    assert [card.name for card in me.buildings] == ["Cabin"]
    assert dict(me.supply) == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}
    assert table.display == [real_cards()["Art Sculpture"]]


class FirstBlind:
    """Draws the first candidate every time, without looking; never shown a Decision."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []
        self.shown: list[Decision] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.shown.append(decision)
        return 0

    def blind(self, player: int, count: int) -> int:
        self.asked.append((player, count))
        return 0


def test_a_blind_decider_that_draws_a_building_it_cannot_pay_for_draws_again_and_nothing_is_tried():
    table = make_table(2)
    me = offer(table)
    decider = table.decider = FirstBlind()
    assert build_building(table, me).name == "Cabin"
    # Art Sculpture drawn and dropped, the Cabin taken as the one left; then where it goes, among the 8 free spaces
    assert decider.asked == [(0, 2), (0, 8)] and decider.shown == []
    assert not any("not possible" in line or "Art Sculpture" in line for line in table.log)
    assert [card.name for card in me.buildings] == ["Cabin"]
    assert dict(me.supply) == {"wood": 1, "fish": 0, "gold": 0, "guest": 0}


def test_with_no_building_it_can_pay_for_the_action_fails_without_a_draw_and_leaves_the_table_alone():
    table = make_table(2)
    me = offer(table)
    me.supply.update(wood=0)
    decider = table.decider = FirstBlind()
    log = list(table.log)
    try:
        build_building(table, me)
    except Exception as refused:  # noqa: BLE001 - the type is asserted below
        assert type(refused).__name__ == "IllegalAction" and str(refused) == "P1 has no legal building"
    else:
        raise AssertionError("a Building was built that could not be paid for")
    assert decider.asked == [] and me.buildings == [] and table.log == log
    assert table.display == [real_cards()["Art Sculpture"], real_cards()["Cabin"]]
