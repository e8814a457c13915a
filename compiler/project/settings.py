"""nus.toml: found from the current directory upward (as ruff finds its configuration), it names a project's card
file and its own copies of the game's data files.

    cards = "cards.nus"               # the card file a command reads when none is given
    rules = "rules.toml"              # over the package's runtime/rules.toml
    evaluation = "evaluation.toml"    # over the package's runtime/players/evaluation.toml
    faces = "faces"                   # card-face templates, CSS and symbols, over the package's

Every key is optional and every path is relative to nus.toml's folder. A data file not named is still found by its
usual name beside nus.toml (`rules.toml`, `evaluation.toml`, `faces/`); none there, the package's is read.
`--rules FILE` and `--evaluation FILE` stand over both for one run.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from compiler import diagnostic_codes as codes
from compiler.diagnostics import Diagnostic
from compiler.plain import Plain
from compiler.project.toml_lines import Positions
from runtime.model.data import EVALUATION, RULES

NAME = "nus.toml"
KEYS = {"cards": "cards.nus", "rules": RULES, "evaluation": EVALUATION, "faces": "faces"}


class Project(Plain):
    """A project's folder and the paths its nus.toml gives (or their usual names), each as the user reads it."""

    __slots__ = ("settings", "paths", "named")

    def __init__(self, settings: Path, paths: dict[str, Path] | None = None, named: frozenset[str] = frozenset()):
        self.settings = settings
        self.paths = {} if paths is None else paths
        self.named = named  # the keys nus.toml sets itself (a file it names must exist)

    @property
    def folder(self) -> Path:
        return self.settings.parent

    def file(self, key: str) -> Path | None:
        """The project's file for `key`: the one nus.toml names, else the usual name where it exists."""
        path = self.paths[key]
        return path if key in self.named or path.exists() else None


def find(start: Path | None = None) -> Path | None:
    """The nearest nus.toml at or above `start` (the current directory)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / NAME
        if candidate.is_file():
            return candidate
    return None


def shown_path(path: Path) -> Path:
    """A path as the user would write it from here: relative to the current directory (`../rules.toml` from a
    folder below the project's)."""
    try:
        return Path(os.path.relpath(path))
    except ValueError:  # another drive (Windows)
        return path


def read(settings: Path, text: str) -> tuple[Project, list[Diagnostic]]:
    """The project a nus.toml describes, and its problems (an unknown key, a value that is not a path)."""
    shown = str(shown_path(settings))
    positions = Positions(text, shown)
    try:
        given = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        from compiler.project.data_files import not_toml

        return Project(settings), [not_toml(error, positions)]
    found: list[Diagnostic] = []
    for key, value in given.items():
        if key not in KEYS:
            found.append(
                codes.UNKNOWN_DATA_KEY.diagnostic(
                    f"'{key}' is no key of {NAME}", positions.span((key,)), f"its keys are {', '.join(KEYS)}"
                )
            )
        elif not isinstance(value, str) or not value.strip():
            found.append(
                codes.DATA_KIND.diagnostic(f"{key} is a path (a string), not {value!r}", positions.span((key,)))
            )
    named = {key: value for key, value in given.items() if key in KEYS and isinstance(value, str) and value.strip()}
    folder = shown_path(settings.parent)
    paths = {key: folder / named.get(key, usual) for key, usual in KEYS.items()}
    return Project(settings, paths, frozenset(named)), found
