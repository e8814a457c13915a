"""How a command finds what it reads: its card file, the game's data files, and the optional packages it needs.

The convention every command follows (a new one too):
- `card_file_command(...)` registers it: the card file is its first argument, `FILE`; left out, it is the one the
  project's nus.toml names (found from the current directory upward), else `cards.nus` in the current directory.
  `many=True` takes several (`nus check`, `nus fmt`). Every such command takes `--rules FILE`, and a command that
  plays games (`plays=True`) `--evaluation FILE` too: a designer's copy over the package's for this run, else the
  project's (nus.toml, or `rules.toml` / `evaluation.toml` beside it), else the package's.
- `needs(command, extra, *modules)` names an optional dependency: missing, the command stops before any work with
  the `pip install "nus[extra]"` that brings it (exit 2).
- `settle(args)` (called by the `nus` entry point before `args.run`) resolves the files, checks the data files (a
  problem is a diagnostic with file:line: exit 1) and puts them in use; `args.faces` is the project's card-face
  folder or None.
- Exit codes: 0 done, 1 errors in the cards (or a failed example, a card that did not fit), 2 usage, a missing file
  or package, 130 Ctrl-C (finished work kept).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.cli.common import UsageError, cards_kept, read_source, show_diagnostics
from compiler.diagnostics import printable
from compiler.plain import Plain
from compiler.project import settings
from runtime.model.data import EVALUATION, RULES, DataFile, project_files, use

if TYPE_CHECKING:
    from runtime.model.cards import CardSpec

DEFAULT_CARDS = "cards.nus"


def card_file_command(
    commands,
    name: str,
    run: Callable[[argparse.Namespace], int],
    help: str,
    *,
    output: bool = False,
    many: bool = False,
    plays: bool = False,
    data: bool = True,
) -> argparse.ArgumentParser:
    """A subcommand that reads a card file (several when `many`), writes into -o DIR when `output`, reads the game's
    rules unless `data` is False (`nus fmt` lays text out), and plays games with the evaluation rates when `plays`."""
    command = commands.add_parser(name, help=help)
    where = f"'-' reads standard input (default: the card file of nus.toml, else {DEFAULT_CARDS})"
    if many:
        command.add_argument("files", nargs="*", metavar="FILE", help=f"card files; {where}")
    else:
        command.add_argument("file", nargs="?", metavar="FILE", help=f"card file; {where}")
    if output:
        command.add_argument("-o", "--output", default="build", metavar="DIR", help="directory to write into")
    if data:
        command.add_argument(
            "--rules", metavar="FILE", help="a rules.toml over the package's (default: the project's, if it has one)"
        )
    if plays:
        command.add_argument(
            "--evaluation",
            metavar="FILE",
            help="an evaluation.toml over the package's (default: the project's, if it has one)",
        )
    command.set_defaults(run=run, card_files="many" if many else "one")
    return command


def replaced_cards_option(command: argparse.ArgumentParser) -> None:
    """The `--cards FILE` that `nus simulate` and `nus trace` took before the card file became their argument."""
    command.add_argument("--cards", dest="old_cards", metavar="FILE", help="deprecated: give FILE as the argument")


def needs(command: argparse.ArgumentParser, extra: str, *modules: str) -> None:
    """The command stops before any work when one of `modules` (from the `extra`) is not installed."""
    command.set_defaults(extras=(*(command.get_default("extras") or ()), (extra, modules)))


def missing_packages(args: argparse.Namespace) -> None:
    for extra, modules in getattr(args, "extras", ()):
        absent = [module for module in modules if find_spec(module) is None]
        if absent:
            raise UsageError(not_installed(args.command, extra, absent))


def not_installed(command: str, extra: str, modules: list[str]) -> str:
    return f'nus {command} needs {", ".join(modules)}, which the {extra} extra installs: pip install "nus[{extra}]"'


def settle(args: argparse.Namespace) -> bool:
    """The run's card files and data files; False when a data file has problems (reported)."""
    missing_packages(args)
    kind = getattr(args, "card_files", None)
    if kind is None:
        return True
    project, found = open_project()
    if found:
        return False
    default = project.file("cards") if project else None
    if kind == "many":
        if not args.files and (default or Path(DEFAULT_CARDS).exists()):
            args.files = [str(default or DEFAULT_CARDS)]
    else:
        args.file = card_file(args, default)
    files, found = data_files(args, project)
    if found:
        return False
    use(files)
    args.faces = project.file("faces") if project else None
    return True


def open_project() -> tuple[settings.Project | None, bool]:
    """The project of the nearest nus.toml, and whether reading it found problems (reported)."""
    found = settings.find()
    if found is None:
        return None, False
    text = read_source(str(found))
    project, diagnostics = settings.read(found, text)
    return project, not show_diagnostics(str(settings.shown_path(found)), text, diagnostics)


def card_file(args: argparse.Namespace, default: Path | None) -> str:
    """FILE, else the deprecated --cards, else the project's card file, else cards.nus here."""
    old = getattr(args, "old_cards", None)
    if old is not None:
        if args.file is not None and args.file != old:
            raise UsageError(f"give the card file once: {args.file} or --cards {old}")
        instead = f"nus {args.command} {old}"
        print(
            printable(f"nus: warning: --cards is deprecated: give the card file as the argument ({instead})"),
            file=sys.stderr,
        )
        return old
    if args.file is not None:
        return args.file
    if default is not None:
        return str(default)
    if Path(DEFAULT_CARDS).exists():
        return DEFAULT_CARDS
    raise UsageError(
        f"no card file: give FILE, or run nus where a nus.toml or {DEFAULT_CARDS} is (nus init DIR makes a project)"
    )


def data_files(args: argparse.Namespace, project: settings.Project | None) -> tuple[list[DataFile], bool]:
    """The designer's data files for this run (--rules/--evaluation, else the project's), and whether any has
    problems (reported, each at its line)."""
    chosen = {RULES: getattr(args, "rules", None), EVALUATION: getattr(args, "evaluation", None)}
    files, broken = [], False
    for kind, given in chosen.items():
        key = "rules" if kind == RULES else "evaluation"
        path = Path(given) if given else project.file(key) if project else None
        if path is None:
            continue
        from compiler.project.data_files import problems  # not at import: most runs read the package's files alone

        file = DataFile(kind, str(path), read_source(str(path)))
        found = problems(file)
        broken = not show_diagnostics(file.path, file.text, found) or broken
        files.append(file)
    return files, broken


class CardsWithData(Plain):
    """How a worker process loads the cards of a run with a project's data files: it puts the same files in use
    first (a worker spawned afresh, or on a cluster, starts from the package's). It pickles with its files' text."""

    __slots__ = ("files",)

    def __init__(self, files: tuple[DataFile, ...]) -> None:
        self.files = files

    def __call__(self, text: str, path: str) -> list[CardSpec]:
        use(self.files)
        return cards_kept(text, path)


def card_loader() -> Callable[[str, str], list[CardSpec]]:
    """The loader for the runner's Source: the plain one when only the package's data is in use."""
    files = project_files()
    return CardsWithData(files) if files else cards_kept
