"""`nus test FILE`: the worked examples, one line each, the reason under a failure."""

from __future__ import annotations

import argparse

from compiler.cli.common import ERRORS, OK, compile_file, file_command, report
from compiler.load import load_cards, load_examples
from runtime.examples import run_examples


def register(commands) -> None:
    test = file_command(commands, "test", run, "run the worked examples of a card file")
    test.add_argument("-v", "--verbose", action="store_true", help="show every question and the answer taken")


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    outcomes = run_examples(load_examples(text, args.file), load_cards(text, args.file))
    for outcome in outcomes:
        example = outcome.example
        about = f'card "{example.card}"' if example.card else "base rules"
        print(f"{args.file}:{example.line}: {'ok' if outcome.passed else 'FAILED'} {about}: {example.title}")
        for failure in outcome.failures:
            print(f"    {failure}")
        if args.verbose:
            for asked in outcome.asked:
                only = " (the only option)" if asked.automatic else ""
                print(f'      player {asked.player + 1}: "{asked.prompt}" -> {asked.answer}{only}')
    failed = sum(not outcome.passed for outcome in outcomes)
    print(f"{len(outcomes)} examples, {failed} failed")
    return ERRORS if failed else OK
