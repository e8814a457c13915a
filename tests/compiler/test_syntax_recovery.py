"""A syntax error no longer hides every other error (issue 12, item 10): the parser recovers at the next card
header and reports the syntax errors of every broken card, each at its own line."""

from __future__ import annotations

from compiler.load import compile_text

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
    assert found == [("E0003", 7)]
