"""Diagnostics in the style of rustc: code, message, the user's line, a caret, a hint."""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from functools import total_ordering

from compiler.plain import Plain
from runtime.wording import printable


@total_ordering
class Span:
    """Where something stands in a file, from line:column to end_line:end_column (1-based, the end excluded);
    spans order by file, then place, and are never changed once made. Written by hand, not made by
    `@dataclass(frozen=True, order=True)`: the parse makes one for nearly every node and token it keeps, and a frozen
    dataclass sets each field through object.__setattr__ (that, and its ten methods compiled from source at import,
    were 6% of a cold `nus check`)."""

    __slots__ = ("filename", "line", "column", "end_line", "end_column")

    def __init__(self, filename: str, line: int, column: int, end_line: int, end_column: int) -> None:
        self.filename = filename
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column

    def where(self) -> tuple[str, int, int, int, int]:
        return (self.filename, self.line, self.column, self.end_line, self.end_column)

    def __eq__(self, other: object) -> bool:
        return self.where() == other.where() if other.__class__ is Span else NotImplemented

    def __lt__(self, other: Span) -> bool:
        return self.where() < other.where() if other.__class__ is Span else NotImplemented

    def __hash__(self) -> int:
        return hash(self.where())

    def __repr__(self) -> str:
        return (
            f"Span(filename={self.filename!r}, line={self.line!r}, column={self.column!r}, "
            f"end_line={self.end_line!r}, end_column={self.end_column!r})"
        )

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}"


def moved(span: Span, lines: int) -> Span:
    """The span `lines` further down: a definition compiled alone, put back at its line of the file."""
    return Span(span.filename, span.line + lines, span.column, span.end_line + lines, span.end_column)


class Severity(StrEnum):
    """An error stops a build and fails `nus check`; a warning is shown with the same place, caret and hint, and
    stops nothing (a hook cycle the checker can see but its guards or choices may end)."""

    ERROR = "error"
    WARNING = "warning"


class Diagnostic(Plain):
    __slots__ = ("code", "message", "span", "help", "severity")

    def __init__(self, code: str, message: str, span: Span, help: str = "", severity: Severity = Severity.ERROR):
        self.code = code
        self.message = message
        self.span = span
        self.help = help
        self.severity = severity

    @property
    def sort_key(self) -> tuple:
        """Reading order: by place in the file, then code, then message."""
        return (self.span, self.code, self.message)

    def render(self, source: str | None, paint: Paint | None = None) -> str:
        """rustc's layout; every piece from the card file has its control characters escaped, caret kept aligned."""
        paint = paint or plain
        head = f"{editor_span(self.span, source)}: {self.severity}[{self.code}]: {self.message}"
        lines = [paint("heading", printable(head))]
        source_line = line_of(source, self.span.line) if source is not None else None
        if source_line is not None:
            gutter = " " * len(str(self.span.line))
            raw = source_line.expandtabs(1)
            width = self.span.end_column - self.span.column if self.span.end_line == self.span.line else 0
            start = self.span.column - 1
            width = max(1, min(width, len(raw) - start))
            left, right = shown_part(len(raw), start)
            clipped_left, clipped_right = ELLIPSIS if left else "", ELLIPSIS if right < len(raw) else ""
            before = len(clipped_left) + display_width(printable(raw[left:start]))
            underlined = max(1, display_width(printable(raw[start : min(start + width, right)])))
            lines += [
                paint("gutter", f"{gutter} |"),
                f"{paint('gutter', f'{self.span.line} |')} {clipped_left}{printable(raw[left:right])}{clipped_right}",
                f"{paint('gutter', f'{gutter} |')} {' ' * before}{paint('caret', '^' * underlined)}",
            ]
        if self.help:
            lines.append(f"{paint('help', 'help:')} {printable(self.help)}")
        return "\n".join(lines)


LONGEST_SHOWN = 200  # characters of the line shown with a diagnostic; a longer line is shown around the span
ELLIPSIS = "…"


def shown_part(length: int, start: int) -> tuple[int, int]:
    """Where the shown part of a line of `length` characters begins and ends, for a span starting at `start`: all of
    it, or LONGEST_SHOWN characters beginning a little before the span (a line of megabytes is never echoed)."""
    if length <= LONGEST_SHOWN:
        return 0, length
    left = max(0, min(start - 40, length - LONGEST_SHOWN))
    return left, left + LONGEST_SHOWN


def by_severity(found: Iterable[Diagnostic]) -> tuple[tuple[Diagnostic, ...], tuple[Diagnostic, ...]]:
    """The errors and the warnings, each in reading order: the one place a result's diagnostics are told apart."""
    ordered = Diagnostics(found)
    return (
        tuple(d for d in ordered if d.severity is Severity.ERROR),
        tuple(d for d in ordered if d.severity is Severity.WARNING),
    )


class Diagnostics:
    """Diagnostics each once, kept in reading order (Diagnostic.sort_key) as they are added: the one place they are
    ordered and de-duplicated, so no stage sorts them again."""

    def __init__(self, found: Iterable[Diagnostic] = ()) -> None:
        self.found: list[Diagnostic] = []
        self.seen: set[Diagnostic] = set()
        self.extend(found)

    def add(self, diagnostic: Diagnostic) -> None:
        if diagnostic not in self.seen:
            self.seen.add(diagnostic)
            bisect.insort(self.found, diagnostic, key=lambda d: d.sort_key)

    def extend(self, found: Iterable[Diagnostic]) -> None:
        for diagnostic in found:
            self.add(diagnostic)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.found)

    def __len__(self) -> int:
        return len(self.found)


Paint = Callable[[str, str], str]


def plain(role: str, text: str) -> str:
    return text


def display_width(text: str) -> int:
    """The terminal cells the text takes, so a caret stands under its word: a wide or full-width character (CJK)
    takes two, a combining mark (the accent of an 'é' written as 'e' and U+0301) none."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(char) or unicodedata.category(char) == "Me" else 2 if wide(char) else 1
        for char in text
    )


def wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def editor_column(line: str | None, column: int) -> int:
    """A column (1-based, a character each, as spans count them) as editors count it under the Language Server
    Protocol's default: in UTF-16 code units, so a character beyond the Basic Multilingual Plane (an emoji)
    counts two. A combining mark counts one, as it does in an editor's column."""
    if line is None:
        return column
    return column + sum(1 for char in line[: column - 1] if ord(char) > 0xFFFF)


def editor_span(span: Span, source: str | None) -> Span:
    """The span with its columns as an editor counts them (editor_column): for file:line:col and JSON."""
    if source is None:
        return span
    column = editor_column(line_of(source, span.line), span.column)
    return Span(
        span.filename, span.line, column, span.end_line, editor_column(line_of(source, span.end_line), span.end_column)
    )


def source_lines(source: str) -> list[str]:
    """The lines as the parser numbers them: split at \\n only, not at form feeds or U+2028."""
    return [line.removesuffix("\r") for line in source.split("\n")]


def line_of(source: str, number: int) -> str | None:
    lines = source_lines(source)
    return lines[number - 1] if 1 <= number <= len(lines) else None


def render_all(diagnostics: Iterable[Diagnostic], sources: dict[str, str], paint: Paint | None = None) -> str:
    return "\n\n".join(d.render(sources.get(d.span.filename), paint) for d in Diagnostics(diagnostics))


class CompileError(Exception):
    """Raised by the whole-pipeline helpers when a file has errors; carries them all."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: dict[str, str]):
        self.diagnostics = list(Diagnostics(diagnostics))
        self.sources = sources
        super().__init__(render_all(self.diagnostics, sources))
