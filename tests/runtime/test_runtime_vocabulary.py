"""Every count, fact, effect, rule and event of the card language has its runtime counterpart."""

import re
from pathlib import Path

import pytest

import runtime
from compiler.checking import vocabulary
from runtime import library
from runtime.engine.actions import ACTIONS
from runtime.engine.play import RULE_DEFAULTS

RUNTIME = Path(runtime.__file__).parent
EMITTED = re.compile(r'emit\(\s*\w+(?:\.\w+)?,\s*"(\w+)",\s*"(\w+)"')


def emitted() -> set[tuple[str, str]]:
    return {match for path in RUNTIME.rglob("*.py") for match in EMITTED.findall(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("entry", vocabulary.COUNTS + vocabulary.FACTS + vocabulary.EFFECTS, ids=lambda e: e.impl)
def test_every_count_fact_and_effect_is_a_library_function(entry):
    assert callable(getattr(library, entry.impl, None)), entry.pattern


def test_every_action_an_effect_names_exists():
    assert set(vocabulary.ACTIONS.values()) <= set(ACTIONS)


@pytest.mark.parametrize("entry", vocabulary.RULES, ids=lambda e: e.impl)
def test_every_rule_parameter_has_a_default(entry):
    assert entry.impl in RULE_DEFAULTS


@pytest.mark.parametrize("entry", vocabulary.EVENTS, ids=lambda e: e.impl)
def test_every_event_is_emitted_in_each_of_its_timings(entry):
    found = emitted()
    for timing in entry.timings:
        assert (entry.impl, timing) in found, f"{entry.impl} {timing} is never emitted"


def test_the_choice_helpers_exist():
    for helper in ("may", "choose_one", "up_to", "rule", "perform_action"):
        assert callable(getattr(library, helper))
