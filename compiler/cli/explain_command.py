"""`nus explain FILE CARD`: a card as the reference gives it (its cost, VP, English, rulings and notes), then what the
compiler made of it: its parsed structure, its generated Python, and the table its examples start from."""

from __future__ import annotations

import argparse
import shlex
import textwrap
from dataclasses import replace
from pathlib import Path

from compiler import load_cards, python_text
from compiler.backends.docs import card_docs
from compiler.backends.generate import generate
from compiler.backends.render import English
from compiler.cli.card_choice import NoSuchCard, named, one_card
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
    module, examples = generate(replace(compiled.program, cards=(card,), examples=()), text)
    print(printable(f'{args.file}:{card.span.line}: {card.kind} "{card.name}"') + "\n")
    print("\n".join(printable(line) for line in as_the_reference_says(compiled.program, card, text)))
    print("\n# Structure\n")
    print("\n".join(printable(line) for line in pretty(card).split("\n")))
    print("\n# Generated Python\n")
    print(python_text(module, args.file))
    if card.examples:
        print("\n# Its worked examples' generated Python\n")
        print(python_text(examples, args.file))
    if card.examples:
        specs = load_cards(text, args.file)
        spec = next(spec for spec in specs if (spec.kind, spec.code) == (card.kind, card.code))
        print("\n# Its worked examples start from this table\n")
        print("\n".join(f"- {line}" for line in starting_table(specs, spec)))
    return OK


def as_the_reference_says(program: n.Program, card: n.Card, text: str) -> list[str]:
    """The card's entry in the reference: the games it is part of, cost, VP, its English, each ruling and note."""
    doc = next(doc for doc in card_docs(program, text) if (doc.kind, doc.code) == (card.kind, card.code))
    players = English(card).players()
    lines = [players, ""] if players else []
    if card.kind == "building":
        lines += [f"Cost: {doc.cost}", f"VP: {doc.vp_label or doc.vp}", ""]
    lines += textwrap.wrap(doc.text, 100)
    for note in doc.notes:
        lines += ["", *textwrap.wrap(f"{note.kind.capitalize()} (line {note.line}): {note.text}", 100)]
    return lines


def chosen_card(cards: tuple[n.Card, ...], wanted: str, path: str) -> n.Card:
    """The one card CARD names (compiler.cli.card_choice); an unknown name lists the file's cards."""
    try:
        return one_card(cards, wanted, path, lambda code: f"nus explain {shlex.quote(path)} {code}")
    except NoSuchCard as error:
        listing = "" if named(cards, wanted) else f" (cards: {', '.join(card.name for card in cards)})"
        raise UsageError(f"{error}{listing}") from None
