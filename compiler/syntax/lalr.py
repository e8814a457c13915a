"""The parse of a clean text without Lark: Lark's own LALR table and contextual lexer for the grammar, written out
once as plain data beside the grammar, and one loop that lexes, indents and parses in a single pass.

The grammar stays the language's one definition (grammar/nus.lark): every table here is read off Lark's parser for
it, and the file is rebuilt when the grammar, Lark or this module's format changes. The loop takes only what it can
take exactly as Lark would: each token is the one Lark's lexer gives in the same parser state (see `plain_tables`),
the indentation is Lark's Indenter's, the reductions are the same table's. Anything else (a syntax error, a keyword
glued to a word) is REFUSED, and parse.py parses that text with Lark, so that every syntax error is worded as before.
Why: a cold `nus check` spent a fifth of its instructions importing Lark and loading its parser, and Lark's lexer
and parser make several calls a token where this loop makes one."""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
from collections.abc import Callable
from functools import cache
from importlib import resources, util
from pathlib import Path

FORMAT = 2  # of the plain tables' file: a change to what plain_tables writes bumps it
REFUSED = object()  # a text the loop leaves to Lark
INDENT, DEDENT, NEWLINE, END = "_INDENT", "_DEDENT", "_NL", "$END"
OPENING, CLOSING = frozenset(("LPAR", "LSQB")), frozenset(("RPAR", "RSQB"))  # inside them a line break is no _NL
TAB_LENGTH = 4  # these five: the Indenter's settings, Lark's (lark_parse.CardIndenter) as this loop's


class Token(str):
    """A token as Lark's (lark.Token) has it: the text, its terminal's name and where it stands."""

    type: str
    start_pos: int
    line: int
    column: int
    end_line: int
    end_column: int
    end_pos: int


def new_token(kind: str, value: str, start: int, line: int, column: int, end_line: int, end_column: int, end: int):
    """A Token: made by a function, not by Token.__new__, which costs a fifth more (the loop makes one a token)."""
    made = NEW_STRING(Token, value)
    made.type = kind
    made.start_pos = start
    made.line = line
    made.column = column
    made.end_line = end_line
    made.end_column = end_column
    made.end_pos = end
    return made


NEW_STRING = str.__new__


def borrowing(kind: str, value: str, token: Token | None) -> Token:
    """An indentation token placed at the line break that makes it, as Lark's Token.new_borrow_pos places it."""
    if token is None:
        return new_token(kind, value, 0, 0, 0, 0, 0, 0)
    return new_token(
        kind, value, token.start_pos, token.line, token.column, token.end_line, token.end_column, token.end_pos
    )


class Tables:
    """The plain tables: the master pattern (Lark's root lexer, every terminal in Lark's order), the parse table by
    state (a shift: the next state; a reduce: ~rule), each rule's origin, length and shape, and by state the
    grammar's own words the lexer gives there (a word not listed is a WORD where `open`, refused elsewhere)."""

    def __init__(self, data: dict) -> None:
        self.master = re.compile(data["master"])
        self.states: list[dict[str, int]] = data["states"]
        self.rules: list[tuple[str, int, tuple, bool]] = data["rules"]
        self.words: list[dict[str, str]] = [data["word_maps"][index] for index in data["word_map_of"]]
        self.open: list[bool] = data["open"]
        self.start: int = data["start"]
        self.end: int = data["end"]
        self.ignored = frozenset(data["ignored"])
        self.terminals: dict[str, str] = data["terminals"]


def parse(text: str, reduce: Callable[[object, list], object], shapes: Callable[[tuple], object]) -> object:
    """The value the start rule reduces to, `reduce(shape, parts)` called as Lark's parser would call each rule's
    callback (but for a rule whose value is its one part, which keeps it); REFUSED where the text is not parsed
    exactly as Lark would parse it. `shapes` turns a rule's stored shape into the one `reduce` is given."""
    tables = plain_tables()
    rules, states, words, is_open = shaped_rules(tables, shapes), tables.states, tables.words, tables.open
    match, ignored, accepted = tables.master.match, tables.ignored, tables.end
    stack, values, levels = [tables.start], [], [0]
    brackets, position, line, line_start, end, last = 0, 0, 1, 0, len(text), None

    def fed(token: Token) -> bool:
        """Lark's ParserState.feed_token: reduce while the table says so, then shift; False where it cannot."""
        kind = token.type
        action = states[stack[-1]].get(kind)
        while action is not None and action < 0:
            origin, size, shape = rules[~action]
            if shape is None:  # the rule's value is its one part, already on the stack
                stack[-1] = states[stack[-2]][origin]
            else:
                parts = values[-size:] if size else []
                if size:
                    del values[-size:], stack[-size:]
                values.append(reduce(shape, parts))
                stack.append(states[stack[-1]][origin])
            if kind is END and stack[-1] == accepted:
                return True
            action = states[stack[-1]].get(kind)
        if action is None or kind is END:
            return False
        stack.append(action)
        values.append(token)
        return True

    while position < end:
        found = match(text, position)
        if found is None:
            return REFUSED
        kind, value = found.lastgroup, found.group()
        if kind == "WORD":
            state = stack[-1]
            kind = words[state].get(value) or ("WORD" if is_open[state] else None)
            if kind is None:
                return REFUSED  # a word not lexed whole here: Lark says why
        start, column = position, position - line_start + 1
        position = found.end()
        if kind in ignored:
            continue
        if kind != NEWLINE:
            last = new_token(kind, value, start, line, column, line, column + len(value), position)
            if not fed(last):
                return REFUSED
            if kind in OPENING:
                brackets += 1
            elif kind in CLOSING:
                if not brackets:
                    return REFUSED
                brackets -= 1
            continue
        breaks = value.count("\n")
        if not breaks:
            return REFUSED  # a comment with no line end: Lark's Indenter fails on it
        last = new_token(kind, value, start, line, column, line + breaks, 0, position)
        line += breaks
        line_start = start + value.rindex("\n") + 1
        last.end_column = position - line_start + 1
        if brackets:
            continue  # a line break inside brackets: the Indenter drops it
        if not fed(last):
            return REFUSED
        indent = value[line_start - start :]
        width = indent.count(" ") + indent.count("\t") * TAB_LENGTH
        if width > levels[-1]:
            levels.append(width)
            if not fed(borrowing(INDENT, indent, last)):
                return REFUSED
        while width < levels[-1]:
            levels.pop()
            if not fed(borrowing(DEDENT, indent, last)):
                return REFUSED
        if width != levels[-1]:
            return REFUSED
    for _ in levels[1:]:
        if not fed(borrowing(DEDENT, "", last)):
            return REFUSED
    if not fed(new_token(END, "", 0, 1, 1, 1, 1, 0)):
        return REFUSED
    return values[-1]


@cache
def shaped_rules(tables: Tables, shapes: Callable[[tuple], object]) -> list[tuple[str, int, object]]:
    """Each rule's origin, length and shape; no shape for a rule whose value is its one part."""
    return [(origin, size, None if passes else shapes(shape)) for origin, size, shape, passes in tables.rules]


def grammar_file() -> Path:
    return Path(str(resources.files("grammar").joinpath("nus.lark")))


def tables_path(grammar: Path, kind: str) -> Path | None:
    """A file of tables in `__pycache__` beside the grammar (as Python keeps bytecode), None where that folder
    cannot be made."""
    folder = grammar.parent / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder / f"{grammar.name}.{sys.implementation.cache_tag}.{kind}"


def grammar_key(grammar: Path) -> str:
    """What the plain tables follow from: the grammar's text, Lark's version (read from its package file, without
    importing it) and this file's format."""
    spec = util.find_spec("lark")
    lark_init = Path(spec.origin).read_bytes() if spec is not None and spec.origin else b""
    digest = hashlib.sha256(grammar.read_bytes())
    digest.update(hashlib.sha256(lark_init).digest())
    digest.update(str(FORMAT).encode())
    return digest.hexdigest()


@cache
def plain_tables() -> Tables:
    """The plain tables, read back from beside the grammar, or read off Lark's parser (and kept) when missing,
    stale or damaged. marshal holds plain data only: a planted file can give wrong tables, never run code."""
    grammar = grammar_file()
    key, where = grammar_key(grammar), tables_path(grammar, "plain")
    if where is not None:
        try:
            data = marshal.loads(where.read_bytes())
            if isinstance(data, dict) and data.get("key") == key:
                return Tables(data)
        except (OSError, EOFError, ValueError, TypeError, KeyError, re.error):
            pass
    data = read_off_lark(key)
    if where is not None:
        temporary = where.with_name(f"{where.name}.{os.getpid()}")
        try:
            temporary.write_bytes(marshal.dumps(data))
            os.replace(temporary, where)
        except OSError:
            temporary.unlink(missing_ok=True)
    return Tables(data)


def read_off_lark(key: str) -> dict:
    """The plain tables, read off Lark's parser for the grammar: its parse table, its rules' shapes (as the AST
    builder reads them), and its lexers' choices, checked against Lark's own lexers state by state."""
    from lark.lexer import TextSlice
    from lark.lexer import Token as LarkToken
    from lark.parsers.lalr_analysis import Shift

    from compiler.syntax.build_ast import shape_data, shapes
    from compiler.syntax.lark_parse import keyword_words, parser

    lark = parser()
    table = lark.parser.parser.parser.parse_table
    contextual = lark.parser.lexer.lexer
    number = {rule: index for index, rule in enumerate(lark.rules)}
    states = [
        {name: (target if action is Shift else ~number[target]) for name, (action, target) in table.states[s].items()}
        for s in range(len(table.states))
    ]
    root = contextual.root_lexer.scanner
    assert len(root._mres) == 1, "the master pattern is one regular expression"
    keywords = sorted({word for words in keyword_words().values() for word in words})
    word_maps: dict[tuple, int] = {}
    word_map_of, open_states = [], []
    for state in range(len(states)):
        lexer = contextual.lexers[state]
        found = {}
        for word in keywords:
            matched = lexer.scanner.match(TextSlice.cast_from(word), 0)
            if matched is None or matched[0] != word:
                continue
            kind = matched[1]
            if kind in lexer.callback:
                kind = lexer.callback[kind](LarkToken(kind, word)).type
            found[word] = kind
        first = [terminal.name for terminal in lexer.scanner.terminals]
        # a word not listed lexes whole as a WORD where WORD is tried first among what may start with a letter
        open_states.append("WORD" in first and set(first[: first.index("WORD")]) <= {NEWLINE})
        word_map_of.append(word_maps.setdefault(tuple(sorted(found.items())), len(word_maps)))
    return plain_data(
        {
            "key": key,
            "master": root._mres[0].pattern,
            "states": states,
            "rules": [
                (rule.origin.name, len(rule.expansion), shape_data(shape), shape.passes) for rule, shape in shapes(lark)
            ],
            "word_maps": [dict(items) for items in word_maps],
            "word_map_of": word_map_of,
            "open": open_states,
            "start": table.start_states["start"],
            "end": table.end_states["start"],
            "ignored": sorted(lark.lexer_conf.ignore),
            "terminals": {terminal.name: terminal.pattern.to_regexp() for terminal in lark.terminals},
        }
    )


def plain_data(value: object) -> object:
    """The value with every string a plain str (a grammar Lark has just built names its rules with its Token, a str
    subclass marshal cannot hold)."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, tuple | list):
        return type(value)(plain_data(item) for item in value)
    if isinstance(value, dict):
        return {plain_data(name): plain_data(item) for name, item in value.items()}
    return value
