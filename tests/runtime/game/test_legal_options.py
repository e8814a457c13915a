"""Legal options first (issue 10): a Building the player cannot pay for is not offered, whether the decider is
shown the choice or draws blind, and nothing is tried or undone for it."""

from __future__ import annotations

from typing import Any

import pytest

from runtime.analysis.games import Setup, play
from runtime.core.attempts import choose_legal, value_of
from runtime.core.decisions import Decision, DecisionKind
from runtime.game import actions
from runtime.mechanics import buildings
from runtime.mechanics.buildings import build_building
from runtime.model.state import IllegalAction, Player, Table
from tests.kit.table_kit import every_card, make_table, real_cards, script

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

    def pick(self, player: int, count: int) -> int:
        self.asked.append((player, count))
        return 0


def test_a_blind_decider_that_draws_a_building_it_cannot_pay_for_draws_again_and_nothing_is_tried():
    table = make_table(2)
    me = offer(table)
    decider = table.session.decider = FirstBlind()
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
    decider = table.session.decider = FirstBlind()
    log = list(table.log)
    with pytest.raises(IllegalAction) as refused:
        build_building(table, me)
    assert str(refused.value) == "P1 has no legal building"
    assert decider.asked == [] and me.buildings == [] and table.log == log
    assert table.display == [real_cards()["Art Sculpture"], real_cards()["Cabin"]]


def test_no_option_refused_as_impossible_could_have_succeeded(monkeypatch):
    """Over seeded games of 2-4 players: every turn option and Building the legality check refuses is tried anyway,
    under a mark, and must fail (then the table is put back and the game goes on)."""
    refused, possible = [], []
    checking = []

    def checked(table, player, kind, options, prompt, act, legal=None):
        if legal is not None and not checking:
            checking.append(True)
            try:
                for option in options:
                    value = value_of(option)
                    if legal(value):
                        continue
                    refused.append(value)
                    with table.snapshot() as mark:
                        try:
                            act(value)
                            possible.append((kind, value, table.round))
                        except IllegalAction:
                            pass
                        table.restore(mark)
            finally:
                checking.clear()
        return choose_legal(table, player, kind, options, prompt, act, legal)

    monkeypatch.setattr(actions, "choose_legal", checked)
    monkeypatch.setattr(buildings, "choose_legal", checked)
    cards = every_card()
    for seed in range(3):
        for players in (2, 3, 4):
            play(cards, Setup(seed, ("random",) * players))
    assert len(refused) > 300 and possible == []
