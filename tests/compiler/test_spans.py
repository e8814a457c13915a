"""Spans end where their node ends, so text taken from the source never carries the next card.

Lark places a block's closing dedent at the start of the next line, which is often the next card's header;
a block statement, an ability, an example and a card end at their last part instead. Text spanning several
lines is sliced by columns, so a prompt shows exactly the statements asked about.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.docs import card_docs
from compiler.syntax import nodes as n

ROOT = Path(__file__).resolve().parents[2]
REAL = (ROOT / "cards.nus").read_text(encoding="utf-8")
HEADER = re.compile(r'\b(?:building|elder) "[^"]*" \(')


def compiled(text: str = REAL):
    result = compile_text(text, "cards.nus")
    assert result.diagnostics == ()
    return result


def card(name: str) -> n.Card:
    return next(c for c in compiled().program.cards if c.name == name)


def generated_strings(module: ast.Module) -> list[str]:
    return [node.value for node in ast.walk(module) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_no_prompt_or_ability_text_of_the_real_cards_contains_a_card_header() -> None:
    """Every string the generated cards carry: ability texts, may / choose one / up to prompts, example steps."""
    strings = generated_strings(compiled().module)
    assert len(strings) > 500
    assert [s for s in strings if HEADER.search(s)] == []


def test_no_english_text_of_the_real_cards_contains_a_card_header() -> None:
    docs = card_docs(compiled().program, REAL)
    assert len(docs) == 96
    assert [(doc.name, doc.text) for doc in docs if HEADER.search(doc.text)] == []


def test_a_prompt_over_a_nested_choice_is_that_choice_only() -> None:
    """Market's "you may" asks about its choose-one block (lines 80-82), not the Reserve Assets header after: its
    question is that block's English, and each option keeps its own source as an example's answer names it."""
    strings = generated_strings(compiled().module)
    options = (
        "exchange up to (empty building spaces) fish for wood",
        "exchange up to (empty building spaces) wood for fish",
    )
    assert set(options) <= set(strings)
    [question] = {text for text in strings if text.startswith("choose one: exchange fish")}  # the may's, the choice's
    assert question.endswith("empty Building spaces on your Harbor board")
    assert {text for text in strings if text.startswith("exchange up to (empty building spaces)")} == set(options)


def test_a_prompt_over_a_nested_may_ends_with_it() -> None:
    assert 'take a "Take an Elder" action; if you do, you may use the new Elder right away' in generated_strings(
        compiled().module
    )


def test_block_statements_abilities_and_cards_end_at_their_last_statement() -> None:
    market = card("Market")
    [ability] = market.abilities
    [may] = ability.body
    [choose] = may.body
    last_option_end = choose.options[-1][-1].span
    assert isinstance(may, n.May) and isinstance(choose, n.ChooseOne)
    last_option = "        - exchange up to (empty building spaces) wood for fish"
    end = (REAL.split("\n").index(last_option) + 1, len(last_option) + 1)
    assert (last_option_end.end_line, last_option_end.end_column) == end
    for node in (ability, may, choose):
        assert (node.span.end_line, node.span.end_column) == end, type(node).__name__
    last = market.examples[-1].steps[-1].span if market.examples else last_option_end
    assert (market.span.end_line, market.span.end_column) == (last.end_line, last.end_column)


@pytest.mark.parametrize(
    "block",
    [
        "    if elders > 1:\n      take 1 wood\n    else:\n      take 1 fish\n",
        "    up to 2 times:\n      take 1 wood\n",
        "    you may:\n      take 1 wood\n",
        "    choose one:\n      - take 1 wood\n      - take 1 fish\n",
    ],
    ids=["if-else", "up to", "may", "choose one"],
)
def test_a_block_before_the_next_card_ends_on_its_own_last_line(block: str) -> None:
    text = 'building "A" (trout A001)\n  cost none\n  vp 0\n  when built:\n' + block + '\nbuilding "B" (trout A002)\n'
    text += "  cost none\n  vp 0\n"
    [first, _] = compiled(text).program.cards
    statement = first.abilities[0].body[0]
    last_line = 4 + block.count("\n")
    assert statement.span.end_line == last_line
    assert first.span.end_line == last_line
    assert first.abilities[0].span.end_line == last_line


def test_an_example_ends_at_its_last_step() -> None:
    text = (
        'building "A" (trout A001)\n  cost none\n  vp 0\n  example "e":\n    given round = 2\n'
        "    expect round = 2\n\n"
        'building "B" (trout A002)\n  cost none\n  vp 0\n'
    )
    [first, _] = compiled(text).program.cards
    [example] = first.examples
    assert (example.span.line, example.span.end_line, example.span.end_column) == (4, 6, 21)
