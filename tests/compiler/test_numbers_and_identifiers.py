"""Numbers and identifiers from a card file: huge or non-ASCII numbers are diagnostics, and every name that reaches
generated Python is ASCII, so the written cards.py means what `check` and `test` ran (issue 12, items 3 and 8)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler import compile_text, python_text
from compiler.backends.format import format_text
from compiler.backends.generate import identifier_part, local_name
from compiler.cli import main

CARD = 'building "X" (trout {code})\n  cost 1 wood\n  vp {vp}\n'


def only_diagnostic(text: str):
    compiled = compile_text(text, "cards.nus")
    assert compiled.module is None
    assert len(compiled.diagnostics) == 1, compiled.diagnostics
    return compiled.diagnostics[0]


def test_a_5000_digit_number_is_a_diagnostic_not_a_traceback() -> None:
    found = only_diagnostic(CARD.format(code="A613", vp="9" * 5000))
    assert (found.code, found.message) == ("E0204", "a number of 5000 digits is too large")
    assert (found.span.line, found.span.column, found.span.end_column) == (3, 6, 5006)
    assert found.help == "numbers go up to 1000"


def test_ten_digits_stop_at_the_parser_nine_reach_the_checker() -> None:
    assert only_diagnostic(CARD.format(code="A613", vp="1" * 10)).message == "a number of 10 digits is too large"
    assert only_diagnostic(CARD.format(code="A613", vp="1" * 9)).message == "111111111 is too large"


@pytest.mark.parametrize(
    ("vp", "char", "column"), [("³", "³", 6), ("1 + ６", "６", 10), ("fish in reserve capped at ２", "２", 32)]
)
def test_non_ascii_digits_are_a_diagnostic(vp: str, char: str, column: int) -> None:
    found = only_diagnostic(CARD.format(code="A613", vp=vp))
    assert found.code == "E0008"
    assert found.message == f"non-ASCII digit {char!r} (U+{ord(char):04X})"
    assert (found.span.line, found.span.column) == (3, column)
    assert found.help == "write digits as 0-9"


def test_a_fullwidth_code_is_rejected_next_to_its_ascii_twin() -> None:
    text = CARD.format(code="A613", vp=1) + CARD.format(code="A６１３", vp=2).replace('"X"', '"Y"')
    found = only_diagnostic(text)
    assert (found.code, found.span.line, found.span.column) == ("E0008", 4, 22)


def test_digits_inside_names_and_comments_are_text() -> None:
    text = 'building "Fish ３ ³" (trout A613)  # costs ⁴\n  cost 1 wood\n  vp 1\n'
    assert compile_text(text, "cards.nus").diagnostics == ()


@pytest.mark.parametrize("command", ["check", "build", "fmt"])
def test_huge_and_superscript_numbers_exit_1_with_a_diagnostic(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for vp in ("9" * 5000, "³"):
        path = tmp_path / "cards.nus"
        path.write_text(CARD.format(code="A613", vp=vp), encoding="utf-8")
        extra = ["-o", str(tmp_path / "out")] if command == "build" else []
        assert main([command, str(path), *extra]) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert ("error[E0204]" if vp != "³" else "error[E0008]") in err
    assert not (tmp_path / "out").exists()


def test_format_refuses_superscripts_rather_than_printing_them_back() -> None:
    formatted, diagnostics = format_text(CARD.format(code="A613", vp="³"), "cards.nus")
    assert formatted is None
    assert [d.code for d in diagnostics] == ["E0008"]


def test_identifier_parts_are_ascii_and_never_collide() -> None:
    words = ["a-b", "a_b", "a'b", "ab", "a_2d_b", "ﬁsh", "fish", "A613", "besøkende"]
    parts = [identifier_part(word) for word in words]
    assert len(set(parts)) == len(words)
    assert all(part.isascii() and part.isidentifier() for part in parts)
    assert identifier_part("A613") == "A613"
    assert local_name("a-b") == "local_a_2d_b"


def test_locals_that_differ_only_in_punctuation_stay_two_variables() -> None:
    text = (
        'building "X" (trout A613)\n  cost 1 wood\n  vp 1\n  when built:\n'
        "    let a-b = 2\n    let a_b = 5\n    take (a-b) wood\n"
    )
    compiled = compile_text(text, "cards.nus")
    source = python_text(compiled.module, "cards.nus")
    assert source.isascii()
    namespace: dict = {}
    exec(compile(ast.parse(source), "cards.py", "exec"), namespace)  # the written file, re-read as text
    assert "local_a_2d_b = 2" in source and "local_a_5f_b = 5" in source
    assert "rt.take(ctx, rt.amount(ctx, local_a_2d_b), 'wood')" in source
