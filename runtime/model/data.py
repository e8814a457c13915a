"""The game's data files in use: the package's base rules and evaluation rates, each under a designer's own copy
when a project has one.

The package ships `runtime/rules.toml` (every number of the base game) and `runtime/players/evaluation.toml` (the
rates the look-ahead players and `nus balance` price a position by). A designer's project may keep its own copy of
either (`nus.toml`, or `--rules`/`--evaluation` for one run): its values stand over the package's, key by key, so a
copy that sets one number changes that number alone. The command line validates a project's file and puts it in use
before any card is compiled or table set up (compiler/project); a worker process is handed the same files with its
cards. Every report names the files in use with their content hash (`in_use`), so two results can be told apart.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

RULES, EVALUATION = "rules.toml", "evaluation.toml"
PACKAGE_FILES = {RULES: "runtime", EVALUATION: "runtime.players"}  # the package each default file lives in


@dataclass(frozen=True)
class DataFile:
    """One data file: which of the package's files it is or stands over (`kind`), where it was read, its text."""

    kind: str
    path: str
    text: str

    @property
    def digest(self) -> str:
        """A short content hash, as the card sheets' footer gives the card file's."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:12]


@cache
def package_file(kind: str) -> DataFile:
    package = PACKAGE_FILES[kind]
    text = resources.files(package).joinpath(kind).read_text(encoding="utf-8")
    return DataFile(kind, f"{package.replace('.', '/')}/{kind}", text)


@cache
def package_data(kind: str) -> dict[str, Any]:
    return tomllib.loads(package_file(kind).text)


_over: dict[str, DataFile] = {}
_caches: list[Callable[[], None]] = []


def depends_on_data(cached: Callable) -> Callable:
    """Marks a cached function whose result follows the files in use: `use` clears it when they change."""
    _caches.append(cached.cache_clear)  # type: ignore[attr-defined]
    return cached


def use(files: Iterable[DataFile]) -> None:
    """Put a project's files in use over the package's (none: the package's alone)."""
    wanted = {file.kind: file for file in files}
    if wanted == _over:
        return
    _over.clear()
    _over.update(wanted)
    for clear in _caches:
        clear()


def in_use() -> tuple[DataFile, ...]:
    """Each data file the game reads now: a project's copy where one is in use, else the package's."""
    return tuple(_over.get(kind) or package_file(kind) for kind in PACKAGE_FILES)


def project_files() -> tuple[DataFile, ...]:
    """The project's files in use, to hand to a worker process with its cards."""
    return tuple(_over.values())


def data(kind: str) -> dict[str, Any]:
    """The values in use: the package's, with a project's file over them."""
    over = _over.get(kind)
    return merged(package_data(kind), tomllib.loads(over.text)) if over else package_data(kind)


def merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """`over` key by key on `base`: tables merge, any other value (a number, a list) replaces the base's."""
    result = dict(base)
    for key, value in over.items():
        result[key] = merged(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return result


def described() -> list[dict[str, str]]:
    """The files in use as a report records them: which file, where it was read, its content hash."""
    return [{"file": file.kind, "path": file.path, "sha256": file.digest, "from": origin(file)} for file in in_use()]


def origin(file: DataFile) -> str:
    return "project" if _over.get(file.kind) == file else "package"


def data_line(files: list[dict[str, str]]) -> str:
    """One line naming each data file a report used: `data files: rules.toml 1a2b3c4d5e6f (project: rules.toml),
    evaluation.toml 81ba46e9578a (package)`."""
    parts = []
    for entry in files:
        where = f"project: {entry['path']}" if entry["from"] == "project" else "package"
        parts.append(f"{entry['file']} {entry['sha256']} ({where})")
    return "data files: " + ", ".join(parts)
