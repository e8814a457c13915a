"""Counts in the words every command and report prints, so '1 game' and '2 games' are worded in one place."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
