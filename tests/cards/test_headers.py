"""Every card's printed facts — name, deck, code, cost and VP — agree with its rulebook header line."""

from __future__ import annotations

from functools import cache

import pytest

from compiler import compile_text
from compiler.checking.ranges import cost_label, vp_label
from compiler.checking.vocabulary import DECKS
from compiler.syntax.nodes import Card
from tests.kit.rulebook import ROOT, Entry, entries

# The one printed label our formula cannot reproduce, with the ruling that explains it (see cards.nus).
RULED = {"Harbor Grill": ("0-7 VP", "a player who pays for no Ship scores 0; the card prints 1-7")}


@cache
def cards() -> dict[str, Card]:
    compiled = compile_text((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus")
    assert not compiled.diagnostics
    return {card.name: card for card in compiled.program.cards if card.kind == "building"}


def test_cards_nus_holds_exactly_the_88_buildings() -> None:
    assert sorted(cards()) == sorted(e.name for e in entries())
    assert len(cards()) == 88


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.code)
def test_header_facts_match(entry: Entry) -> None:
    card = cards()[entry.name]
    assert (DECKS[card.deck], card.code, cost_label(card)) == (entry.deck, entry.code, entry.cost)
    expected_vp = RULED.get(entry.name, (entry.vp,))[0]
    assert vp_label(card) == expected_vp


def test_the_ruled_vp_label_really_differs_from_print() -> None:
    """A ruling is only needed while the printed label differs; this fails once it no longer does."""
    printed = {e.name: e.vp for e in entries()}
    for name, (ours, _) in RULED.items():
        assert printed[name] != ours
        assert vp_label(cards()[name]) == ours
