"""Colour on a terminal, as ruff and pytest do: on for a TTY, off otherwise; NO_COLOR turns it off and FORCE_COLOR
on (https://no-color.org, https://force-color.org; NO_COLOR wins when both are set). A long step's status line, on
a terminal only."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from compiler.diagnostics import Paint, plain

CODES = {
    "heading": "1;31",  # the error[CODE] line: bold red
    "caret": "1;31",
    "gutter": "34",
    "help": "1;36",
    "ok": "32",
    "failed": "1;31",
    "summary": "1",
}


def colour_wanted(stream: TextIO, environ: os._Environ | dict | None = None) -> bool:
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def ansi(role: str, text: str) -> str:
    return f"\033[{CODES[role]}m{text}\033[0m" if text else text


def painter(stream: TextIO) -> Paint:
    """Colours text by role when `stream` gets colour; the text itself is already escaped by the caller."""
    return ansi if colour_wanted(stream) else plain


@contextmanager
def status(first: str) -> Iterator[Callable[[str], None]]:
    """A spinner with what a long command is doing, on standard error when it is a terminal (gone when done; a pipe
    or a file gets nothing); yields the function that says the next step."""
    if not sys.stderr.isatty():
        yield lambda step: None
        return
    from rich.console import Console

    with Console(stderr=True).status(first) as shown:
        yield shown.update
