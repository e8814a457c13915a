"""A card file's comments and the notes they make, in one place: the reference shows the notes beside each card
(`backends/docs.py`), and `nus fmt` keeps every comment where it makes the same notes (`backends/format.py`).

A note is a comment inside a card: indented, or after code on its line, from the card's header to the next
definition. A comment line that does not end a sentence goes on in the next comment line, unless that one
begins with a kind word: `Ruling`, `Stand-in` (the Elders' stand-ins) or `Note` begins a note of that kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COMMENT = re.compile(r'^(?P<code>(?:[^"#]|"[^"\n]*")*)(?P<comment>#.*)$')
NOTE_KIND = re.compile(r"(ruling|stand-in|note)\b(:\s*)?", re.IGNORECASE)


@dataclass(frozen=True)
class Comment:
    line: int
    text: str  # from the '#' on, without trailing spaces
    trailing: bool  # after code on its line
    indented: bool  # its line starts with a space or a tab
    blank_after: bool

    @property
    def words(self) -> str:
        return self.text.lstrip("#").strip()


@dataclass(frozen=True)
class Note:
    """A designer's comment beside a card: a ruling, an Elder's stand-in note, or a plain note."""

    kind: str  # ruling, stand-in or note
    text: str
    line: int
    lines: tuple[int, ...]  # the comment lines it is made of


def comments(text: str) -> list[Comment]:
    lines = text.split("\n")
    found = []
    for number, line in enumerate(lines, start=1):
        match = COMMENT.match(line)
        if match:
            blank_after = number < len(lines) and not lines[number].strip()
            trailing = bool(match["code"].strip())
            found.append(Comment(number, match["comment"].rstrip(), trailing, line[:1].isspace(), blank_after))
    return found


def code_lines(text: str) -> list[int]:
    """The lines holding anything besides a comment, in order."""
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        match = COMMENT.match(line)
        if (match["code"] if match else line).strip():
            found.append(number)
    return found


def continues(before: str, after: str) -> bool:
    """Whether the comment words `after`, on the line right after `before`, go on in the same note."""
    return not before.endswith(".") and NOTE_KIND.match(after) is None


def is_note(comment: Comment) -> bool:
    """Whether the comment is one that a card it stands in keeps as a note."""
    return comment.trailing or comment.indented


def notes(found: list[Comment], starts: list[int]) -> dict[int, list[Note]]:
    """The notes of each definition, by the line it starts on (`starts`: every definition's first line)."""
    by_start: dict[int, list[Note]] = {start: [] for start in starts}
    for comment in found:
        owner = max((start for start in starts if start <= comment.line), default=None)
        if owner is None or not is_note(comment):
            continue
        own, words = by_start[owner], comment.words
        last = own[-1] if own else None
        if last and last.lines[-1] + 1 == comment.line and continues(last.text, words):
            own[-1] = Note(last.kind, f"{last.text} {words}", last.line, (*last.lines, comment.line))
            continue
        match = NOTE_KIND.match(words)
        kind = match[1].lower() if match else "note"
        own.append(Note(kind, words[match.end() :] if match and match[2] else words, comment.line, (comment.line,)))
    return by_start
