"""What a printed card face shows, from the checked AST: the same English and labels as the reference.

A face is plain data (no markup), so two versions of a card file can be compared face by face and the
template alone decides the look.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from compiler.backends.card_heading import CardHeading, heading
from compiler.backends.escape import visible
from compiler.backends.render import English, deck_name
from compiler.checking.ranges import label, values, vp_label
from compiler.checking.vocabulary import fold_deck
from compiler.cli.card_choice import closest, named
from compiler.syntax import nodes as n
from runtime.model.declarations import CardKind

# Payments drawn as a symbol: the vocabulary impl -> the good its symbol shows (None: the slot names it).
SYMBOL_PAYMENTS = {"goods": None, "return_guests": "guest"}


@dataclass(frozen=True)
class Token:
    """One part of a way to pay: a good with its amount label ("1-7"), or words when no symbol says it."""

    good: str = ""
    amount: str = ""
    words: str = ""


@dataclass(frozen=True)
class Face(CardHeading):
    costs: tuple[tuple[Token, ...], ...]  # the ways to pay; empty: the card costs nothing
    vp: str  # "3", "4-7", "0 or more"; empty for a card without VP
    text: str


def face(card: n.Card, cards: tuple[n.Card, ...] = ()) -> Face:
    """`cards`: the file's cards, for what another card says of this one (English)."""
    english = English(card, cards)
    label_vp = vp_label(card)
    return Face(
        **heading(card),
        costs=costs(card, english),
        vp=label_vp.removesuffix(" VP"),
        text=english.text(),
    )


def costs(card: n.Card, english: English) -> tuple[tuple[Token, ...], ...]:
    """The ways to pay as symbols. Qualifiers ("without guests") and alternatives that are not goods are
    left to the ability text, which says them in full; the first way is always shown."""
    if not card.costs:
        return ()
    shown = []
    for index, option in enumerate(card.costs[0].options):
        payments = [p for p in option.payments if not english.qualifier(p) and p.entry.impl != "free"]
        if index == 0 or all(p.entry.impl in SYMBOL_PAYMENTS for p in payments):
            shown.append(tuple(token(p, english) for p in payments))
    return tuple(option for option in shown if option)


def token(payment: n.Call, english: English) -> Token:
    impl = payment.entry.impl
    if impl not in SYMBOL_PAYMENTS:
        return Token(words=english.phrase(payment))
    amount, *rest = payment.args
    return Token(good=SYMBOL_PAYMENTS[impl] or rest[0], amount=label(values(amount, english.card)))


def version(text: str) -> str:
    """A short content hash of the card file, printed on every face so versions cannot be mixed up."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def changed(new: list[Face], old: list[Face]) -> list[Face]:
    """The faces that differ from the earlier version's face of the same card (by kind and code), or are new."""
    before = {(f.kind, f.code): f for f in old}
    return [f for f in new if before.get((f.kind, f.code)) != f]


class SelectionError(ValueError):
    """A deck or card name on the command line that the card file does not have."""


def select(
    cards: tuple[n.Card, ...],
    decks: list[str] | None,
    letters: list[str] | None,
    names: list[str] | None,
    source: str = "the card file",
) -> list[n.Card]:
    """The cards to print, in file order. Without --deck or --cards, the buildings: the Elders stand in for
    base-game cards every player already has, and are printed only when their deck or names are asked for. A name
    or code picks cards as every command does (compiler.cli.card_choice); one two cards share picks both."""
    chosen = list(cards)
    if decks:
        known = {fold_deck(key): key for key in {c.deck for c in cards}} | {
            fold_deck(deck_name(c.deck)): c.deck for c in cards
        }
        missing = [d for d in decks if fold_deck(d) not in known]
        if missing:
            present = listing_of(sorted({deck_name(c.deck) for c in cards}))
            raise SelectionError(f"no deck {listing_of(missing)} in {source} (it has {present})")
        wanted = {known[fold_deck(d)] for d in decks}
        chosen = [c for c in chosen if c.deck in wanted]
    elif not names:
        chosen = [c for c in chosen if c.kind is CardKind.BUILDING]
    if letters:
        chosen = [c for c in chosen if c.letter in letters]
    if names:
        found = {name: named(cards, name) for name in names}
        missing = [name for name, matches in found.items() if not matches]
        if missing:
            close = [name for name in (closest(cards, name) for name in missing) if name]
            hint = f"; did you mean {listing_of(close)}?" if close else ""
            raise SelectionError(f"no card named {listing_of(missing)} in {source}{hint}")
        wanted = {(card.kind, card.code) for matches in found.values() for card in matches}
        chosen = [c for c in chosen if (c.kind, c.code) in wanted]
    return chosen


def listing_of(items: list[str]) -> str:
    """Names for a terminal message: quoted, with control characters shown escaped."""
    return ", ".join(f'"{visible(item)}"' for item in items)


def card_names(text: str) -> list[str]:
    """--cards 'Cabin, Market' -> ['Cabin', 'Market'] (a name with a comma in it is given whole to --card)."""
    return [name.strip() for name in text.split(",") if name.strip()]
