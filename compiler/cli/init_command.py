"""`nus init DIR [--with rules,evaluation,faces] [--empty]`: a designer's project folder.

Nothing already there is overwritten: a folder holding any file the project would write is refused, and the files
are written together (compiler/cli/output.py)."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from compiler.cli.common import OK, UsageError, output_directory, writing
from compiler.cli.output import write_all
from compiler.diagnostics import printable
from compiler.project.new_project import COPIES, project_files


def register(commands) -> None:
    command = commands.add_parser("init", help="make a project folder: cards.nus, nus.toml, editable data files")
    command.add_argument("folder", metavar="DIR", help="the project's folder (made if need be)")
    command.add_argument(
        "--with",
        dest="copies",
        type=copies,
        default=set(),
        metavar="FILES",
        help="editable copies of the package's files: " + ", ".join(COPIES) + " (comma-separated; default: none)",
    )
    command.add_argument("--empty", action="store_true", help="start cards.nus with one sample card, not the deck")
    command.set_defaults(run=run)


def copies(value: str) -> set[str]:
    chosen = {word.strip() for word in value.split(",") if word.strip()}
    unknown = sorted(chosen - set(COPIES))
    if unknown:
        raise argparse.ArgumentTypeError(f"no file {unknown[0]!r} to copy; choose from {', '.join(COPIES)}")
    return chosen


def run(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    made = {folder / path: content for path, content in project_files(args.empty, args.copies).items()}
    there = sorted(path for path in made if path.exists() or path.is_symlink())
    if (folder / "faces").exists() and "faces" in args.copies:
        there.append(folder / "faces")
    if there:
        raise UsageError(printable(f"{there[0]} already exists; nus init never overwrites a file: choose another DIR"))
    output_directory(args.folder)
    for parent in sorted({path.parent for path in made}):
        writing(lambda parent=parent: parent.mkdir(parents=True, exist_ok=True), parent)
    writing(lambda: write_all(made), folder)
    for path in made:
        print(printable(f"wrote {path}"))
    print(printable(f"next: cd {shlex.quote(str(folder))} && nus check && nus test"))
    return OK
