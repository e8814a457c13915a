"""Lark's parse, for the texts the plain loop (lalr.py) leaves to it: every syntax error is worded from Lark's
exceptions, and the golden files show Lark's parse tree. Imported only when a text does not parse cleanly."""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter
from lark.lexer import LexerState, LexerThread
from lark.parsers.lalr_parser import _Parser

from compiler import diagnostic_codes as codes
from compiler.diagnostics import Diagnostic, Span
from compiler.syntax import lalr
from compiler.syntax import nodes as n
from compiler.syntax.build_ast import AstBuilder


class CardIndenter(Indenter):
    NL_type = lalr.NEWLINE
    OPEN_PAREN_types = sorted(lalr.OPENING)
    CLOSE_PAREN_types = sorted(lalr.CLOSING)
    INDENT_type = lalr.INDENT
    DEDENT_type = lalr.DEDENT
    tab_len = lalr.TAB_LENGTH


class ParseRun:
    """One parse of one text. The Lark parser is built once and shared; what a parse learns on its way (the
    brackets still open, the indentation levels) belongs to this run, and is read back to word a syntax error.

    The run stands in for the postlexer: Lark's lexer, then whole words (a keyword is checked against the character
    after it, so the run needs the text) and bracket tracking in one pass, then the run's own indenter (lark>=1.2's
    frontend)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.indenter = CardIndenter()
        self.open_brackets: list[Token] = []

    def tree(self) -> Tree:
        """Lark's parse tree (the golden parse.txt shows it); raises Lark's UnexpectedInput."""
        return parser().parser.parser.parse(LexerThread.from_text(self, self.text), "start")

    def program(self, builder: AstBuilder) -> n.Program | None:
        """The AST, built by `builder` as the parser reduces (Lark's LALR loop over its parse table, the builder's
        reduce actions in place of Lark's tree builder); None for an expression nested too deeply, which the builder
        notes. Raises Lark's UnexpectedInput."""
        grammar = parser()
        table = grammar.parser.parser.parser.parse_table
        built = _Parser(table, builder.callbacks(grammar)).parse(LexerThread.from_text(self, self.text), "start")
        return None if builder.too_deep is not None else built.value

    def lex(self, lexer_state: LexerState, parser_state: object) -> Iterator[Token]:
        return self.indenter.process(self.words(parser().parser.lexer.lexer.lex(lexer_state, parser_state)))

    def words(self, stream: Iterator[Token]) -> Iterator[Token]:
        """The lexer's tokens, with the brackets still open noted, where a keyword ends only where a word ends.

        Where no word may stand the lexer is offered only the keywords, and would read 'afteryou' as 'after' and
        'you': such a run is passed on as the one word it is, which the parser refuses there (a word would have been
        lexed whole where one may stand), so it is reported whole, as unknown."""
        glued, text, brackets = keyword_words(), self.text, self.open_brackets
        for token in stream:
            kind = token.type
            if kind in glued and text[token.end_pos : token.end_pos + 1] not in AFTER_A_WORD:
                found = word_pattern().match(text, token.start_pos)
                if found is not None and found.end() > token.end_pos:
                    word = found.group()
                    end = token.column + len(word)
                    yield Token("WORD", word, token.start_pos, token.line, token.column, token.line, end, found.end())
                    return
            if kind in lalr.OPENING:
                brackets.append(token)
            elif kind in lalr.CLOSING and brackets:
                brackets.pop()
            yield token


AFTER_A_WORD = frozenset(("", " ", "\n", "\r", ":", ","))  # what follows most keywords: no need to look further


@cache
def word_pattern() -> re.Pattern[str]:
    """The grammar's WORD: what a word is, for keywords as for phrases."""
    return re.compile(parser().get_terminal("WORD").pattern.to_regexp())


@cache
def keyword_words() -> dict[str, tuple[str, ...]]:
    """The terminals that are words of the grammar's own, with the words each stands for: IF 'if', TIMING
    'before' and 'after'; not WORD, the word of a phrase."""
    found = {}
    for terminal in parser().terminals:
        whole = re.compile(terminal.pattern.to_regexp())
        words = tuple(word for word in word_pattern().findall(terminal.pattern.value) if whole.fullmatch(word))
        if words and terminal.name != "WORD":
            found[terminal.name] = words
    return found


def tables_file(grammar: Path) -> str | bool:
    """Where Lark keeps the grammar's parse tables (building strict LALR tables costs ~0.3 s): in `__pycache__`
    beside the grammar, as Python keeps bytecode, a folder as trusted as the code. Lark's own default is a
    predictable file in the shared temporary folder, which another user could plant. Lark checks the file against
    the grammar's content, its own version and Python's, and rebuilds a stale or damaged one; where the folder
    cannot be written, it builds the tables each time."""
    folder = grammar.parent / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return False
    return str(folder / f"{grammar.name}.{sys.implementation.cache_tag}.tables")


@cache
def parser() -> Lark:
    grammar = Path(str(resources.files("grammar").joinpath("nus.lark")))
    return Lark(
        grammar.read_text(encoding="utf-8"),
        parser="lalr",
        strict=True,
        propagate_positions=True,
        postlex=CardIndenter(),  # its configuration only: each ParseRun has its own
        maybe_placeholders=False,
        cache=tables_file(grammar),
    )


TOKEN_NAMES = {
    "_NL": "end of line",
    "_INDENT": "indented block",
    "_DEDENT": "end of block",
    "$END": "end of file",
    "WORD": "word",
    "NUMBER": "number",
    "STRING": "quoted name",
    "KIND": "'building' or 'elder'",
    "TIMING": "'before' or 'after'",
}


def describe_token(name: str) -> str:
    if name in TOKEN_NAMES:
        return TOKEN_NAMES[name]
    pattern = parser().get_terminal(name).pattern
    return f"'{pattern.value}'" if pattern.type == "str" else name.lower()


def expected_list(names: set[str]) -> str:
    described = sorted({describe_token(n) for n in names if not n.startswith("__")})
    if len(described) > 6:
        described = described[:6] + ["..."]
    return ", ".join(described)


def shorten(value: str, limit: int = 30) -> str:
    return repr(value if len(value) <= limit else value[:limit] + "...")


def parse_with_lark(text: str, builder: AstBuilder, filename: str) -> tuple[n.Program | None, Diagnostic | None]:
    """The AST or the text's syntax error, as Lark parses it; neither where an expression nests too deeply (the
    builder notes it)."""
    run = ParseRun(text)
    try:
        return run.program(builder), None
    except UnexpectedInput as error:
        return None, unclosed_bracket(error, run, filename) or syntax_diagnostic(error, run, filename)


def unclosed_bracket(error: UnexpectedInput, run: ParseRun, filename: str) -> Diagnostic | None:
    """An error after a bracket that is still open, on a line back at the opening line's indentation (or at the
    end), is that bracket's: it swallowed the line breaks, so the error would blame the next statement or card."""
    if not isinstance(error, UnexpectedToken) or error.token.type in lalr.CLOSING:
        return None
    if not run.open_brackets:
        return None
    bracket, token, lines = run.open_brackets[-1], error.token, run.text.split("\n")
    opening_indent = len(lines[bracket.line - 1]) - len(lines[bracket.line - 1].lstrip(" "))
    ran_on = token.type in ("_DEDENT", "$END") or (token.line > bracket.line and token.column <= opening_indent + 1)
    if not ran_on:
        return None
    closing = ")" if bracket.type == "LPAR" else "]"
    return codes.UNCLOSED_BRACKET.diagnostic(
        f"'{bracket}' is never closed",
        Span(filename, bracket.line, bracket.column, bracket.line, bracket.column + 1),
        help=f"close it with '{closing}'",
    )


CHARACTER_HINTS = {  # a sign other languages have, and the words this one says it with
    "%": "a remainder has no sign: write 'COUNT is even' or 'COUNT is odd' (no other remainder can be said yet)",
}


def syntax_diagnostic(error: UnexpectedInput, run: ParseRun, filename: str) -> Diagnostic:
    line, column, text = max(error.line, 1), max(error.column, 1), run.text
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        if char == '"':
            return codes.UNTERMINATED_NAME.diagnostic(
                "unterminated quoted name",
                Span(filename, line, column, line, column + 1),
                'close the name with " on the same line',
            )
        return codes.UNEXPECTED_CHARACTER.diagnostic(
            f"unexpected character {char!r}",
            Span(filename, line, column, line, column + 1),
            help=CHARACTER_HINTS.get(char, "words, numbers, quoted names, ( ) [ ] , : + - * / = < > are allowed"),
        )
    if isinstance(error, UnexpectedEOF):
        lines = text.rstrip("\n").split("\n")
        last = len(lines)
        return codes.UNEXPECTED_END.diagnostic(
            "unexpected end of file",
            Span(filename, last, len(lines[-1]) + 1, last, len(lines[-1]) + 2),
            help=f"expected {expected_list(error.expected)}",
        )
    assert isinstance(error, UnexpectedToken)
    token: Token = error.token
    expected = error.accepts or error.expected
    if token.type == "WORD" and any(name in keyword_words() for name in expected):
        return unknown_keyword(token, expected, text, filename)
    found = describe_token(token.type) if token.type.startswith("_") else shorten(str(token))
    width = max(len(str(token)), 1) if not token.type.startswith("_") else 1
    if token.type == "$END":
        return syntax_diagnostic(UnexpectedEOF(error.expected), run, filename)
    if token.type == "_INDENT":
        return over_indented(token, run, filename)
    return codes.UNEXPECTED_TOKEN.diagnostic(
        f"unexpected {found}",
        Span(filename, line, column, line, column + width),
        help=f"expected {expected_list(expected)}",
    )


def unknown_keyword(word: Token, expected: set[str], text: str, filename: str) -> Diagnostic:
    """A word where only some of the grammar's own words may stand. The hint splits off a keyword it starts with
    when the rest then parses on ('afteryou': 'after you'), else names the closest keyword ('afterr': 'after')."""
    wanted = sorted({keyword for name in expected for keyword in keyword_words().get(name, ())})
    split = [
        f"{keyword} {word[len(keyword) :]}"
        for keyword in wanted
        if word.startswith(keyword) and word != keyword and parses_past(word, keyword, text)
    ]
    close = split or difflib.get_close_matches(str(word), wanted, n=1, cutoff=0.6)
    return codes.UNKNOWN_KEYWORD.diagnostic(
        f"unknown word {shorten(str(word))}",
        Span(filename, word.line, word.column, word.line, word.end_column),
        f"did you mean '{close[0]}'?" if close else f"expected {expected_list(expected)}",
    )


def parses_past(word: Token, keyword: str, text: str) -> bool:
    """Whether the text, with a space after `keyword` at the start of `word`, parses beyond that word."""
    cut = word.start_pos + len(keyword)
    try:
        ParseRun(f"{text[:cut]} {text[cut:]}").tree()
    except UnexpectedEOF:
        return True
    except UnexpectedInput as error:
        return (error.line, error.column) > (word.line, word.end_column)
    return True


def over_indented(indent: Token, run: ParseRun, filename: str) -> Diagnostic:
    """An indented block where none may start: the line indented too far is reported, not the end of the line
    before it (the indent token stands at that line break). The indenter has just pushed the line's level."""
    line, column = indent.end_line, indent.end_column
    expected = run.indenter.indent_level[-2]
    return codes.BAD_INDENTATION.diagnostic(
        "this line is indented more than the line before it",
        Span(filename, line, column, line, column + 1),
        f"indent it by {expected} spaces, as the line before; only a line ending in ':' starts an indented block",
    )
