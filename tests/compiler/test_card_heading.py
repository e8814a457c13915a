"""The printed faces and the reference say the same of every card's heading (name, kind, deck, code, letter):
both records extend one CardHeading, filled by one function, and the letter rule lives on the card."""

from __future__ import annotations

from dataclasses import asdict, fields

from compiler import compile_text
from compiler.backends.card_faces.faces import face
from compiler.backends.card_heading import CardHeading
from compiler.backends.docs import card_docs
from tests.kit.rulebook import ROOT

HEADING = [field.name for field in fields(CardHeading)]


def program():
    return compile_text((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus").program


def heading_of(record: CardHeading) -> dict:
    return {name: value for name, value in asdict(record).items() if name in HEADING}


def test_faces_and_reference_entries_share_every_cards_heading() -> None:
    cards = program().cards
    docs = card_docs(program())
    assert len(docs) == len(cards) == 96
    for card, doc in zip(cards, docs, strict=True):
        assert heading_of(face(card)) == heading_of(doc), card.name


def test_a_buildings_letter_is_its_codes_first_character_and_an_elder_has_none() -> None:
    cards = {(card.kind, card.name): card for card in program().cards}
    assert cards["building", "Meditation Lodge"].code == "B721"
    assert face(cards["building", "Meditation Lodge"]).letter == "B"
    assert face(cards["building", "Meditation Lodge"]).deck_name == "Besøkende"
    elders = [card for (kind, _), card in cards.items() if kind == "elder"]
    assert len(elders) == 8 and {face(elder).letter for elder in elders} == {""}
    letters = {card.letter for (kind, _), card in cards.items() if kind == "building"}
    assert letters == {"A", "B", "C"}
