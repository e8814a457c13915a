"""`nus check FILE...`: every error of every file; `nus check --explain CODE`: what a diagnostic code means."""

from __future__ import annotations

import argparse
import sys

from compiler.cli.common import ERRORS, OK, InvalidText, UsageError, compile_file, report
from compiler.diagnostic_codes import CATALOGUE


def register(commands) -> None:
    check = commands.add_parser("check", help="check card files and report every error")
    check.add_argument("files", nargs="*", metavar="FILE")
    check.add_argument("--explain", metavar="CODE", help="print what a diagnostic code (the one in error[...]) means")
    check.set_defaults(run=run, usage_error=check.error)


def run(args: argparse.Namespace) -> int:
    if args.explain is not None:
        return explain(args.explain)
    if not args.files:
        args.usage_error("give FILE... or --explain CODE")
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


def explain(code: str) -> int:
    entry = CATALOGUE.get(code.strip().upper())
    if entry is None:
        raise UsageError(f"no diagnostic code '{code}' (codes: {', '.join(sorted(CATALOGUE))})")
    print(entry.explain(), end="")
    return OK
