"""The undo journal: any sequence of changes made through the Python ways of changing a list, dict, set or
field is taken back exactly by undoing to a mark, also with marks nested inside each other."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runtime.core.rules_in_force import withdraw_rules
from runtime.model.caches import Derived
from runtime.model.journal import InPlayList, Journal, State, TrackedDict, TrackedList, TrackedSet, adopt_object
from runtime.model.state import CardInPlay
from tests.kit.table_kit import every_card, make_table, mechanic


@dataclass(eq=False)
class Thing(State):
    items: list = field(default_factory=list)
    table: dict = field(default_factory=dict)
    tags: set = field(default_factory=set)
    count: int = 0
    inner: Thing | None = None


def plain(thing: Thing | None) -> Any:
    if thing is None:
        return None
    return (list(thing.items), dict(thing.table), set(thing.tags), thing.count, plain(thing.inner))


def change(thing: Thing, op: int, value: int) -> None:
    """One of the ways a table is changed, picked by op."""
    items, table, tags = thing.items, thing.table, thing.tags
    changes = [
        lambda: items.append(value),
        lambda: items.extend([value, value + 1]),
        lambda: items.insert(value % 3, value),
        lambda: items.pop() if items else None,
        lambda: items.pop(0) if items else None,
        lambda: items.pop(-2) if len(items) > 1 else None,
        lambda: items.remove(items[0]) if items else None,
        lambda: items.__setitem__(value % len(items), value) if items else None,
        lambda: items.__setitem__(slice(0, 1), [value, value]),
        lambda: items.__delitem__(0) if items else None,
        lambda: items.sort(),
        lambda: items.reverse(),
        lambda: items.clear(),
        lambda: items.__iadd__([value]),
        lambda: table.__setitem__(value % 4, value),
        lambda: table.pop(value % 4, None),
        lambda: table.update({value: value}),
        lambda: table.setdefault(value % 5, value),
        lambda: table.popitem() if table else None,
        lambda: table.__delitem__(next(iter(table))) if table else None,
        lambda: table.clear(),
        lambda: table.add(next(iter(table)), value) if table else None,
        lambda: tags.add(value % 6),
        lambda: tags.discard(value % 6),
        lambda: tags.remove(value % 6) if value % 6 in tags else None,
        lambda: tags.update({value, value + 1}),
        lambda: tags.__isub__({value}),
        lambda: tags.pop() if tags else None,
        lambda: setattr(thing, "count", value),
        lambda: setattr(thing, "items", [value]),  # a plain list put on the table is tracked from then on
        lambda: setattr(thing, "inner", Thing(items=[value])),  # and so is a new object
        lambda: thing.inner is not None and thing.inner.items.append(value),
    ]
    changes[op % len(changes)]()


def adopted(thing: Thing) -> Thing:
    adopt_object(Journal(), thing)
    return thing


ops = st.lists(st.tuples(st.integers(0, 31), st.integers(-3, 9)), max_size=25)


@pytest.mark.slow
@given(first=ops, second=ops)
def test_undo_takes_back_every_change_to_each_mark_in_turn(first: list, second: list) -> None:
    thing = adopted(Thing(items=[1, 2], table={"a": 1}, tags={1}, inner=Thing()))
    journal = thing._journal
    at_start = plain(thing)
    outer = journal.open, len(journal.entries)
    journal.open += 1
    for op, value in first:
        change(thing, op, value)
    at_inner, inner = plain(thing), len(journal.entries)
    journal.open += 1
    for op, value in second:
        change(thing, op, value)
    journal.undo(inner)
    assert plain(thing) == at_inner
    journal.undo(outer[1])
    assert plain(thing) == at_start


def test_containers_put_on_the_table_are_tracked_and_nothing_is_recorded_without_a_mark() -> None:
    thing = adopted(Thing(items=[[1]], table={"a": {"b": 1}}))
    assert type(thing.items) is TrackedList and type(thing.items[0]) is TrackedList
    assert type(thing.table) is TrackedDict and type(thing.table["a"]) is TrackedDict
    assert type(thing.tags) is TrackedSet and repr(thing.tags) == "set()"
    thing.items.append([2])
    thing.table.setdefault("c", []).append(3)
    assert type(thing.items[1]) is TrackedList and thing.table["c"] == [3] and type(thing.table["c"]) is TrackedList
    assert thing._journal.entries == []


def test_a_copy_or_a_pickle_of_the_table_has_a_journal_of_its_own_with_nothing_to_undo() -> None:
    thing = adopted(Thing(items=[1], inner=Thing(tags={2})))
    thing._journal.open += 1
    thing.items.append(2)
    for other in (copy.deepcopy(thing), pickle.loads(pickle.dumps(thing))):
        assert plain(other) == plain(thing)
        assert other._journal is not thing._journal and other.inner._journal is other._journal
        assert other.items._journal is other._journal and other._journal.entries == []
        other.items.append(3)
    thing._journal.undo(0)
    assert thing.items == [1]


def test_derived_values_stand_through_an_undo_of_no_change_in_play_and_go_with_the_undo_of_one() -> None:
    """Table.derived holds what follows from the cards in play: an undo that takes back only goods keeps it; an undo
    that takes back a card coming into play (or its rules declined) forgets it, even if it was worked out again
    after that change."""
    table = make_table(2, specs=every_card())
    me = table.players[0]
    table.derived.rule_changes = {"worked out": ()}
    mark = table.snapshot()
    me.supply["wood"] += 3
    table.restore(mark)
    assert table.derived.rule_changes == {"worked out": ()} and me.supply["wood"] == 2
    me.buildings.append(CardInPlay(table.display[0], me))
    assert table.derived.rule_changes is None
    table.derived.rule_changes = {"worked out again": ()}  # for the new cards in play
    table.restore(mark)
    assert table.derived.rule_changes is None and me.buildings == []
    table.derived.rule_changes = {"worked out": ()}
    me.buildings.append(CardInPlay(table.display[0], me))
    withdraw_rules(table, me.buildings[0])
    table.derived.rule_changes = {"worked out again": ()}
    table.restore(mark)
    table.release(mark)
    assert table.derived.rule_changes is None and me.buildings == [] and table._journal.entries == []


def test_forgetting_resets_every_derived_value() -> None:
    derived = Derived()
    for name in Derived.__slots__:
        setattr(derived, name, {"worked out": 1})
    derived.forget()
    assert [getattr(derived, name) for name in Derived.__slots__] == [None] * len(Derived.__slots__)


def test_every_change_of_the_cards_in_play_forgets_what_was_derived_from_them() -> None:
    """A card with or without rules coming or going, its rules declined, a whole list put in place of one or any
    other change of an InPlayList forgets Table.derived."""
    table = make_table(2, specs=every_card())
    me = table.players[0]
    plain_card = CardInPlay(mechanic("Plain"), me)
    ruled_card = CardInPlay(mechanic("Ruled", rules={"wood_limit": lambda ctx, before: before + 1}), me)
    for change in (
        lambda: me.buildings.append(plain_card),
        lambda: me.council.append(CardInPlay(mechanic("Plain Elder", kind="elder"), me)),
        lambda: me.buildings.append(ruled_card),
        lambda: me.buildings.remove(ruled_card),
        lambda: withdraw_rules(table, plain_card),
        lambda: setattr(me, "council", [*me.council]),
        lambda: me.buildings.insert(0, ruled_card),
        lambda: me.buildings.pop(),
    ):
        table.derived.rule_changes = {"worked out": ()}
        change()
        assert table.derived.rule_changes is None


def test_a_list_put_in_place_of_the_cards_in_play_stays_a_list_of_cards_in_play() -> None:
    """A field holding an InPlayList keeps one whatever list is put there, so later changes still forget."""
    table = make_table(2, specs=every_card())
    me = table.players[0]
    with table.snapshot() as mark:
        me.buildings = [CardInPlay(table.display[0], me)]
        assert type(me.buildings) is InPlayList and me.buildings._journal is table._journal
        table.derived.rule_changes = {"worked out": ()}
        me.buildings.pop()
        assert table.derived.rule_changes is None
        table.restore(mark)
    assert type(me.buildings) is InPlayList and me.buildings == []
