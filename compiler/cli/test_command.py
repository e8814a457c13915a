"""`nus test FILE`: the worked examples, one line each, the reason under a failure."""

from __future__ import annotations

import argparse
import sys

from compiler import load_cards, load_examples
from compiler.cli.common import ERRORS, OK, compile_file, display_name, report
from compiler.cli.project_files import card_file_command
from compiler.cli.terminal import painter
from compiler.diagnostics import printable
from runtime.examples import run_examples
from runtime.model.state import player_number
from runtime.wording import counted


def register(commands) -> None:
    test = card_file_command(commands, "test", run, "run the worked examples of a card file")
    test.add_argument("-v", "--verbose", action="store_true", help="show every question and the answer taken")


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    name = display_name(args.file)
    outcomes = run_examples(load_examples(text, name), load_cards(text, name))
    paint = painter(sys.stdout)
    for outcome in outcomes:
        example = outcome.example
        about = f'card "{example.card}"' if example.card else "base rules"
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
    print(paint("failed" if failed else "summary", f"{counted(len(outcomes), 'example')}, {failed} failed"))
    return ERRORS if failed else OK


def failure_lines(failures: tuple[str, ...]) -> list[str]:
    """A failure's lines, escaped, each its own line: a missing answer's message ends with the line to add (shared
    with `nus watch`, which printed its line break as a literal '\\n')."""
    return [printable(line.removeprefix("    ")) for failure in failures for line in str(failure).split("\n")]
