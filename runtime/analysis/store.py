"""Finished balance games kept on disk, so a run never plays a game it has played before.

A game is fixed by the code that plays it, the card text it is played with, its seed, its players and what is done
to the measured card: its key hashes all of these. So `nus balance OLD --against NEW` run again after a second edit
of NEW reads OLD's games instead of playing them, and a game without the measured card (set aside at set-up: see
grants.py) is keyed by the text with that card's body left out, so both files share it when only that card changed.
The store is one SQLite file: each batch of games is written in one transaction (atomic, safe with two runs at
once); a store that cannot be opened or written only costs the next run time.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import asdict
from fractions import Fraction
from functools import cache
from pathlib import Path

from runtime.analysis.games import Setup
from runtime.analysis.grants import Given
from runtime.game.forward import Record
from runtime.model.data import described as data_files

ROOT = Path(__file__).resolve().parents[2]
PLAYING_CODE = ("compiler", "grammar", "runtime")  # the compiler makes the cards' code: it plays as much as the runtime
NOT_PLAYING = ("compiler/cli", "compiler/lsp", "compiler/editors", "runtime/analysis")  # commands, reports, editors
PLAYING_ANALYSIS = ("runtime/analysis/games.py", "runtime/analysis/grants.py")  # how a balance game is set up
FORMAT = 2


@cache
def code_fingerprint() -> str:
    """A hash of every source that decides how a game plays, so a changed engine, player or compiler never reads an
    old game (a changed report or command line keeps the games). Each file by its size and time of change, not its
    bytes: reading some 200 files cost 0.1 s of every run; a file touched but unchanged only costs a replay."""
    digest = hashlib.sha256(f"format {FORMAT}".encode())
    for folder in PLAYING_CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            skipped = relative.startswith(NOT_PLAYING) and relative not in PLAYING_ANALYSIS
            if path.suffix in (".py", ".lark", ".toml") and "__pycache__" not in path.parts and not skipped:
                stat = path.stat()
                digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


CARD_HEADER = re.compile(r'^(building|elder)\s+"([^"]*)"\s*\(\s*\S+\s+([^\s)]+)\s*\)')
PLAYERS_LINE = re.compile(r"^\s+players\b")


def without_body(text: str, name: str, kind: str) -> str:
    """The card file as a game without the card `name` (of `kind`) sees it: that card's header kept (its kind and code
    decide which deck it was shuffled into) and its `players` line (whether it was dealt at all), the rest of its
    lines dropped."""
    lines, inside = [], False
    for line in text.splitlines():
        header = CARD_HEADER.match(line)
        if header:
            inside = header.group(1) == kind and header.group(2) == name
        elif line[:1] not in ("", " ", "\t", "#"):
            inside = False
        elif inside and not PLAYERS_LINE.match(line):
            continue
        lines.append(line)
    return "\n".join(lines)


def data_digest() -> str:
    """The data files the games read now (the package's, or a project's rules.toml and evaluation.toml)."""
    return ",".join(entry["sha256"] for entry in data_files())


def game_key(text: str, setup: Setup, data: str) -> str:
    """What fixes the game: the playing code, the data files (data_digest), the text it sees, the seed, the players
    and the grant."""
    grant = setup.grant
    if grant is not None and grant.given is Given.NEVER:
        text = without_body(text, grant.card, grant.kind)
    described = json.dumps(
        {
            "seed": setup.seed,
            "agents": list(setup.agents),
            "grant": None if grant is None else [grant.card, grant.kind, grant.seat, grant.round, grant.given.value],
        },
        sort_keys=True,
    )
    if setup.rates:  # seats judging by rates of their own (not in the data files) play other games
        described += json.dumps([rates and rates.flat() for rates in setup.rates], sort_keys=True)
    return hashlib.sha256(f"{code_fingerprint()}\0{data}\0{described}\0{text}".encode()).hexdigest()


def record_json(record: Record) -> str:
    """The record as JSON; a score part that is a Fraction as its exact "n/d" text."""
    fields = asdict(record)
    fields["parts"] = [{part: exact_text(value) for part, value in seat.items()} for seat in record.parts]
    return json.dumps(fields, separators=(",", ":"))


def exact_text(value: int | Fraction) -> int | str:
    return str(value) if isinstance(value, Fraction) else value


def record_from(data: str) -> Record:
    fields = json.loads(data)
    fields["parts"] = tuple(
        {part: Fraction(value) if isinstance(value, str) else value for part, value in seat.items()}
        for seat in fields["parts"]
    )
    for name in ("seats", "winners", "log"):
        fields[name] = tuple(fields[name])
    for name in ("built", "taken"):
        fields[name] = tuple(tuple(entry) for entry in fields[name])
    return Record(**fields)


class GameStore:
    """Records by game key in one SQLite file; `None` as the path keeps nothing (--no-cache)."""

    def __init__(self, path: Path | None):
        self.connection: sqlite3.Connection | None = None
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(path, timeout=30)
            self.connection.execute("CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, record TEXT NOT NULL)")
            self.connection.commit()
        except (OSError, sqlite3.Error):
            self.connection = None

    def found(self, keys: Iterable[str]) -> dict[str, Record]:
        if self.connection is None:
            return {}
        wanted = list(set(keys))
        found: dict[str, Record] = {}
        try:
            for start in range(0, len(wanted), 500):
                part = wanted[start : start + 500]
                marks = ",".join("?" * len(part))
                rows = self.connection.execute(f"SELECT key, record FROM games WHERE key IN ({marks})", part)
                for key, data in rows:
                    found[key] = record_from(data)
        except (sqlite3.Error, ValueError, TypeError, KeyError):
            return found
        return found

    def keep(self, games: Iterable[tuple[str, Record]]) -> None:
        if self.connection is None:
            return
        try:
            with self.connection:
                self.connection.executemany(
                    "INSERT OR REPLACE INTO games (key, record) VALUES (?, ?)",
                    [(key, record_json(record)) for key, record in games],
                )
        except sqlite3.Error:
            return

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
