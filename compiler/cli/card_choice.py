"""Cards picked by what a designer types, the same way in every command that takes a card (`nus explain FILE CARD`,
`nus cards --card/--cards`, `nus trace --card`, `nus balance --card`): a card's exact name or code, else its name or
code in any case ("barrel maker", "a613"). A name may name several cards (the Building and the Elder "Carpenter"):
a command that shows one card refuses it, with each card's code to pick it by; one that takes a set takes them all.
A name no card has is refused with the closest name or code the file has, when one is close ("did you mean").
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
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


CLOSE = 0.75  # similarity (difflib's ratio) a suggestion needs: at 0.6 "Nothing Such" was offered "Angling School"


def closest(cards: Iterable[Card], wanted: str) -> str | None:
    """The name or code, as the file writes it, closest to one no card has (in any case, as `named` matches); None
    when none is close."""
    known: dict[str, str] = {}
    for card in cards:
        known.setdefault(card.name.casefold(), card.name)
        known.setdefault(card.code.casefold(), card.code)
    found = difflib.get_close_matches(wanted.casefold(), list(known), n=1, cutoff=CLOSE)
    return known[found[0]] if found else None


def unknown(cards: Iterable[Card], wanted: str, where: str, what: str = "card") -> str:
    """The message for a name or code no card has, naming the file it was looked for in (`where`), with the closest
    one that file has."""
    close = closest(cards, wanted)
    return f"no {what} named {wanted!r} in {where}" + (f"; did you mean {close!r}?" if close else "")


class NoSuchCard(ValueError):
    """A name or code that picks no card, or several where one is shown; its message says what to type instead."""


def one_card(cards: Iterable[C], wanted: str, path: str, pick: Callable[[str], str]) -> C:
    """The one card `wanted` names, for a command that shows one card. A name two cards share is refused, not
    resolved silently to the first (the Building "Carpenter" over the Elder), with `pick(code)`: the command that
    picks each by its code."""
    cards = list(cards)
    found = named(cards, wanted)
    if not found:
        raise NoSuchCard(unknown(cards, wanted, path))
    if len(found) > 1:
        raise NoSuchCard(ambiguous(found, wanted, "give its code: " + " or ".join(pick(card.code) for card in found)))
    return found[0]
