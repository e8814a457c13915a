"""`nus check FILE...`: every error of every file; a missing file is reported and the others still checked.

`nus check --explain CODE`: what a diagnostic code means."""

from __future__ import annotations

import argparse
import json
import sys

from compiler import check_text
from compiler.cli.common import (
    ERRORS,
    OK,
    USAGE,
    InvalidText,
    UsageError,
    add_output_format,
    diagnostic_record,
    display_name,
    read_source,
    report,
)
from compiler.cli.project_files import card_file_command
from compiler.diagnostic_codes import CATALOGUE
from compiler.diagnostics import Diagnostics, printable
from runtime.wording import counted


def register(commands) -> None:
    check = card_file_command(commands, "check", run, "check card files and report every error", many=True)
    check.add_argument("--explain", metavar="CODE", help="print what a diagnostic code (the one in error[...]) means")
    check.add_argument("--no-cache", action="store_true", help="compile even when the same text was checked before")
    add_output_format(check)
    check.set_defaults(usage_error=check.error)


def run(args: argparse.Namespace) -> int:
    """With --output-format json, all files' diagnostics go out as one array at the end."""
    if args.explain is not None:
        return explain(args.explain)
    if not args.files:
        args.usage_error("give FILE... or --explain CODE")
    clean, unreadable, records = True, False, []
    for path in args.files:
        try:
            text = read_source(path)
            compiled = check_text(text, display_name(path), use_cache=not args.no_cache)
        except InvalidText as error:
            print(error, file=sys.stderr)
            clean = False
            continue
        except UsageError as error:
            print(f"nus: error: {error}", file=sys.stderr)
            unreadable = True
            continue
        if args.output_format == "json":
            records += [diagnostic_record(d, text) for d in Diagnostics([*compiled.diagnostics, *compiled.warnings])]
            clean = clean and not compiled.diagnostics
        elif not report(path, text, compiled, args.output_format):
            clean = False
        elif args.output_format == "text":
            print(printable(f"{display_name(path)}: {counted(compiled.cards, 'card')}, no errors"))
    if args.output_format == "json":
        print(json.dumps(records, indent=2))
    return USAGE if unreadable else OK if clean else ERRORS


def explain(code: str) -> int:
    entry = CATALOGUE.get(code.strip().upper())
    if entry is None:
        raise UsageError(f"no diagnostic code '{code}' (codes: {', '.join(sorted(CATALOGUE))})")
    print(entry.explain(), end="")
    return OK
