"""Where a key of a TOML file is written, so a problem with its value is reported at its line and column.

Python's TOML reader gives values, not positions. The data files are plain TOML (`[table]` and `[[array]]`
headers, `key = value` lines, inline tables), so a line scan finds every key a data file can hold.
"""

from __future__ import annotations

import re

from compiler.diagnostics import Span

KeyPath = tuple[str | int, ...]  # keys and list indexes, as the parsed data is walked
HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
KEY = re.compile(r"\s*((?:[\w-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[\w-]+|\"[^\"]*\"|'[^']*'))*)\s*=")


def dotted(keys: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in re.findall(r"\"[^\"]*\"|'[^']*'|[^.]+", keys))


class Positions:
    """Each key's (line, first column, column after it) in one file's text."""

    def __init__(self, text: str, filename: str):
        self.filename = filename
        self.lines = text.splitlines()
        self.found: dict[KeyPath, tuple[int, int, int]] = {}
        table: KeyPath = ()
        arrays: dict[KeyPath, int] = {}
        for number, line in enumerate(self.lines, 1):
            header = HEADER.match(line)
            key = None if header else KEY.match(line)
            if header:
                name = dotted(header[2])
                if header[1] == "[[":
                    arrays[name] = arrays.get(name, -1) + 1
                    table = (*name, arrays[name])
                else:
                    table = name
                self.found.setdefault(table, (number, header.start(2) + 1, header.end(2) + 1))
            elif key:
                self.found.setdefault((*table, *dotted(key[1])), (number, key.start(1) + 1, key.end(1) + 1))

    def span(self, path: KeyPath) -> Span:
        """The span of the key at `path`, or of the nearest key above it (a list's key for one of its values); a
        key inside an inline table (`cost = { wood = 2 }`) is found on its table's line. Line 1 when none is."""
        for length in range(len(path), 0, -1):
            if path[:length] in self.found:
                line, start, end = self.found[path[:length]]
                rest = [key for key in path[length:] if isinstance(key, str)]
                if rest:
                    inner = re.search(rf"\b{re.escape(rest[0])}\s*=", self.lines[line - 1][end - 1 :])
                    if inner:
                        start = end + inner.start()
                        end = start + len(rest[0])
                return Span(self.filename, line, start, line, end)
        return Span(self.filename, 1, 1, 1, 1)
