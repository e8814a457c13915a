"""What every output says of a card before its rules: one record that the reference's entries and the printed
faces both extend, so the two cannot name, file or letter a card differently."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.backends.render import English, deck_name
from compiler.syntax import nodes as n


@dataclass(frozen=True)
class CardHeading:
    name: str
    kind: str  # building or elder
    deck: str
    deck_name: str  # the deck as printed: "Besøkende" for the deck written besokende
    code: str
    letter: str  # A, B or C for a Building; empty for an Elder
    players: str  # "Only in games of 5 players." for a card with a `players` line; empty for one in every game


def heading(card: n.Card) -> dict[str, str]:
    """The CardHeading fields of `card`, to build a record that extends CardHeading."""
    return {
        "name": card.name,
        "kind": card.kind,
        "deck": card.deck,
        "deck_name": deck_name(card.deck),
        "code": card.code,
        "letter": card.letter,
        "players": English(card).players(),
    }
