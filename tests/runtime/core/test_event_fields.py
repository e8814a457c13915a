"""An event's fields are read only where the runtime carries them (issue 36 §1): `ships left of built type` before a
Ship is built checked clean and crashed every game with an AttributeError. The declaration says which timing
carries which field; the checker refuses the rest with a hint, and every emit carries exactly what is declared."""

from __future__ import annotations

import pytest

from compiler import compile_text
from compiler.checking import vocabulary as vocab
from runtime.core import events
from runtime.model.declarations import EVENTS, Timing
from tests.fuzz.cards import Generated
from tests.fuzz.games import NAME, play_card

BEFORE_BUILD = """building "Counter" (trout A901)
  cost none
  vp 1
  each time before you build a ship, if ships left of built type >= 1:
    take 1 wood
"""


def test_a_field_at_a_timing_that_does_not_carry_it_is_refused_with_a_hint() -> None:
    (found,) = compile_text(BEFORE_BUILD, "counter.nus").diagnostics
    assert (found.code, found.message) == (
        "E0306",
        "'ships left of built type' is known only after 'build a ship'",
    )
    assert found.help == "read it in 'each time after ... build a ship:'"
    assert (found.span.line, found.span.column) == (4, 41)
    assert compile_text(BEFORE_BUILD.replace("before", "after"), "counter.nus").diagnostics == ()


@pytest.mark.parametrize("event", [e for e in vocab.EVENTS if e.fields], ids=lambda e: e.pattern)
def test_the_checker_and_the_runtime_declaration_agree_on_each_timing(event: vocab.Event) -> None:
    declared = next(e for e in EVENTS if e.name == event.impl)
    for timing in event.timings:
        assert {attr for attr, _ in event.fields_at(timing).values()} == set(declared.fields_at(timing))


def hook_everything() -> str:
    """A card hearing every event at every timing it has, whoever sets it off."""
    hooks = [
        f"  each time {timing} any player {event.pattern}:\n    take 1 fish\n"
        if timing is not Timing.AT
        else f"  at {event.pattern}:\n    take 1 fish\n"
        for event in vocab.EVENTS
        for timing in event.timings
    ]
    # an effect that stands for an action sets its events off as the action does (the 100,000-card run's one traceback
    # on a48d3d0: `count as a build a ship action` left out what the build paid)
    hooks.append("  at any time:\n    count as a build a ship action\n")
    return f'building "{NAME}" (trout A999)\n  cost none\n  vp 1\n' + "".join(hooks)


def test_every_emit_carries_exactly_the_fields_declared_at_its_timing(monkeypatch) -> None:
    """Seeded games with a card hearing everything: each event a card hears carries the fields its declaration gives
    at that timing, no more and no fewer; every event with fields is heard at each of its timings."""
    carried: dict[tuple[str, str], set[frozenset[str]]] = {}
    made = events.Event.__init__

    def recording(self, name, timing, player, fields) -> None:
        carried.setdefault((name, timing), set()).add(frozenset(fields))
        made(self, name, timing, player, fields)

    monkeypatch.setattr(events.Event, "__init__", recording)
    outcomes = {
        play_card(Generated(hook_everything(), players, "building"), seed).kind
        for seed, players in ((seed, 2 + seed % 4) for seed in range(8))
    }
    assert outcomes == {"played"}
    for declared in EVENTS:
        for timing in declared.timings:
            seen = carried.get((declared.name, timing))
            if declared.fields:
                assert seen, f"{declared.name} {timing} never heard"
            if seen:
                assert seen == {frozenset(declared.fields_at(timing))}, (declared.name, timing)
