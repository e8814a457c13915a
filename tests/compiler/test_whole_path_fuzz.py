"""Fuzzing the whole path (issue 12, item 11): well-typed cards generated from the grammar's shapes and the
vocabulary's entries, kept when they check clean, compiled, put in play and played in seeded 2-player games with
every real card: no traceback, and no supply, reserve or card ever holds a negative number of goods.

CI runs NUS_WHOLE_PATH_EXAMPLES (default 150) cards; a long run (-s shows the counts; a hypothesis seed fixes the
cards, so runs with different seeds split the work):
    NUS_WHOLE_PATH_EXAMPLES=100000 python -m pytest tests/compiler/test_whole_path_fuzz.py -s --hypothesis-seed=1"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from compiler import compile_text, load_cards
from compiler.checking import vocabulary as vocab
from runtime.core.rules_in_force import rule
from runtime.game.phases import final_scores, play_round
from runtime.game.setup import new_table
from runtime.mechanics.board import free_cells
from runtime.model.cards import CardError
from tests.kit.table_kit import every_card, put_in_play

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("NUS_WHOLE_PATH_EXAMPLES", "150"))
AMOUNTS = ["1", "2", "3", "(elders)", "(round capped at 3)", "(fish in supply / 2 rounded down)", "(forests - 1)"]
VALUES = [
    "1",
    "3",
    "elders",
    "forests capped at 4",
    "by round [1-3: 1, 4+: 2, else: 0]",
    "goods in supply / 3 rounded up",
]
CONDITIONS = ["elders >= 1", "fish in supply < 5", "round = 2 or forests > 1", "not (wood in supply >= 3)"]
EFFECTS = [
    e
    for e in vocab.EFFECTS
    if not e.example_only and all(not (isinstance(x, vocab.Slot) and x.type == "name") for x in e.elements)
]
AFTER_EVENTS = [e for e in vocab.EVENTS if "after" in e.timings]
MOMENTS = [e for e in vocab.EVENTS if "at" in e.timings]
OUTCOMES: Counter[str] = Counter()


@st.composite
def phrases(draw, entry: vocab.Entry) -> str:
    words = []
    for element in entry.pattern.split():
        if not element.startswith("{"):
            words.append(element)
            continue
        name, _, type_ = element.strip("{}").partition(":")
        type_ = type_ or name
        words.append(
            draw(st.sampled_from(AMOUNTS)) if type_ == "amount" else draw(st.sampled_from(vocab.WORD_SLOTS[type_]))
        )
    return " ".join(words)


@st.composite
def triggers(draw) -> str:
    kind = draw(st.integers(0, 3))
    guard = f", if {draw(st.sampled_from(CONDITIONS))}" if draw(st.booleans()) else ""
    if kind == 0:
        return f"when built{guard}"
    if kind == 1:
        return f"at {draw(st.sampled_from(MOMENTS)).pattern}{guard}"
    actor = draw(st.sampled_from(["you", "any player"]))
    return f"each time after {actor} {draw(st.sampled_from(AFTER_EVENTS)).pattern}{guard}"


@st.composite
def bodies(draw) -> list[str]:
    effects = [draw(phrases(draw(st.sampled_from(EFFECTS)))) for _ in range(draw(st.integers(1, 3)))]
    shape = draw(st.integers(0, 3))
    if shape == 1:
        return ["you may: " + ", ".join(effects)]
    if shape == 2 and len(effects) > 1:
        return ["choose one:", *(f"  - {effect}" for effect in effects)]
    if shape == 3:
        return [f"if {draw(st.sampled_from(CONDITIONS))}: {effects[0]}", *effects[1:]]
    return effects


@st.composite
def cards(draw) -> str:
    lines = [
        'building "Fuzzed" (trout A999)',
        f"  cost {draw(st.integers(0, 3))} {draw(st.sampled_from(vocab.GOODS[:3]))}",
        f"  vp {draw(st.sampled_from(VALUES))}",
    ]
    for _ in range(draw(st.integers(1, 2))):
        lines.append(f"  {draw(triggers())}:")
        lines += [f"    {line}" for line in draw(bodies())]
    return "\n".join(lines) + "\n"


def assert_nothing_negative(table) -> None:
    for player in table.players:
        assert min(player.supply.values()) >= 0 and min(player.reserve.values()) >= 0, player.supply
        for card in player.buildings:
            assert min(card.goods.values()) >= 0, (card.name, card.goods)


@pytest.fixture(scope="module", autouse=True)
def outcome_summary():
    """The counts a long run's record needs (docs/proving.md), printed after the run (shown with -s)."""
    OUTCOMES.clear()
    yield
    print(
        f"\nwhole-path fuzz: {OUTCOMES['generated']} cards generated, {OUTCOMES['refused']} refused by the checker,"
        f" {OUTCOMES['played']} compiled and played in a 2-player game to the end,"
        f" {OUTCOMES['stopped']} stopped by the run-time loop guard (CardError)"
    )


@settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(text=cards(), seed=st.integers(0, 2**16))
@example(  # found by a long run: the payment's returned Guest sets off a build of the very card being built
    text='building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  each time after any player return a guest:\n'
    "    build a building\n  when built:\n    buy all shares\n",
    seed=40244,
)
@example(  # found by a long run: a hook that reforests after each Forest removed kept "remove all forests" going
    text='building "Fuzzed" (trout A999)\n  cost 3 wood\n  vp elders\n  each time after you remove a forest:\n'
    "    if fish in supply < 5: thin out\n    put a guest on each of up to (elders) visible elders\n    reforest\n"
    "  at scoring:\n    choose one:\n      - remove all forests\n      - remove a forest\n      - transfer reserve\n",
    seed=19,
)
def test_generated_cards_that_check_clean_play_clean(text: str, seed: int) -> None:
    OUTCOMES["generated"] += 1
    compiled = compile_text(text, "fuzz.nus")
    if compiled.diagnostics:  # a well-formed card the checker refuses is fine; it only must not reach play
        assert compiled.module is None
        OUTCOMES["refused"] += 1
        return
    [spec] = load_cards(text, "fuzz.nus")
    table = new_table(2, every_card(), seed=seed)
    table.round = 1
    cells = free_cells(table, table.players[0])
    try:
        put_in_play(table, table.players[0], spec, cell=cells[0])
        while table.round < rule(table, None, "rounds"):
            play_round(table)
        final_scores(table)
    except CardError:
        OUTCOMES["stopped"] += 1
        return  # a loop behind a guard: stopped with the card and line, by design
    assert_nothing_negative(table)
    OUTCOMES["played"] += 1
