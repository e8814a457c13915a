"""`nus explain FILE CARD`: a card as the reference gives it (its cost, VP, English, rulings and notes), then what the
compiler made of it: its parsed structure, its generated Python, and the table its examples start from."""

from __future__ import annotations

import argparse
import shlex
import textwrap
from pathlib import Path

from compiler import compile_text, load_cards, python_text
from compiler.backends.docs import card_docs
from compiler.backends.generate import generate
from compiler.backends.render import English
from compiler.cli.card_choice import NoSuchCard, named, one_card
from compiler.cli.common import ERRORS, OK, UsageError, display_name, read_source, report
from compiler.cli.project_files import card_file_command
from compiler.diagnostics import printable
from compiler.syntax import nodes as n
from compiler.syntax.nodes import pretty
from runtime.examples import starting_table
from runtime.model.declarations import CardKind


def register(commands) -> None:
    explain = card_file_command(commands, "explain", run, "show a card's parsed structure and generated Python")
    explain.add_argument("card", metavar="CARD", help="card name or code")


def run(args: argparse.Namespace) -> int:
    if args.card.endswith(".nus") and Path(args.card).is_file():  # `nus explain FILE` with the card left out
        raise UsageError(f"give the card too: nus explain {args.card} CARD")
    text, hidden = first_examples(read_source(args.file), SHOWN_EXAMPLES)
    compiled = compile_text(text, display_name(args.file))
    if not report(args.file, text, compiled):
        return ERRORS
    card = chosen_card(compiled.program.cards, args.card, args.file)
    module, examples = generate(compiled.program.replace(cards=(card,), examples=()), text)
    print(printable(f'{args.file}:{card.span.line}: {card.kind} "{card.name}"') + "\n")
    print("\n".join(printable(line) for line in as_the_reference_says(compiled.program, card, text)))
    print("\n# Structure\n")
    print("\n".join(printable(line) for line in pretty(card).split("\n")))
    if hidden.get(card.span.line):
        more = f"{hidden[card.span.line]:,} more examples, not shown here (nus test {args.file} runs them)"
        print("\n" + printable(f"... and {more}"))
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


SHOWN_EXAMPLES = 10  # a card's worked examples explain shows (the real cards have up to 7); the rest not compiled here


def first_examples(text: str, keep: int) -> tuple[str, dict[int, int]]:
    """The card file with each card's worked examples past the first `keep` blanked, every line kept (so every line
    number stays), and how many were blanked by the line of the card's header: explain shows a few, and checking
    10,000 would take half a minute. An example is its `example "..."` line and the lines below it indented deeper
    (or blank)."""
    lines = text.split("\n")
    hidden: dict[int, int] = {}
    seen: dict[int, int] = {}
    card, index = 0, 0
    while index < len(lines):
        line = lines[index]
        body = line.lstrip(" ")
        if line[:1] not in ("", " ", "#"):
            card = index + 1  # a card's header (or anything else at the margin)
        if len(body) == len(line) or not body.startswith('example "'):
            index += 1
            continue
        indent, end = len(line) - len(body), index + 1
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip(" ")) > indent):
            end += 1
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > keep:
            hidden[card] = hidden.get(card, 0) + 1
            lines[index:end] = [""] * (end - index)
        index = end
    return "\n".join(lines), hidden


def as_the_reference_says(program: n.Program, card: n.Card, text: str) -> list[str]:
    """The card's entry in the reference: the games it is part of, cost, VP, its English, each ruling and note."""
    doc = next(doc for doc in card_docs(program, text) if (doc.kind, doc.code) == (card.kind, card.code))
    players = English(card).players()
    lines = [players, ""] if players else []
    if card.kind is CardKind.BUILDING:
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
