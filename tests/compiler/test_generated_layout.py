"""The generated cards.py a person reads and diffs: one block per card, headed by the card and its cards.nus line,
its functions (each named for its role on the card) and then its spec; no line over 120 characters; the text is the
generated module, exactly. The worked examples are a module of their own (examples.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from compiler import compile_text, load_cards, load_examples, python_text
from compiler.backends.python_text import string_pieces

ROOT = Path(__file__).resolve().parents[2]
REAL = (ROOT / "cards.nus").read_text(encoding="utf-8")
HEADING = re.compile(r'^# (building|elder) "(.*)" \((\S+) (\S+)\) -- cards\.nus:(\d+)$')


def real_source() -> str:
    return python_text(compile_text(REAL, "cards.nus").module, "cards.nus")


def blocks(source: str) -> list[tuple[re.Match, list[str]]]:
    """Each card heading with the lines up to the next heading (or the closing CARDS list)."""
    found: list[tuple[re.Match, list[str]]] = []
    for line in source.splitlines():
        heading = HEADING.match(line)
        if heading:
            found.append((heading, []))
        elif line.startswith("# All cards"):
            break
        elif found:
            found[-1][1].append(line)
    return found


def test_no_line_is_longer_than_120_characters() -> None:
    lines = real_source().splitlines()
    assert len(lines) > 1000
    assert [line for line in lines if len(line) > 120] == []


def test_one_block_per_card_in_file_order_headed_by_its_name_and_line() -> None:
    cards = compile_text(REAL, "cards.nus").program.cards
    found = blocks(real_source())
    assert [(h[1], h[2], h[3], h[4], int(h[5])) for h, _ in found] == [
        (c.kind, c.name, c.deck, c.code, c.span.line) for c in cards
    ]


def test_a_block_holds_its_cards_functions_then_its_spec_and_nothing_of_another_card() -> None:
    for heading, lines in blocks(real_source()):
        prefix = heading[4].lower()
        defined = [m[1] for line in lines if (m := re.match(r"(?:def )?(\w+)(?:\(| = )", line))]
        assert defined, heading[0]
        assert all(name == prefix or name.startswith(f"{prefix}_") for name in defined), (heading[0], defined)
        assert all(
            re.fullmatch(rf"{prefix}(_(vp|costs|requires|rule_\w+|ability\d+(_guard|_condition)?))?", name)
            for name in defined
        ), (heading[0], defined)
        spec_at = lines.index(f"{prefix} = CardSpec(")
        assert all(not line.startswith("def ") for line in lines[spec_at:]), heading[0]


def test_every_function_is_headed_by_its_cards_nus_line() -> None:
    lines = real_source().splitlines()
    for index, line in enumerate(lines):
        if line.startswith("def "):
            assert re.fullmatch(r"# cards\.nus:\d+", lines[index - 1]), line


@pytest.mark.slow
def test_the_text_is_the_generated_module_and_runs_as_the_same_cards() -> None:
    compiled = compile_text(REAL, "cards.nus")
    source = python_text(compiled.module, "cards.nus")
    reread = ast.parse(source)
    assert [ast.unparse(s) for s in reread.body] == [ast.unparse(s) for s in compiled.module.body]
    namespace: dict = {}
    exec(compile(reread, "cards.py", "exec"), namespace)
    loaded = load_cards(REAL, "cards.nus")
    assert [(c.name, c.code, c.line) for c in namespace["CARDS"]] == [(c.name, c.code, c.line) for c in loaded]
    assert "EXAMPLES" not in namespace and "Example" not in source
    examples = python_text(compiled.examples, "cards.nus")
    assert [ast.unparse(s) for s in ast.parse(examples).body] == [ast.unparse(s) for s in compiled.examples.body]
    exec(compile(examples, "examples.py", "exec"), namespace)
    assert len(namespace["EXAMPLES"]) == len(load_examples(REAL, "cards.nus")) > 100


def test_a_long_prompt_is_split_into_adjacent_literals_that_join_to_it() -> None:
    text = "choose one: - exchange up to (empty building spaces) fish for wood - " * 3
    pieces = string_pieces(text, 60)
    assert len(pieces) > 3
    assert all(len(piece) <= 60 for piece in pieces)
    assert "".join(ast.literal_eval(piece) for piece in pieces) == text


def test_a_card_name_cannot_end_its_heading_comment() -> None:
    """A carriage return in a quoted name would end a comment line in Python; the heading shows it escaped."""
    text = 'building "A\rimport os" (trout A001)\n  cost none\n  vp 0\n'
    compiled = compile_text(text, "cards.nus")
    assert compiled.diagnostics == ()
    source = python_text(compiled.module, "cards.nus")
    assert '# building "A\\rimport os" (trout A001) -- cards.nus:1\n' in source
    assert "\r" not in source.replace("\\r", "")


LONG_NAME = "Q" * 3000
ESCAPES = "\x1b" * 200
LONG_TEXT = (
    f'building "{LONG_NAME}" (trout A700)\n  cost 1 wood\n  vp 1\n  when built: take 1 wood\n'
    f'  example "{"x" * 500}":\n    do put "{LONG_NAME}" in play\n    expect wood in supply = 2\n\n'
    f'building "B  \x1b" (trout A701)\n  cost 1 wood or discard "{ESCAPES}"\n  vp 1\n  when built: take 1 wood\n'
    f'\nbuilding "{ESCAPES}" (trout A702)\n  cost none\n  vp 0\n'
)


def test_a_long_name_stays_readable_within_the_width() -> None:
    """A 3,000-letter name made lines of 3,000 characters: a word too long for a line is split into adjacent
    literals, and the heading cuts the name short. The text is still the module, runs as the same cards."""
    compiled = compile_text(LONG_TEXT, "cards.nus")
    assert compiled.diagnostics == ()
    source = python_text(compiled.module, "cards.nus")
    assert [line for line in source.splitlines() if len(line) > 120] == []
    assert re.search(r'^# building "Q{76}\.\.\." \(trout A700\) -- cards\.nus:1$', source, flags=re.M)
    assert '# building "B  \\x1b" (trout A701) -- cards.nus:9\n' in source
    reread = ast.parse(source)
    assert [ast.unparse(s) for s in reread.body] == [ast.unparse(s) for s in compiled.module.body]
    namespace: dict = {}
    exec(compile(reread, "cards.py", "exec"), namespace)
    assert [card.name for card in namespace["CARDS"]] == [LONG_NAME, "B  \x1b", ESCAPES]


def test_a_string_split_at_its_spaces_keeps_every_space() -> None:
    """A leading space was dropped when a long string was split: ' a ...' read 'a ...'."""
    text = "  two leading spaces, then words   and three spaces " * 4
    pieces = string_pieces(text, 40)
    assert all(len(piece) <= 40 for piece in pieces)
    assert "".join(ast.literal_eval(piece) for piece in pieces) == text


def function_names(text: str) -> dict[str, list[str]]:
    """Every generated function's name, cards and examples alike, grouped by the card code it starts with."""
    compiled = compile_text(text, "cards.nus")
    assert compiled.diagnostics == ()
    names: dict[str, list[str]] = {}
    for module in (compiled.module, compiled.examples):
        for node in ast.walk(module):
            if isinstance(node, ast.FunctionDef):
                names.setdefault(node.name.split("_")[0], []).append(node.name)
    return names


def test_an_edit_to_one_card_renames_nothing_in_another() -> None:
    """Functions are named by their role on the card, never by a running count: a new ability and a new example
    step on the first card add names of its own, and the second card's names stay as they were."""
    second = REAL[REAL.index('building "Woodcutter\'s Cabin"') : REAL.index('building "Pond Installation"')]
    first = 'building "Hut" (trout A201)\n  cost 1 wood\n  vp 1\n  when built:\n    take 1 fish\n\n'
    edited = first.replace("    take 1 fish\n", "    take 1 fish\n  when built:\n    take 1 wood\n")
    edited += '  example "built":\n    do build this building\n    expect fish in supply = 1\n\n'
    before, after = function_names(first + second), function_names(edited + second)
    assert before["a602"] == after["a602"]
    assert before["a602"] == [
        "a602_ability1",
        "a602_ability1_guard",
        *(f"a602_example1_step{step}" for step in (1, 2, 4, 5, 7, 8)),
    ]
    assert before["a201"] == ["a201_ability1"]
    assert after["a201"] == [
        *("a201_ability1", "a201_ability2"),
        *("a201_example1_step1", "a201_example1_step2"),
    ]


def test_a_conditions_explaining_twin_is_made_for_a_trace_build_only() -> None:
    """`nus trace` and `nus play` show how a condition came out (the trace build); what simulation loads carries
    each condition once."""
    plain = compile_text(REAL, "cards.nus").module
    assert [node.name for node in ast.walk(plain) if isinstance(node, ast.FunctionDef) and "explain" in node.name] == []
    conditions = [a for spec in load_cards(REAL, "cards.nus") for a in spec.abilities if a.guard is not None]
    assert len(conditions) > 20 and all(ability.explain is None for ability in conditions)
    traced = [a for spec in load_cards(REAL, "cards.nus", trace=True) for a in spec.abilities if a.guard is not None]
    assert len(traced) == len(conditions) and all(ability.explain is not None for ability in traced)
