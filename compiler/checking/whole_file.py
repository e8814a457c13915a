"""What no card shows alone: a name or code used twice, a quoted name no card in the file has, hooks that set each
other off. Read from each card's Header, References and Links, so the whole-file check and the card-by-card
compile (compiler/units.py) judge a file the same way."""

from __future__ import annotations

import unicodedata

from compiler import diagnostic_codes as codes
from compiler.checking import vocabulary as vocab
from compiler.checking.cycles import Link, links, trigger_loops
from compiler.checking.english import article
from compiler.checking.phrases import suggestion
from compiler.diagnostics import Diagnostic, Span
from compiler.plain import Plain
from compiler.syntax import nodes as n
from runtime.model.declarations import CardKind


class Header(Plain):
    """What the other cards of a file need to know of one card: its kind, name and code, and where they stand."""

    __slots__ = ("kind", "name", "code", "span", "name_span", "code_span")

    def __init__(self, kind: CardKind, name: str, code: str, span: Span, name_span: Span, code_span: Span) -> None:
        self.kind = kind
        self.name = name
        self.code = code
        self.span = span
        self.name_span = name_span
        self.code_span = code_span

    @staticmethod
    def of(card: n.Card) -> Header:
        return Header(card.kind, card.name, card.code, card.span, card.name_span, card.code_span)


class Reference(Plain):
    """A quoted name filling a `{building:name}` or `{elder:name}` slot: the file must hold such a card."""

    __slots__ = ("slot", "name", "span")

    def __init__(self, slot: str, name: str, span: Span) -> None:
        self.slot = slot
        self.name = name
        self.span = span


def name_key(name: str) -> str:
    """A name as a reader tells names apart: in any case and any Unicode form of its accents (canonical caseless
    matching), so "Alpha" and "alpha", or a composed and a decomposed "ø", are one name."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", name).casefold())


def links_of(cards: tuple[n.Card, ...]) -> list[Link]:
    return [link for card in cards for link in links(card)]


def file_diagnostics(headers: list[Header], references: list[Reference], every_link: list[Link]) -> list[Diagnostic]:
    """What no card shows alone: a name or code used twice (per kind: an Elder may share a Building's name), a
    quoted name no card in the file has, and hooks that set each other off."""
    return [
        *duplicates(headers, "name", codes.DUPLICATE_NAME, "card name"),
        *duplicates(headers, "code", codes.DUPLICATE_CODE, "card code"),
        *unknown_names(headers, references),
        *trigger_loops(every_link),
    ]


def duplicates(headers: list[Header], attr: str, code: codes.Code, what: str) -> list[Diagnostic]:
    """Names are compared as a reader tells them apart (name_key); codes as written (ASCII, checked)."""
    fold = name_key if attr == "name" else str
    first: dict[tuple[str, str], Header] = {}
    found = []
    for header in headers:
        written = getattr(header, attr)
        key = (header.kind, fold(written))
        if key in first:
            earlier = getattr(first[key], attr)
            where = f"first used on line {first[key].span.line}"
            if earlier != written:
                where += f" as '{earlier}' (the same name in another case or Unicode form)"
            found.append(code.diagnostic(f"duplicate {what} '{written}'", getattr(header, f"{attr}_span"), where))
        else:
            first[key] = header
    return found


OTHER_KIND = dict(zip(vocab.CARD_KINDS, reversed(vocab.CARD_KINDS), strict=True))


def unknown_names(headers: list[Header], references: list[Reference]) -> list[Diagnostic]:
    """A name is looked for among the cards of its slot's kind (a Building or an Elder); one that names a card of
    the other kind says so."""
    names = {kind: {header.name for header in headers if header.kind == kind} for kind in vocab.CARD_KINDS}
    hints: dict[tuple[str, str], str] = {}  # a hint compares with every name: a name quoted often is compared once
    found = []
    for reference in references:
        known = names[reference.slot]
        if reference.name in known:
            continue
        key = (reference.slot, reference.name)
        if key not in hints:
            hints[key] = name_hint(reference, known, names)
        found.append(
            codes.UNKNOWN_CARD_NAME.diagnostic(
                f"no {reference.slot} named '{reference.name}' in this file", reference.span, hints[key]
            )
        )
    return found


def name_hint(reference: Reference, known: set[str], names: dict[str, set[str]]) -> str:
    """A card of the other kind by that name is a mix-up, not a typo: say so before looking for a close name."""
    wanted, other = (f"{article(kind)} {kind.capitalize()}" for kind in (reference.slot, OTHER_KIND[reference.slot]))
    if reference.name in names[OTHER_KIND[reference.slot]]:
        return f"'{reference.name}' is {other}, not {wanted}"
    return suggestion(reference.name, known) or f"name {wanted} this file defines"
