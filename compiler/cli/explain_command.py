"""`nus explain FILE CARD`: a card's parsed structure and its generated Python."""

from __future__ import annotations

import argparse
from dataclasses import replace

from compiler.backends.generate import generate
from compiler.cli.common import ERRORS, OK, UsageError, compile_file, file_command, report
from compiler.diagnostics import printable
from compiler.load import python_source
from compiler.syntax.nodes import pretty


def register(commands) -> None:
    explain = file_command(commands, "explain", run, "show a card's parsed structure and generated Python")
    explain.add_argument("card", metavar="CARD", help="card name or code")


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    cards = [c for c in compiled.program.cards if args.card.lower() in (c.name.lower(), c.code.lower())]
    if not cards:
        names = ", ".join(c.name for c in compiled.program.cards)
        raise UsageError(f"no card named '{args.card}' in {args.file} (cards: {names})")
    card = cards[0]
    module = generate(replace(compiled.program, cards=(card,), examples=()), text)
    print(printable(f'{args.file}:{card.span.line}: {card.kind} "{card.name}"') + "\n")
    print("\n".join(printable(line) for line in pretty(card).split("\n")))
    print("\n# Generated Python\n")
    print(python_source(module, args.file))
    return OK
