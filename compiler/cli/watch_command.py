"""`nus watch FILE [-o DIR]`: on every save, check again, run the examples of the cards that changed, rebuild
the reference, and print a one-screen summary. Editors that save by renaming a new file into place are seen
too: the directory is watched, filtered to the file."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from compiler import compile_text, load_cards, load_examples
from compiler.backends.docs import write_docs
from compiler.cli.common import (
    OK,
    STDIN,
    InvalidText,
    UsageError,
    output_directory,
    read_source,
    shown_name,
    writing,
)
from compiler.cli.project_files import card_file_command, needs
from compiler.cli.test_command import failure_lines
from compiler.diagnostics import printable, render_all
from compiler.syntax import nodes as n
from runtime.examples import run_examples
from runtime.wording import counted

SHOWN_FAILURES = 5  # one screen: the first failures in full, then a count


def register(commands) -> None:
    help = "re-check, re-test and rebuild the reference on every save"
    command = card_file_command(commands, "watch", run, help, output=True)
    needs(command, "editor", "watchfiles")


@dataclass
class Watcher:
    path: str
    out: Path
    cards: dict[tuple[str, str], str] = field(default_factory=dict)  # (kind, code) -> the card's source text

    def refresh(self) -> list[str]:
        """The summary of the file as it is now on disk."""
        try:
            text = read_source(self.path)
        except (UsageError, InvalidText) as error:
            return [printable(str(error))]
        compiled = compile_text(text, self.path)
        if compiled.diagnostics:
            count = len(compiled.diagnostics)
            rendered = render_all(list(compiled.diagnostics)[:SHOWN_FAILURES], {self.path: text})
            return [printable(f"{self.path}: {counted(count, 'error')}"), rendered]
        cards = card_texts(compiled.program, text)
        changed = {key[1]: name for key, (name, body) in cards.items() if self.cards.get(key) != body}  # by code
        first = not self.cards
        self.cards = {key: body for key, (_, body) in cards.items()}
        lines = [printable(f"{self.path}: {counted(len(cards), 'card')}, no errors")]
        lines += self.examples(text, changed, first)
        written = writing(
            lambda: write_docs(compiled.program, shown_name(self.path), self.out, text, [self.path]), self.out
        )
        lines.append(f"reference: {', '.join(printable(str(p)) for p in written)}")
        return lines

    def examples(self, text: str, changed: dict[str, str], first: bool) -> list[str]:
        """The examples of every card the first time, then of the cards changed (code -> name), Elders included."""
        examples = [e for e in load_examples(text, self.path) if first or e.code in changed]
        about = "all cards" if first else counted(len(changed), "changed card")
        if changed and not first:
            about += f" ({', '.join(printable(name) for name in changed.values())})"
        outcomes = run_examples(examples, load_cards(text, self.path))
        failed = [outcome for outcome in outcomes if not outcome.passed]
        lines = [
            f"examples: {len(outcomes)} run for {about}: {len(outcomes) - len(failed)} passed, {len(failed)} failed"
        ]
        for outcome in failed[:SHOWN_FAILURES]:
            lines.append(printable(f"  {self.path}:{outcome.example.line}: FAILED {outcome.example.title}"))
            lines += [f"    {line}" for line in failure_lines(outcome.failures)]
        return lines


def card_texts(program: n.Program, text: str) -> dict[tuple[str, str], tuple[str, str]]:
    lines = text.split("\n")
    return {
        (card.kind, card.code): (card.name, "\n".join(lines[card.span.line - 1 : card.span.end_line]))
        for card in program.cards
    }


def show(lines: list[str]) -> None:
    print("\n".join(lines), flush=True)


def run(args: argparse.Namespace) -> int:
    if args.file == STDIN:
        raise UsageError("nus watch needs a file on disk to watch; standard input ('-') is read only once")
    from watchfiles import watch  # needed only here

    target = Path(args.file).resolve()
    watcher = Watcher(args.file, output_directory(args.output))
    footer = f"watching {printable(args.file)} (Ctrl-C stops)"
    # The first pass yields once the watcher is live (on its timeout), so no save is missed before it.
    watching = watch(
        target.parent, watch_filter=lambda _change, path: Path(path) == target, rust_timeout=300, yield_on_timeout=True
    )
    started = False
    for changes in watching:
        if changes or not started:
            show([*([""] if started else []), *watcher.refresh(), footer])
            started = True
    return OK
