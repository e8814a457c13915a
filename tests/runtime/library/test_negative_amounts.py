"""What a negative or zero amount means, for every effect and payment of the vocabulary (issue 12, item 7).

Decision (docs/card-language.md): an amount written as a constant below 0 is a diagnostic (E0206), a constant division
by 0 too (E0207); at run time an amount below 0 counts as 0 and a division by 0 gives 0. So every effect given an
amount that comes out negative leaves the table exactly as the same effect given 0, and 0 creates nothing from
nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler import compile_text, load_cards, load_examples
from compiler.checking import vocabulary as vocab
from runtime.core.decisions import RandomPlayer, ScriptError
from runtime.examples import example_table
from runtime.model.cards import Context
from runtime.model.state import IllegalAction
from tests.kit.table_kit import picture

SETUP = "wood in supply = 6, fish in supply = 6, gold in supply = 6, guest in supply = 2, elders = 2, sloops = 1"
FILL = {"good": "wood", "give": "wood", "get": "fish"}
# 0 at the example table's Round 1, worked out from the table: a literal 0 where 0 does nothing is E0208
ZERO = "(round - 1)"


def with_amount(entry: vocab.Entry, amount: str) -> str:
    words = []
    for element in entry.pattern.split():
        if element.startswith("{"):
            name, _, type_ = element.strip("{}").partition(":")
            words.append(amount if (type_ or name) == "amount" else FILL.get(name, "wood"))
        else:
            words.append(element)
    return " ".join(words)


def has_amount(entry: vocab.Entry) -> bool:
    return any(isinstance(e, vocab.Slot) and e.type == "amount" for e in entry.elements)


AMOUNT_EFFECTS = [entry for entry in vocab.EFFECTS if has_amount(entry)]
AMOUNT_PAYMENTS = [entry for entry in vocab.PAYMENTS if has_amount(entry)]


def probe(effect: str) -> str:
    return (
        f'building "Probe" (trout A900)\n  cost none\n  vp 1\n  example "probe":\n    given {SETUP}\n    do {effect}\n'
    )


def outcome(effect: str, seed: int) -> tuple[str, list[str], str]:
    """The table, its log and how the effect ended, after the effect runs once on a stocked table."""
    text = probe(effect)
    specs = load_cards(text, "probe.nus")
    [example] = load_examples(text, "probe.nus")
    table, ctx = example_table(example, specs)
    table.session.decider = RandomPlayer(seed)
    given_step, do_step = example.steps
    given_step.run(ctx)
    try:
        do_step.run(Context(table, ctx.me, ctx.card))
        ended = "done"
    except (IllegalAction, ScriptError) as error:
        ended = f"{type(error).__name__}: {error}"
    return picture(table), table.log, ended


def test_every_effect_with_an_amount_is_covered() -> None:
    assert {e.impl for e in AMOUNT_EFFECTS} >= {"take", "give_back", "put_on_card", "move_to_card", "exchange"}
    assert len(AMOUNT_EFFECTS) == sum(has_amount(e) for e in vocab.EFFECTS)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(entry=st.sampled_from(AMOUNT_EFFECTS), below=st.integers(1, 998), seed=st.integers(0, 2**16))
def test_a_negative_amount_does_what_0_does(entry: vocab.Entry, below: int, seed: int) -> None:
    """`(round - k)` is -k+1 in round 1: whatever it is, the table ends as it does with 0."""
    negative = outcome(with_amount(entry, f"(round - {below + 1})"), seed)
    zero = outcome(with_amount(entry, ZERO), seed)
    assert negative == zero


@pytest.mark.parametrize("entry", AMOUNT_EFFECTS, ids=lambda e: e.pattern)
def test_an_amount_of_0_creates_nothing(entry: vocab.Entry) -> None:
    """With 0, nothing moves: every supply, reserve, card and space is as before (serving up to 0 fish is refused,
    as serving nothing is no Serve Fish action; distributing 0 fish is logged and moves none)."""
    before = outcome(f"take {ZERO} wood", 0)[0]
    after, _, _ = outcome(with_amount(entry, ZERO), 0)
    assert after == before


@pytest.mark.parametrize("entry", AMOUNT_PAYMENTS, ids=lambda e: e.pattern)
def test_a_negative_cost_costs_0(entry: vocab.Entry) -> None:
    text = f'building "Probe" (trout A900)\n  cost {with_amount(entry, "(round - 9)")}\n  vp 1\n'
    [spec] = load_cards(text, "probe.nus")
    table, ctx = example_table(load_examples(probe(f"take {ZERO} wood"), "probe.nus")[0], [spec])
    [option] = spec.costs(Context(table, ctx.me, None))
    assert [part[1] for part in option.parts] == [0]


@pytest.mark.parametrize(
    ("amount", "code", "message"),
    [
        ("(0 - 3)", "E0206", "this amount is always -3"),
        ("(-2 * 5 capped at 4)", "E0206", "this amount is always -10"),
        ("(3 / 0 rounded up)", "E0207", "division by 0"),
    ],
)
def test_constant_negative_amounts_and_divisions_by_0_are_diagnostics(amount: str, code: str, message: str) -> None:
    text = f'building "X" (trout A900)\n  cost 1 wood\n  vp 1\n  when built:\n    put {amount} wood on this building\n'
    [found] = compile_text(text, "x.nus").diagnostics
    assert (found.code, found.message, found.span.line) == (code, message, 5)


def test_a_constant_division_by_0_in_vp_is_a_diagnostic() -> None:
    [found] = compile_text('building "X" (trout A900)\n  cost 1 wood\n  vp 3 / 0 rounded up\n', "x.nus").diagnostics
    assert (found.code, found.span.line, found.span.column, found.span.end_column) == ("E0207", 3, 10, 11)


def test_up_to_a_negative_count_is_a_diagnostic_when_constant() -> None:
    text = 'building "X" (trout A900)\n  cost 1 wood\n  vp 1\n  when built:\n    up to (1 - 2) times: take 1 wood\n'
    [found] = compile_text(text, "x.nus").diagnostics
    assert (found.code, found.message) == ("E0206", "this amount is always -1")
