"""A hook whose effect sets off its own event (issue 12, item 6): a diagnostic with both lines where the language
shows it, and a clear error naming the card and line, never a RecursionError, where it hides behind a guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import compile_text
from compiler.cli import main

HEAD = 'building "{name}" (trout {code})\n  cost none\n  vp 1\n'
SELF = (
    HEAD.format(name="Looper", code="A613")
    + "  each time after you build a ship:\n    count as a build a ship action\n"
)


def codes(text: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.span.line, d.help) for d in compile_text(text, "cards.nus").diagnostics]


def test_a_hook_that_causes_its_own_event_is_a_diagnostic_with_both_lines() -> None:
    [found] = compile_text(SELF, "cards.nus").diagnostics
    assert (found.code, found.message) == ("E0310", "this ability sets itself off without end")
    assert (found.span.line, found.span.column, found.span.end_column) == (4, 3, 35)
    assert found.help == (
        'line 4 "each time after you build a ship" (Looper), line 5 "count as a build a ship action" -> line 4 again; '
        "guard the hook or change the effect"
    )


def test_a_loop_through_two_cards_names_every_line() -> None:
    text = (
        HEAD.format(name="Ships", code="A613")
        + "  each time after any player builds a ship:\n    serve fish\n"
        + HEAD.format(name="Serves", code="A614")
        + "  each time before you serve fish:\n    take 1 wood, build a ship\n"
    )
    [found] = compile_text(text, "cards.nus").diagnostics
    assert (found.code, found.message, found.span.line) == (
        "E0310",
        "these abilities set each other off without end",
        4,
    )
    assert found.help == (
        'line 4 "each time after any player build a ship" (Ships), line 5 "serve fish" -> '
        'line 9 "each time before you serve fish" (Serves), line 10 "build a ship" -> line 4 again; '
        "guard the hook or change the effect"
    )


def test_taking_the_good_whose_coming_sets_off_the_hook_is_a_loop() -> None:
    """A Guest taken from the general supply (which never runs out) places a new Guest in the supply: the hook on
    that event which takes a Guest runs without end (declarations.GAINED)."""
    text = (
        HEAD.format(name="Guest Loop", code="A691")
        + "  each time after you place a new guest in supply: take 1 guest\n"
    )
    [found] = compile_text(text, "cards.nus").diagnostics
    assert (found.code, found.message, found.span.line, found.span.column, found.span.end_column) == (
        "E0310",
        "this ability sets itself off without end",
        4,
        3,
        50,
    )
    assert found.help == (
        'line 4 "each time after you place a new guest in supply" (Guest Loop), line 4 "take N GOOD" -> line 4 '
        "again; guard the hook or change the effect"
    )


@pytest.mark.parametrize(
    "hook",
    [
        "  each time after you place a new guest in supply:\n    take 2 wood\n",
        "  each time after you build a ship, if wood in supply >= 3:\n    count as a build a ship action\n",
        "  each time after you build a ship:\n    you may: count as a build a ship action\n",
        "  each time after you serve fish:\n    count as a build a ship action\n",
    ],
)
def test_guarded_chosen_or_unrelated_effects_are_not_loops(hook: str) -> None:
    assert codes(HEAD.format(name="Maybe", code="A613") + hook) == []


def test_the_real_cards_have_no_loop() -> None:
    text = (Path(__file__).resolve().parents[2] / "cards.nus").read_text(encoding="utf-8")
    assert [d for d in compile_text(text, "cards.nus").diagnostics if d.code == "E0310"] == []


HIDDEN = (
    HEAD.format(name="Hidden Loop", code="A613")
    + "  each time after you build a ship, if wood in supply >= 0:\n    count as a build a ship action\n"
    + '  example "it never ends":\n    given wood in supply = 10\n    do build a ship\n    answer sloop\n'
)


def test_a_loop_behind_a_guard_stops_with_the_card_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.nus"
    path.write_text(HIDDEN, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert main(["test", str(path)]) == 1
    out = capsys.readouterr().out
    assert f'{path}:6: FAILED card "Hidden Loop": it never ends' in out
    assert (
        f'line 8: do build a ship: {path}:4: card "Hidden Loop" sets itself off without end '
        '("each time after you build a ship, if wood in supply >= 0" kept setting itself off until 40 abilities ran '
        "inside one another); its effect must not cause the event it waits for"
    ) in out
    assert "RecursionError" not in out
