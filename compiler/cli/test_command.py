"""`nus test FILE [--card NAME] [-v]`: the worked examples, as pytest reports tests: a failure in full (the reason, the
line to add), then one summary line (`155 passed in 1.0 s`); `-v` lists every example and the questions it asked."""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from compiler import load_cards, load_examples
from compiler.cli.card_choice import NoSuchCard, one_card
from compiler.cli.common import ERRORS, OK, UsageError, compile_file, display_name, report
from compiler.cli.project_files import card_file_command
from compiler.cli.terminal import painter
from compiler.diagnostics import printable
from compiler.syntax import nodes as n
from runtime.examples import run_examples
from runtime.model.declarations import CardKind
from runtime.model.state import player_number


def register(commands) -> None:
    test = card_file_command(commands, "test", run, "run the worked examples of a card file")
    test.add_argument("--card", metavar="NAME", help="only this card's examples (its name or code)")
    test.add_argument("-v", "--verbose", action="store_true", help="list every example, question and answer taken")


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    name = display_name(args.file)
    examples = load_examples(text, name)
    if args.card is not None:
        try:
            pick = lambda code: f"nus test {shlex.quote(args.file)} --card {code}"  # noqa: E731
            card = one_card(compiled.program.cards, args.card, args.file, pick)
        except NoSuchCard as error:
            raise UsageError(str(error)) from None
        examples = [example for example in examples if example.code == card.code]
        if not examples:
            raise UsageError(printable(f"{card.name!r} has no worked examples in {args.file}"))
    started = time.perf_counter()
    outcomes = run_examples(examples, load_cards(text, name))
    seconds = time.perf_counter() - started
    paint = painter(sys.stdout)
    written_under = {card.code: card for card in compiled.program.cards}
    for outcome in outcomes:
        if outcome.passed and not args.verbose:
            continue
        example = outcome.example
        about = heading(written_under.get(example.code))
        verdict = paint("ok", "ok") if outcome.passed else paint("failed", "FAILED")
        print(f"{printable(f'{name}:{example.line}:')} {verdict} {printable(f'{about}: {example.title}')}")
        for line in failure_lines(outcome.failures):
            print(f"    {line}")
        if args.verbose:
            for asked in outcome.asked:
                only = " (the only option)" if asked.automatic else ""
                who = f"player {player_number(asked.player)}"
                print(printable(f'      {who}: "{asked.prompt}" -> {asked.answer}{only}'))
    failed = sum(not outcome.passed for outcome in outcomes)
    print(paint("failed" if failed else "summary", summary(len(outcomes) - failed, failed, seconds)))
    return ERRORS if failed else OK


def heading(card: n.Card | None) -> str:
    """What an example is written under: 'card "NAME"' (a Building), 'elder "NAME"', or the base rules."""
    if card is None:
        return "base rules"
    return f'{"card" if card.kind is CardKind.BUILDING else card.kind} "{card.name}"'


def summary(passed: int, failed: int, seconds: float) -> str:
    """pytest's last line: `1 failed, 155 passed in 1.0 s`, the counts that are not 0 (`no examples ran in 0.0 s`)."""
    counts = [f"{failed} failed"] if failed else []
    counts += [f"{passed} passed"] if passed else []
    return f"{', '.join(counts) or 'no examples ran'} in {seconds:.1f} s"


def failure_lines(failures: tuple[str, ...]) -> list[str]:
    """A failure's lines, escaped, each its own line: a missing answer's message ends with the line to add (shared
    with `nus watch`, which printed its line break as a literal '\\n')."""
    return [printable(line.removeprefix("    ")) for failure in failures for line in str(failure).split("\n")]
