"""The reference's "interacts with" lists stay linear (issue 36 §4): 2,000 cards hearing one event gave 432 MB of
reference and 1.8 GB of memory, each card listing all the others. Now each card names at most SHOWN_RELATED cards and
counts the rest by what they share with it; a deck's lists are what the card-against-card definition gives."""

from __future__ import annotations

import json

import pytest

from compiler import compile_text
from compiler.backends.docs import (
    SHOWN_RELATED,
    bears_on,
    causes,
    changes_counts,
    discarded,
    elder_turns,
    hooks,
    interactions,
    label,
    lowers,
    read_for_user,
    reads,
    reference_texts,
    ruled_by,
    rules,
    rules_borne,
    takes_turns,
    uses_others_elders,
    watches,
)
from tests.kit.rulebook import ROOT

HEARERS = 2000


def shipwrights(count: int) -> str:
    return "\n".join(
        f'building "Shipwright {i:05d}" (trout A{10000 + i})\n  cost 1 wood\n  vp 1\n'
        "  each time after you build a ship:\n    take 1 fish\n"
        for i in range(count)
    )


@pytest.mark.slow
def test_two_thousand_cards_hearing_one_event_name_a_few_each_and_count_the_rest() -> None:
    text = shipwrights(HEARERS)
    program = compile_text(text, "many.nus").program
    outputs = reference_texts(program, "many.nus", text)
    cards = json.loads(outputs["cards.json"])
    first, last = cards[0], cards[-1]
    assert first["interacts"] == [f"Shipwright {i:05d}" for i in range(1, SHOWN_RELATED + 1)]
    assert last["interacts"] == [f"Shipwright {i:05d}" for i in range(SHOWN_RELATED)]
    assert first["interacts_more"] == last["interacts_more"] == [f"{HEARERS - 1:,} cards that hear 'build a ship'"]
    assert all(len(card["interacts"]) == SHOWN_RELATED for card in cards)
    assert "and more (in all: 1,999 cards that hear 'build a ship')" in outputs["cards.md"]
    assert "and more (in all: 1,999 cards that hear &#39;build a ship&#39;)" in outputs["index.html"]
    for name in ("cards.md", "index.html", "cards.json"):  # linear: a few KB a card, where it was 100 KB and more
        assert len(outputs[name]) < 2500 * HEARERS, name


def test_the_decks_interactions_are_what_card_against_card_gives() -> None:
    """On cards.nus no list is cut, and each is every other card (Elders included, by label) that hooks an event it
    hooks, changes a rule it changes, causes what the other hooks, changes a rule bearing on what the other hooks or
    ruling what the other's effects do or bearing on the other's rule, lowers a count the other's "as soon as" reads,
    or discards the other to be built (or the other way round), or uses the other Elder, which counts for its user."""
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    cards = compile_text(text, "cards.nus").program.cards
    found = interactions(cards)
    facts = {
        label(card): (hooks(card), causes(card), rules(card), bears_on(card), discarded(card))
        + (ruled_by(card), lowers(card), watches(card), rules_borne(card))
        + (changes_counts(card), reads(card), takes_turns(card), elder_turns(card))
        + (uses_others_elders(card), read_for_user(card))
        for card in cards
    }
    for card in cards:
        heard, caused, ruled, borne, discards, ruling, lowered, watched, borne_rules = facts[label(card)][:9]
        changed, read, turns, spaces, uses, counted_for_user = facts[label(card)][9:]
        expected = sorted(
            label(other)
            for other in cards
            if other is not card
            and (
                heard & facts[label(other)][0]
                or ruled & facts[label(other)][2]
                or caused & facts[label(other)][0]
                or facts[label(other)][1] & heard
                or borne & facts[label(other)][0]
                or facts[label(other)][3] & heard
                or ruling & facts[label(other)][2]
                or ruled & facts[label(other)][5]
                or lowered & facts[label(other)][7]
                or watched & facts[label(other)][6]
                or borne_rules & facts[label(other)][2]
                or ruled & facts[label(other)][8]
                or changed & facts[label(other)][10]
                or read & facts[label(other)][9]
                or turns & facts[label(other)][12]
                or spaces & facts[label(other)][11]
                or uses & facts[label(other)][14]
                or counted_for_user & facts[label(other)][13]
                or (other.kind == "building" and other.name in discards)
                or (card.kind == "building" and card.name in facts[label(other)][4])
            )
        )
        assert found[label(card)].names == expected and found[label(card)].more == []
    assert max(len(related.names) for related in found.values()) > 20  # the cut stays above the deck's longest list
    assert "Ship Owner (Elder)" in found["Life Insurance"].names and "Carpenter (Elder)" in found


def test_cards_discarded_to_build_one_another_are_counted_each_way() -> None:
    """One card discarded by 40 others to be built: it names 30 of them and counts the 40; each of them names it and
    says it is discarded to build them."""
    toy = 'building "Toy Box" (trout A901)\n  cost 1 wood\n  vp 1\n'
    trams = "\n".join(
        f'building "Tram {i:02d}" (trout A{902 + i})\n  cost 2 wood or discard "Toy Box"\n  vp 1\n' for i in range(40)
    )
    program = compile_text(toy + "\n" + trams, "toys.nus").program
    found = interactions(tuple(program.cards))
    assert found["Toy Box"].names == [f"Tram {i:02d}" for i in range(SHOWN_RELATED)]
    assert found["Toy Box"].more == ["40 cards that discard it to be built"]
    assert found["Tram 07"].names == ["Toy Box"] and found["Tram 07"].more == []


def test_what_an_effect_is_ruled_by_and_lowers_is_declared() -> None:
    """An effect's `ruled_by` names rule parameters and its `lowers` names counts: a misspelt name would drop a link
    without a word."""
    from compiler.checking import vocabulary as vocab

    parameters = {rule.impl for rule in vocab.RULES}
    counts = {count.impl for count in vocab.TABLES["count"]}
    for effect in vocab.EFFECTS:
        assert set(effect.ruled_by) <= parameters, effect.pattern
        assert set(effect.lowers) <= counts, effect.pattern
    assert any(effect.ruled_by for effect in vocab.EFFECTS) and any(effect.lowers for effect in vocab.EFFECTS)
