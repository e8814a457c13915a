"""`nus explain FILE CARD`: a card's parsed structure, its generated Python and the table its examples start from
(and, for a card with a `players` line, the games it is part of)."""

from __future__ import annotations

import argparse
import shlex
from dataclasses import replace
from pathlib import Path

from compiler import load_cards, python_text
from compiler.backends.generate import generate
from compiler.backends.render import English
from compiler.cli.card_choice import ambiguous, named, unknown
from compiler.cli.common import ERRORS, OK, UsageError, compile_file, report
from compiler.cli.project_files import card_file_command
from compiler.diagnostics import printable
from compiler.syntax import nodes as n
from compiler.syntax.nodes import pretty
from runtime.examples import starting_table


def register(commands) -> None:
    explain = card_file_command(commands, "explain", run, "show a card's parsed structure and generated Python")
    explain.add_argument("card", metavar="CARD", help="card name or code")


def run(args: argparse.Namespace) -> int:
    if args.card.endswith(".nus") and Path(args.card).is_file():  # `nus explain FILE` with the card left out
        raise UsageError(f"give the card too: nus explain {args.card} CARD")
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    card = chosen_card(compiled.program.cards, args.card, args.file)
    module = generate(replace(compiled.program, cards=(card,), examples=()), text)
    print(printable(f'{args.file}:{card.span.line}: {card.kind} "{card.name}"') + "\n")
    players = English(card).players()
    if players:
        print(f"{players}\n")
    print("\n".join(printable(line) for line in pretty(card).split("\n")))
    print("\n# Generated Python\n")
    print(python_text(module, args.file))
    if card.examples:
        specs = load_cards(text, args.file)
        spec = next(spec for spec in specs if (spec.kind, spec.code) == (card.kind, card.code))
        print("\n# Its worked examples start from this table\n")
        print("\n".join(f"- {line}" for line in starting_table(specs, spec)))
    return OK


def chosen_card(cards: tuple[n.Card, ...], wanted: str, path: str) -> n.Card:
    """The one card CARD names (compiler.cli.card_choice); a name two cards share is refused, not resolved silently
    to the first (the Building "Carpenter" over the Elder), with the command that picks each by its code."""
    found = named(cards, wanted)
    if not found:
        raise UsageError(f"{unknown(cards, wanted, where=path)} (cards: {', '.join(c.name for c in cards)})")
    if len(found) > 1:
        picks = " or ".join(f"nus explain {shlex.quote(path)} {card.code}" for card in found)
        raise UsageError(ambiguous(found, wanted, f"give its code: {picks}"))
    return found[0]
