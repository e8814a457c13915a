"""A Pygments lexer for card files; the reference highlights its examples with it.

Registered as the `nus` lexer through the `pygments.lexers` entry point in pyproject.toml, so
`pygmentize -l nus cards.nus` colours a card file once nus is installed.
"""

from __future__ import annotations

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from compiler.backends.escape import visible_lines
from compiler.editors import tokens


class NusLexer(RegexLexer):
    name = "nus"
    aliases = ["nus"]
    filenames = ["*.nus"]
    tokens = {
        "root": [
            (tokens.COMMENT, Comment.Single),
            (
                tokens.CARD_HEADER,
                bygroups(
                    Keyword.Declaration,
                    Whitespace,
                    Name.Class,
                    Whitespace,
                    Punctuation,
                    Whitespace,
                    Name.Namespace,
                    Whitespace,
                    Name.Label,
                    Whitespace,
                    Punctuation,
                ),
            ),  # fmt: skip
            (tokens.STRING, String.Double),
            (tokens.NUMBER, Number.Integer),
            (tokens.alternation(tokens.keywords()), Keyword),
            (tokens.alternation(tokens.goods()), Name.Builtin),
            (tokens.symbols(tokens.OPERATORS), Operator),
            (tokens.symbols(tokens.PUNCTUATION), Punctuation),
            (tokens.WORD, Name),
            (r"\s+", Whitespace),
            (r".", Text),
        ]
    }


FORMATTER = HtmlFormatter(nowrap=True)


def highlighted(code: str) -> Markup:
    """Card text as HTML spans (Pygments escapes it; control characters are shown as escapes first)."""
    return Markup(highlight(visible_lines(code), NusLexer(), FORMATTER))


def highlight_css() -> Markup:
    return Markup(HtmlFormatter().get_style_defs(".highlight"))
