"""The plain LALR loop (compiler/syntax/lalr.py) parses as Lark parses: for every text it takes, the same AST with
the same spans as Lark's parser gives through the same builder; every text Lark refuses, it refuses too (and Lark
then words the error). Its tables are read off Lark's parser for the grammar, kept beside it, and made again when
stale or damaged."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.syntax import lalr, lark_parse
from compiler.syntax.build_ast import AstBuilder, shape_of
from compiler.syntax.lark_parse import ParseRun
from tests.compiler.test_fuzz import CARD_CHARACTERS, walked_programs
from tests.kit.mutations import REAL, mutated_cards

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("NUS_PLAIN_PARSE_EXAMPLES", "400"))


def plain(text: str) -> object:
    """The plain loop's AST with every span (pickled, so that fields left out of == count too), or REFUSED."""
    builder = AstBuilder("cards.nus")
    built = lalr.parse(text, builder.reduce, shape_of)
    if built is lalr.REFUSED:
        return built
    return pickle.dumps(None if builder.too_deep is not None else built.value)


def larks(text: str) -> bytes | None:
    """Lark's AST through the same builder, pickled; None where Lark refuses the text."""
    try:
        return pickle.dumps(ParseRun(text).program(AstBuilder("cards.nus")))
    except Exception:  # UnexpectedInput, and the Indenter's own errors: all refused
        return None


def assert_as_lark(text: str) -> None:
    text = text if text.endswith("\n") else text + "\n"
    mine, theirs = plain(text), larks(text)
    if theirs is None:
        assert mine is lalr.REFUSED
    elif mine is not lalr.REFUSED:
        assert mine == theirs


@pytest.mark.slow
def test_the_cards_parse_without_lark_as_with_it() -> None:
    assert plain(REAL) is not lalr.REFUSED
    assert plain(REAL) == larks(REAL)


@pytest.mark.parametrize("path", sorted((ROOT / "tests").rglob("*.nus")), ids=lambda path: path.name)
def test_every_card_file_of_the_tests(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert_as_lark(text)
    assert plain(text) is not lalr.REFUSED or larks(text) is None  # a clean text is never left to Lark


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  when built:\n    take (1 +\n  2) fish\n',  # in brackets
        'building "X" (trout A001)\r\n  cost 1 wood # a note\r\n  vp 1\r\n',
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  each time afteryou build: take 1 wood\n',  # glued
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  each time after-you build: take 1 wood\n',
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  when built:\n    if elders > 1:\n      take 1\n  else',
        'building "X" (trout A001)\n  cost 1 wood\n  vp ' + "- " * 150 + "1\n",  # nested too deeply
        'building "X" (trout A001)\n  cost 1 wood\n  vp ' + "(" * 120 + "1" + ")" * 120 + "\n",
        'building "X" (trout A001)\n  cost 1 wood\n   vp 1\n',  # a dedent to no level
        'building "X" (trout A001)\n\tcost 1 wood\n\tvp 1\n',
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n# the end',
        'building\u00e9 "X" (trout A001)\n  vp 1\n',
    ],
)
def test_edges(text: str) -> None:
    assert_as_lark(text)


def test_a_keyword_glued_to_a_word_is_left_to_lark() -> None:
    glued = 'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  each time afteryou build: take 1 wood\n'
    assert plain(glued) is lalr.REFUSED


def test_parsing_a_clean_text_never_imports_lark() -> None:
    script = (
        "import sys; from compiler.syntax.parse import parse; "
        "program, errors = parse(open('cards.nus', encoding='utf-8').read(), 'cards.nus'); "
        "print(program is not None, errors, 'lark' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "[]", "False"]


def test_stale_or_damaged_tables_are_made_again(tmp_path: Path, monkeypatch) -> None:
    grammar = tmp_path / "nus.lark"
    grammar.write_bytes(lalr.grammar_file().read_bytes())
    monkeypatch.setattr(lalr, "grammar_file", lambda: grammar)
    where = lalr.tables_path(grammar, "plain")
    for kept in (None, b"not marshal data", lalr.marshal.dumps({"key": "an older grammar"})):
        if kept is not None:
            where.write_bytes(kept)
        lalr.plain_tables.cache_clear()
        try:
            tables = lalr.plain_tables()
        finally:
            lalr.plain_tables.cache_clear()
        assert tables.start >= 0 and len(tables.states) > 100
        assert lalr.marshal.loads(where.read_bytes())["key"] == lalr.grammar_key(grammar)


def test_tables_read_off_a_parser_lark_has_just_built(tmp_path: Path, monkeypatch) -> None:
    """On a new machine Lark has no cache either: it builds the grammar, naming its rules with its own str subclass,
    and the tables still keep."""
    grammar = tmp_path / "nus.lark"
    grammar.write_bytes(lalr.grammar_file().read_bytes())
    monkeypatch.setattr(lalr, "grammar_file", lambda: grammar)
    monkeypatch.setattr(lark_parse, "tables_file", lambda grammar: False)
    lark_parse.parser.cache_clear()
    lalr.plain_tables.cache_clear()
    try:
        tables = lalr.plain_tables()
    finally:
        lark_parse.parser.cache_clear()
        lalr.plain_tables.cache_clear()
    kept = lalr.marshal.loads(lalr.tables_path(grammar, "plain").read_bytes())
    assert kept["key"] == lalr.grammar_key(grammar) and kept["states"] == tables.states


FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@FUZZ
@given(mutated_cards())
def test_mutated_cards_parse_as_lark_parses_them(text: str) -> None:
    assert_as_lark(text)


@pytest.mark.slow
@FUZZ
@given(walked_programs())
def test_grammar_programs_parse_as_lark_parses_them(text: str) -> None:
    assert_as_lark(text)


@pytest.mark.slow
@FUZZ
@given(st.text(CARD_CHARACTERS, max_size=200).map(lambda body: 'building "X" (trout A001)\n' + body))
def test_card_bodies_of_the_languages_characters(text: str) -> None:
    assert_as_lark(text)
