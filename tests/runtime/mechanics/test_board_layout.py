"""The printed Harbor board's double spaces, as the board questions read them (worked out once per board)."""

import copy

import pytest

from runtime.mechanics.board import double_of, forests_on, free_cells
from runtime.mechanics.buildings import build, placements
from runtime.model.rules import parse, rules_data
from runtime.model.state import CardInPlay, IllegalAction
from tests.kit.table_kit import goods, make_table, mechanic, picture


def test_a_forest_covers_both_spaces_of_its_double_space_and_only_those():
    """rules.toml: Forests at the start on the double spaces of rows 1-3 (columns 3-4), none on rows 3-4's others."""
    table = make_table()
    me = table.players[0]
    assert not {(1, 3), (1, 4), (2, 3), (2, 4), (3, 3), (3, 4)} & set(free_cells(table, me))
    assert {(4, 2), (4, 3), (3, 1), (3, 2)} <= set(free_cells(table, me))
    me.harbor.forests[1] = 0
    assert {(2, 3), (2, 4)} <= set(free_cells(table, me)) and (1, 3) not in free_cells(table, me)
    me.harbor.cells[(2, 3)] = CardInPlay(mechanic(), me, cell=(2, 3))
    assert (2, 3) not in free_cells(table, me) and (2, 4) in free_cells(table, me)


def test_first_only_stops_at_the_first_free_space_and_finds_one_only_where_there_is_any():
    table = make_table()
    me = table.players[0]
    free = free_cells(table, me)
    assert free_cells(table, me, first_only=True) == free[:1] == [(1, 2)]
    new = mechanic("Newcomer")
    assert placements(table, me, new) == free and placements(table, me, new, first_only=True) == [(1, 2)]
    for cell in free:
        me.harbor.cells[cell] = CardInPlay(mechanic(), me, cell=cell)
    assert free_cells(table, me) == free_cells(table, me, first_only=True) == []
    assert placements(table, me, new) == placements(table, me, new, first_only=True) == []


def test_a_build_nobody_can_pay_says_whether_it_also_lacks_a_space_and_changes_nothing():
    table = make_table()
    me = table.players[0]
    costly = mechanic("Costly", costs=(goods(("gold", 99)),))
    table.display.append(costly)
    before = picture(table)
    with pytest.raises(IllegalAction, match="P1 cannot pay for Costly"):
        build(table, me, costly)
    assert picture(table) == before
    for cell in free_cells(table, me):
        me.harbor.cells[cell] = CardInPlay(mechanic(), me, cell=cell)
    before = picture(table)
    with pytest.raises(IllegalAction, match="P1 has no space for Costly"):
        build(table, me, costly)
    assert picture(table) == before


def test_a_building_under_forests_sits_on_its_double_space():
    table = make_table()
    me = table.players[0]
    assert [double_of(table, cell) for cell in ((1, 4), (3, 1), (1, 1), None)] == [0, 4, None, None]
    buried = CardInPlay(mechanic(), me, cell=(1, 4))
    assert forests_on(table, buried) == 2 and forests_on(table, CardInPlay(mechanic(), me, cell=(1, 1))) == 0


def test_a_building_space_in_two_double_spaces_is_refused():
    data = copy.deepcopy(rules_data())
    data["harbor"]["double"][1]["cells"] = [[1, 4], [2, 4]]
    with pytest.raises(ValueError, match=r"\(1, 4\) lies in two double spaces"):
        parse(data)  # refused as the rules are read, before any table is made
