"""Issue 34 §4, "Worked examples that cannot lie": "Questions that cannot be carried out are not asked: the Chip
Shop's exchange with 2 fish, the Ticket Booth's with no Forest, the Glider's with no Guest, the Stove's "pay 2 wood"
with 0 wood, a Harbor Grill count the supply cannot pay", and the example table starts after Round 1's Fishing Phase.
Each case is a worked example added to the card (a probe without an `answer` passes only when nothing is asked),
written to fail first; the expectations are helper reader's (/work/notes/reading-34.md), quoted where used."""

from __future__ import annotations

from tests.runtime.examples.test_examples_that_cannot_lie import probe


def test_the_chip_shop_does_not_offer_its_exchange_with_2_fish() -> None:
    """Chip Shop: "you may return 3 fish, take 1 gold"; reader: "Chip Shop with 2 fish: a new Guest still asks"."""
    steps = "    given fish in supply = 2, gold in supply = 0, guests in supply = 0\n    do take 1 guest\n"
    result = probe("Chip Shop", steps + "    expect guests in supply = 1, fish in supply = 2, gold in supply = 0\n")
    assert result.failures == ()
    asked = probe("Chip Shop", steps.replace("= 2,", "= 3,", 1) + "    expect gold in supply = 0\n")
    [failure] = asked.failures
    assert (
        'is asked "Chip Shop: you may return 3 fish from your personal supply to the general supply; if you do, take '
        '1 gold from the general supply and place the gold in your personal supply"'
    ) in failure


def test_the_ticket_booth_does_not_offer_its_exchange_with_no_forest() -> None:
    """Ticket Booth: "you may remove a forest, take 1 gold"; reader: "with 0 Forests: a new Guest still asks"."""
    steps = "    given forests = 0, gold in supply = 0, guests in supply = 0\n    do take 1 guest\n"
    result = probe("Ticket Booth", steps + "    expect guests in supply = 1, forests = 0, gold in supply = 0\n")
    assert result.failures == ()


def test_the_glider_does_not_offer_a_fourth_turn_without_a_guest() -> None:
    """Glider: "you may carry out a fourth turn by returning 1 Guest"; reader: "No Guest → no fourth turn, no
    question"."""
    steps = "    given guests in supply = 0\n    do run the end of the round\n    expect guests in supply = 0\n"
    assert probe("Glider", steps).failures == ()


def test_the_stove_with_0_wood_is_removed_without_a_question() -> None:
    """Stove: "you must either return 2 wood ... or remove the Stove from play"; reader: "1 wood at a Fishing
    Phase → Stove removed, no question "pay 2 wood"."""
    for wood in (0, 1):
        steps = f"    given wood in supply = {wood}\n    do run the fishing phase\n"
        result = probe("Stove", steps + f"    expect buildings = 0, wood in supply = {wood}\n")
        assert result.failures == ()


def test_the_harbor_grill_offers_only_the_counts_the_fish_pay_for() -> None:
    """Harbor Grill: "For each Ship that you wish to count ..., you must pay 2 fish"; reader: "3 fish and 2 Ships:
    "2; 1; 0" is offered" (wrong); "catboat only, 1 fish → 0 VP, no question"."""
    [failure] = probe("Harbor Grill", "    given sloops = 1, fish in supply = 3\n    do score the game\n").failures
    assert "the options are: 1; 0" in failure
    quiet = "    given fish in supply = 1\n    do score the game\n    expect vp = 0, fish in supply = 1\n"
    assert probe("Harbor Grill", quiet).failures == ()


# The example table starts after Round 1's Fishing Phase --------------------------------------------------------


def test_a_stove_built_in_round_1_and_played_out_pays_6_upkeeps() -> None:
    """Stove: "(... the Stove can have an effective Building cost of up to 13 wood over the course of the game if
    built in Round 1.)": 1 + 6 × 2, the Fishing Phases of Rounds 2-7. Reader: played out from the example table
    "the Stove is asked 7 times ... and is removed in Round 7" (wrong)."""
    steps = (
        "    given wood in supply = 1\n    do build this building\n    answer column 2 row 1\n"
        "    given wood in supply = 12\n    do play to the end of the game\n"
        "    answer pay 2 wood every time, pass every time, no every time\n"
        "    player 2: answer pass every time, no every time\n"
        "    expect wood in supply = 0, buildings = 1, score from buildings = 6\n"
    )
    assert probe("Stove", steps).failures == ()
