"""Every count, fact, effect, rule, event, action and good of the card language has its runtime counterpart.

Events, actions and goods are declared once (runtime/model/declarations.py): the vocabulary builds its entries
from those objects and the runtime emits and performs through them, so the names agree by construction.
What is left to show is completeness: every declared event is hookable and emitted at each of its timings,
every declared action is performed by the runtime."""

import ast
from pathlib import Path

import pytest

import runtime
from compiler.checking import vocabulary
from runtime import library
from runtime.core.events import emit
from runtime.game.actions import ACTIONS
from runtime.mechanics import goods
from runtime.model import declarations as declared
from tests.kit.table_kit import make_table

RUNTIME = Path(runtime.__file__).parent
DECLARED_EVENTS = {event.name: event for event in declared.EVENTS}


EMITTERS = ("emit", "emit_each")  # runtime/core/events.py's ways to emit an event


def emitted() -> set[tuple[str, declared.Timing]]:
    """(event, timing) of every `emit(table, DECLARATION, Timing.X, ...)` (or another of EMITTERS) in the runtime, the
    declaration resolved through the declarations module (not matched as text)."""
    found = set()
    for path in RUNTIME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in EMITTERS:
                event, timing = node.args[1], node.args[2]
                assert isinstance(event, ast.Name) and isinstance(timing, ast.Attribute), ast.unparse(node)
                assert isinstance(timing.value, ast.Name) and timing.value.id == "Timing", ast.unparse(node)
                found.add((getattr(declared, event.id).name, declared.Timing[timing.attr]))
    return found


@pytest.mark.parametrize("entry", vocabulary.COUNTS + vocabulary.FACTS + vocabulary.EFFECTS, ids=lambda e: e.impl)
def test_every_count_fact_and_effect_is_a_library_function(entry):
    assert callable(getattr(library, entry.impl, None)), entry.pattern


def test_the_hookable_events_are_exactly_the_declared_ones():
    assert sorted(entry.impl for entry in vocabulary.EVENTS) == sorted(DECLARED_EVENTS)


@pytest.mark.parametrize("entry", vocabulary.EVENTS, ids=lambda e: e.impl)
def test_an_event_phrase_has_its_declarations_timings_and_fields(entry):
    event = DECLARED_EVENTS[entry.impl]
    assert entry.timings == event.timings
    assert {attr: type_ for attr, type_ in entry.fields.values()} == event.fields


@pytest.mark.slow
@pytest.mark.parametrize("event", declared.EVENTS, ids=lambda e: e.name)
def test_every_declared_event_is_emitted_in_each_of_its_timings(event):
    found = emitted()
    assert [timing for timing in event.timings if (event.name, timing) not in found] == []


def test_emit_takes_a_declaration_and_refuses_a_timing_it_is_not_declared_with():
    table = make_table()
    with pytest.raises(ValueError, match="remove_forest is declared after, not before"):
        emit(table, declared.REMOVE_FOREST, "before", table.players[0])
    with pytest.raises(AttributeError):
        emit(table, "remove_forest", "after", table.players[0])


@pytest.mark.parametrize("good", declared.GOODS)
def test_a_good_taken_sets_off_what_gained_declares_once_a_piece(good, monkeypatch):
    """The compiler's loop check reads declared.GAINED for what `take N GOOD` sets off: the runtime emits that."""
    table = make_table()
    heard = []
    monkeypatch.setattr(goods, "emit", lambda _table, event, timing, _player: heard.append((event, timing)))
    goods.gain(table, table.players[0], good, 2)
    assert heard == ([(declared.GAINED[good], "after")] * 2 if good in declared.GAINED else [])


@pytest.mark.parametrize("good", declared.GOODS)
def test_a_good_returned_sets_off_what_returned_declares_once_a_piece(good, monkeypatch):
    """The reference's interactions read declared.RETURNED for what `return N GOOD` sets off: the runtime emits that."""
    table = make_table()
    table.players[0].supply[good] = 2
    heard = []
    monkeypatch.setattr(goods, "emit", lambda _table, event, timing, _player: heard.append((event, timing)))
    goods.pay(table, table.players[0], good, 2)
    assert heard == ([(declared.RETURNED[good], "after")] * 2 if good in declared.RETURNED else [])


def test_the_runtime_performs_exactly_the_declared_actions():
    assert sorted(ACTIONS) == sorted(action.name for action in declared.ACTIONS)


def test_every_action_a_card_can_take_is_declared():
    assert set(vocabulary.ACTIONS.values()) <= set(declared.ACTIONS)


def test_an_action_effect_causes_the_event_its_action_sets_off():
    """The reference's interactions and the loop check read `causes`: Serve Fish sets off serve fish, Build a
    Building build a building."""
    serve = next(e for e in vocabulary.EFFECTS if e.args == (declared.SERVE_FISH_ACTION.name,))
    build = next(e for e in vocabulary.EFFECTS if e.args == (declared.BUILD_BUILDING_ACTION.name,))
    assert (serve.causes, build.causes) == (("serve_fish",), ("build_building",))


def test_the_language_knows_the_declared_goods():
    assert vocabulary.GOODS == ("wood", "fish", "gold", "guest") == tuple(declared.GOODS)


def test_the_choice_helpers_exist():
    for helper in ("may", "choose_one", "up_to", "rule", "perform_action"):
        assert callable(getattr(library, helper))
