"""`nus vocab [WORDS]`: every phrase of the language with its slots, its English and one example."""

from __future__ import annotations

import argparse

from compiler.backends.language import KIND_NOTES, KINDS, matching
from compiler.cli.common import ERRORS, OK


def register(commands) -> None:
    vocab = commands.add_parser("vocab", help="list the phrases of the language (those containing WORDS)")
    vocab.add_argument("words", metavar="WORDS", nargs="*", help="words every listed phrase contains, e.g. 'given'")
    vocab.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    found = matching(args.words)
    if not found:
        print(f"no phrase contains {' '.join(args.words)!r}; the kinds are: {', '.join(KINDS)}")
        return ERRORS
    for kind in KINDS:
        rows = [phrase for phrase in found if phrase.kind == kind]
        if rows:
            print(f"{kind}s:")
            if kind in KIND_NOTES:
                print(f"  ({KIND_NOTES[kind]()})")
        for phrase in rows:
            only = " (examples only)" if phrase.example_only else ""
            only += " (settable in 'given')" if phrase.settable else ""
            print(f"  {phrase.words}{only}")
            print(f"      {phrase.english}")
            if phrase.slots:
                print(f"      slots: {', '.join(phrase.slots)}")
            print(f"      e.g. {phrase.example}")
    return OK
