"""`nus fmt`: the canonical layout parses to the same AST, is stable, and keeps every comment."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.backends.docs import card_notes
from compiler.backends.format import format_text
from compiler.cli import main
from compiler.syntax.nodes import Program
from compiler.syntax.parse import parse

ROOT = Path(__file__).resolve().parents[2]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")
BLOCKS = re.findall(r'^(?:building|elder) "[^\n]*\n(?:[ #][^\n]*\n)*', CARDS, flags=re.M)


def ast_of(text: str) -> Program:
    program, diagnostics = parse(text, "cards.nus")
    assert diagnostics == [] and program is not None
    return program


def formatted(text: str) -> str:
    result, diagnostics = format_text(text, "cards.nus")
    assert diagnostics == []
    assert result is not None
    return result


def notes_of(text: str) -> list[list[tuple[str, str]]]:
    """Each card's notes as the reference shows them (cards.json `notes`), without their lines, which move."""
    return [[(note.kind, note.text) for note in found] for found in card_notes(ast_of(text), text)]


def test_cards_nus_is_kept_formatted() -> None:
    assert formatted(CARDS) == CARDS


def test_messy_layout_becomes_canonical_with_comments_in_place() -> None:
    messy = (
        "# intro\n\n"
        'building   "Barrel Maker"  (trout   A613)   # header note\n'
        "    cost 1 fish ,2 gold\n"
        "    vp   3\n"
        "    # before the ability\n"
        "    each time after you serve fish,if fish served>=3 :\n"
        "        take 2 wood   # trailing\n"
        "        if worker turn = 1: take 1 fish\n"
        "        else:\n"
        "          take 1 gold\n"
    )
    assert formatted(messy) == (
        "# intro\n\n"
        'building "Barrel Maker" (trout A613)  # header note\n'
        "  cost 1 fish, 2 gold\n"
        "  vp 3\n"
        "  # before the ability\n"
        "  each time after you serve fish, if fish served >= 3:\n"
        "    take 2 wood  # trailing\n"
        "    if worker turn = 1: take 1 fish\n"
        "    else:\n"
        "      take 1 gold\n"
    )


def test_a_players_line_goes_first_with_its_comment_and_its_ranges_as_written() -> None:
    text = (
        'building "X" (trout A601)\n'
        "  cost 1 wood\n"
        "  vp 1\n"
        "  # only with more players\n"
        "  players   3 - 5 ,1   # and solo\n"
    )
    assert formatted(text) == (
        'building "X" (trout A601)\n  # only with more players\n  players 3-5, 1  # and solo\n  cost 1 wood\n  vp 1\n'
    )
    assert ast_of(formatted(text)) == ast_of(text) and formatted(formatted(text)) == formatted(text)
    assert "\n  players 5\n" in formatted(CARDS)  # the two 5-player Elders of cards.nus


def test_a_comment_on_the_else_line_stays_there() -> None:
    text = (
        'building "X" (trout A601)\n'
        "  cost 1 wood\n"
        "  vp 1\n"
        "  when built:\n"
        "    if elders = 1: take 1 wood\n"
        "    else:    # the rest\n"
        "      # before\n"
        "      take 2 wood\n"
    )
    assert formatted(text).splitlines()[5:] == ["    else:  # the rest", "      # before", "      take 2 wood"]


def test_parentheses_only_where_precedence_needs_them() -> None:
    text = (
        'building "X" (trout A601)\n'
        "  cost 1 wood\n"
        "  vp ((2 * (forests))) capped at (haul size + (1 - 1))\n"
        "  as soon as (elders >= 1 or forests = 0) and not (round > 2):\n"
        "    up to 2 times: take (wood in supply / (2 + 1) rounded down) fish\n"
    )
    assert formatted(text).splitlines()[2:] == [
        "  vp 2 * forests capped at haul size + (1 - 1)",
        "  as soon as (elders >= 1 or forests = 0) and not (round > 2):",
        "    up to 2 times: take (wood in supply / (2 + 1) rounded down) fish",
    ]
    assert ast_of(formatted(text)) == ast_of(text)


def test_answers_that_look_like_yes_or_no_stay_quoted() -> None:
    text = 'example "e":\n  answer "yes", yes, 3, Builder, "two words"\n'
    assert formatted(text) == 'example "e":\n  answer "yes", yes, 3, Builder, "two words"\n'
    assert ast_of(formatted(text)) == ast_of(text)


def test_a_file_that_does_not_parse_gives_its_diagnostic_and_no_output() -> None:
    result, diagnostics = format_text('building "X" (trout A601)\n  cost 1 wood,\n', "cards.nus")
    assert result is None
    assert [(d.code, d.span.line) for d in diagnostics] == [("E0003", 2)]


def test_a_keyword_glued_to_the_next_word_is_refused_not_split() -> None:
    """'afteryou' was read as 'after you', so fmt 'fixed' the typo into two words."""
    text = 'building "X" (trout A601)\n  cost 1 wood\n  vp 1\n  each time afteryou serve fish:\n    take 1 wood\n'
    result, diagnostics = format_text(text, "cards.nus")
    assert result is None
    assert [(d.code, d.message, d.span.line, d.span.column, d.help) for d in diagnostics] == [
        ("E0010", "unknown word 'afteryou'", 4, 13, "did you mean 'after you'?")
    ]


def test_fmt_check_exit_codes(tmp_path: Path, capsys) -> None:
    clean = tmp_path / "clean.nus"
    clean.write_text(BLOCKS[0], encoding="utf-8")
    messy = tmp_path / "messy.nus"
    messy.write_text(BLOCKS[0].replace("  cost", "  cost ", 1), encoding="utf-8")
    assert main(["fmt", "--check", str(clean)]) == 0
    capsys.readouterr()
    assert main(["fmt", "--check", str(messy)]) == 1
    assert capsys.readouterr().out == f"would reformat {messy}\n"
    assert main(["fmt", str(messy)]) == 0
    assert capsys.readouterr().out == BLOCKS[0]


SPACING = st.sampled_from([" ", "  ", "   "])


@st.composite
def respaced_cards(draw) -> str:
    """Real card blocks with random spacing around separators, deeper indents and extra comments."""
    blocks = draw(st.lists(st.sampled_from(BLOCKS), min_size=1, max_size=4, unique=True))
    indent = draw(st.sampled_from([2, 3, 4]))
    out = []
    for block in blocks:
        lines = []
        for line in block.splitlines():
            body = line.lstrip(" ")
            depth = (len(line) - len(body)) // 2
            body = re.sub(r", ", lambda _: "," + draw(SPACING), body)
            body = re.sub(r" (>=|<=|=|\+|\*) ", lambda m: draw(SPACING) + m.group(1) + draw(SPACING), body)
            if draw(st.booleans()) and not body.startswith("#"):
                body += draw(SPACING) + "# " + draw(st.text("abc xyz", max_size=8))
            lines.append(" " * (indent * depth) + body)
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(respaced_cards())
def test_fmt_preserves_the_ast_and_is_idempotent(text: str) -> None:
    once = formatted(text)
    assert ast_of(once) == ast_of(text)
    assert formatted(once) == once
    assert [c.rstrip() for c in re.findall(r"#.*", text)] == re.findall(r"#.*", once)
    assert notes_of(once) == notes_of(text)


COMMENT_WORDS = st.sampled_from(
    ["Ruling: a ruling.", "Ruling: goes on", "Note: x", "Stand-in: for the base game", "plain words", "ends here.", ""]
)


@st.composite
def commented_cards(draw) -> str:
    """Real card blocks with comment lines anywhere: at the margin or indented (deeper than the code too), after
    a card's last line, between cards and at the end, on lines' ends, with blank lines between them or not."""
    blocks = draw(st.lists(st.sampled_from(BLOCKS), min_size=1, max_size=3, unique=True))
    out = []
    for block in blocks:
        for line in block.splitlines():
            if line.strip().startswith("#"):
                continue
            if draw(st.integers(0, 4)) == 0:
                line += "  # " + draw(COMMENT_WORDS)
            out.append(line)
            for _ in range(draw(st.integers(0, 2))):
                if draw(st.booleans()):
                    out.append("")
                out.append(" " * draw(st.sampled_from([0, 2, 4, 6])) + "# " + draw(COMMENT_WORDS))
        out.append("")
    return "\n".join(out) + "\n"


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(commented_cards())
def test_formatting_never_changes_any_card_s_notes(text: str) -> None:
    """The notes the reference shows beside each card (kind and text, in order) are those of the formatted text,
    and formatting keeps every comment, in order, and is stable."""
    once = formatted(text)
    assert notes_of(once) == notes_of(text)
    assert ast_of(once) == ast_of(text)
    assert formatted(once) == once
    assert [c.rstrip() for c in re.findall(r"#.*", text)] == re.findall(r"#.*", once)


def test_a_card_s_last_comment_stays_in_the_card() -> None:
    """An indented comment after a card's last line went to the margin after a blank line, so the reference lost
    the card's Ruling; one at the margin after a card stays there, no note of the card."""
    text = (
        'building "A" (trout A700)\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 wood\n'
        "    # Ruling: about A, at the end of its body\n\n"
        '# Ruling: about B, before its header\nbuilding "B" (trout A701)\n  cost 1 wood\n  vp 1\n'
        "  when built: take 1 fish\n      # Ruling: about B, over-indented at the end\n\n"
        "# at the margin after the last card\n"
    )
    assert formatted(text) == (
        'building "A" (trout A700)\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 wood\n'
        "    # Ruling: about A, at the end of its body\n\n"
        '# Ruling: about B, before its header\nbuilding "B" (trout A701)\n  cost 1 wood\n  vp 1\n'
        "  when built: take 1 fish\n  # Ruling: about B, over-indented at the end\n\n"
        "# at the margin after the last card\n"
    )
    assert notes_of(text) == [
        [("ruling", "about A, at the end of its body")],
        [("ruling", "about B, over-indented at the end")],
    ]
    assert notes_of(formatted(text)) == notes_of(text)


def test_comments_keep_their_margin_and_their_notes_apart() -> None:
    """A margin comment inside a card was indented (a new note); two notes a blank line or another line kept apart
    ran into one where they met; a note going on from a line's end comment was cut off it when lines were
    reordered."""
    text = (
        'building "A" (trout A700)\n  vp 1  # counted\n  # at build time\n# a margin remark\n  cost 1 wood\n'
        "  # one thought\n\n  # another thought\n  when built: take 1 wood\n"
    )
    assert formatted(text) == (
        'building "A" (trout A700)\n# a margin remark\n  cost 1 wood\n  vp 1  # counted\n  # at build time\n\n'
        "  # one thought\n\n  # another thought\n  when built: take 1 wood\n"
    )
    assert notes_of(text) == [[("note", "counted at build time"), ("note", "one thought"), ("note", "another thought")]]
    assert notes_of(formatted(text)) == notes_of(text)
    assert formatted(formatted(text)) == formatted(text)
