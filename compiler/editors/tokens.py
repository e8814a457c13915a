"""What a highlighter colours, read from the Lark grammar and the vocabulary so that neither can drift.

Keywords are the grammar's own words (its string literals and the alternatives of KIND, TIMING and ELSE);
goods come from the vocabulary. Both the Pygments lexer and the TextMate grammar are built from here.
"""

from __future__ import annotations

import re
from functools import cache

from compiler.checking.vocabulary import GOODS, PLURALS
from compiler.syntax.lark_parse import parser

COMMENT = r"#.*$"
STRING = r'"[^"\n]*"'
NUMBER = r"\b\d+\b"
WORD = r"[^\W\d_][\w'-]*"
OPERATORS = (">=", "<=", "!=", "=", ">", "<", "+", "-", "*", "/")
PUNCTUATION = ("(", ")", ",", ":", "[", "]")
# A card's first line, every part a group (Pygments' bygroups keeps only what groups capture):
# 1 kind, 3 name, 5 "(", 7 deck, 9 code, 11 ")"; the even groups are spaces.
CARD_HEADER = rf"^(building|elder)(\s+)({STRING})(\s*)(\()(\s*)({WORD})(\s+)({WORD})(\s*)(\))"


@cache
def keywords() -> tuple[str, ...]:
    """Every word the grammar itself spells, longest first (so a regex alternation prefers the longest)."""
    found: set[str] = set()
    for terminal in parser().terminals:
        value = terminal.pattern.value
        if terminal.pattern.type == "str" and value.isalpha():
            found.add(value)
        elif terminal.name in ("KIND", "TIMING", "ELSE"):
            found.update(re.findall(r"[a-z]+", value))
    return tuple(sorted(found, key=lambda word: (-len(word), word)))


def goods() -> tuple[str, ...]:
    """Goods and their plurals, as the vocabulary spells them."""
    words = set(GOODS) | {plural for plural, singular in PLURALS.items() if singular in GOODS}
    return tuple(sorted(words, key=lambda word: (-len(word), word)))


def alternation(words: tuple[str, ...]) -> str:
    return r"\b(?:" + "|".join(re.escape(word) for word in words) + r")\b"


def symbols(texts: tuple[str, ...]) -> str:
    """Operators or punctuation as one regex, longest first ('>=' before '>')."""
    return "|".join(re.escape(text) for text in sorted(texts, key=len, reverse=True))
