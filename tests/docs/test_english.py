"""The reference's English is something a player can play from, without the rulebook.

Each card test quotes the rulebook sentence the English must carry, then fixes the whole rendered text;
the general tests hold for every card, every event and every prompt, so a new card or phrase cannot
bring back a raw term, a capital after a verb, a doubled parenthetical or a verb that does not agree.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from functools import cache
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.docs import CardDoc, card_docs
from compiler.backends.escape import markdown_text
from compiler.backends.generate import card_code
from compiler.checking import vocabulary as vocab
from compiler.syntax import nodes as n
from tests.docs.test_docs import Articles
from tests.kit.rulebook import ROOT, entries

SOURCE = (ROOT / "cards.nus").read_text(encoding="utf-8")


@cache
def docs() -> dict[str, CardDoc]:
    compiled = compile_text(SOURCE, "cards.nus")
    assert compiled.diagnostics == ()
    found = {}
    for doc in card_docs(compiled.program, SOURCE):
        found.setdefault(doc.name, doc)  # "Carpenter" is a building and an Elder: the building comes first
    return found


def elder(name: str) -> CardDoc:
    compiled = compile_text(SOURCE, "cards.nus")
    [doc] = [d for d in card_docs(compiled.program, SOURCE) if d.kind == "elder" and d.name == name]
    return doc


def rulebook(name: str) -> str:
    [entry] = [e for e in entries() if e.name == name]
    return " ".join(entry.text.split())


def rendered(text: str) -> str:
    """The English of the first card of a file of its own (any further card is there to be named by it)."""
    compiled = compile_text(text, "test.nus")
    assert compiled.diagnostics == (), compiled.diagnostics
    return card_docs(compiled.program, text)[0].text


# Each card: (name, the rulebook's words the English carries (' ... ' between quoted parts), the whole English).
CARDS = [
    (
        "Life Insurance",
        "Each time any player (including you) returns a Guest to the general supply, place 1 gold",
        "Each time after any player (including you) returns a Guest to the general supply, place 1 gold from the "
        "general supply on this Building. During scoring at the end of the game, the Life Insurance scores VP "
        "equal to 6 plus the number of gold on this Building.",
    ),
    (
        "Pedalo Builder",
        'you may place a Worker on the Pedalo Builder to take a "Build a Ship" action',
        'Once per Round, as one of your three turns, you may place a Worker on the Pedalo Builder to take a "Build '
        'a Ship" action. Only you may use the Pedalo Builder; other players may not. Each time after you complete '
        'a "Build a Ship" action, take 1 wood from the general supply and place the wood in your personal supply.',
    ),
    (
        "Alderman's Office",
        'to take a "Take an Elder" action. If you do, you may use the new Elder immediately, without placing fish '
        "from the Banquet Table on it",
        "Once per Round, as one of your three turns, you may place a Worker on the Alderman's Office to take a "
        '"Take an Elder" action, and you may use the new Elder right away, without placing fish from the Banquet '
        "Table on it. Only you may use the Alderman's Office; other players may not.",
    ),
    (
        "Captain's House",
        'you may immediately (and only once via this Building) take a "Take an Elder" action, without placing a '
        "Worker. ... Additionally, you may use the new Elder right away. ... The Captain's House has no effect if "
        "there are no seats left in your Elder Council.",
        "As soon as your haul size is at least 11, immediately (and only once via this Building), if there are any "
        'free seats in your Elder Council, you may take a "Take an Elder" action; if you do, you may use the new '
        "Elder right away.",
    ),
    (
        "Barrel Maker",
        "Each time you serve a total of 3 or more fish to the Banquet Table, take 2 wood",
        'Each time after you complete a "Serve Fish" action, take 2 wood from the general supply and place the '
        "wood in your personal supply, but only if the number of fish you served to the Banquet Table (a Guest "
        "counts as the fish it saved) is at least 3.",
    ),
    (
        "Building Dock",
        "take a number of wood from the general supply equal to the number of Ships left on the Ships and Elders "
        "supply board that are of the same type that you just built",
        'Each time after you complete a "Build a Ship" action, take a number of wood equal to the number of Ships '
        "of the type you just built left on the Ships and Elders supply board from the general supply and place "
        "the wood in your personal supply. The Building Dock has no effect if there are no Ships of the type you "
        "just built left on the Ships and Elders supply board.",
    ),
    (
        "Galley",
        'Each time before you take a "Build a Ship" action, take a number of fish from the general supply equal '
        "to the number of fish on plates in the Banquet Table",
        'Each time before you take a "Build a Ship" action, take a number of fish equal to the number of fish on '
        "plates of the Banquet Table from the general supply and place the fish in your personal supply.",
    ),
    (
        "Market",
        'Each time before you take a "Build a Ship" action, you may exchange fish in your personal supply for '
        "wood from the general supply at a 1:1 ratio, or vice versa. The number of exchanges you can make (per "
        "activation) is limited by the number of empty Building spaces on your Harbor board.",
        'Each time before you take a "Build a Ship" action, you may choose one: exchange fish from your personal '
        "supply for wood from the general supply at a 1:1 ratio, up to a number of fish equal to the number of "
        "empty Building spaces on your Harbor board; or exchange wood from your personal supply for fish from the "
        "general supply at a 1:1 ratio, up to a number of wood equal to the number of empty Building spaces on "
        "your Harbor board. The Market has no effect if there are no empty Building spaces on your Harbor board.",
    ),
    (
        "Welfare",
        "Each time after you use an Elder, except for the first Elder you use in a Round, take 2 wood",
        "Each time after you use an Elder, take 2 wood from the general supply and place the wood in your personal "
        "supply. The Welfare has no effect if the number of times you have used an Elder this Round so far (each "
        "use counts, even of the same Elder) is exactly 1.",
    ),
    (
        "Volunteer's Lodge",
        'each time you take a "Reforest" action, instead of the usual two Forests, you may place a number of '
        "Forests equal to or less than the number of Guests in your personal supply",
        'Each time you take a "Reforest" action, you may place the usual number of Forests or any number from 1 up '
        "to the number of Guests in your personal supply, all on the same double space. Immediately (and only once "
        "via this Building) you may take 1 Guest from the general supply and place the Guest in your personal supply.",
    ),
    (
        "Archeological Site",
        "As long as the Archeological Site is covered by Forests, it does not count towards your Buildings.",
        "This Building goes on a Building space covered by at least two Forests, underneath them; as long as "
        "Forests cover it, it does not count as one of your Buildings. As soon as there are no Forests on top of "
        "this Building, immediately (and only once via this Building) take 1 gold from the general supply and "
        "place the gold in your personal supply, and take 1 Guest from the general supply and place the Guest in "
        "your personal supply. During scoring at the end of the game, the Archeological Site scores depending on "
        "the number of Forests on top of this Building: 2 VP if none and nothing if 1 or more.",
    ),
    (
        "Art Sculpture",
        "you may place a Worker on an unoccupied Elder in another player's Elder Council and use that Elder's "
        "effect as though it were your Elder. Before you do, you must pay the owner 2 fish from your personal "
        "supply, which they place in their personal supply.",
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply. Once per Round, as one of your three turns, you may place a Worker on an "
        "unoccupied Elder in another player's Elder Council and use it as though it were yours: first pay its owner "
        "2 fish from your personal supply, which they place in their personal supply; then place a fish from the "
        "Banquet Table on the Elder as usual (if that is its third fish, the owner gets the fish it discards, not "
        "you). Only you may use the Art Sculpture; other players may not.",
    ),
    (
        "Glider",
        "you may use an available action, i.e., an action space on the Action board (or—in solo games and games "
        "with 4-5 players—the Imitation tile) that is not fully occupied or an unoccupied Elder in your Elder "
        "Council",
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply. At the end of each Round, after all players have had three turns, you may "
        "return 1 Guest from your personal supply to the general supply; if you do, carry out an additional turn: "
        "place a Worker on an available action, i.e. an action space on the Action board (or the Imitation tile, in "
        "games that use it) that is not fully occupied, or an unoccupied Elder in your Elder Council (or in another "
        "player's, if a card of yours allows it); not on a Building.",
    ),
    (
        "Cabin",
        "Consequently, first place fish on issued Shares of your color in your personal supply, then on issued "
        "Shares of your color in other players' personal supplies, and only then on your Elders.",
        "Each time you distribute fish (in the Fishing Phase or for an Elder), you may swap steps 1 and 3 of the "
        "distribution order: first place fish on the issued Shares of your color in your personal supply, and 1 "
        "fish for each Guest on your Ships, then on your Shares held by other players, and only then on your "
        "Elders; the rest goes into your Reserve and any excess into the general supply, as normal.",
    ),
    (
        "Harbor Grill",
        "For each Ship that you wish to count towards the value of the Harbor Grill, you must pay 2 fish from your "
        "personal supply",
        "At the start of scoring at the end of the game, before anything is counted, you may move 2 fish from your "
        "personal supply onto this Building, as many times as you like up to the number of Ships on your Fishing "
        "track, including the preprinted catboat. During scoring at the end of the game, the Harbor Grill scores "
        "VP equal to half the number of fish on this Building, rounded down.",
    ),
    (
        "Ghost Ship",
        "The Ghost Ship has no effect (temporarily) as long as there are no Ships on your Fishing track or less "
        "than three unoccupied spaces left. (You may decline this effect at any time",
        "Move the rightmost Ship on your Fishing track 3 spaces to the right; the gap to its left counts as filled "
        "and always stays just left of your rightmost Ship. This has no effect (for the time being) while there are "
        "no Ships on your Fishing track or fewer than 3 free spaces left. You may decline this effect for good (the "
        "Ship moves back and the gap is gone); you are asked whenever the gap's spaces would matter: to build an "
        "actual Ship in the gap, to put wood on free spaces, or for a Building's requirement. For the purposes of "
        "this effect only, you may consider a Building on your Fishing track a Ship: you choose once, when this "
        "Building or that Building is built while no Ship is on your Fishing track. Immediately (and only once via "
        "this Building) you may take 1 Guest from the general supply and place the Guest in your personal supply. "
        "At any time before scoring, you may decline this Building's effect for good (its rules no longer apply; it "
        "still scores), but only if there are any gap spaces on your Fishing track that count as filled.",
    ),
    (
        "Woodcutter's Cabin",
        "Each time after you remove a Forest from your Harbor board without revealing any Building spaces (i.e., "
        "by removing a Forest from a stack comprising at least two Forests), take 1 gold",
        "Each time after you remove a Forest from your Harbor board, take 1 gold from the general supply and place "
        "the gold in your personal supply. The Woodcutter's Cabin has no effect if removing that Forest revealed a "
        "Building space (a Forest taken from a stack of two or more reveals none).",
    ),
    (
        "Nature Reserve",
        'Each time after you use the "Reforest" action space, take 2 gold',
        'Each time after you complete a "Reforest" action, take 2 gold from the general supply and place the gold '
        'in your personal supply, but only if you took it on the "Reforest" action space.',
    ),
    (
        "Cookhouse",
        'Each time you take a "Serve Fish" action, you need to pay only half as many fish per plate than printed '
        "on it, rounded up.",
        'Each time you take a "Serve Fish" action, each plate you fill with fish costs half the fish printed on '
        "it, rounded up.",
    ),
    (
        "Wood Conservation",
        "At any time (and any number of times) before scoring, except during an action, you may return a number "
        "of gold from your personal supply to the general supply equal to the number of forested double spaces "
        'on your Harbor board. If you do, you may take a "Reforest" action',
        "At any time (and any number of times) before scoring, you may return a number of gold equal to the "
        "number of forested double spaces on your Harbor board from your personal supply to the general supply; "
        'if you do, take a "Reforest" action. The Wood Conservation has no effect if you are in the middle of an '
        "action or the number of gold in your personal supply is less than the number of forested double spaces on "
        "your Harbor board.",
    ),
    (
        # Reader (docs/readings/2026-12-06-issue-34.md): "(when you build this Building, before you pay for it)" on the
        # as-soon-as condition read as "only at the build"; the count before paying is how the wood is counted
        # while the Cathedral is built, and the gold still comes later.
        "Cathedral",
        "As soon as there are (at least) 8 fish in your Reserve and also (at least) 12 wood in your personal supply, "
        "immediately ... already when you build the Cathedral, you get the gold right away",
        "As soon as the number of fish in your Reserve is at least 8 and the number of wood in your personal supply "
        "(counted before you pay for this Building while you build it) is at least 12, immediately (and only once via "
        "this Building) take 3 gold from the general supply and place the gold in your personal supply.",
    ),
    (
        "Breeding Basin",
        "take a number of fish from the general supply equal to half the number of fish already present in your "
        "personal supply, rounded down, and place the fish in your personal supply",
        "Immediately (and only once via this Building) take a number of fish equal to half the number of fish in "
        "your personal supply, rounded down, from the general supply and place the fish in your personal supply. "
        "The Breeding Basin has no effect if the number of fish in your personal supply is at most 1.",
    ),
    (
        "Pantry",
        "take a number of fish from the general supply equal to the number of gold in your personal supply, but "
        "at most 8 fish, and place the fish in your personal supply",
        "Immediately (and only once via this Building) take a number of fish equal to the number of gold in your "
        "personal supply, but at most 8 fish, from the general supply and place the fish in your personal supply. "
        "The Pantry has no effect if there is no gold in your personal supply.",
    ),
    (
        "Orphanage",
        "take 2 Guests from the general supply and place the Guests in your personal supply",
        "Immediately (and only once via this Building) take 2 Guests from the general supply and place the Guests "
        "in your personal supply.",
    ),
    (
        "Chip Shop",
        "Each time after you place a new Guest in your personal supply, you may exchange 3 fish in your personal "
        "supply for 1 gold from the general supply.",
        "Each time after you place a new Guest in your personal supply, you may return 3 fish from your personal "
        "supply to the general supply; if you do, take 1 gold from the general supply and place the gold in your "
        "personal supply.",
    ),
    (
        "Moot Hall",
        "remove all Forests from your Harbor board and take a number of wood and a number of Guests from the "
        "general supply both equal to the number of Forests you have just removed",
        "Immediately (and only once via this Building) you may remove all Forests from your Harbor board; if you "
        "do, take a number of wood equal to the number of Forests on your Harbor board just before from the "
        "general supply and place the wood in your personal supply, and take a number of Guests equal to the "
        "number of Forests on your Harbor board just before from the general supply and place the Guests in your "
        "personal supply. The Moot Hall has no effect if there are no Forests on your Harbor board.",
    ),
    (
        "Boating Lake",
        "Ships on the Boating Lake do not count as Ships, but they increase your haul size by one each.",
        "Each time you build a sloop or cutter, you may place it on this Building instead of your Fishing track, for "
        "good; there it does not count as a Ship (no Ship score, no Guest on it) but adds 1 to your haul size. "
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply. During scoring at the end of the game, the Boating Lake scores VP equal to "
        "double the sum of printed values of the Ships on this Building.",
    ),
]


CARDS += [
    (
        "Soup Kitchen",
        "take a number of fish from the general supply equal to the number of Elders that are already in your "
        "Elder Council and distribute the fish on your Elders",
        'Each time before you take a "Take an Elder" action, place 1 fish from the general supply on each Elder '
        "already in your Elder Council.",
    ),
    (
        "Tourist Office",
        "When any player (including you) takes one of those Elders, move the Guest from the Elder into your "
        "personal supply.",
        "Immediately (and only once via this Building) place 1 Guest from the general supply on each of up to 3 "
        "visible Elders on the Ships and Elders supply board; when any player (including you) takes one of those "
        "Elders, move its Guest into your personal supply. The Tourist Office has no effect if there are no "
        "visible Elders on the Ships and Elders supply board.",
    ),
    (
        "Yurt",
        "return an Elder from your Elder Council to the Ships and Elders supply board, on the same space it "
        "originated from. Before you do, move the fish on the Elder, if any, into your personal supply.",
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply; whether or not you do, if the number of Elders in your Elder Council is at "
        "least 1, move the fish on one of your Elders into your personal supply, then return that Elder to its space "
        "on the Ships and Elders supply board.",
    ),
    (
        "Investment Broker",
        "Additionally, also immediately (and only once via this Building) take a number of gold from the general "
        "supply equal to the number of issued Shares in your personal supply",
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply; whether or not you do, take a number of gold equal to the number of issued "
        "Shares in your personal supply from the general supply and place the gold in your personal supply.",
    ),
    (
        "Angling School",
        "Additionally, also immediately (and only once via this Building) take a number of gold from the general "
        "supply equal to the number of Guests on your Ships",
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply, and you may now place Guests from your personal supply on your Ships (1 per "
        "Ship, as at any time); whether or not you do, take a number of gold equal to the number of Guests on your "
        "Ships from the general supply and place the gold in your personal supply.",
    ),
    (
        "Store Management",
        'Each time after you complete a "Transfer Reserve" action on your first, second, or third Worker\'s turn, '
        "take 1 fish, 1 wood, or 1 gold from the general supply, respectively",
        'Each time after you complete a "Transfer Reserve" action, if the number of your current Worker\'s turn is '
        "exactly 1, take 1 fish from the general supply and place the fish in your personal supply; if the number "
        "of your current Worker's turn is exactly 2, take 1 wood from the general supply and place the wood in "
        "your personal supply; if the number of your current Worker's turn is exactly 3, take 1 gold from the "
        "general supply and place the gold in your personal supply.",
    ),
]


@pytest.mark.parametrize(("name", "quoted", "expected"), CARDS, ids=[card[0] for card in CARDS])
def test_the_reference_says_what_the_rulebook_says(name: str, quoted: str, expected: str) -> None:
    for part in quoted.split(" ... "):
        assert part in rulebook(name)
    assert docs()[name].text == expected


def test_an_elder_is_used_with_a_fish_from_the_banquet_table_first() -> None:
    """Base rules: using an Elder, take one fish from the Banquet Table, put it on the Elder, then its action."""
    assert elder("Harbor Master").text == (
        'When you use the Elder, place a fish from the Banquet Table on it as usual, then take a "Build a Ship" action.'
    )
    assert elder("Builder").text == (
        "When you use the Elder, place a fish from the Banquet Table on it as usual, then remove a Forest from your "
        'Harbor board, and take a "Build a Building" action.'
    )


def test_an_alternative_way_to_pay_says_pay() -> None:
    card = (
        'building "Swap" (trout A601)\n  cost 2 wood or 3 fish, discard "Market"\n  vp 1\n'
        'building "Market" (trout A602)\n  cost 1 wood\n  vp 1\n'
    )
    assert rendered(card) == (
        'Instead of paying 2 wood for the Swap, you may pay 3 fish and remove the "Market" from play if it is on '
        "your Harbor board."
    )


def test_a_may_of_one_thing_has_no_if_you_do_and_one_of_several_says_it_once() -> None:
    one = 'building "One" (trout A601)\n  cost 1 wood\n  vp 1\n  when built:\n    you may: take 1 fish\n'
    several = (
        'building "Several" (trout A601)\n  cost 1 wood\n  vp 1\n  when built:\n'
        "    you may:\n      return 1 fish\n      take 1 gold\n      you may: take 1 wood\n"
    )
    assert rendered(one) == (
        "Immediately (and only once via this Building) you may take 1 fish from the general supply and place the "
        "fish in your personal supply."
    )
    assert rendered(several) == (
        "Immediately (and only once via this Building) you may return 1 fish from your personal supply to the "
        "general supply; if you do, take 1 gold from the general supply and place the gold in your personal "
        "supply, and you may take 1 wood from the general supply and place the wood in your personal supply."
    )


def test_what_follows_a_may_is_said_to_happen_whether_or_not_you_do() -> None:
    """Investment Broker: declining the Guest still gives the gold, so "you may take 1 Guest ..., and take a number of
    gold" (read as though the gold were optional too) says "whether or not you do" before what must be done: after a
    several-thing may, under a guard, in an `each time`. Two choices in a row stay two choices."""
    card = 'building "Broker" (trout A601)\n  cost 1 wood\n  vp 1\n  {trigger}:\n{body}'
    after = card.format(trigger="when built", body="    you may: take 1 guest\n    take 2 gold\n")
    several = card.format(
        trigger="each time after you serve fish, if fish served >= 3",
        body="    you may: return 1 fish, take 1 wood\n    let held = guests in supply\n    take 1 gold, take 1 fish\n",
    )
    choices = card.format(trigger="when built", body="    you may: take 1 guest\n    you may: take 1 wood\n")
    assert rendered(after) == (
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply; whether or not you do, take 2 gold from the general supply and place the "
        "gold in your personal supply."
    )
    assert rendered(several) == (
        'Each time after you complete a "Serve Fish" action, you may return 1 fish from your personal supply to '
        "the general supply; if you do, take 1 wood from the general supply and place the wood in your personal "
        "supply; whether or not you do, take 1 gold from the general supply and place the gold in your personal "
        "supply, and take 1 fish from the general supply and place the fish in your personal supply, but only if "
        "the number of fish you served to the Banquet Table (a Guest counts as the fish it saved) is at least 3."
    )
    assert rendered(choices) == (
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply, and you may take 1 wood from the general supply and place the wood in your "
        "personal supply."
    )


def test_up_to_a_computed_number_of_times_reads_as_a_limit() -> None:
    card = (
        'building "Grill" (trout A601)\n  cost 1 wood\n  vp 1\n  when built:\n    up to (elders) times: take 1 fish\n'
    )
    assert rendered(card) == (
        "Immediately (and only once via this Building) you may take 1 fish from the general supply and place the "
        "fish in your personal supply, as many times as you like up to the number of Elders in your Elder Council."
    )


# General: every card, every event, every prompt ------------------------------------------------------------


def reference_texts() -> list[tuple[str, str]]:
    """Everything the reference renders for each card: cost, VP and ability text."""
    return [(doc.name, text) for doc in docs().values() for text in (doc.cost, doc.vp, doc.text)]


def test_no_capital_article_after_a_verb_anywhere_in_the_reference(built: Path) -> None:
    """'Build A Ship', 'Take An Elder' came from title-casing action names; the rulebook writes 'Build a Ship'."""
    capital_article = re.compile(r"\b[A-Z][a-z]+ (?:A|An|The|All|Of|On) [A-Z]")
    for name in ("cards.md", "index.html", "language.md", "cards.json", "cards.csv"):
        text = (built / name).read_text(encoding="utf-8")
        assert capital_article.findall(text) == [], name
    assert '"Build a Ship"' in (built / "cards.md").read_text(encoding="utf-8")
    assert [vocab.title(words) for words in vocab.ACTIONS] == [
        "Build a Building",
        "Build a Ship",
        "Issue a Share",
        "Buy all Shares",
        "Take an Elder",
        "Serve Fish",
        "Transfer Reserve",
        "Thin Out",
        "Deforest",
        "Reforest",
    ]


def test_no_parenthetical_is_printed_twice_in_a_row() -> None:
    doubled = re.compile(r"(\([^()]+\))\s*\1")
    assert [(name, text) for name, text in reference_texts() if doubled.search(text)] == []
    assert "(all of it or none of it)" not in " ".join(text for _, text in reference_texts())


def test_no_raw_name_or_field_words_reach_the_reference() -> None:
    """A player reads English, never a runtime name (snake_case) or the words a designer types for a field."""
    raw_words = [words for entry in vocab.EVENTS for words in entry.fields] + [
        words for entry in vocab.RULES for words in entry.parameter.scope
    ]  # a rule's own words (its value before the card's change) are its English name, not raw
    assert "fish served" in raw_words and "ships left of built type" in raw_words
    for name, text in reference_texts():
        assert "_" not in text, (name, text)
        assert [words for words in raw_words if re.search(rf"\b{words}\b", text)] == [], (name, text)


def test_every_field_and_rule_scope_has_english() -> None:
    for entry in vocab.EVENTS:
        assert set(entry.phrases) == {attr for attr, _ in entry.fields.values()}, entry.pattern
    for entry in vocab.RULES:
        assert set(entry.phrases) == {attr for attr, _ in entry.scope.values()}, entry.pattern
    assert all(
        phrase and "_" not in phrase for entry in vocab.EVENTS + vocab.RULES for phrase in entry.phrases.values()
    )


ANY_PLAYER_EVENTS = [entry for entry in vocab.EVENTS if "at" not in entry.timings]


@pytest.mark.parametrize("entry", ANY_PLAYER_EVENTS, ids=[e.pattern for e in ANY_PLAYER_EVENTS])
def test_any_player_agrees_with_its_verb_and_owns_their_things(entry: vocab.Entry) -> None:
    """'any player (including you) returns a Guest to the general supply', never 'return' or 'your'."""
    timing = entry.timings[-1]
    card = f'building "Watcher" (trout A601)\n  cost 1 wood\n  vp 1\n  each time {timing} any player {entry.pattern}:\n'
    text = rendered(card + "    take 1 fish\n")
    clause = text.removeprefix(f"Each time {timing} any player (including you) ").split(", take 1 fish")[0]
    verb = clause.split()[0]
    english_verb = entry.english.split()[0]
    assert verb in (f"{english_verb}s", f"{english_verb}es", "completes"), text
    assert not re.search(r"\byour?\b", clause), text


def test_an_action_is_taken_before_and_completed_after() -> None:
    """Rulebook usage: 'Each time before you take a "Build a Ship" action' (Galley), 'Each time after you complete
    a "Build a Ship" action' (Building Dock)."""
    for timing, verb in (("before", "take"), ("after", "complete")):
        card = f'building "Yard" (trout A601)\n  cost 1 wood\n  vp 1\n  each time {timing} you build a ship:\n'
        assert rendered(card + "    take 1 fish\n").startswith(
            f'Each time {timing} you {verb} a "Build a Ship" action, '
        )
    assert "before you complete" not in " ".join(text for _, text in reference_texts())


# Prompts: what a player is asked is their own card's, never the next card's --------------------------------------

ASKING = ("may", "up_to", "choose_one")


def callee(node: ast.Call) -> str:
    return getattr(node.func, "attr", getattr(node.func, "id", ""))


def asked_in(statements: list[ast.stmt]) -> list[tuple[str, str]]:
    """Each question (a may / up to / choose one call's text) and each choose one option the code carries."""
    found = []
    for node in ast.walk(ast.Module(statements, [])):
        if isinstance(node, ast.Call) and callee(node) in ASKING:
            text = next(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
            found.append(("question", text))
            if callee(node) == "choose_one":
                found += [("option", element.elts[0].value) for element in node.args[2].elts]
    return found


def prompts_by_card() -> list[tuple[n.Card, str, str]]:
    """Every question and option of every card, from the card's own block of generated code."""
    compiled = compile_text(SOURCE, "cards.nus")
    lines = SOURCE.split("\n")
    return [
        (card, kind, text)
        for card in compiled.program.cards
        for kind, text in asked_in(list(card_code(card, lines).statements))
    ]


def squeezed(text: str) -> str:
    return re.sub(r"[\s,]+", "", text)


def card_source(card: n.Card) -> str:
    lines = SOURCE.split("\n")[card.span.line - 1 : card.span.end_line]
    return "\n".join(line.split("#")[0] for line in lines)


def test_every_prompt_of_every_card_is_that_cards_own_text() -> None:
    """A question is part of its card's reference English (the second reading of issue 34: it was the source); a
    choose one option is the card's source, as an example's `answer` names it. Neither reaches into another card."""
    prompts = prompts_by_card()
    assert len(prompts) >= 20
    assert len({card.name for card, _, _ in prompts}) >= 15
    texts = {(doc.kind, doc.name): doc.text.lower() for doc in card_docs(compile_text(SOURCE, "cards.nus").program)}
    others = {card.name for card in compile_text(SOURCE, "cards.nus").program.cards}
    for card, kind, prompt in prompts:
        if kind == "question":
            assert prompt.lower() in texts[card.kind, card.name], (card.name, prompt)
        else:
            assert prompt and squeezed(prompt) in squeezed(card_source(card)), (card.name, prompt)
        assert not re.search(r'\b(?:building|elder) "', prompt), (card.name, prompt)
        assert [name for name in others - {card.name} if f'"{name}"' in prompt] == [], (card.name, prompt)


def test_the_generated_module_asks_exactly_those_prompts() -> None:
    """The prompts above are the ones the generated module carries: each may / up_to / choose_one call's text."""
    module = compile_text(SOURCE, "cards.nus").module
    assert set(asked_in(module.body)) == {(kind, text) for _, kind, text in prompts_by_card()}


# Rulings and stand-in notes beside their cards ---------------------------------------------------------------


def designer_notes() -> list[tuple[str, str, str]]:
    """Every '# Ruling:' and '# Stand-in:' comment inside a card, joined over its lines: (card, kind, text)."""
    found, card, current = [], None, None
    for line in SOURCE.split("\n"):
        if header := re.match(r'(building|elder) "([^"]+)"', line):
            card, current = header[2], None
            continue
        comment = re.match(r"\s+# ?(.*)$", line)
        if not comment:
            current = None
            continue
        text = comment[1].strip()
        if kind := re.match(r"(Ruling|Stand-in)\b:?\s*", text):
            current = [card, kind[1].lower(), text[kind.end() :]]
            found.append(current)
        elif current is not None and not current[2].endswith("."):
            current[2] += " " + text
        else:
            current = None
    return [tuple(note) for note in found]


def test_every_ruling_and_stand_in_note_shows_in_full_beside_its_card(built: Path) -> None:
    notes = designer_notes()
    assert len([note for note in notes if note[1] == "ruling"]) >= 19
    assert len([note for note in notes if note[1] == "stand-in"]) == 8
    cards = json.loads((built / "cards.json").read_text(encoding="utf-8"))
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r'<a id="([^"]+)"></a>\n\n#### (.*?)(?=\n<a id=|\Z)', markdown, flags=re.S))
    page = Articles()
    page.feed((built / "index.html").read_text(encoding="utf-8"))
    with (built / "cards.csv").open(encoding="utf-8", newline="") as file:
        csv_notes = {(row["name"], row["line"]): row["notes"] for row in csv.DictReader(file)}
    for name, kind, text in notes:
        [card] = [c for c in cards if c["name"] == name and any(n["text"] == text for n in c["notes"])]
        assert [n["kind"] for n in card["notes"] if n["text"] == text] == [kind]
        label = kind.capitalize()
        assert f"> **{label}:** {markdown_text(text)} (" in sections[card["anchor"]], (name, text)
        assert f"{label}: {text}" in " ".join(page.texts[card["anchor"]].split()), (name, text)
        assert f"{kind}: {text}" in csv_notes[name, str(card["line"])], (name, text)


def test_a_plural_card_name_takes_a_plural_verb() -> None:
    """ "The Queuing Barriers score ...", "The Reserve Assets have no effect ..."; a singular name keeps "has"/"scores"
    (the Cabin in the Woods is one Cabin; FLGS is one shop)."""
    assert "the Queuing Barriers score depending on" in docs()["Queuing Barriers"].text
    assert "The Reserve Assets have no effect if" in docs()["Reserve Assets"].text
    texts = " ".join(text for _, text in reference_texts())
    # "you pay for the X is ...": that "is" is not X's verb
    subject = r"(?<!for )[Tt]he (Queuing Barriers|Picnic Benches|Reserve Assets)"
    assert not re.search(rf"{subject} (has|scores|is)\b", texts)
    assert "The Building Dock has no effect if" in docs()["Building Dock"].text


def test_no_ruling_names_a_file_a_player_does_not_know() -> None:
    """Harbor Grill's ruling says its assumption in game terms (the Ship supply per player count), not "rules.toml"."""
    notes = [(name, note.text) for name, doc in docs().items() for note in doc.notes]
    assert [(name, text) for name, text in notes if ".toml" in text or ".nus" in text or "_" in text] == []
    [grill] = [text for name, text in notes if name == "Harbor Grill" and "3 or more players" in text]
    assert "the supply board holds 2 Ships of each type with 2 players" in grill
