"""A failed action leaves the table equal to a full deep copy taken before it (not the snapshot's own view)."""

import copy

import pytest

from runtime.engine.actions import place_worker
from runtime.engine.attempts import attempt
from runtime.engine.decisions import RandomDecider
from runtime.model.state import IllegalAction, Session, State, Table
from tests.kit.table_kit import every_card, make_table


def structure(root: Table) -> object:
    """The whole table as plain nested data; table objects are numbered in the order first met, so two
    tables compare equal exactly when every field of every object, and how they refer to each other, agree."""
    numbers: dict[int, int] = {}
    objects: list[object] = []

    def walk(value: object) -> object:
        if isinstance(value, State):
            if id(value) not in numbers:
                numbers[id(value)] = len(numbers)
                objects.append(None)
                fields = {k: v for k, v in vars(value).items() if k not in value.TRANSIENT}
                objects[numbers[id(value)]] = (type(value).__name__, {k: walk(v) for k, v in sorted(fields.items())})
            return ("object", numbers[id(value)])
        if isinstance(value, dict):
            return ("dict", [(walk(k), walk(v)) for k, v in value.items()])
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [walk(v) for v in value])
        if isinstance(value, set):
            return ("set", sorted(map(repr, value)))
        return value

    walk(root)
    return objects


def deep_copy(table: Table) -> Table:
    memo = {id(table.rules): table.rules, id(table.session): Session()}
    for spec in every_card():
        memo[id(spec)] = spec
    return copy.deepcopy(table, memo)


@pytest.mark.parametrize("space", ["build_ship", "buy_all_shares", "serve_fish", "take_elder", "transfer_reserve"])
def test_a_failed_action_leaves_the_table_equal_to_a_deep_copy_taken_before(space: str) -> None:
    table = make_table(3, specs=every_card(), seed=5)
    player = table.players[0]
    player.supply.update(wood=1, fish=0, gold=0, guest=0)  # too poor for any Ship, Share or plate
    table.elder_stacks = [[] for _ in table.elder_stacks]  # and no Elder to take
    table.decider = RandomDecider(0)  # every option is tried in turn and refused
    before, log = deep_copy(table), list(table.log)
    with pytest.raises(IllegalAction):
        attempt(table, lambda: place_worker(table, player, space))
    assert structure(table) == structure(before)
    assert table.log == log
    assert table.spaces[space] == []  # the Worker did not stay on the space either
