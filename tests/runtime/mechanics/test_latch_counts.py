"""The counts "as soon as" conditions read after every event give what the board says, through every change of the
cards in play and every undo (they read the board's shape from Table.bases)."""

from runtime import library as rt
from runtime.mechanics import board
from runtime.model.cards import Context
from runtime.model.state import CardInPlay, Table
from tests.kit.table_kit import make_table, mechanic, put_in_play


def letter_counts(table: Table) -> tuple[int, int, int]:
    ctx = Context(table, table.players[0])
    return rt.buildings_of_letter(ctx, "A"), rt.buildings_of_letter(ctx, "b"), rt.buildings_of_letter(ctx, "C")


def test_letter_counts_follow_every_build_removal_and_undo():
    table = make_table()
    me, other = table.players
    put_in_play(table, me, mechanic("First A", code="A901"), (1, 2))
    put_in_play(table, other, mechanic("Other's B", code="B901"), (1, 2))
    assert letter_counts(table) == (1, 0, 0)  # lower-case letters count the same; another player's cards do not
    mark = table.snapshot()
    put_in_play(table, me, mechanic("A B", code="B902"), (2, 2))
    put_in_play(table, me, mechanic("Second A", code="A902"), (3, 2))
    assert letter_counts(table) == (2, 1, 0)
    me.buildings.pop(0)
    assert letter_counts(table) == (1, 1, 0)
    table.restore(mark)
    table.release(mark)
    assert letter_counts(table) == (1, 0, 0)
    me.buildings.append(CardInPlay(mechanic("A C", code="C901"), me))
    assert letter_counts(table) == (1, 0, 1)


def test_letter_counts_leave_out_a_building_buried_under_forests_only_while_it_is():
    table = make_table()
    me = table.players[0]
    buried = mechanic("Under", code="A903", rules={"under_forests": lambda ctx, before: True})
    put_in_play(table, me, buried, (1, 3))
    put_in_play(table, me, mechanic("Beside", code="A904"), (3, 1))
    me.harbor.forests[0] = 2  # the double space of (1, 3)
    assert letter_counts(table)[0] == 1
    me.harbor.forests[0] = 0
    assert letter_counts(table)[0] == 2
    assert rt.buildings(Context(table, me)) == len(board.counted_buildings(table, me)) == 2


def test_forest_covered_spaces_is_the_number_of_building_spaces_under_a_forest():
    table = make_table()
    me = table.players[0]
    ctx = Context(table, me)
    for forests in ([0, 0, 0, 0, 0], [2, 1, 1, 0, 0], [0, 0, 0, 3, 0], [1, 1, 1, 1, 1]):
        me.harbor.forests = forests
        assert rt.forest_covered_spaces(ctx) == len(board.covered_cells(table, me)) == 2 * sum(f > 0 for f in forests)


def test_a_building_that_counts_as_a_forest_covers_its_own_space_once_and_takes_no_free_space():
    """Ruling (Urban Quarter, Orchard): such a Building covers its one Building space with Forest; buried under a
    Forest on a double space it adds no second space, and off the Building spaces (on the Fishing track) it covers
    none. The spaces a Building may go on are still only the empty, unforested ones."""
    table = make_table()
    me = table.players[0]
    ctx = Context(table, me)
    forest = {"is_forest": lambda ctx, before: True}
    me.harbor.forests = [2, 1, 1, 0, 0]
    free = board.free_cells(table, me)
    assert free == [(1, 2), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (4, 4)]
    assert rt.forest_covered_spaces(ctx) == len(board.covered_cells(table, me)) == 6
    put_in_play(table, me, mechanic("Grove", rules=forest), (4, 1))
    assert rt.forest_covered_spaces(ctx) == len(board.covered_cells(table, me)) == 7
    assert board.free_cells(table, me) == [cell for cell in free if cell != (4, 1)]
    buried = {**forest, "under_forests": lambda ctx, before: True}
    put_in_play(table, me, mechanic("Buried Grove", rules=buried, code="A905"), (1, 3))
    put_in_play(table, me, mechanic("Track Grove", rules=forest, code="A906"), on_track=True)
    assert rt.forest_covered_spaces(ctx) == len(board.covered_cells(table, me)) == 7
    me.harbor.forests[0] = 0  # the Buried Grove's double space loses its Forests: only its own space stays covered
    assert rt.forest_covered_spaces(ctx) == len(board.covered_cells(table, me)) == 6
    assert board.covered_cells(table, me) == {(1, 3), (2, 3), (2, 4), (3, 3), (3, 4), (4, 1)}
