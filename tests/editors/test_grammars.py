"""The TextMate grammar and the Pygments lexer: generated from the Lark grammar and the vocabulary (a test
fails when the committed grammar drifts), and colouring real lines of cards.nus as a designer expects.

TextMate matching is emulated the way editors do it for single-line `match` rules: at each position the
rule whose match starts first wins, ties go to the rule listed first; captures name parts of a match.
"""

from __future__ import annotations

import json
import re

import pytest
from pygments import lex
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String

from compiler.editors import textmate, tokens
from compiler.editors.lexer import NusLexer
from tests.kit.rulebook import ROOT

CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8").split("\n")
COMMITTED = ROOT / "editors" / "vscode" / "syntaxes" / "nus.tmLanguage.json"
GRAMMAR = json.loads(COMMITTED.read_text(encoding="utf-8"))


def scopes(line: str) -> list[tuple[str, str]]:
    """(text, scope) for every scoped piece of the line, by the committed grammar."""
    rules = [GRAMMAR["repository"][p["include"][1:]] for p in GRAMMAR["patterns"]]
    compiled = [(re.compile(rule["match"], re.M), rule) for rule in rules]
    found, position = [], 0
    while position < len(line):
        matches = [
            (m, rule) for pattern, rule in compiled if (m := pattern.search(line, position)) and m.end() > m.start()
        ]
        if not matches:
            break
        match, rule = min(matches, key=lambda pair: pair[0].start())
        if "captures" in rule:
            found += [
                (match[int(group)], capture["name"]) for group, capture in rule["captures"].items() if match[int(group)]
            ]
        else:
            found.append((match[0], rule["name"]))
        position = match.end()
    return found


def real(line: str) -> str:
    assert line in CARDS, f"not a line of cards.nus: {line!r}"
    return line


def test_committed_grammar_is_the_generated_one() -> None:
    """Regenerate with `python -m compiler.editors.textmate > editors/vscode/syntaxes/nus.tmLanguage.json`."""
    assert COMMITTED.read_text(encoding="utf-8") == textmate.text()


def test_keywords_are_exactly_the_words_the_lark_grammar_spells() -> None:
    lark = (ROOT / "grammar" / "nus.lark").read_text(encoding="utf-8")
    spelled = set(re.findall(r'"([a-z]+)"', lark))
    assert set(tokens.keywords()) == spelled
    assert {"cost", "vp", "each", "time", "rounded", "capped", "example", "expect", "building", "elder"} <= spelled


def test_goods_are_the_vocabulary_goods() -> None:
    from compiler.checking.vocabulary import GOODS

    assert set(GOODS) <= set(tokens.goods())


def test_card_header() -> None:
    assert scopes(real('building "Pond Installation" (trout A603)')) == [
        ("building", "storage.type.card.nus"),
        ('"Pond Installation"', "entity.name.type.card.nus"),
        ("(", "punctuation.section.parens.begin.nus"),
        ("trout", "entity.name.namespace.deck.nus"),
        ("A603", "constant.other.code.nus"),
        (")", "punctuation.section.parens.end.nus"),
    ]
    assert scopes(real('elder "Harbor Master" (base E08)'))[:2] == [
        ("elder", "storage.type.card.nus"),
        ('"Harbor Master"', "entity.name.type.card.nus"),
    ]


def test_cost_with_an_alternative_and_a_quoted_name() -> None:
    assert scopes(real('  cost 6 wood, 1 gold or discard "Toy Shop"')) == [
        ("cost", "keyword.control.nus"),
        ("6", "constant.numeric.integer.nus"),
        ("wood", "support.constant.good.nus"),
        (",", "punctuation.separator.nus"),
        ("1", "constant.numeric.integer.nus"),
        ("gold", "support.constant.good.nus"),
        ("or", "keyword.control.nus"),
        ('"Toy Shop"', "string.quoted.double.nus"),
    ]


def test_trigger_with_guard_leaves_vocabulary_phrases_plain() -> None:
    assert scopes(real("  each time after you remove a forest, unless a building space was revealed:")) == [
        ("each", "keyword.control.nus"),
        ("time", "keyword.control.nus"),
        ("after", "keyword.control.nus"),
        ("you", "keyword.control.nus"),
        (",", "punctuation.separator.nus"),
        ("unless", "keyword.control.nus"),
        ("building", "keyword.control.nus"),
        ("space", "keyword.control.nus"),
        (":", "punctuation.separator.nus"),
    ]


def test_players_line_is_a_keyword_and_its_counts() -> None:
    assert scopes(real("  players 5")) == [("players", "keyword.control.nus"), ("5", "constant.numeric.integer.nus")]
    assert pygments_tokens("  players 2, 4+") == [
        (Keyword, "players"),
        (Number.Integer, "2"),
        (Punctuation, ","),
        (Number.Integer, "4"),
        (Operator, "+"),
    ]


def test_vp_table_and_comment() -> None:
    assert scopes(real("  vp by fish in supply [0-4: 4, 5-9: 5, 10-14: 6, 15+: 7]"))[:8] == [
        ("vp", "keyword.control.nus"),
        ("by", "keyword.control.nus"),
        ("fish", "support.constant.good.nus"),
        ("[", "punctuation.separator.nus"),
        ("0", "constant.numeric.integer.nus"),
        ("-", "keyword.operator.nus"),
        ("4", "constant.numeric.integer.nus"),
        (":", "punctuation.separator.nus"),
    ]
    ruling = real("  # Ruling: with no forested double space the Reforest costs 0 gold.")
    assert scopes(ruling) == [(ruling.strip(), "comment.line.number-sign.nus")]
    assert scopes(real("    take (fish in supply / 2 rounded down) fish"))[:6] == [
        ("(", "punctuation.separator.nus"),
        ("fish", "support.constant.good.nus"),
        ("/", "keyword.operator.nus"),
        ("2", "constant.numeric.integer.nus"),
        ("rounded", "keyword.control.nus"),
        ("down", "keyword.control.nus"),
    ]


def pygments_tokens(line: str) -> list[tuple[object, str]]:
    return [(kind, text) for kind, text in lex(line + "\n", NusLexer()) if text.strip()]


def test_pygments_lexer_colours_the_same_parts() -> None:
    assert pygments_tokens(real('  cost 6 wood, 1 gold or discard "Toy Shop"')) == [
        (Keyword, "cost"),
        (Number.Integer, "6"),
        (Name.Builtin, "wood"),
        (Punctuation, ","),
        (Number.Integer, "1"),
        (Name.Builtin, "gold"),
        (Keyword, "or"),
        (Name, "discard"),
        (String.Double, '"Toy Shop"'),
    ]
    assert pygments_tokens(real('building "Pond Installation" (trout A603)'))[:2] == [
        (Keyword.Declaration, "building"),
        (Name.Class, '"Pond Installation"'),
    ]
    assert pygments_tokens(real("  vp 3 * elders capped at fish in supply"))[2] == (Operator, "*")
    assert pygments_tokens("  # a note")[0] == (Comment.Single, "# a note")


@pytest.mark.parametrize("line", [line for line in CARDS if line.strip()][:400:7])
def test_lexer_and_grammar_agree_on_every_scoped_piece(line: str) -> None:
    """Both come from tokens.py: the pieces the TextMate grammar scopes are the pieces Pygments colours."""
    scoped = [text for text, _ in scopes(line)]
    coloured = [text for kind, text in pygments_tokens(line) if kind is not Name]
    assert scoped == coloured
