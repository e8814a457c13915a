"""`nus fmt FILE... [--write | --check | --diff]`: the canonical layout, comments kept.

Without a flag it prints the canonical form of one file; `--write` replaces each file atomically (through a
symbolic link, keeping the file's permissions), `--check` and `--diff` change nothing and exit 1 when a file
would change (as `ruff format --check/--diff` do)."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path

from compiler.backends.format import format_text
from compiler.cli.common import ERRORS, OK, STDIN, UsageError, display_name, read_source, show_diagnostics, writing
from compiler.diagnostics import printable
from compiler.output import rewrite


def register(commands) -> None:
    fmt = commands.add_parser("fmt", help="print, check or rewrite card files in their canonical layout")
    fmt.add_argument("files", nargs="+", metavar="FILE", help="card files ('-' reads standard input)")
    mode = fmt.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="replace each file with its canonical form, atomically")
    mode.add_argument("--check", action="store_true", help="exit 1 when a file is not in canonical layout")
    mode.add_argument("--diff", action="store_true", help="print what would change as a unified diff")
    fmt.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    printing = not (args.write or args.check or args.diff)
    if printing and len(args.files) > 1:
        raise UsageError("give --write, --check or --diff to format several files")
    if printing:
        refuse_stdout_over_input(args.files[0])
    changed, broken = [], False
    for path in args.files:
        text = read_source(path)
        formatted, diagnostics = format_text(text, display_name(path))
        if formatted is None:
            show_diagnostics(display_name(path), text, diagnostics)
            broken = True
        elif printing:
            sys.stdout.write(formatted)
        elif formatted != text:
            changed.append(path)
            act(args, path, text, formatted)
    summarise(args, changed)
    return ERRORS if broken or (changed and not args.write) else OK


def act(args: argparse.Namespace, path: str, text: str, formatted: str) -> None:
    name = display_name(path)
    if args.diff:
        lines = difflib.unified_diff(text.splitlines(True), formatted.splitlines(True), name, name)
        sys.stdout.write(printable_diff(lines))
    elif args.check:
        print(printable(f"would reformat {name}"))
    elif path == STDIN:
        sys.stdout.write(formatted)
    else:
        writing(lambda: rewrite(Path(path), formatted), Path(path))


def printable_diff(lines) -> str:
    return "".join(printable(line.rstrip("\n")) + "\n" for line in lines)


def summarise(args: argparse.Namespace, changed: list[str]) -> None:
    count = len(changed)
    files = "file" if count == 1 else "files"
    if args.write:
        print(f"{count} {files} reformatted", file=sys.stderr)
    elif args.check and count:
        print(f"{count} {files} would be reformatted (run 'nus fmt --write' to rewrite them)", file=sys.stderr)
    elif args.check:
        print(f"{len(args.files)} file{'s' if len(args.files) != 1 else ''} already formatted")


def refuse_stdout_over_input(path: str) -> None:
    """`nus fmt cards.nus > cards.nus`: the shell emptied the file before nus ran; say so instead of printing
    nothing and exiting 0."""
    if path == STDIN:
        return
    try:
        stdout_stat = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return
    try:
        source_stat = os.stat(path)
    except OSError:
        return
    if (stdout_stat.st_dev, stdout_stat.st_ino) == (source_stat.st_dev, source_stat.st_ino):
        raise UsageError(
            printable(
                f"standard output is the input {path}: the shell emptied it before nus ran; "
                f"restore it and use 'nus fmt --write {path}'"
            )
        )
