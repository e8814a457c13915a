"""Cards picked by what a designer types, the same way in every command that takes a card (`nus explain FILE CARD`,
`nus cards --card/--cards`, `nus trace --card`, `nus balance --card`): a card's exact name or code, else its name or
code in any case ("barrel maker", "a613"). A name may name several cards (the Building and the Elder "Carpenter"):
a command that shows one card refuses it, with each card's code to pick it by; one that takes a set takes them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar


class Card(Protocol):
    """A parsed card (compiler.syntax.nodes.Card) or a compiled one (runtime.model.cards.CardSpec)."""

    @property
    def name(self) -> str: ...

    @property
    def code(self) -> str: ...

    @property
    def kind(self) -> str: ...


C = TypeVar("C", bound=Card)


def named(cards: Iterable[C], wanted: str) -> list[C]:
    """Every card `wanted` names, in file order: exact matches if there are any (so "Cafe" is not also "cafe"),
    else matches in any case."""
    cards = list(cards)
    exact = [card for card in cards if wanted in (card.name, card.code)]
    if exact:
        return exact
    folded = wanted.casefold()
    return [card for card in cards if folded in (card.name.casefold(), card.code.casefold())]


def ambiguous(found: list[C], wanted: str, how: str) -> str:
    """The message for a name several cards share; `how` says how to give a code instead."""
    codes = ", ".join(f"{card.kind} {card.code}" for card in found)
    return f"{len(found)} cards are named {wanted!r} ({codes}); {how}"
