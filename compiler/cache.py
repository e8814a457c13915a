"""An on-disk cache of check results, keyed by content: a second `nus check` of an unchanged file (same text,
same name, same compiler, grammar and vocabulary) reads its result instead of compiling, and never imports the
parser. Beside it, per file name, the Facts of every definition (compiler/units.py), so after an edit only the
definitions whose text changed are compiled; and for commands that run the cards (`nus simulate`, `nus balance`)
the compiled code of a clean file, so a second run starts playing at once. Entries are written atomically and
sealed with a hash of their content and key (read_entry); a missing, stale, damaged or hand-edited entry is simply a
miss.

Where: $NUS_CACHE_DIR, else $XDG_CACHE_HOME/nus, else ~/.cache/nus. `nus check --no-cache` bypasses it."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
from functools import cache
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import TYPE_CHECKING

from compiler.codec import Damaged, decoded, encoded
from compiler.diagnostics import Diagnostic
from compiler.plain import Plain

if TYPE_CHECKING:
    from compiler.units import Facts

ROOT = Path(__file__).resolve().parents[1]
# Everything a check result depends on: rules.toml too (the Ship types, the player counts a `players` line names).
SOURCES = ("compiler", "grammar", "runtime/model", "runtime/rules.toml")
FORMAT = 5  # the layout of stored entries (sealed, compiler/codec.py); part of every key, so no other is read


class CheckResult(Plain):
    __slots__ = ("diagnostics", "cards", "warnings")

    def __init__(self, diagnostics: tuple[Diagnostic, ...], cards: int, warnings: tuple[Diagnostic, ...]) -> None:
        self.diagnostics = diagnostics  # the errors
        self.cards = cards
        self.warnings = warnings


def cache_dir() -> Path:
    if os.environ.get("NUS_CACHE_DIR"):
        return Path(os.environ["NUS_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "nus"


@cache
def compiler_fingerprint() -> str:
    """A hash of the compiler's own sources, so a changed checker or vocabulary never reads an old result."""
    digest = hashlib.sha256(str(FORMAT).encode())
    for source in SOURCES:
        base = ROOT / source
        for path in [base] if base.is_file() else sorted(base.rglob("*")):
            if path.suffix in (".py", ".lark", ".toml") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint() -> str:
    """The compiler's fingerprint, and the rules in use when a project's rules.toml stands over the package's (a
    check result depends on them: the Ship types, the player counts, the Rounds)."""
    from runtime.model.data import RULES, project_files

    over = [file.digest for file in project_files() if file.kind == RULES]
    return compiler_fingerprint() + "".join(f"+rules:{digest}" for digest in over)


def entry_path(text: str, filename: str) -> Path:
    key = hashlib.sha256(f"{fingerprint()}\0{filename}\0{text}".encode()).hexdigest()
    return cache_dir() / "check" / key[:2] / f"{key}.json"


def read_json(path: Path):
    content = read_entry(path)
    try:
        return None if content is None else json.loads(content.decode("utf-8"))
    except ValueError:
        return None


def write_json(path: Path, data) -> None:
    write_entry(path, json.dumps(data, separators=(",", ":")).encode("utf-8"))


# Every entry is sealed: a first line holding a hash of its content and of the key it is stored under (its file's
# name, itself a hash of the key), then the content. An entry cut short, garbled, edited by hand or copied over another
# key's entry fails the hash and is a miss; it is never decoded, unmarshalled or run.
SEAL = b"nus-cache sha256 "


def seal(path: Path, content: bytes) -> str:
    return hashlib.sha256(path.name.encode() + b"\0" + content).hexdigest()


def read_entry(path: Path) -> bytes | None:
    """The content of a sealed entry, or None: missing, unreadable, or not what was stored under this key."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, _, content = raw.partition(b"\n")
    if head != SEAL + seal(path, content).encode():
        return None
    return content


def write_entry(path: Path, content: bytes) -> None:
    """Best effort: a cache that cannot be written (read-only home, full disk) only costs the next run time."""
    from compiler.cli.output import write_all

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_all({path: SEAL + seal(path, content).encode() + b"\n" + content})
    except OSError:
        return


def code_path(text: str, filename: str, part: str) -> Path:
    """Keyed by the Python version's bytecode magic too: marshalled code is read only by the Python that wrote it;
    and by the part of the file compiled (its cards, or its worked examples)."""
    key = hashlib.sha256(f"{fingerprint()}\0{MAGIC_NUMBER.hex()}\0{part}\0{filename}\0{text}".encode()).hexdigest()
    return cache_dir() / "code" / key[:2] / f"{key}.marshal"


def cached_code(text: str, filename: str, part: str) -> CodeType | None:
    content = read_entry(code_path(text, filename, part))
    try:
        code = None if content is None else marshal.loads(content)
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def store_code(text: str, filename: str, part: str, code: CodeType) -> None:
    write_entry(code_path(text, filename, part), marshal.dumps(code))


def lookup(text: str, filename: str) -> CheckResult | None:
    data = read_json(entry_path(text, filename))
    try:
        return decoded(CheckResult, data)
    except Damaged:
        return None


def store(text: str, filename: str, result: CheckResult) -> None:
    write_json(entry_path(text, filename), encoded(result))


def facts_path(filename: str) -> Path:
    key = hashlib.sha256(f"{fingerprint()}\0{filename}".encode()).hexdigest()
    return cache_dir() / "units" / key[:2] / f"{key}.json"


class SavedFacts(Plain):
    """The Facts of the definitions of the last check of a file of this name, by the digest of their text, with
    the entries they were read from: a definition whose Facts come back unchanged is written back as read, so after
    a one-card edit in a large pool only that card's facts are encoded again."""

    __slots__ = ("facts", "entries")

    def __init__(self, facts: dict[str, Facts], entries: dict[str, dict]) -> None:
        self.facts = facts
        self.entries = entries

    @classmethod
    def read(cls, filename: str) -> SavedFacts:
        from compiler.units import Facts

        data = read_json(facts_path(filename))
        try:
            if not isinstance(data, dict) or not isinstance(data.get("facts"), dict):
                raise Damaged("no facts")
            entries = data["facts"]
            return cls({digest: decoded(Facts, entry) for digest, entry in entries.items()}, entries)
        except Damaged:
            return cls({}, {})

    def entry(self, digest: str, facts: Facts) -> dict:
        return self.entries[digest] if self.facts.get(digest) is facts else encoded(facts)


def checked(text: str, filename: str, use_cache: bool) -> CheckResult:
    """compiler.check_text: the result stored for this text, else the file judged from its definitions' Facts
    (those read from disk, or compiled)."""
    if use_cache:
        found = lookup(text, filename)
        if found is not None:
            return found
    from compiler.collector import collector_paused
    from compiler.units import check_facts

    with collector_paused():  # the facts encoded too: with the collector on, 10,000 cards took 40x 1,000
        saved = SavedFacts.read(filename) if use_cache else SavedFacts({}, {})
        judged, facts = check_facts(text, filename, saved.facts)
        result = CheckResult(judged.diagnostics, judged.cards, judged.warnings)
        if use_cache:
            store(text, filename, result)
            entries = {digest: saved.entry(digest, found) for digest, found in facts.items()}
            write_json(facts_path(filename), {"facts": entries})
    return result
