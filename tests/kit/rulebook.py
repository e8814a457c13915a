"""The rulebook's card appendix, read from the project's own copy in seeds/."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT / "seeds" / "nusfjord-trout-besokende-rulebook.txt"
HEADER = re.compile(
    r"^(?P<name>[^(\n]+) \((?P<deck>Trout|Besøkende), (?P<code>[ABC]\d{3}); "
    r"Building cost: (?P<cost>[^;]+); (?P<vp>[^)]+)\)$"
)


@dataclass(frozen=True)
class Entry:
    name: str
    deck: str
    code: str
    cost: str
    vp: str
    text: str

    @property
    def sentences(self) -> list[str]:
        """Every sentence of the entry, parenthetical ones included, in order (numbered from 1 in ledgers)."""
        text = re.sub(r"\b(e\.g|i\.e|etc|Admin)\.", lambda m: m.group(0).replace(".", "\0"), self.text)
        pieces = re.split(r"(?<=[.!?])\)?\s+(?=\(?[A-Z\"])", text)
        return [p.replace("\0", ".").strip(" ()") for p in pieces if p.strip(" ()")]

    @property
    def rule_text(self) -> str:
        """The entry without its parenthetical clarifications and examples, in brackets or between dashes."""
        previous = None
        text = re.sub(r"—[^—.()]*—", " ", self.text)
        while previous != text:
            previous, text = text, re.sub(r"\([^()]*\)", "", text)
        return text


def entries() -> list[Entry]:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    found: list[Entry] = []
    current: dict | None = None
    body: list[str] = []
    for line in lines:
        match = HEADER.match(line)
        if match or line in ("Besøkende Deck",):
            if current:
                found.append(Entry(**current, text=" ".join(body).strip()))
            current, body = (match.groupdict() if match else None), []
        elif current is not None and line.strip():
            body.append(line.strip())
    if current:
        found.append(Entry(**current, text=" ".join(body).strip()))
    return found
