"""A hook cycle the checker can see but its guards or choices may end (issue 36 §1, "the checker warns where it can
see the cycle"): a warning, with the error's place, caret and hint, that stops nothing. `nus check` prints it and
exits 0, `nus build` writes its files, the language server shows it as a warning (tests/compiler/test_lsp.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.cli import main

BRANCHING = (
    'building "Branching" (trout A613)\n  cost none\n  vp 1\n  each time before any player deforest:\n'
    "    up to (haul size) times: take an extra turn, deforest\n"
)
HELP = (
    'line 4 "each time before any player deforest" (Branching), line 5 "deforest" -> line 4 again; make sure a '
    "condition or choice ends it"
)


def test_a_cycle_through_a_repeat_is_a_warning_not_an_error() -> None:
    compiled = compile_text(BRANCHING, "cards.nus")
    assert compiled.diagnostics == () and compiled.module is not None
    [warning] = compiled.warnings
    assert (warning.code, warning.severity, warning.message) == (
        "W0310",
        "warning",
        "this ability may set itself off without end",
    )
    assert (warning.span.line, warning.span.column, warning.help) == (4, 3, HELP)


@pytest.mark.parametrize(
    "hook",
    [
        "  each time after you build a ship, if wood in supply >= 3:\n    count as a build a ship action\n",
        "  each time after you build a ship:\n    you may: count as a build a ship action\n",
        "  each time after you build a ship:\n    choose one:\n      - count as a build a ship action\n"
        "      - take 1 wood\n",
        "  each time after you build a ship:\n    if round > 2: count as a build a ship action\n",
    ],
    ids=["guard", "you may", "choose one", "if"],
)
def test_a_guard_or_a_choice_on_the_way_makes_a_loop_a_warning(hook: str) -> None:
    compiled = compile_text('building "Maybe" (trout A613)\n  cost none\n  vp 1\n' + hook, "cards.nus")
    assert compiled.diagnostics == ()
    assert [(w.code, w.span.line) for w in compiled.warnings] == [("W0310", 4)]


def test_an_unconditional_loop_stays_an_error_without_a_second_warning() -> None:
    compiled = compile_text(BRANCHING + "    deforest\n", "cards.nus")
    assert [d.code for d in compiled.diagnostics] == ["E0310"] and compiled.warnings == ()


def test_the_real_cards_have_no_warning() -> None:
    text = (Path(__file__).resolve().parents[2] / "cards.nus").read_text(encoding="utf-8")
    assert compile_text(text, "cards.nus").warnings == ()


def test_nus_check_prints_it_with_its_place_caret_and_hint_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.nus"
    path.write_text(BRANCHING, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"{path}:4:3: warning[W0310]: this ability may set itself off without end",
        "  |",
        "4 |   each time before any player deforest:",
        "  |   " + "^" * len("each time before any player deforest"),
        f"help: {HELP}",
        f"{path}: 1 warning",
    ]
    assert out == f"{path}: 1 card, no errors\n"
    assert main(["check", "--output-format", "json", str(path)]) == 0
    [record] = json.loads(capsys.readouterr().out)
    assert (record["severity"], record["code"], record["line"]) == ("warning", "W0310", 4)


def test_nus_build_proceeds_and_shows_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.nus"
    path.write_text(BRANCHING, encoding="utf-8")
    assert main(["build", str(path), "-o", str(tmp_path / "build")]) == 0
    assert (tmp_path / "build" / "cards.py").is_file()
    assert "warning[W0310]: this ability may set itself off without end" in capsys.readouterr().err
