"""Diagnostics in the style of rustc: code, message, the user's line, a caret, a hint."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Span:
    filename: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    help: str = ""
    severity: str = "error"

    @property
    def sort_key(self) -> tuple:
        return (self.span, self.code, self.message)

    def render(self, source: str | None) -> str:
        head = f"{self.span}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        source_line = line_of(source, self.span.line) if source is not None else None
        if source_line is not None:
            gutter = " " * len(str(self.span.line))
            shown = source_line.expandtabs(1)
            width = self.span.end_column - self.span.column if self.span.end_line == self.span.line else 0
            width = max(1, min(width, len(shown) - self.span.column + 1))
            lines += [
                f"{gutter} |",
                f"{self.span.line} | {shown}",
                f"{gutter} | {' ' * (self.span.column - 1)}{'^' * width}",
            ]
        if self.help:
            lines.append(f"help: {self.help}")
        return "\n".join(lines)


def source_lines(source: str) -> list[str]:
    """The lines as the parser numbers them: split at \\n only, not at form feeds or U+2028."""
    return [line.removesuffix("\r") for line in source.split("\n")]


def line_of(source: str, number: int) -> str | None:
    lines = source_lines(source)
    return lines[number - 1] if 1 <= number <= len(lines) else None


def render_all(diagnostics: list[Diagnostic], sources: dict[str, str]) -> str:
    ordered = sorted(set(diagnostics), key=lambda d: d.sort_key)
    return "\n\n".join(d.render(sources.get(d.span.filename)) for d in ordered)


class CompileError(Exception):
    """Raised by the whole-pipeline helpers when a file has errors; carries them all."""

    def __init__(self, diagnostics: list[Diagnostic], sources: dict[str, str]):
        self.diagnostics = sorted(set(diagnostics), key=lambda d: d.sort_key)
        self.sources = sources
        super().__init__(render_all(self.diagnostics, sources))
