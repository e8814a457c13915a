"""Text as every output words it, the reference's and the reports' alike: counts ('1 game', '2 games'), and a
spreadsheet cell that must stay text."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def spreadsheet_text(text: str) -> str:
    """Text a spreadsheet shows as text: a leading = + - @ would start a formula, so it gets a quote mark."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
