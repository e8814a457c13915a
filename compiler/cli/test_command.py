"""`nus test FILE`: the worked examples, one line each, the reason under a failure."""

from __future__ import annotations

import argparse

from compiler.cli.common import ERRORS, OK, compile_file, file_command, report
from compiler.load import load_cards, load_examples
from runtime.examples import run_examples


def register(commands) -> None:
    file_command(commands, "test", run, "run the worked examples of a card file")


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
    failed = sum(not outcome.passed for outcome in outcomes)
    print(f"{len(outcomes)} examples, {failed} failed")
    return ERRORS if failed else OK
