"""`nus fmt FILE... [--write | --check | --diff]`: the canonical layout, comments kept.

Without a flag it prints the canonical form of one file; `--write` replaces each file atomically (through a
symbolic link, keeping the file's permissions), `--check` and `--diff` change nothing and exit 1 when a file
would change (as `ruff format --check/--diff` do)."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from compiler.backends.format import format_text
from compiler.cli.common import (
    BOM,
    ERRORS,
    OK,
    STDIN,
    USAGE,
    InvalidText,
    UsageError,
    display_name,
    error_line,
    read_text,
    show_diagnostics,
    writing,
)
from compiler.cli.output import rewrite
from compiler.cli.project_files import card_file_command
from compiler.diagnostics import printable
from runtime.wording import counted


def register(commands) -> None:
    help = "print, check or rewrite card files in their canonical layout"
    fmt = card_file_command(commands, "fmt", run, help, many=True, data=False)
    mode = fmt.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="replace each file with its canonical form, atomically")
    mode.add_argument("--check", action="store_true", help="exit 1 when a file is not in canonical layout")
    mode.add_argument("--diff", action="store_true", help="print what would change as a unified diff")


def run(args: argparse.Namespace) -> int:
    if not args.files:
        raise UsageError("give FILE... (no nus.toml or cards.nus here names one)")
    printing = not (args.write or args.check or args.diff)
    if printing and len(args.files) > 1:
        raise UsageError("give --write, --check or --diff to format several files")
    if printing:
        refuse_stdout_over_input(args.files[0])
    outcomes = [format_file(args, path, printing) for path in args.files]
    changed, broken, unread = (outcomes.count(outcome) for outcome in (CHANGED, BROKEN, UNREAD))
    if not printing:
        summarise(args, changed, broken, unread)
    if unread:
        return USAGE
    return ERRORS if broken or (changed and not args.write) else OK


CHANGED, UNCHANGED, BROKEN, UNREAD = "changed", "unchanged", "broken", "unread"


def format_file(args: argparse.Namespace, path: str, printing: bool) -> str:
    """One file formatted as the mode asks; CHANGED, UNCHANGED, BROKEN when it does not parse or decode (its errors
    shown), or UNREAD when it cannot be read (said): as ruff, the other files are formatted all the same."""
    try:
        source = read_text(path)
    except InvalidText as error:
        print(error, file=sys.stderr)
        return BROKEN
    except UsageError as error:
        print(error_line(error), file=sys.stderr)
        return UNREAD
    form = FileForm.of(source)
    text = form.bare(source)
    formatted, diagnostics = format_text(text, display_name(path))
    if formatted is None:
        show_diagnostics(display_name(path), text, diagnostics)
        return BROKEN
    if printing:
        sys.stdout.write(form.dressed(formatted))
        return UNCHANGED
    if form.dressed(formatted) == source:
        return UNCHANGED
    act(args, path, source, form.dressed(formatted))
    return CHANGED


@dataclass(frozen=True)
class FileForm:
    """What a file keeps through formatting besides its layout: a leading byte-order mark and its line endings
    (those of its first line, as ruff's `line-ending = "auto"`), so a CRLF file formatted stays CRLF and one in
    canonical layout passes --check; a file whose endings are mixed comes out with its first line's."""

    bom: str
    newline: str

    @classmethod
    def of(cls, source: str) -> FileForm:
        end = source.find("\n")
        crlf = end > 0 and source[end - 1] == "\r"
        return cls(BOM if source.startswith(BOM) else "", "\r\n" if crlf else "\n")

    def bare(self, source: str) -> str:
        """The text the formatter reads: no byte-order mark, line feeds only."""
        text = source.removeprefix(self.bom)
        return text.replace("\r\n", "\n") if self.newline == "\r\n" else text

    def dressed(self, formatted: str) -> str:
        return self.bom + formatted.replace("\n", self.newline)


def act(args: argparse.Namespace, path: str, text: str, formatted: str) -> None:
    name = display_name(path)
    if args.diff:
        lines = difflib.unified_diff(text.splitlines(True), formatted.splitlines(True), name, name)
        sys.stdout.write(printable_diff(lines))
    elif args.check:
        print(printable(f"would reformat {name}"))
    elif path == STDIN:
        sys.stdout.write(formatted)
    else:
        writing(lambda: rewrite(Path(path), formatted), Path(path))


def printable_diff(lines) -> str:
    """The diff's lines escaped, each ended by a line feed (a CRLF file's carriage returns are not shown)."""
    return "".join(printable(line.removesuffix("\n").removesuffix("\r")) + "\n" for line in lines)


def summarise(args: argparse.Namespace, changed: int, broken: int, unread: int) -> None:
    """One line, as ruff's: what changed (or would), what was already formatted, and what could not be parsed or
    read (its errors shown above); on stdout only for a --check that passes."""
    unchanged = len(args.files) - changed - broken - unread
    parts = [f"{counted(changed, 'file')} {'reformatted' if args.write else 'would be reformatted'}"] if changed else []
    if unchanged or not (changed or broken or unread):
        parts.append(f"{counted(unchanged, 'file')} {'left unchanged' if args.write else 'already formatted'}")
    if broken:
        parts.append(f"{counted(broken, 'file')} could not be parsed")
    if unread:
        parts.append(f"{counted(unread, 'file')} could not be read")
    hint = " (run 'nus fmt --write' to rewrite them)" if changed and not args.write else ""
    passed = args.check and not (changed or broken or unread)
    print(", ".join(parts) + hint, file=sys.stdout if passed else sys.stderr)


def refuse_stdout_over_input(path: str) -> None:
    """`nus fmt cards.nus > cards.nus`: the shell emptied the file before nus ran; say so instead of printing
    nothing and exiting 0."""
    if path == STDIN:
        return
    try:
        stdout_stat = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return
    try:
        source_stat = os.stat(path)
    except OSError:
        return
    if (stdout_stat.st_dev, stdout_stat.st_ino) == (source_stat.st_dev, source_stat.st_ino):
        raise UsageError(
            printable(
                f"standard output is the input {path}: the shell emptied it before nus ran; "
                f"restore it and use 'nus fmt --write {path}'"
            )
        )
