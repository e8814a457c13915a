"""Text as every output words it, the reference's and the reports' alike: counts ('1 game', '2 games'), text safe on a
terminal, and a spreadsheet cell that must stay text."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def printable(text: str) -> str:
    """Text safe on a terminal or in a log: control and other unprintable characters shown as escapes, so a card
    name cannot move the cursor, recolour the screen or hide what follows."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet shows as text, as the terminal shows it: control characters as escapes (printable), and a
    leading = + - @ (which would start a formula) behind a quote mark."""
    text = printable(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
