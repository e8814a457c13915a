"""Text to AST: the layout checked first, then one pass of the plain LALR loop (lalr.py) building the AST as it
reduces; a text it leaves (a syntax error) is parsed by Lark (lark_parse.py). Syntax errors become diagnostics, never
exceptions."""

from __future__ import annotations

import re
from functools import cache

from compiler import diagnostic_codes as codes
from compiler.diagnostics import Diagnostic, Diagnostics, Span, moved
from compiler.plain import Plain
from compiler.syntax import lalr
from compiler.syntax import nodes as n
from compiler.syntax.build_ast import MAX_EXPRESSION_DEPTH, AstBuilder, Built, shape_of
from runtime.model.arithmetic import MAX_NUMBER  # every number's limit, the run time's too

MAX_BLOCK_DEPTH = 12


def parse(text: str, filename: str, lines: int = 0) -> tuple[n.Program | None, list[Diagnostic]]:
    """Parse one file: its AST, or None and every broken definition's syntax error (see parse_recovering). `lines`:
    how many lines of the file stand above the text (a definition parsed alone), added to every span."""
    recovered = parse_recovering(text, filename, lines)
    errors = [d.replace(span=moved(d.span, lines)) for d in recovered.errors]
    return (recovered.program, []) if not errors else (None, errors)


class Recovered(Plain):
    """A file parsed around its syntax errors: the AST of the definitions that parse (None if even they do not),
    each error once in order, and the first line of every definition left out for one."""

    __slots__ = ("program", "errors", "left_out")

    def __init__(self, program: n.Program | None, errors: tuple[Diagnostic, ...], left_out: tuple[int, ...]) -> None:
        self.program = program
        self.errors = errors
        self.left_out = left_out


def parse_recovering(text: str, filename: str, lines: int = 0) -> Recovered:
    """After a syntax error, parse each definition alone (as compiler/units.py does, so `nus fmt` and `nus check`
    report the same errors): each that does not parse is blanked (its lines kept, as blank lines) and the rest is
    parsed again, so every broken card is reported, not only the first, and the others parse. An error said of a
    definition that does parse alone would blame a card for the one before it (`building` where the header before
    wants its lines); should one remain once the broken ones are blanked, its definition is blanked in turn.

    The AST's spans are `lines` below the text's (see parse); the errors' are the text's."""
    if not text.endswith("\n"):
        text += "\n"
    program, error = parse_once(text, filename, lines)
    if error is None:  # a clean file, the common case, is parsed once
        return Recovered(program, (), ())
    found = Diagnostics()
    left_out: list[int] = []
    source = text.split("\n")
    for begin, end in definitions(source):
        _, error = parse_once("\n".join(source[begin:end]) + "\n", filename)
        if error is not None:
            found.add(error.replace(span=moved(error.span, begin)))
            left_out.append(begin + 1)
            source[begin:end] = [""] * (end - begin)
    text = "\n".join(source)
    while True:
        program, error = parse_once(text, filename, lines)
        if error is None:
            return Recovered(program, tuple(found), tuple(sorted(left_out)))
        found.add(error)
        start, blanked = without_definition_at(text, error.span.line)
        if blanked == text:
            return Recovered(None, tuple(found), tuple(sorted(left_out)))
        left_out.append(start)
        text = blanked


def parse_once(text: str, filename: str, lines: int = 0) -> tuple[n.Program | None, Diagnostic | None]:
    layout = (
        number_error(text, filename)
        or indentation_error(text, filename)
        or empty_definition(text, filename)
        or long_expression(text, filename)
    )
    if layout is not None:
        return None, layout
    builder = AstBuilder(filename, lines)
    built = lalr.parse(text, builder.reduce, shape_of)
    if built is lalr.REFUSED:  # a syntax error, or a text the plain loop cannot vouch for: Lark parses it
        from compiler.syntax.lark_parse import parse_with_lark

        builder = AstBuilder(filename, lines)
        program, error = parse_with_lark(text, builder, filename)
        if error is not None:
            return None, error
    else:
        program = built.value
    if builder.too_deep is not None:
        return None, nesting_error(builder.too_deep, filename)
    return program, None


HEADER = re.compile(r"(building|elder|example)\b")
COMMENT_OR_BLANK = re.compile(r"\s*(#.*)?")


def definitions(lines: list[str]) -> list[tuple[int, int]]:
    """Where each definition of a file begins and ends (line indexes, the end excluded), from a header at the
    margin to the next; comments and blank lines before the first belong to none, anything else there is one of its
    own (the parser reports it)."""
    starts = [index for index, line in enumerate(lines) if HEADER.match(line)]
    before = lines[: starts[0]] if starts else lines
    if not all(COMMENT_OR_BLANK.fullmatch(line) for line in before):
        starts = [0, *starts]
    return list(zip(starts, [*starts[1:], len(lines)], strict=False))  # no definition: none


@cache
def card_header() -> re.Pattern[str]:
    """A card's header line as the grammar has it (KIND STRING "(" WORD WORD ")"), whatever follows on its line."""
    kind, name, word = (lalr.plain_tables().terminals[terminal] for terminal in ("KIND", "STRING", "WORD"))
    space = "[\t ]"
    return re.compile(
        rf"(?P<kind>{kind}){space}*(?P<name>{name}){space}*\({space}*(?P<deck>{word}){space}+(?P<code>{word}){space}*\)"
    )


@cache
def example_header() -> re.Pattern[str]:
    """A top-level example's header line as the grammar has it ("example" STRING ":")."""
    name = lalr.plain_tables().terminals["STRING"]
    return re.compile(rf"(?P<kind>example)[\t ]*(?P<name>{name})[\t ]*:")


NOTHING_AFTER = re.compile(r"[\t ]*(#.*|\r)?")  # a comment, or the CR of a CRLF line end
FIRST_LINES = {
    "building": ("lines", "add its lines under it, indented: e.g. '  cost 1 wood' and '  vp 1'"),
    "elder": ("lines", "add its lines under it, indented: e.g. '  use: take 1 fish'"),
    "example": ("steps", "add its steps under it, indented: e.g. '  do take 1 wood'"),
}


def empty_definition(text: str, filename: str) -> Diagnostic | None:
    """A whole header at the margin with no indented line after it, before the next definition or the end: said
    of that definition (the parser would blame the next definition's first word, or the end of the file)."""
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        found = card_header().match(line) or example_header().match(line)
        if found is None or not NOTHING_AFTER.fullmatch(line, found.end()):
            continue
        following = next(
            (later for later in lines[number:] if later.strip() and not later.lstrip().startswith("#")), ""
        )
        if following.startswith(" "):  # its body (a tab in indentation is reported before)
            continue
        kind, name = found["kind"], found["name"][1:-1]
        what, help = FIRST_LINES[kind]
        return codes.EMPTY_DEFINITION.diagnostic(
            f"the {kind} '{name}' has no {what}", Span(filename, number, 1, number, found.end() + 1), help
        )
    return None


def without_definition_at(text: str, line: int) -> tuple[int, str]:
    """The first line of the card or top-level example holding `line`, and the text with it emptied: its lines
    kept, as blank lines."""
    lines = text.split("\n")
    headers = [index for index, body in enumerate(lines) if HEADER.match(body)]
    start = max((index for index in headers if index <= line - 1), default=0)
    end = min((index for index in headers if index > start), default=len(lines))
    return start + 1, "\n".join(["" if start <= index < end else body for index, body in enumerate(lines)])


def nesting_error(deepest: Built, filename: str) -> Diagnostic:
    """Later stages recurse over expressions, so a chain like '1 + 1 + ... + 1' stops here, underlined: the
    outermost (tallest) expression that is too deep."""
    return codes.NESTED_TOO_DEEP.diagnostic(
        "an expression nests too deeply to compile",
        Span(filename, deepest.line, deepest.column, deepest.end_line, deepest.end_column),
        f"split it; expressions nest up to {MAX_EXPRESSION_DEPTH} deep",
    )


# The tokens that matter to a run of terms: names and comments (skipped), words, numbers, operators, brackets and
# the punctuation and line breaks that end a run.
TERM_TOKENS = re.compile(r'"[^"\n]*"|#[^\n]*|[^\W\d_][\w\'-]*|\d+|>=|<=|!=|\n|[^\s\w]')
OPERATORS = frozenset("+-*/")
RUN_ENDS = frozenset(
    {",", ":", "=", ">=", "<=", "!=", ">", "<", "and", "or", "not", "capped", "by", "else", "times"}
    | {"vp", "cost", "requires", "rule", "let", "if", "unless", "to", "given", "expect", "do", "soon"}  # line keywords
)


def long_expression(text: str, filename: str) -> Diagnostic | None:
    """A run of terms joined by + - * / longer than expressions nest (`1 + 1 + ... + 1`), found before parsing:
    said as too long, not as nested too deeply, and without parsing hundreds of thousands of terms first. It
    refuses only what nesting_error would (a run of N operators nests N + 1 deep)."""
    if sum(map(text.count, OPERATORS)) < MAX_EXPRESSION_DEPTH:
        return None  # the usual text: too few operators in all for one run to be too long
    # per open bracket: operators joining terms in the run, where it starts and ends, whether a term ended it so far
    # (an operator after none is a sign: `- - 1` nests, and nesting_error says so)
    runs: list[list[int]] = [[0, -1, -1, 0]]
    worst: tuple[int, int, int] | None = None  # the longest run's operators, start and end
    for token in TERM_TOKENS.finditer(text):
        word = token.group()
        if word[0] in '"#':
            continue
        run = runs[-1]
        if word in RUN_ENDS or (word == "\n" and len(runs) == 1):
            run[:] = [0, -1, -1, 0]
            continue
        if run[1] < 0:
            run[1] = token.start()
        if word in "([":
            runs.append([0, -1, -1, 0])  # the bracket is a term of the run around it
            continue
        if word in ")]":
            if len(runs) > 1:
                runs.pop()
            run = runs[-1]
            run[3] = 1
        elif word in OPERATORS:
            run[0] += run[3]
            run[3] = 0
        else:
            run[3] = 1
        run[2] = token.end()
        if run[0] >= MAX_EXPRESSION_DEPTH and (worst is None or run[0] > worst[0] or run[1] == worst[1]):
            worst = (run[0], run[1], run[2])
    if worst is None:
        return None
    return codes.EXPRESSION_TOO_LONG.diagnostic(
        f"this expression is too long: {worst[0] + 1:,} terms",
        span_at(text, filename, worst[1], worst[2] - worst[1]),
        f"an expression holds at most {MAX_EXPRESSION_DEPTH} terms",
    )


MAX_TABLE_ROWS = 50  # the checker's limit on a table's rows, with those of the tables inside its values
MAX_DIGITS = 9  # longer ones stop here, before int() and the checker's messages see thousands of digits
WORDS_OUTSIDE_NAMES = re.compile(r'"[^"\n]*"|#[^\n]*|\w+')
TOO_MANY_DIGITS = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
NON_ASCII = re.compile(r"[^\x00-\x7f]")


def number_error(text: str, filename: str) -> Diagnostic | None:
    """Digits are ASCII 0-9 (a '６' or '³' would fold into another code or number) and numbers are short."""
    if not TOO_MANY_DIGITS.search(text) and not any(char.isdigit() for char in NON_ASCII.findall(text)):
        return None  # the usual text, without a look at each word
    for found in WORDS_OUTSIDE_NAMES.finditer(text):
        word = found.group()
        if word[0] in '"#':
            continue
        for offset, char in enumerate(word):
            if char.isdigit() and not char.isascii():
                return codes.NON_ASCII_DIGIT.diagnostic(
                    f"non-ASCII digit {char!r} (U+{ord(char):04X})",
                    span_at(text, filename, found.start() + offset, 1),
                    "write digits as 0-9",
                )
        if word.isdigit() and len(word) > MAX_DIGITS:
            return codes.NUMBER_TOO_LARGE.diagnostic(
                f"a number of {len(word)} digits is too large",
                span_at(text, filename, found.start(), len(word)),
                f"numbers go up to {MAX_NUMBER}",
            )
    return None


def span_at(text: str, filename: str, offset: int, width: int) -> Span:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return Span(filename, line, column, line, column + width)


def indentation_error(text: str, filename: str) -> Diagnostic | None:
    """Blocks must dedent to an enclosing level, indent with spaces only, and nest shallowly."""
    levels = [0]
    seen_content = False  # a line neither blank nor a comment
    for number, line in enumerate(text.split("\n"), start=1):
        body = line.lstrip(" \t")
        if not body or body.startswith("#"):
            continue
        first_content, seen_content = not seen_content, True
        indent = line[: len(line) - len(body)]
        if "\t" in indent:
            column = indent.index("\t") + 1
            return codes.BAD_INDENTATION.diagnostic(
                "tab in indentation", Span(filename, number, column, number, column + 1), "indent with spaces"
            )
        width = len(indent)
        if width and first_content:
            return codes.BAD_INDENTATION.diagnostic(
                "the file's first line is indented",
                Span(filename, number, 1, number, width + 1),
                "start the first card or example at the left margin",
            )
        if width not in levels and width < levels[-1]:
            choices = " or ".join(str(level) for level in levels)
            return codes.BAD_INDENTATION.diagnostic(
                "this line's indentation matches no enclosing block",
                Span(filename, number, 1, number, width + 1),
                f"indent it by {choices} spaces",
            )
        if width > levels[-1]:
            levels.append(width)
        while width < levels[-1]:
            levels.pop()
        if len(levels) > MAX_BLOCK_DEPTH:
            return codes.NESTED_TOO_DEEP.diagnostic(
                f"blocks nest more than {MAX_BLOCK_DEPTH - 1} deep",
                Span(filename, number, 1, number, width + 1),
                "split the ability into simpler steps",
            )
    return None
