"""Colour on a terminal, as ruff and pytest do: on for a TTY, off otherwise; NO_COLOR turns it off and FORCE_COLOR
on (https://no-color.org, https://force-color.org; NO_COLOR wins when both are set)."""

from __future__ import annotations

import os
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
