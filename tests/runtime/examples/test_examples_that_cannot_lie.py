"""Worked examples that cannot lie (issue 34 §4): an answer is the named player's, a `given` refuses a table the
rules forbid, the example table stands where play stands in Round 1 (its cards' cases, with the questions that
cannot be carried out and are not asked, are in tests/cards/test_questions_carried_out.py). Each test was written to
fail first; the expectations are helper reader's (/work/notes/
expectations-34.md), quoted where they are used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import load_cards, load_examples
from runtime.examples import run_example

ROOT = Path(__file__).resolve().parents[3]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")


def probe(name: str, steps: str, kind: str = "building"):
    """The probe example added to the named card (a Building, or an Elder) of cards.nus."""
    start = CARDS.index(f'\n{kind} "{name}"') + 1
    found = re.compile(r"\n(?=\S)").search(CARDS, CARDS.index("\n", start) + 1)
    end = found.start() if found else len(CARDS)
    text = CARDS[:end].rstrip("\n") + '\n  example "probe":\n' + steps + CARDS[end:]
    [example] = [e for e in load_examples(text, "t.nus") if e.title == "probe"]
    return run_example(example, load_cards(text, "t.nus"))


# `answer` without `player N:` ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_an_answer_without_player_n_answers_only_player_1s_questions() -> None:
    """docs/examples.md: "`player N: STEP` | player N (counted from 1) sets, acts, answers or is checked; without
    it, player 1". Before: a plain `answer` also answered player 2's question."""
    result = probe("Toy Shop", '    player 2: do take an elder\n    answer "Harbor Master"\n')
    [failure] = result.failures
    assert 'player 2 is asked "take which Elder?" and no answer is given' in failure
    assert 'add the line: player 2: answer "' in failure
    result = probe(
        "Toy Shop",
        '    player 2: do take an elder\n    player 2: answer "Harbor Master"\n'
        "    player 2: expect elders = 1\n    expect elders = 0\n",
    )
    assert result.failures == ()


def test_a_plain_answer_is_taken_by_player_1_after_player_2_was_asked_first() -> None:
    result = probe(
        "Toy Shop",
        '    given fish on plates = 2\n    player 2: do take an elder\n    player 2: answer "Harbor Master"\n'
        '    do take an elder\n    answer "Builder"\n    expect elders = 1\n    player 2: expect elders = 1\n',
    )
    assert result.failures == ()


# `given` refuses a table the rules forbid ------------------------------------------------------------------------


@pytest.mark.slow
def test_a_given_refuses_an_over_full_fishing_track() -> None:
    """Issue 34 §4: "`given` refuses a table the rules forbid: an over-full Fishing track (11 spaces on 10; beside a
    Trawler)". A sloop takes 1 space, a cutter 2, a schooner 3, the Deep-Sea Trawler 4, of 10 (runtime/rules.toml);
    2 schooners beside the Trawler fill 10, a haul of 11 (length 2 + 6 + 4 = 12)."""
    [failure] = probe("Toy Shop", "    given schooners = 2, cutters = 2, sloops = 1\n").failures
    assert failure.endswith("player 1's Ships and Buildings take 11 of the Fishing track's 10 spaces")
    [failure] = probe("Deep-Sea Trawler", "    given schooners = 2, sloops = 1\n").failures
    assert failure.endswith("player 1's Ships and Buildings take 11 of the Fishing track's 10 spaces")
    assert probe("Deep-Sea Trawler", "    given schooners = 2\n    expect haul size = 11\n").failures == ()


# `player N:` reads this card as player N's ----------------------------------------------------------------------


def test_this_cards_vp_is_read_for_the_player_named() -> None:
    """Third reading (docs/readings/2026-12-06-issue-34-third.md): "`player 2: expect vp = 6` reads 0 after
    `player 2: do build this building` has taken the card, while `player 2: expect vp of "Life Insurance" = 6`
    passes". Life Insurance: "6 VP" plus the gold on it; the player who does not have it scores nothing from it."""
    result = probe(
        "Life Insurance",
        "    player 2: given wood in supply = 5, fish in supply = 1, gold in supply = 6\n"
        "    player 2: do build this building\n    player 2: answer column 2 row 1\n"
        '    player 2: expect vp of "Life Insurance" = 6\n    player 2: expect vp = 6\n    expect vp = 0\n',
    )
    assert result.failures == ()


def test_this_cards_goods_are_read_and_set_for_the_player_named() -> None:
    """The other reads of this card (`gold on this building`) follow the player named as `vp` does."""
    result = probe(
        "Life Insurance",
        "    player 2: given wood in supply = 5, fish in supply = 1, gold in supply = 6\n"
        "    player 2: do build this building\n    player 2: answer column 2 row 1\n"
        "    player 2: given gold on this building = 2\n"
        "    player 2: expect gold on this building = 2, vp = 8\n    expect vp = 0\n",
    )
    assert result.failures == ()


def test_this_card_read_for_a_player_who_does_not_have_it_is_a_clear_failure() -> None:
    """Player 1 has the card: player 2 has no "this building" to read, and the example says so (no traceback)."""
    result = probe("Life Insurance", "    player 2: expect gold on this building = 0\n")
    [failure] = result.failures
    assert failure.startswith("line ") and 'player 2 does not have "Life Insurance" in play' in failure, failure


def test_the_card_built_by_another_player_is_no_longer_player_1s() -> None:
    """Each Building is one card: once player 2 builds the card player 1 built, player 1 scores nothing from it and
    player 2 scores its VP (before, player 1's `vp` still read the card that had left play)."""
    result = probe(
        "Life Insurance",
        "    given wood in supply = 5, fish in supply = 1, gold in supply = 6\n"
        "    do build this building\n    answer column 2 row 1\n"
        "    given gold on this building = 3\n    expect vp = 9\n"
        "    player 2: given wood in supply = 5, fish in supply = 1, gold in supply = 6\n"
        "    player 2: do build this building\n    player 2: answer column 2 row 1\n"
        "    expect vp = 0\n    player 2: expect vp = 6, gold on this building = 0\n",
    )
    assert result.failures == ()


def test_this_card_before_it_is_built_is_a_clear_failure() -> None:
    """An example that builds its card starts with it in a deck: a `given` on it before the build names the line."""
    result = probe(
        "Life Insurance",
        "    given gold on this building = 3\n    given wood in supply = 5, fish in supply = 1, gold in supply = 6\n"
        "    do build this building\n    answer column 2 row 1\n",
    )
    [failure] = result.failures
    assert failure.endswith('given gold on this building = 3: player 1 does not have "Life Insurance" in play')


# An Elder's examples start at the fewest players it is part of ------------------------------------------------------


def test_an_elders_example_starts_at_the_fewest_players_the_elder_is_part_of() -> None:
    """Third reading: "Any example written under [the Ship Owner] starts at 2 players and fails": docs/examples.md
    promises an example "starts from the same table with the fewest players the card is part of". The Ship Owner's
    `players 5`: 5 players, and it is seated."""
    result = probe(
        "Ship Owner",
        '    given sloops = 1, fish on elder "Ship Owner" = 0, fish on plates = 2\n'
        '    do place a worker on elder "Ship Owner"\n    expect sloops = 0\n    player 5: expect sloops = 0\n',
        kind="elder",
    )
    assert result.failures == ()


def test_an_elders_example_past_its_table_says_which_player_is_missing() -> None:
    """An Elder in every game keeps the 2-player table: player 3 is not there, and the example says so."""
    result = probe("Pond Builder", "    player 3: expect sloops = 0\n", kind="elder")
    [failure] = result.failures
    assert failure.startswith("line ") and failure.endswith(": there is no player 3 at this 2-player table")


# An answer may follow a `given` --------------------------------------------------------------------------------


def test_a_given_that_sets_off_a_question_is_answered_by_the_answer_after_it() -> None:
    """docs/examples.md: "After every `given` and `do` step the checks play makes run too: as-soon-as abilities
    fire". Reader4 (STATUS 15:49): the Captain's House's "As soon as your haul size is 11 or greater, you may
    immediately ... take a "Take an Elder" action" asked after a `given`, and an `answer` there was refused (E0312)."""
    declined = probe(
        "Captain's House",
        "    given schooners = 2, cutters = 2\n    answer no\n    expect haul size = 11, elders = 0\n",
    )
    assert declined.failures == ()
    [asked] = declined.asked
    assert asked.answer == "no"


def test_the_build_a_building_action_offers_the_trawler_only_the_gap_keeps_out() -> None:
    """The Ghost Ship's ruling: its decline is offered "when a Building's requirement (Deep-Sea Trawler) holds only
    without the gap". Reader4 (STATUS 15:37): the action's "build which Building?" did not list the Trawler."""
    result = probe(
        "Ghost Ship",
        '    do put "Deep-Sea Trawler" in hand\n'
        "    given schooners = 1, sloops = 1, wood in supply = 5, fish in supply = 5\n"
        '    do place a worker on build a building\n    answer "Deep-Sea Trawler", yes\n'
        "    expect free fishing spaces = 2, filled fishing gap = 0, wood in supply = 0, fish in supply = 0\n",
    )
    assert result.failures == ()


def test_the_trawler_beside_a_declined_gap_is_built() -> None:
    """The same table, the Trawler built by the example step: the gap declined, it is built."""
    result = probe(
        "Deep-Sea Trawler",
        '    do put "Ghost Ship" in play\n'
        "    given schooners = 1, sloops = 1, wood in supply = 5, fish in supply = 5\n"
        "    expect free fishing spaces = 3\n    do build this building\n    answer yes\n"
        "    expect free fishing spaces = 2, filled fishing gap = 0, wood in supply = 0, fish in supply = 0\n",
    )
    assert result.failures == ()


def test_the_trawler_beside_a_kept_gap_is_refused_and_nothing_is_paid() -> None:
    """Ghost Ship: "You may decline this effect at any time"; Deep-Sea Trawler: "You may only build the Deep-Sea
    Trawler if (at least) four spaces of your Fishing track are free". 3 free with the gap: the build asks to decline
    it (yes: built, above); answered no, it is refused and nothing is paid. Before (reader4, STATUS
    15:37), the example step refused it without asking."""
    result = probe(
        "Deep-Sea Trawler",
        '    do put "Ghost Ship" in play\n'
        "    given schooners = 1, sloops = 1, wood in supply = 5, fish in supply = 5\n"
        '    expect illegal: build this building because "requirement"\n    answer no\n'
        "    expect free fishing spaces = 3, wood in supply = 5, fish in supply = 5\n",
    )
    assert result.failures == ()
    assert [asked.prompt for asked in result.asked] == [
        "decline the gap on your Fishing track to build Deep-Sea Trawler?"
    ]
