"""What every `nus` subcommand shares: reading card files, reporting diagnostics, writing output."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler import diagnostic_codes as codes
from compiler.diagnostics import render_all
from compiler.load import Compiled, compile_text

OK, ERRORS, USAGE = 0, 1, 2


class UsageError(Exception):
    """A problem with the command line or the file system, not with card text."""


def read_source(path: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        message = (
            f"{path}:{line}:{column}: error[{codes.INVALID_UTF8.id}]: {codes.INVALID_UTF8.title} (byte {error.start})"
        )
        raise InvalidText(message) from None


class InvalidText(Exception):
    """Card text that cannot even be decoded; reported like a diagnostic."""


def compile_file(path: str) -> tuple[str, Compiled]:
    text = read_source(path)
    return text, compile_text(text, path)


def report(path: str, text: str, compiled: Compiled) -> bool:
    if compiled.diagnostics:
        print(render_all(list(compiled.diagnostics), {path: text}), file=sys.stderr)
        count = len(compiled.diagnostics)
        print(f"{path}: {count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return False
    return True


def output_directory(path: str) -> Path:
    out = Path(path)
    writing(lambda: out.mkdir(parents=True, exist_ok=True), out)
    return out


def writing(action, out: Path):
    try:
        return action()
    except OSError as error:
        raise UsageError(f"cannot write to {out}: {error.strerror or error}") from None


def positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def file_command(commands, name: str, run, help: str, output: bool = False) -> argparse.ArgumentParser:
    """A subcommand that reads one card file (and writes to -o DIR when `output`)."""
    command = commands.add_parser(name, help=help)
    command.add_argument("file", metavar="FILE")
    if output:
        command.add_argument("-o", "--output", default="build", metavar="DIR")
    command.set_defaults(run=run)
    return command
