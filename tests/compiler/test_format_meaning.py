"""`nus fmt` keeps meaning (issue 12, item 9): expressions with every operator nested in every position, and
comments in every place a comment may stand, including inside multi-line [...] tables, survive formatting:
the canonical text parses to the same AST, formats to itself, and keeps every comment in order."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.backends.docs import card_notes
from compiler.backends.format import format_text
from compiler.syntax.nodes import Program
from compiler.syntax.parse import parse

LEAVES = st.sampled_from(["0", "3", "12", "fish in reserve", "elders", "round", "haul size", "goods in supply"])
COMPARISONS = [">=", "<=", "=", "!=", ">", "<"]


def ast_of(text: str) -> Program:
    program, diagnostics = parse(text, "cards.nus")
    assert diagnostics == [] and program is not None, (text, diagnostics)
    return program


def formatted(text: str) -> str:
    result, diagnostics = format_text(text, "cards.nus")
    assert diagnostics == [], (text, diagnostics)
    assert result is not None
    return result


def notes_of(text: str) -> list[list[tuple[str, str]]]:
    """Each card's notes as the reference shows them, without their lines, which move."""
    return [[(note.kind, note.text) for note in found] for found in card_notes(ast_of(text), text)]


BINARY = ["{} + {}", "{} - {}", "{} * {}", "{} / {} rounded up", "{} / {} rounded down", "{} capped at {}"]


@st.composite
def expressions(draw, depth: int = 3) -> str:
    """Every numeric operator, a table and a parenthesised condition, nested up to `depth`, fully parenthesised
    so the source says exactly which tree it means."""
    shape = draw(st.integers(0, 9)) if depth > 0 else 0
    if shape == 0:
        return draw(LEAVES)
    if shape <= 6:
        return (
            "(" + draw(st.sampled_from(BINARY)).format(draw(expressions(depth - 1)), draw(expressions(depth - 1))) + ")"
        )
    if shape == 7:
        return f"(-{draw(expressions(depth - 1))})"
    if shape == 8:
        key, one, two = (draw(expressions(depth - 1)) for _ in range(3))
        return f"(by {key} [1: {one}, 2-3: {two}, else: 0])"
    return f"({draw(conditions(depth - 1))})"


@st.composite
def conditions(draw, depth: int = 2) -> str:
    shape = draw(st.integers(0, 4)) if depth > 0 else 0
    if shape == 0:
        left, right = draw(expressions(min(depth, 2))), draw(expressions(min(depth, 2)))
        return f"{left} {draw(st.sampled_from(COMPARISONS))} {right}"
    inner = [draw(conditions(depth - 1)) for _ in range(2)]
    return [
        f"({inner[0]}) and ({inner[1]})",
        f"({inner[0]}) or ({inner[1]})",
        f"not ({inner[0]})",
        f"({inner[0]}) or ({inner[1]}) or ({inner[0]})",
    ][shape - 1]


EXPRESSIONS = expressions()
CONDITIONS = conditions()
NOTE = st.text("abc xyz[],:()", max_size=8).map(lambda t: "# " + t)


@st.composite
def cards_with_expressions(draw) -> str:
    value, amount, times, key, row = (draw(EXPRESSIONS) for _ in range(5))
    condition = draw(CONDITIONS)
    note = draw(NOTE)
    return (
        f'building "X" (trout A613)  {note}\n'
        f"  cost 1 wood\n"
        f"  vp {value}\n"
        f"  {draw(NOTE)}\n"
        f"  requires {condition}  {draw(NOTE)}\n"
        f"  rule wood limit = {row}\n"
        f"  when built, if {draw(CONDITIONS)}:\n"
        f"    let x = {key}  {draw(NOTE)}\n"
        f"    take ({amount}) wood\n"
        f"    up to ({times}) times: take 1 fish\n"
        f"    if {draw(CONDITIONS)}: take 1 gold\n"
        f"    else:  {draw(NOTE)}\n"
        f"      {draw(NOTE)}\n"
        f"      take 2 gold\n"
        f'  example "e":  {draw(NOTE)}\n'
        f"    given elders = {draw(EXPRESSIONS)}\n"
        f"    expect {draw(CONDITIONS)}\n"
        f"{draw(NOTE)}\n"
    )


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(cards_with_expressions())
def test_every_operator_nested_anywhere_keeps_its_meaning(text: str) -> None:
    once = formatted(text)
    assert ast_of(once) == ast_of(text)
    assert formatted(once) == once
    assert [c.rstrip() for c in re.findall(r"#.*", text)] == re.findall(r"#.*", once)
    assert notes_of(once) == notes_of(text)


@st.composite
def multi_line_tables(draw) -> str:
    """A table written over several lines, with comments after rows and on lines of their own."""
    rows = draw(st.lists(st.sampled_from(["1: 2", "2: 3", "3-4: 5", "5+: 7"]), min_size=1, max_size=4, unique=True))
    lines = []
    for index, row in enumerate([*rows, "else: 0"]):
        end = "]" if index == len(rows) else ","
        lines.append(f"      {row}{end}" + (f"  {draw(NOTE)}" if draw(st.booleans()) else ""))
        if draw(st.booleans()) and index < len(rows):
            lines.append(f"      {draw(NOTE)}")
    opening = "[" + (f"  {draw(NOTE)}" if draw(st.booleans()) else "")
    return (
        'building "T" (trout A613)\n  cost 1 wood\n'
        f"  vp by fish in reserve {opening}\n" + "\n".join(lines) + "\n  when built:\n    take 1 wood\n"
    )


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(multi_line_tables())
def test_comments_inside_multi_line_tables_are_kept(text: str) -> None:
    once = formatted(text)
    assert ast_of(once) == ast_of(text)
    assert formatted(once) == once
    assert [c.rstrip() for c in re.findall(r"#.*", text)] == re.findall(r"#.*", once)
    assert notes_of(once) == notes_of(text)


def test_capped_at_inside_capped_at_keeps_its_parentheses() -> None:
    text = 'building "X" (trout A613)\n  cost 1 wood\n  vp (fish in reserve capped at 3) capped at 2\n'
    assert formatted(text) == text
    nested = text.replace("(fish in reserve capped at 3) capped at 2", "2 capped at (fish in reserve capped at 3)")
    assert formatted(nested) == nested


def test_a_table_row_comment_is_kept_on_its_own_line() -> None:
    text = (
        'building "T" (trout A613)\n  cost 1 wood\n  vp by fish in reserve [\n'
        "      5: 5,  # five\n      8+: 9]  # most\n  rule wood limit = 13\n"
    )
    assert formatted(text) == (
        'building "T" (trout A613)\n  cost 1 wood\n  vp by fish in reserve [5: 5, 8+: 9]\n  # five\n  # most\n'
        "  rule wood limit = 13\n"
    )
