"""An on-disk cache of check results, keyed by content: a second `nus check` of an unchanged file (same text,
same name, same compiler, grammar and vocabulary) reads its result instead of compiling, and never imports the
parser. Entries are small JSON files written atomically; a missing, stale or damaged entry is simply a miss.

Where: $NUS_CACHE_DIR, else $XDG_CACHE_HOME/nus, else ~/.cache/nus. `nus check --no-cache` bypasses it."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from compiler.diagnostics import Diagnostic, Span

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("compiler", "grammar", "runtime/model")  # everything a check result depends on
FORMAT = 1


@dataclass(frozen=True)
class CheckResult:
    diagnostics: tuple[Diagnostic, ...]
    cards: int


def cache_dir() -> Path:
    if os.environ.get("NUS_CACHE_DIR"):
        return Path(os.environ["NUS_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "nus"


@cache
def compiler_fingerprint() -> str:
    """A hash of the compiler's own sources, so a changed checker or vocabulary never reads an old result."""
    digest = hashlib.sha256(str(FORMAT).encode())
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".lark", ".toml") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def entry_path(text: str, filename: str) -> Path:
    key = hashlib.sha256(f"{compiler_fingerprint()}\0{filename}\0{text}".encode()).hexdigest()
    return cache_dir() / "check" / key[:2] / f"{key}.json"


def lookup(text: str, filename: str) -> CheckResult | None:
    try:
        data = json.loads(entry_path(text, filename).read_text(encoding="utf-8"))
        diagnostics = tuple(
            Diagnostic(d["code"], d["message"], Span(*d["span"]), d["help"], d["severity"]) for d in data["diagnostics"]
        )
        return CheckResult(diagnostics, int(data["cards"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store(text: str, filename: str, result: CheckResult) -> None:
    """Best effort: a cache that cannot be written (read-only home, full disk) only costs the next run time."""
    from compiler.output import write_all

    data = {
        "cards": result.cards,
        "diagnostics": [
            {
                "code": d.code,
                "message": d.message,
                "span": list(d.span.__dict__.values()),
                "help": d.help,
                "severity": d.severity,
            }
            for d in result.diagnostics
        ],
    }
    target = entry_path(text, filename)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_all({target: json.dumps(data)})
    except OSError:
        return


def check_text(text: str, filename: str, use_cache: bool = True) -> CheckResult:
    """Every diagnostic of a file and its number of cards, from the cache when the same text was checked before."""
    if use_cache:
        found = lookup(text, filename)
        if found is not None:
            return found
    from compiler.load import compile_text

    compiled = compile_text(text, filename)
    result = CheckResult(compiled.diagnostics, len(compiled.program.cards) if compiled.program else 0)
    if use_cache:
        store(text, filename, result)
    return result
