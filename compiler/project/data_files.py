"""A designer's rules.toml and evaluation.toml: checked against the package's own file and the rule parameters'
declarations before anything reads them, then put in use (runtime.model.data).

A designer's file changes the package's values key by key. Every key must be one the package's file has, every value
of the kind it has there (a whole number, a number, a fraction, a truth, a list, a table), every list by player count
one value a count, and every number of a rule parameter within the range the parameter declares (the range a card's
`rule` line is held to). Each problem is a diagnostic at its line, as a card's would be.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from compiler import diagnostic_codes as codes
from compiler.diagnostics import Diagnostic
from compiler.project.toml_lines import KeyPath, Positions
from runtime.model.data import RULES, DataFile, merged, package_data

Range = tuple[int | None, int | None]  # a number's least and most value (None: no bound)
KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: 'a fraction such as "1/2"'}


def kind_of(value: Any) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return KINDS.get(type(value), type(value).__name__)


def dotted(path: KeyPath) -> str:
    """A key as a person finds it in the file: `ships.sloop.cost.wood`, `spaces.gold[2]`."""
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else f".{key}" if text else key
    return text


@dataclass
class Checker:
    """One designer file against the package's: its problems, each at its line."""

    file: DataFile
    positions: Positions
    ranges: dict[KeyPath, Range]  # the least and most value of each number under a path (the rule parameters')
    per_player_count: set[KeyPath]  # the lists that give one value for each player count
    player_counts: int
    found: list[Diagnostic]

    def problem(self, code: codes.Code, path: KeyPath, message: str, help: str = "") -> None:
        self.found.append(code.diagnostic(message, self.positions.span(path), help))

    def table(self, base: dict, given: dict, path: KeyPath) -> None:
        for key, value in given.items():
            if key in base:
                self.value(base[key], value, (*path, key))
                continue
            close = difflib.get_close_matches(key, list(base), n=1, cutoff=0.6)
            where = f"[{dotted(path)}] of {self.file.kind}" if path else self.file.kind
            self.problem(
                codes.UNKNOWN_DATA_KEY,
                (*path, key),
                f"'{key}' is no key of {where}",
                f"did you mean '{close[0]}'?" if close else f"its keys are {', '.join(base)}",
            )

    def value(self, base: Any, given: Any, path: KeyPath) -> None:
        if isinstance(base, dict) and isinstance(given, dict):
            self.table(base, given, path)
        elif isinstance(base, list) and isinstance(given, list):
            self.items(base, given, path)
        elif not fits(base, given):
            self.problem(codes.DATA_KIND, path, f"{dotted(path)} is {kind_of(base)}, not {shown(given)}")
        elif not isinstance(given, bool) and (bound := self.outside(path, given)):
            self.problem(codes.DATA_RANGE, path, f"{dotted(path)} is {bound}, not {shown(given)}")

    def items(self, base: list, given: list, path: KeyPath) -> None:
        if path in self.per_player_count and len(given) != self.player_counts:
            self.problem(
                codes.DATA_SHAPE,
                path,
                f"{dotted(path)} gives {len(given)} values, not one for each of the {self.player_counts} player counts",
                f"one value for each game of 1 to {self.player_counts} players, in that order",
            )
        if not base:
            return
        model = base[0]
        for index, item in enumerate(given):
            if isinstance(model, dict) and isinstance(item, dict) and (missing := [k for k in model if k not in item]):
                self.problem(codes.DATA_SHAPE, (*path, index), f"{dotted((*path, index))} has no {', '.join(missing)}")
            elif isinstance(model, list) and isinstance(item, list) and len(item) != len(model):
                self.problem(
                    codes.DATA_SHAPE,
                    (*path, index),
                    f"{dotted((*path, index))} has {len(item)} values, not {len(model)}",
                    f"as the package's rows: {model}",
                )
            self.value(model, item, (*path, index))

    def range_of(self, path: KeyPath) -> Range:
        keys = tuple(key for key in path if isinstance(key, str))
        for length in range(len(keys), 0, -1):
            if keys[:length] in self.ranges:
                return self.ranges[keys[:length]]
        return None, None

    def outside(self, path: KeyPath, value: int | float | str) -> str:
        """The bound a value breaks ("at least 0", "at most 14"), or "" when it lies in its range."""
        least, most = self.range_of(path)
        if least is not None and Fraction(value) < least:
            return f"at least {least}"
        return f"at most {most}" if most is not None and Fraction(value) > most else ""


def fits(base: Any, given: Any) -> bool:
    """A value of the base value's kind: a whole number where it has one, any number where it has a number or a
    fraction (a fraction written as a string that reads as one)."""
    if isinstance(base, bool) or isinstance(given, bool):
        return isinstance(base, bool) and isinstance(given, bool)
    if isinstance(base, int):
        return isinstance(given, int)
    if isinstance(base, float):
        return isinstance(given, int | float)
    if isinstance(base, str):
        return isinstance(given, int) or (isinstance(given, str) and is_fraction(given))
    return False


def is_fraction(text: str) -> bool:
    try:
        Fraction(text)
    except (ValueError, ZeroDivisionError):
        return False
    return True


def shown(value: Any) -> str:
    return f"{kind_of(value)} ({value!r})" if isinstance(value, dict | list) else repr(value)


def problems(file: DataFile) -> list[Diagnostic]:
    """Every problem of a designer's data file; none means it can be put in use."""
    positions = Positions(file.text, file.path)
    try:
        given = tomllib.loads(file.text)
    except tomllib.TOMLDecodeError as error:
        return [not_toml(error, positions)]
    bounds, per_player_count, player_counts = ranges(file.kind, given)
    checker = Checker(file, positions, bounds, per_player_count, player_counts, [])
    checker.table(package_data(file.kind), given, ())
    if file.kind == RULES and not checker.found:
        checker.found.extend(board_problems(merged(package_data(RULES), given), positions))
    return checker.found


def not_toml(error: tomllib.TOMLDecodeError, positions: Positions) -> Diagnostic:
    """Python's message ends '(at line L, column C)': the diagnostic's position instead."""
    message = str(error)
    where = re.search(r"\(at line (\d+), column (\d+)\)$", message)
    span = positions.span(())
    if where:
        line, column = int(where[1]), int(where[2])
        span = type(span)(span.filename, line, column, line, column + 1)
        message = message[: where.start()].rstrip()
    elif message.endswith("(at end of document)"):
        line = max(1, len(positions.lines))
        column = len(positions.lines[-1]) + 1 if positions.lines else 1
        span = type(span)(span.filename, line, column, line, column + 1)
        message = message.removesuffix("(at end of document)").rstrip()
    return codes.DATA_NOT_TOML.diagnostic(message[:1].lower() + message[1:], span)


def ranges(kind: str, given: dict) -> tuple[dict[KeyPath, Range], set[KeyPath], int]:
    """The range (least, most) of each rule parameter's number by its path in rules.toml, the lists by player count,
    and how many player counts a game has with the designer's `most_players`. An evaluation file's rates have no
    range."""
    if kind != RULES:
        return {}, set(), 0
    from runtime.model.parameters import PLAYER_COUNTS, parameters

    declared = parameters().values()
    own = given.get("most")  # this file's own [most] stands over the package's
    raised = {name: value for name, value in own.items() if type(value) is int} if isinstance(own, dict) else {}
    bounds = {p.path: (p.least, raised.get(p.name, p.most)) for p in declared}
    bounds = {path: bound for path, bound in bounds.items() if bound != (None, None)}
    bounds.update(dict.fromkeys(PLAYER_COUNTS, (1, None)))
    per_player_count = {parameter.path for parameter in declared if parameter.by_player_count}
    most = given.get("most_players", package_data(RULES)["most_players"])
    return bounds, per_player_count, most if isinstance(most, int) and not isinstance(most, bool) else 0


def board_problems(rules: dict, positions: Positions) -> Iterator[Diagnostic]:
    """What only the whole board can show (a Building space in two double spaces), at the first double space."""
    from runtime.model.rules import parse

    try:
        parse(rules)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        message = str(error).removeprefix("rules.toml: ")
        yield codes.DATA_RANGE.diagnostic(message, positions.span(("harbor", "double", 0)))


def folder_digest(folder: Path) -> str:
    """A content hash of a folder's files (a project's card faces), by their paths inside it and their bytes."""
    digest = hashlib.sha256()
    for path in sorted(entry for entry in folder.rglob("*") if entry.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
