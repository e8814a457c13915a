"""`nus explain FILE CARD`: a card's parsed structure, its generated Python and the table its examples start from
(and, for a card with a `players` line, the games it is part of)."""

from __future__ import annotations

import argparse
from dataclasses import replace

from compiler.backends.generate import generate
from compiler.backends.render import English
from compiler.cli.common import ERRORS, OK, UsageError, compile_file, file_command, report
from compiler.diagnostics import printable
from compiler.load import load_cards, python_source
from compiler.syntax.nodes import pretty
from runtime.examples import starting_table


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
    players = English(card).players()
    if players:
        print(f"{players}\n")
    print("\n".join(printable(line) for line in pretty(card).split("\n")))
    print("\n# Generated Python\n")
    print(python_source(module, args.file))
    if card.examples:
        specs = load_cards(text, args.file)
        spec = next(spec for spec in specs if (spec.kind, spec.code) == (card.kind, card.code))
        print("\n# Its worked examples start from this table\n")
        print("\n".join(f"- {line}" for line in starting_table(specs, spec)))
    return OK
