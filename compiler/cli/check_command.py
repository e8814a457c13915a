"""`nus check FILE...`: every error of every file."""

from __future__ import annotations

import argparse
import sys

from compiler.cli.common import ERRORS, OK, InvalidText, compile_file, report


def register(commands) -> None:
    check = commands.add_parser("check", help="check card files and report every error")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    clean = True
    for path in args.files:
        try:
            text, compiled = compile_file(path)
        except InvalidText as error:
            print(error, file=sys.stderr)
            clean = False
            continue
        if report(path, text, compiled):
            print(f"{path}: {len(compiled.program.cards)} cards, no errors")
        else:
            clean = False
    return OK if clean else ERRORS
