"""A syntax error no longer hides every other error (issue 12, item 10): the parser recovers at the next card
header and reports the syntax errors of every broken card, each at its own line."""

from __future__ import annotations

from compiler import check_text, compile_text
from compiler.backends.format import format_text
from compiler.syntax import lalr, lark_parse, parse
from tests.kit.rulebook import ROOT
from tests.kit.stages import run_stages

CARD = 'building "{name}" (trout {code})\n  cost 1 wood\n  vp {vp}\n\n'


def test_every_broken_card_is_reported() -> None:
    text = (
        CARD.format(name="A", code="A613", vp="1 $")
        + CARD.format(name="B", code="A614", vp="1")
        + CARD.format(name="C", code="A615", vp="+")
        + 'example "top":\n  expect elders >=\n'
    )
    found = [(d.code, d.span.line, d.span.column) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0001", 3, 8), ("E0003", 11, 6), ("E0003", 14, 19)]


def test_layout_and_number_errors_recover_too() -> None:
    text = (
        CARD.format(name="A", code="A613", vp="³")
        + CARD.format(name="B", code="A614", vp="1").replace("  vp 1", "\tvp 1")
        + CARD.format(name="C", code="A615", vp="2")
    )
    found = [(d.code, d.span.line) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0008", 3), ("E0006", 7)]


def test_one_syntax_error_is_still_one_diagnostic() -> None:
    text = CARD.format(name="A", code="A613", vp="1") + CARD.format(name="B", code="A614", vp="(1")
    found = [(d.code, d.span.line) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0009", 7)]


def test_an_unclosed_parenthesis_is_one_diagnostic_and_the_next_cards_errors_still_show() -> None:
    """The open '(' swallows the line breaks after it; without care the next card header is blamed, and the
    card after it is blanked with its own error unseen."""
    text = (
        CARD.format(name="A", code="A613", vp="(forests + 2")
        + CARD.format(name="B", code="A614", vp="1")
        + CARD.format(name="C", code="A615", vp="+")
    )
    found = [(d.code, d.span.line, d.span.column, d.message) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0009", 3, 6, "'(' is never closed"), ("E0003", 11, 6, "unexpected '+'")]


def test_an_unclosed_bracket_is_reported_at_the_bracket_when_the_next_statement_runs_into_it() -> None:
    text = (
        'building "A" (trout A613)\n  cost 1 wood\n  vp by round [1-3: 1,\n    4+: 2\n  when built:\n'
        "    take 1 fish\n\n" + CARD.format(name="B", code="A614", vp="1 $")
    )
    found = [(d.code, d.span.line, d.span.column) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0009", 3, 15), ("E0001", 10, 8)]


def test_an_unclosed_parenthesis_in_the_last_card_is_reported_at_the_parenthesis() -> None:
    text = CARD.format(name="A", code="A613", vp="1 $") + CARD.format(name="B", code="A614", vp="(1 + 2")
    found = [(d.code, d.span.line, d.span.column) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0001", 3, 8), ("E0009", 7, 6)]


def test_an_error_on_a_continuation_line_inside_brackets_is_that_lines() -> None:
    """A line indented deeper than the one that opened the bracket continues the formula: its error is its own."""
    text = 'building "A" (trout A613)\n  cost 1 wood\n  vp (1 +\n      + 2)\n'
    found = [(d.code, d.span.line, d.span.column) for d in compile_text(text, "cards.nus").diagnostics]
    assert found == [("E0003", 4, 7)]


def diagnosed(text: str) -> list[tuple]:
    """The diagnostics of the card-by-card compile, which the whole-file compile and `nus check` give too."""
    found = compile_text(text, "cards.nus").diagnostics
    assert run_stages(text, "cards.nus").diagnostics == found
    assert check_text(text, "cards.nus", use_cache=False).diagnostics == found
    return [(d.code, d.span.line, d.span.column, d.message, d.help) for d in found]


def test_a_syntax_error_hides_no_checking_error_of_another_card() -> None:
    """Only the syntax error was reported while any card had one: fix it, and the other card's error appeared."""
    text = CARD.format(name="A", code="A613", vp="3 +") + CARD.format(name="B", code="A614", vp="1").replace(
        "cost 1 wood", "cost 1 wood\n  when built: take 2 wod"
    )
    assert diagnosed(text) == [
        ("E0003", 3, 9, "unexpected end of line", "expected '(', '-', 'by', number, word"),
        ("E0102", 7, 22, "unknown good 'wod'", "did you mean 'wood'?"),
    ]


def test_a_broken_card_keeps_its_name_for_the_file() -> None:
    """A card that does not parse still has the name its header gives: an example quoting it is no E0114, and a
    second card of that name is still a duplicate. An example that quotes a name no card has is still reported."""
    text = (
        CARD.format(name="A", code="A613", vp="3 +")
        + CARD.format(name="A", code="A614", vp="1")
        + 'example "top":\n  do put "A" in play\n  do put "Z" in play\n'
    )
    assert diagnosed(text) == [
        ("E0003", 3, 9, "unexpected end of line", "expected '(', '-', 'by', number, word"),
        ("E0112", 5, 10, "duplicate card name 'A'", "first used on line 1"),
        ("E0114", 11, 10, "no building named 'Z' in this file", "name a Building this file defines"),
    ]


def test_every_card_s_errors_sorted_each_once() -> None:
    text = (
        CARD.format(name="A", code="A613", vp="wood")
        + CARD.format(name="B", code="A614", vp="1 $")
        + CARD.format(name="C", code="A615", vp="2").replace("1 wood", "1 wod")
        + CARD.format(name="D", code="A616", vp="+")
    )
    assert [found[:3] for found in diagnosed(text)] == [
        ("E0103", 3, 6),
        ("E0001", 7, 8),
        ("E0102", 10, 10),
        ("E0003", 15, 6),
    ]


BROKEN = [
    'building "Nothing" (trout A693)\n\n' + CARD.format(name="Kiln", code="A698", vp="1"),
    CARD.format(name="A", code="A613", vp="(1 +") + CARD.format(name="B", code="A614", vp="1"),
    CARD.format(name="A", code="A613", vp="1").rstrip("\n")
    + "\n  when built:\n"
    + CARD.format(name="B", code="A614", vp="1"),
    CARD.format(name="A", code="A613", vp="1 $")
    + CARD.format(name="B", code="A614", vp="+")
    + CARD.format(name="C", code="A615", vp="1"),
]


def test_fmt_reports_the_syntax_errors_check_reports() -> None:
    """Each definition is parsed alone after an error, as the check does card by card: an error is said of the card
    it lies in, never of the next (a card with no lines made `nus fmt` blame every card after it)."""
    for text in BROKEN:
        checked = compile_text(text, "cards.nus").diagnostics
        formatted, errors = format_text(text, "cards.nus")
        assert formatted is None
        assert tuple(errors) == checked
        assert run_stages(text, "cards.nus").diagnostics == checked
    assert [(d.code, d.span.line) for d in compile_text(BROKEN[0], "cards.nus").diagnostics] == [("E0011", 1)]


def test_a_clean_file_is_parsed_once(monkeypatch) -> None:
    """Recovery costs nothing where there is nothing to recover from: one parse of the file, its AST kept."""
    runs: list[str] = []
    plain = lalr.parse
    monkeypatch.setattr(lalr, "parse", lambda text, *rest: runs.append(text) or plain(text, *rest))
    monkeypatch.setattr(lark_parse.ParseRun, "program", lambda run, builder: runs.append(run.text))
    recovered = parse.parse_recovering((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus")
    assert recovered.errors == () and recovered.program is not None
    assert len(runs) == 1
