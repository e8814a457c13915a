"""English a player can play from (issue 34 §2): a guard said with the effect it guards, a card discarded to build
another told on its own face, links both ways, VP ranges of formulas with subtraction, and rule changes that read
like a card.

Each test was written to fail on the English before it (the texts it rules out are quoted).
"""

from __future__ import annotations

import pytest

from compiler import compile_text
from compiler.backends.docs import card_docs
from compiler.checking import ranges
from tests.docs.test_english import docs, rulebook

HEADER = 'building "Probe" (trout A901)\n  cost none\n'


def checked(text: str):
    compiled = compile_text(text, "probe.nus")
    assert compiled.diagnostics == (), compiled.diagnostics
    return compiled.program


def english(text: str) -> str:
    program = checked(text)
    return card_docs(program, text)[0].text


def vp_label(vp: str) -> str:
    return ranges.vp_label(checked(f"{HEADER}  vp {vp}\n").cards[0])


def test_a_guard_on_one_ability_is_said_with_that_ability_not_as_the_card_having_no_effect() -> None:
    """Haunted House: "Immediately ... take 1 Guest ... Additionally, you must also immediately ... remove all Elders
    ... In return, take a number of fish and a number of gold ... equal to the number of removed Elders". Before:
    "The Haunted House has no effect if there are no Elders in your Elder Council." (it still gives a Guest)."""
    assert "remove all Elders in your Elder Council from play" in rulebook("Haunted House")
    text = docs()["Haunted House"].text
    assert "no effect" not in text
    assert (
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply. Immediately (and only once via this Building), if there are any Elders in "
        "your Elder Council, you may remove all Elders in your Elder Council from play; if you do, take" in text
    )


def test_a_card_whose_one_ability_is_guarded_keeps_the_rulebooks_no_effect_sentence() -> None:
    """Breeding Basin: "The Breeding Basin has no effect if you have at most 1 fish in your personal supply." Its one
    ability is all it does, so the card-wide sentence says what the guard does."""
    assert "The Breeding Basin has no effect if you have at most 1 fish" in rulebook("Breeding Basin")
    assert docs()["Breeding Basin"].text.endswith(
        "The Breeding Basin has no effect if the number of fish in your personal supply is at most 1."
    )


def test_log_boom_says_its_guard_with_the_wood_it_places_and_still_returns_the_wood_at_scoring() -> None:
    text = docs()["Log Boom"].text
    assert "no effect" not in text
    assert text.startswith(
        "Immediately (and only once via this Building), if there are any free spaces on your Fishing track, place 1 "
        "wood from the general supply on each free space of your Fishing track."
    )
    assert "return the wood left on your Fishing track to the general supply" in text


def test_a_building_discarded_to_build_another_says_so_on_its_own_text_and_both_link() -> None:
    """Toy Shop: "The Toy Shop allows you to build the "Wooden Tramway" at no cost if you discard the Toy Shop"."""
    assert 'allows you to build the "Wooden Tramway" at no cost if you discard the Toy Shop' in rulebook("Toy Shop")
    found = docs()
    assert found["Toy Shop"].text == (
        "Immediately (and only once via this Building) you may take 1 Guest from the general supply and place the "
        "Guest in your personal supply. The Toy Shop allows you to build the Wooden Tramway at no cost if you "
        "discard the Toy Shop."
    )
    assert "The Wooden Tramway allows you to build the Miniature Railway at no cost if you discard the Wooden " in (
        found["Wooden Tramway"].text
    )
    assert "Wooden Tramway" in found["Toy Shop"].interacts
    assert {"Toy Shop", "Miniature Railway"} <= set(found["Wooden Tramway"].interacts)
    assert "Wooden Tramway" in found["Miniature Railway"].interacts
    assert "Toy Shop" not in found["Miniature Railway"].interacts  # only the card it discards, not that one's


def test_a_discard_beside_other_payments_names_them() -> None:
    text = (
        'building "Crate" (trout A901)\n  cost 1 wood\n  vp 1\n\n'
        'building "Crane" (trout A902)\n  cost 9 wood or discard "Crate", 2 gold\n  vp 3\n'
    )
    assert english(text) == "The Crate allows you to build the Crane for 2 gold if you discard the Crate."


def test_life_insurance_links_every_card_that_returns_guests_and_every_guest_payment() -> None:
    """Life Insurance: "Each time any player (including you) returns a Guest to the general supply ... (This also
    applies when the Guest is returned after a Ship was sold, e.g., in 5-player games, via the "Ship Owner" Elder.)"
    The Glider returns one for its fourth turn, the Amphitheater's cost may be 5 Guests returned, the Ship Owner
    removes a Ship with its Guest, and the Discount Warehouse changes what a Guest pays of a cost. An Elder is named
    "(Elder)", since a Building may share its name (the Carpenter). Before: only the Glider and the Amphitheater (the
    second reading, docs/readings/2026-12-06-issue-34-second.md)."""
    found = docs()
    linked = ["Amphitheater", "Discount Warehouse", "Glider", "Ship Owner (Elder)"]
    assert found["Life Insurance"].interacts == linked
    for other in ("Amphitheater", "Discount Warehouse", "Glider", "Ship Owner"):
        assert "Life Insurance" in found[other].interacts, other
    assert "Life Insurance" not in found["Harbor Master"].interacts  # builds a Ship, but returns no Guest of its own


def test_ship_owner_links_the_cards_whose_text_names_it() -> None:
    """Third reading (docs/readings/2026-12-06-issue-34-third.md): Captain's House and Harbor Branch: "the "Ship
    Owner" Elder that can remove Ships from your Fishing track and cause your haul size to drop below 11 again";
    Ghost Ship: "Each time you place a new Ship on your Fishing track or remove one from there (e.g., in 5-player
    games, via the "Ship Owner" Elder), adjust the position of the gap". Before: only Life Insurance."""
    found = docs()
    linked = ["Captain's House", "Ghost Ship", "Harbor Branch", "Life Insurance"]
    assert found["Ship Owner"].interacts == linked
    for other in linked:
        assert "Ship Owner (Elder)" in found[other].interacts, other


def test_pond_builder_links_the_cards_that_change_its_distribution() -> None:
    """Cabin: "Each time you distribute fish (during the Fishing Phase or the "Pond Builder" Elder action), you may
    swap steps 1 and 3"; an Elder that reaches 3 fish in its distribution discards them, which the Wooden Robot
    hears ("Each time after you remove 3 fish from an Elder ... take 1 gold") and the Cannery and the Supply Depot
    change ("Each time an Elder discards 3 fish, you can place any fish that would go into your personal supply from
    that on the Cannery instead"; "The Supply Depot changes the basic rule for you when your Elders receive a third
    fish"). Before: no links at all."""
    found = docs()
    linked = ["Cabin", "Cannery", "Supply Depot", "Wooden Robot"]
    assert found["Pond Builder"].interacts == linked
    for other in linked:
        assert "Pond Builder (Elder)" in found[other].interacts, other


@pytest.mark.parametrize(
    ("card", "others", "named_in", "sentence"),
    [
        (
            "Deep-Sea Trawler",
            ["Building Dock", "Galley", "Market", "Pedalo Builder", "Travel Agency"],
            "Deep-Sea Trawler",
            'This is considered a "Build a Ship" action (which may trigger other Buildings like the "Pedalo '
            'Builder" or the "Travel Agency").',
        ),
        (
            "Ghost Ship",
            ["Deep-Sea Trawler"],
            "Ghost Ship",
            'For the purposes of this effect only, you may consider the "Deep-Sea',
        ),
        (
            "Ghost Ship",
            ["Log Boom"],
            "Ghost Ship",
            'i.e., to build an actual Ship or to get more wood from the "Log Boom"',
        ),
        (
            "Carpenter",
            ["Deep-Sea Trawler"],
            "Carpenter",
            "All Buildings on your Harbor board count, including the Carpenter and Buildings that do not occupy a "
            'Building space, like the "Stilt House" from the Mackerel deck',
        ),
        (
            "Glider",
            ["Art Sculpture"],
            "Glider",
            "or an unoccupied Elder in your Elder Council (or in another player's Elder Council if you also have the "
            '"Art Sculpture")',
        ),
        (
            "Meeting Center",
            ["Art Sculpture"],
            "Meeting Center",
            'Note that, in the solo game and via the "Art Sculpture" from the Besøkende deck, it is possible that '
            "there are Workers of other colors on your Elders.",
        ),
        (
            "Store Management",
            ["Glider"],
            "Store Management",
            'When taking a fourth action in a Round (e.g., via the "Fortress" from the Herring deck or the "Glider" '
            "from the Besøkende deck), the Store Management has no effect.",
        ),
        (
            "Art Sculpture",
            ["Pisciculturist (Elder)"],
            "Art Sculpture",
            'When using the "Pisciculturist" via this effect, count the Elders in your own Elder Council, not the '
            "other player's",
        ),
        (
            "Wood Storage",
            ["Cathedral", "Pond Installation", "Timber Depot"],
            "Pond Installation",
            'with the "Wood Storage", you can get up to 5 fish and 5 gold',
        ),
        (
            "Deep-Sea Trawler",
            ["Primary School"],
            "Primary School",
            'including the Primary School and Buildings that do not occupy a Building space, like the "Stilt House" '
            'from the Mackerel deck, the "Nightclub" from the Plaice deck, or the "Deep-Sea Trawler"',
        ),
        (
            "Deep-Sea Trawler",
            ["Estate Agent"],
            "Estate Agent",
            "equal to the number of Buildings on your Harbor board, including the Estate Agent",
        ),
        (
            "Volunteer's Lodge",
            ["Meditation Lodge", "Orchard", "Wood Conservation"],
            "Orchard",
            '(This "Reforest" action may trigger other Buildings like the "Volunteer\'s Lodge".)',
        ),
    ],
)
def test_links_the_rulebook_text_names(card: str, others: list[str], named_in: str, sentence: str) -> None:
    """Reader4 (STATUS 15:33): the Deep-Sea Trawler linked nothing, though it is built as a Build a Ship action;
    the Ghost Ship missed the Trawler and the Log Boom; the Volunteer's Lodge missed the cards taking a Reforest
    action (the Orchard's sentence; Wood Conservation's "It does not matter how you got the Reforest action"); the
    Wood Storage missed the cards reading the wood its limit bounds (the Pond Installation's sentence). Reader5
    (docs/readings/2026-12-06-issue-34-fourth.md): the Primary School, which names the Trawler, and the Estate Agent,
    whose cost counts every Building on the Harbor board, missed the Trawler. The fourth reading's last two: the
    Glider's extra turn is a fourth, which the Store Management reads; the Art Sculpture uses the Pisciculturist,
    whose count is its user's."""
    assert sentence in rulebook(named_in)
    found = docs()
    for other in others:
        assert other in found[card].interacts and card in found[other.removesuffix(" (Elder)")].interacts, other


def test_harbor_grill_badge_is_never_open_ended() -> None:
    """Printed "1-7 VP"; the ruling that paying for no Ship scores 0 may make it 0-7, never "0 or more"."""
    assert docs()["Harbor Grill"].vp_label in ("1-7 VP", "0-7 VP")


@pytest.mark.parametrize(
    ("vp", "label", "before"),
    [
        ("5 - elders", "at most 5 VP", "5 or more VP"),
        ("2 * (5 - forested double spaces) capped at 6", "0, 2, 4, or 6 VP", "6 VP"),
        ("10 - elders capped at 3", "at most 3 VP", "3 VP"),
        ("0 - fish in supply / 2 rounded down", "at most 0 VP", "0 or more VP"),
        ("elders - 2", "-2 or more VP", "-2 or more VP"),
        ("by 5 - elders [0-2: 1, 3+: 4]", "0, 1, or 4 VP", "0, 1, or 4 VP"),
    ],
)
def test_a_vp_range_with_subtraction_has_its_open_end_below(vp: str, label: str, before: str) -> None:
    """`A - count` gives at most A, with caps applied after; the label before this change is kept for the record."""
    assert vp_label(vp) == label


def test_a_relative_rule_change_reads_like_a_card() -> None:
    """Before: "Your Elder Council has the elder seats without this card plus 1 seats." and "A sloop costs you the
    sloop wood cost without this card minus 1 wood instead of 2."""
    assert english(f"{HEADER}  vp 1\n  rule elder seats = elder seats + 1\n") == "You have 1 more Elder seat."
    assert english(f"{HEADER}  vp 1\n  rule elder seats = elder seats + 2\n") == "You have 2 more Elder seats."
    assert english(f"{HEADER}  vp 1\n  rule sloop wood cost = sloop wood cost - 1\n") == "Your sloops cost 1 wood less."
    assert english(f"{HEADER}  vp 1\n  rule wood limit = wood limit + 3\n") == (
        "Your personal supply holds up to 3 more wood."
    )
    assert english(f"{HEADER}  vp 1\n  rule worker turns = worker turns + 1\n") == (
        "Each player takes 1 more worker turn a Round."
    )
    assert english(f"{HEADER}  vp 1\n  rule reserve fish limit = 2 + reserve fish limit\n") == (
        "Your Reserve holds up to 2 more fish."
    )


def test_a_fixed_rule_change_keeps_its_value() -> None:
    assert english(f"{HEADER}  vp 1\n  rule elder seats = 6\n") == "Your Elder Council has 6 seats."


def test_parentheses_in_arithmetic_are_kept_in_english() -> None:
    text = english(f"{HEADER}  vp 2 * (5 - forested double spaces) capped at 6\n")
    assert "double (5 minus the number of forested double spaces on your Harbor board), but at most 6" in text
    text = english(f"{HEADER}  vp 10 - (elders + 1)\n")
    assert "10 minus (the number of Elders in your Elder Council plus 1)" in text
    text = english(f"{HEADER}  vp (elders + forests) / 2 rounded down\n")
    assert "half (the number of Elders in your Elder Council plus the number of Forests" in text
    text = english(f"{HEADER}  vp 10 - elders + 1\n")  # (10 - elders) + 1: no parentheses needed
    assert "10 minus the number of Elders in your Elder Council plus 1" in text
