"""`nus fmt FILE [--check]`: the canonical layout, comments kept."""

from __future__ import annotations

import argparse
import sys

from compiler.backends.format import format_text
from compiler.cli.common import ERRORS, OK, file_command, read_source
from compiler.diagnostics import render_all


def register(commands) -> None:
    fmt = file_command(commands, "fmt", run, "print a card file in its canonical layout")
    fmt.add_argument("--check", action="store_true", help="exit 1 when the file is not in canonical layout")


def run(args: argparse.Namespace) -> int:
    """Print the canonical form; with --check, only say whether the file already has it."""
    text = read_source(args.file)
    formatted, diagnostics = format_text(text, args.file)
    if formatted is None:
        print(render_all(diagnostics, {args.file: text}), file=sys.stderr)
        return ERRORS
    if args.check:
        if formatted != text:
            print(f"{args.file}: not formatted (run 'nus fmt {args.file}' to see the canonical form)", file=sys.stderr)
            return ERRORS
        print(f"{args.file}: formatted")
        return OK
    sys.stdout.write(formatted)
    return OK
