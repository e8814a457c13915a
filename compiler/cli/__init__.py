"""The `nus` command. Exit codes: 0 clean, 1 errors in a card file, 2 usage or I/O problems.

Each subcommand is one module of this package with `register(commands)`; COMMANDS lists them in help order.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from compiler.cli.common import ERRORS, USAGE, InvalidText, UsageError

COMMANDS = ("check", "build", "docs", "cards", "fmt", "test", "explain", "simulate", "balance")


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nus", description="Compile and run Nusfjord card files.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        import_module(f"compiler.cli.{name}_command").register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = argument_parser().parse_args(argv)
    try:
        return args.run(args)
    except InvalidText as error:
        print(error, file=sys.stderr)
        return ERRORS
    except UsageError as error:
        print(f"nus: error: {error}", file=sys.stderr)
        return USAGE
