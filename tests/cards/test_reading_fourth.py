"""The fourth independent reading of issue 34's cards (docs/readings/2026-12-06-issue-34-fourth.md, 2026-12-06).

Helper reader4 read the rulebook first and wrote each expectation below from the rulebook sentence quoted beside
it, before reading the project's text for the card; the implementation was not read. Each case is a worked example
added under its card in a copy of cards.nus, and must pass: every `expect` states the exact table, including what
must not change."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import load_cards, load_examples
from runtime.examples import run_example

ROOT = Path(__file__).resolve().parents[2]
CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")

# (card, the rulebook sentence, the worked example's steps)
CASES: list[tuple[str, str, str]] = [
    (
        "Pond Installation",
        "take pairs of 1 fish and 1 gold ... for every 3 wood in your personal supply, rounded down",
        # 6 wood counted before paying gives 2 pairs; counted after (5) it would give 1.
        """
        given wood in supply = 6, fish in supply = 0, gold in supply = 1
        do build this building
        answer column 2 row 1
        expect wood in supply = 5, fish in supply = 2, gold in supply = 2
        """,
    ),
    (
        "Pond Installation",
        "with the Wood Storage, you can get up to 5 fish and 5 gold",
        """
        do put "Wood Storage" in play
        given wood in supply = 14, fish in supply = 0, gold in supply = 1
        do build this building
        answer column 2 row 2
        expect wood in supply = 13, fish in supply = 4, gold in supply = 4
        """,
    ),
    (
        "Pond Installation",
        "(You do not lose any wood from this.) -- built by player 2, only player 2 gains",
        """
        player 2: given wood in supply = 9, fish in supply = 0, gold in supply = 1
        player 2: do build this building
        player 2: answer column 2 row 1
        player 2: expect wood in supply = 8, fish in supply = 3, gold in supply = 3
        expect wood in supply = 2, fish in supply = 2, gold in supply = 2
        """,
    ),
    (
        "Cathedral",
        "As soon as there are (at least) 8 fish in your Reserve and also (at least) 12 wood",
        # Built with 12 wood and 7 Reserve fish: 8 wood are left, so 8 Reserve fish later give nothing until 12 wood.
        """
        given wood in supply = 12, fish in supply = 4, gold in supply = 4, fish in reserve = 7
        do build this building
        answer column 2 row 1
        expect wood in supply = 8, gold in supply = 0
        given fish in reserve = 8
        expect gold in supply = 0
        given wood in supply = 12
        expect gold in supply = 3
        """,
    ),
    (
        "Cathedral",
        "As soon as there are (at least) 8 fish in your Reserve -- the Reserve reached last",
        """
        given wood in supply = 12, fish in reserve = 7, gold in supply = 0
        expect gold in supply = 0
        given fish in reserve = 8
        expect gold in supply = 3
        """,
    ),
    (
        "Cathedral",
        "If there are 8 (or more) fish in your Reserve and 12 (or more) wood ... already when you build",
        """
        given wood in supply = 12, fish in supply = 4, gold in supply = 4, fish in reserve = 8, guests in supply = 2
        do build this building
        answer column 2 row 1, pay 4 fish and 4 gold and 2 guests
        expect wood in supply = 12, gold in supply = 3, guests in supply = 0
        """,
    ),
    (
        "Breeding Basin",
        "half the number of fish already present in your personal supply, rounded down",
        """
        given wood in supply = 1, fish in supply = 5, gold in supply = 2
        do build this building
        answer column 2 row 1
        expect fish in supply = 3, wood in supply = 0, gold in supply = 0
        """,
    ),
    (
        "Breeding Basin",
        "half the number of fish already present -- a Guest pays the 3 fish",
        """
        given wood in supply = 1, fish in supply = 6, gold in supply = 2, guests in supply = 1
        do build this building
        answer column 2 row 1, pay 1 wood and 2 gold and 1 guest
        expect fish in supply = 9, guests in supply = 0
        """,
    ),
    (
        "Pantry",
        "equal to the number of gold in your personal supply, but at most 8 fish ... (You do not lose gold)",
        """
        given wood in supply = 1, fish in supply = 0, gold in supply = 9
        do build this building
        answer column 2 row 1
        expect gold in supply = 8, fish in supply = 8, wood in supply = 0
        """,
    ),
    (
        "Pantry",
        "no effect if you have no gold left after building it -- 1 gold left",
        """
        given wood in supply = 1, fish in supply = 0, gold in supply = 2
        do build this building
        answer column 2 row 1
        expect gold in supply = 1, fish in supply = 1
        """,
    ),
    (
        "Deep-Sea Trawler",
        "You may only build the Deep-Sea Trawler if (at least) four spaces of your Fishing track are free",
        """
        given schooners = 2, sloops = 1, wood in supply = 5, fish in supply = 5
        expect free fishing spaces = 3
        expect illegal: build this building
        expect wood in supply = 5, fish in supply = 5, free fishing spaces = 3
        """,
    ),
    (
        "Deep-Sea Trawler",
        "(at least) four spaces of your Fishing track are free -- exactly four",
        """
        given schooners = 2, wood in supply = 5, fish in supply = 5
        expect free fishing spaces = 4
        do build this building
        expect free fishing spaces = 0, ships = 2
        """,
    ),
    (
        "Deep-Sea Trawler",
        'This is considered a "Build a Ship" action (... "Pedalo Builder" or the "Travel Agency")',
        """
        do put "Pedalo Builder" in play, put "Travel Agency" in play
        given wood in supply = 5, fish in supply = 5
        do build this building
        expect wood in supply = 1, guests in reserve = 1, guests in supply = 0
        """,
    ),
    (
        "Deep-Sea Trawler",
        'Market: "you may use the exchanged goods to build the Ship"',
        """
        do put "Market" in play
        given wood in supply = 3, fish in supply = 7
        do build this building
        answer yes, exchange up to (empty building spaces) fish for wood, 2
        expect wood in supply = 0, fish in supply = 0
        """,
    ),
    (
        "Deep-Sea Trawler",
        "the Deep-Sea Trawler is still considered a Building and not a Ship",
        """
        given wood in supply = 5, fish in supply = 5, guests in supply = 1, round = 7
        expect empty building spaces = 8
        do build this building
        answer pay 5 wood and 5 fish
        expect ships = 0, ships with catboat = 1, buildings = 1, empty building spaces = 8
        expect illegal: place a guest on a ship
        do score the game
        expect score from ships = 0, vp = 3
        """,
    ),
    (
        "Deep-Sea Trawler",
        'Building Dock: "Ships left ... of the same type that you just built" -- the Trawler has no type',
        """
        do put "Building Dock" in play
        given wood in supply = 5, fish in supply = 5
        do build this building
        expect wood in supply = 0
        """,
    ),
    (
        "Deep-Sea Trawler",
        'Ghost Ship: "You may decline this effect at any time" -- to leave the Trawler its four free spaces',
        """
        do put "Ghost Ship" in play
        given schooners = 1, sloops = 1, wood in supply = 5, fish in supply = 5
        expect free fishing spaces = 3
        do build this building
        answer yes
        expect free fishing spaces = 2, wood in supply = 0, fish in supply = 0
        """,
    ),
    (
        "Carpenter",
        'including ... Buildings that do not occupy a Building space, like ... the "Deep-Sea Trawler"',
        """
        do put "Deep-Sea Trawler" in play, put "Gazebo" in play
        given fish in supply = 10, gold in supply = 2, wood in supply = 0
        do build this building
        answer column 2 row 2
        expect buildings = 3, wood in supply = 3
        """,
    ),
    (
        "Carpenter",
        "Observe the wood limit in your personal supply.",
        """
        do put "Gazebo" in play, put "Pantry" in play
        given fish in supply = 10, gold in supply = 2, wood in supply = 10
        do build this building
        answer column 2 row 3
        expect buildings = 3, wood in supply = 12
        """,
    ),
    (
        "Carpenter",
        "Observe the wood limit -- 15 with the Wood Storage",
        """
        do put "Gazebo" in play, put "Pantry" in play, put "Wood Storage" in play
        given fish in supply = 10, gold in supply = 2, wood in supply = 10
        do build this building
        answer column 2 row 3
        expect buildings = 4, wood in supply = 14
        """,
    ),
    (
        "Glider",
        "you may carry out a fourth turn by returning 1 Guest ... Life Insurance: any player returns a Guest",
        """
        player 2: do put "Life Insurance" in play
        given guests in supply = 1, gold in supply = 2
        do run the end of the round
        answer yes, gold
        expect guests in supply = 0, gold in supply = 3
        player 2: expect vp of "Life Insurance" = 7
        """,
    ),
    (
        "Glider",
        'Store Management: "When taking a fourth action in a Round (e.g., via ... the "Glider" ...) ... no effect"',
        """
        do put "Store Management" in play
        given guests in supply = 1, fish in reserve = 3, fish in supply = 0, wood in supply = 0, gold in supply = 0
        do run the end of the round
        answer yes, transfer reserve
        expect fish in supply = 3, wood in supply = 0, gold in supply = 0, fish in reserve = 0
        """,
    ),
    (
        "Glider",
        "At the end of each Round (including the Round in which you build the Glider)",
        """
        given wood in supply = 4, gold in supply = 2, guests in supply = 0
        do build this building
        answer column 2 row 1, yes
        do run the end of the round
        answer yes, gold
        expect guests in supply = 0, gold in supply = 1
        """,
    ),
    (
        "Glider",
        "an unoccupied Elder in your Elder Council",
        """
        given guests in supply = 1, fish in supply = 0, fish on plates = 2, fish on elder "Pisciculturist" = 0
        do run the end of the round
        answer yes, elder "Pisciculturist"
        expect guests in supply = 0, fish on elder "Pisciculturist" = 1, fish in supply = 1, fish on plates = 1
        """,
    ),
    (
        "Art Sculpture",
        "If you place the third fish on that Elder, the owner gets one of the fish ... count the Elders in your own",
        """
        given fish in supply = 2, fish on plates = 2
        given fish on elder "Pond Builder" = 0
        player 2: given fish on elder "Pisciculturist" = 2, fish in supply = 0
        do place a worker on this building
        answer "Pisciculturist" of player 2
        expect fish in supply = 1, fish on plates = 1
        player 2: expect fish in supply = 3, fish on elder "Pisciculturist" = 0
        """,
    ),
    (
        "Art Sculpture",
        "Before you do, you must pay the owner 2 fish from your personal supply",
        """
        given fish in supply = 1, fish on plates = 2
        player 2: given fish on elder "Pisciculturist" = 0, fish in supply = 0
        expect illegal: place a worker on this building
        expect fish in supply = 1, fish on plates = 2
        player 2: expect fish in supply = 0, fish on elder "Pisciculturist" = 0
        """,
    ),
    (
        "Art Sculpture",
        "place a Worker on an unoccupied Elder in another player's Elder Council",
        """
        given fish in supply = 2, fish on plates = 4
        player 2: given fish on elder "Pisciculturist" = 0, fish on elder "Pond Builder" = 0
        player 2: do place a worker on elder "Pisciculturist"
        player 2: answer plate 2
        do place a worker on this building
        player 2: expect fish in supply = 2 + 2 + 2, fish on elder "Pond Builder" = 1
        player 2: expect fish on elder "Pisciculturist" = 1
        """,
    ),
    (
        "Art Sculpture",
        'Meeting Center: "via the "Art Sculpture" ... there are Workers of other colors on your Elders"',
        """
        player 2: do put "Meeting Center" in play
        given fish in supply = 2, fish on plates = 4
        player 2: given fish on elder "Pisciculturist" = 0, fish in supply = 0
        do place a worker on this building
        answer plate 2
        player 2: expect fish in supply = 2
        player 2: do place a worker on gold
        player 2: expect fish in supply = 3
        """,
    ),
    (
        "Art Sculpture",
        "Once per Round -- again in the next Round",
        """
        given fish in supply = 4, fish on plates = 4
        player 2: given fish on elder "Pisciculturist" = 0, fish in supply = 0
        do place a worker on this building
        answer plate 2
        do run the end of the round
        do run the returning home phase
        given round = 2, fish on plates = 4
        do place a worker on this building
        answer plate 2
        expect fish in supply = 0
        player 2: expect fish in supply = 4
        """,
    ),
    (
        "Wood Conservation",
        'Nature Reserve: "You do not get any gold from this when you "Reforest" because of a different action"',
        """
        do put "Nature Reserve" in play
        given forests = 4, gold in supply = 4
        do run the fishing phase
        answer "Wood Conservation", yes, double space 5
        expect gold in supply = 0, forests = 6
        """,
    ),
    (
        "Wood Conservation",
        'Volunteer\'s Lodge: "It does not matter how you got the "Reforest" action"',
        """
        do put "Volunteer's Lodge" in play
        given forests = 4, gold in supply = 4, guests in supply = 3
        do run the fishing phase
        answer "Wood Conservation", yes, double space 5, 3
        expect gold in supply = 0, forests = 7, guests in supply = 3
        """,
    ),
    (
        "Wood Conservation",
        "At any time ... except during an action -- after another player's worker turn",
        """
        given forests = 4, gold in supply = 4
        do run the work phase
        answer pass, done, "Wood Conservation", yes, double space 5, pass every time
        player 2: answer gold, pass every time
        expect gold in supply = 0, forests = 6
        player 2: expect gold in supply = 3
        """,
    ),
    (
        "Wood Conservation",
        "before scoring",
        """
        do put "Riverside Hut" in play
        given forests = 4, gold in supply = 4, round = 7
        do score the game
        answer "Wood Conservation", yes, double space 5, 2
        expect vp of "Riverside Hut" = 3, gold in supply = 0
        """,
    ),
    (
        "Wood Conservation",
        "return a number of gold ... equal to the number of forested double spaces -- 3 gold for 4",
        """
        given forests = 4, gold in supply = 3
        do run the fishing phase
        expect gold in supply = 3, forests = 4
        """,
    ),
    (
        "Wood Conservation",
        "(and any number of times)",
        """
        given forests = 4, gold in supply = 9
        do run the fishing phase
        answer "Wood Conservation", yes, double space 5, "Wood Conservation", yes, double space 3
        expect gold in supply = 0, forests = 8
        """,
    ),
    (
        "Ghost Ship",
        "move the rightmost Ship on your Fishing track three spaces to the right ... considered filled",
        """
        given sloops = 1, wood in supply = 3, fish in supply = 6
        expect haul size = 5, free fishing spaces = 9
        do build this building
        answer column 2 row 1, yes
        expect haul size = 7, free fishing spaces = 6, ships = 1, guests in supply = 1
        """,
    ),
    (
        "Ghost Ship",
        "no effect (temporarily) as long as there are no Ships on your Fishing track",
        """
        given wood in supply = 3, fish in supply = 6
        do build this building
        answer column 2 row 1, yes
        expect haul size = 3, free fishing spaces = 10
        given sloops = 1
        expect haul size = 7, free fishing spaces = 6
        """,
    ),
    (
        "Ghost Ship",
        "or less than three unoccupied spaces left",
        """
        given schooners = 2, sloops = 2, wood in supply = 3, fish in supply = 6
        expect free fishing spaces = 2
        do build this building
        answer column 2 row 1, yes
        expect free fishing spaces = 2
        """,
    ),
    (
        "Ghost Ship",
        'For the purposes of this effect only, you may consider the "Deep-Sea Trawler" a Ship.',
        """
        do put "Deep-Sea Trawler" in play
        given wood in supply = 3, fish in supply = 6
        expect haul size = 7, free fishing spaces = 6
        do build this building
        answer column 2 row 1, yes, yes
        expect haul size = 9, free fishing spaces = 3, ships = 0
        """,
    ),
    (
        "Ghost Ship",
        "You may decline this effect at any time",
        """
        given sloops = 1
        expect haul size = 7
        do decline the effect of this building
        expect haul size = 5, free fishing spaces = 9
        given sloops = 2
        expect free fishing spaces = 8
        """,
    ),
    (
        "Captain's House",
        "If your haul size is 11 or greater already when you build ..., you may Take an Elder and use it right away",
        """
        given schooners = 2, cutters = 2, wood in supply = 2, fish in supply = 3, gold in supply = 2, fish on plates = 2
        expect haul size = 11
        do build this building
        answer column 2 row 1, yes, "Pisciculturist", yes
        expect elders = 1, fish on elder "Pisciculturist" = 1, fish on plates = 1, fish in supply = 1
        """,
    ),
    (
        "Captain's House",
        "The Captain's House has no effect if there are no seats left in your Elder Council.",
        """
        given elders = 5, schooners = 2, cutters = 2, wood in supply = 2, fish in supply = 3, gold in supply = 2
        do build this building
        answer column 2 row 1
        expect elders = 5
        """,
    ),
    (
        "Captain's House",
        "If it does and you regain a haul size of 11 or greater later, you may not take another Elder",
        """
        given schooners = 2, cutters = 1, sloops = 1, wood in supply = 6, gold in supply = 1, fish on plates = 2
        do build a ship
        answer yes, "Pisciculturist", no
        expect haul size = 11, elders = 1, fish on elder "Pisciculturist" = 0, fish on plates = 2
        given sloops = 1
        expect haul size < 11
        given sloops = 2
        expect haul size = 11, elders = 1
        """,
    ),
    (
        "Captain's House",
        '(This may trigger other Buildings like the "Dance Hall".) Additionally, you may use the new Elder right away.',
        """
        do put "Dance Hall" in play
        given schooners = 2, cutters = 2, wood in supply = 2, fish in supply = 3, gold in supply = 2, fish on plates = 4
        do build this building
        answer column 2 row 2, yes, "Pisciculturist", yes, plate 2, yes, plate 2
        expect elders = 1, fish on elder "Pisciculturist" = 2, fish in supply = 2, fish on plates = 2
        """,
    ),
    (
        "Captain's House",
        'As soon as your haul size is 11 or greater, you may immediately ... take a "Take an Elder" action',
        """
        given fish on plates = 2, fish in supply = 0
        given schooners = 2, cutters = 2
        answer yes, "Pisciculturist", yes
        expect haul size = 11, elders = 1, fish on elder "Pisciculturist" = 1, fish in supply = 1, fish on plates = 1
        """,
    ),
    (
        "Harbor Branch",
        "If your haul size is 11 or greater already when you build the Harbor Branch, you get the gold right away",
        """
        given schooners = 2, cutters = 2, wood in supply = 2, fish in supply = 2, gold in supply = 1
        expect haul size = 11
        do build this building
        answer column 2 row 1
        expect gold in supply = 3
        """,
    ),
    (
        "Harbor Branch",
        "unless all three types of Ships are present ... only if you have not received any yet",
        """
        given schooners = 2, cutters = 1, sloops = 2, wood in supply = 2, fish in supply = 2, gold in supply = 1
        do build this building
        answer column 2 row 1
        expect haul size = 11, gold in supply = 0
        given sloops = 0, cutters = 2
        expect haul size = 11, gold in supply = 3
        given cutters = 1, sloops = 2
        given sloops = 0, cutters = 2
        expect gold in supply = 3
        """,
    ),
    (
        "Wooden Robot",
        "During the Fishing Phase, if you remove fish from multiple Elders, you get a corresponding number of gold.",
        """
        given fish on elder "Pisciculturist" = 2, fish on elder "Builder" = 2, gold in supply = 0, fish in supply = 0
        do run the fishing phase
        expect gold in supply = 2, fish on elder "Pisciculturist" = 0, fish on elder "Builder" = 0
        """,
    ),
    (
        "Wooden Robot",
        'Unlike the "Picnic Benches", you may cover part or all of the Building cost ... with Guests',
        """
        given wood in supply = 4, guests in supply = 4
        do build this building
        answer column 2 row 1, pay 4 wood and 4 guests, no
        expect wood in supply = 0, guests in supply = 0
        """,
    ),
    (
        "Supply Depot",
        "(Observe the fish limit in your Reserve.)",
        """
        given fish on elder "Pisciculturist" = 2, fish on plates = 2, fish in supply = 0, fish in reserve = 8
        do place a worker on elder "Pisciculturist"
        expect fish in reserve = 8, fish in supply = 1 + 1, fish on elder "Pisciculturist" = 0
        """,
    ),
    (
        "Supply Depot",
        "you may, alternatively -- declined: 1 into your personal supply, 2 into the general supply",
        """
        given fish on elder "Pisciculturist" = 2, fish on plates = 2, fish in supply = 0, fish in reserve = 0
        do place a worker on elder "Pisciculturist"
        answer no
        expect fish in reserve = 0, fish in supply = 1 + 1
        """,
    ),
    (
        "Supply Depot",
        'Cannery: "any fish that would go into your personal supply from that" may go on the Cannery',
        """
        do put "Cannery" in play
        given fish on elder "Pisciculturist" = 2, fish on plates = 2, fish in supply = 0, fish in reserve = 0
        do place a worker on elder "Pisciculturist"
        answer yes, "Cannery"
        expect fish in reserve = 1, fish in supply = 1, vp of "Cannery" = 1
        """,
    ),
    (
        "Cabin",
        "you may swap steps 1 and 3 (Guests section: the Guests' fish come in step 3)",
        """
        given round = 2, sloops = 1, guests on ships = 1, fish in supply = 0, fish in reserve = 0
        given fish on elder "Pisciculturist" = 0, fish on elder "Builder" = 0, fish on elder "Pond Builder" = 0
        expect haul size = 5
        do run the fishing phase
        answer yes
        expect fish in supply = 3, fish in reserve = 0
        expect fish on elder "Pisciculturist" + fish on elder "Builder" + fish on elder "Pond Builder" = 2
        """,
    ),
    (
        "Cabin",
        "but you do not have to",
        """
        given round = 2, sloops = 1, guests on ships = 1, fish in supply = 0, fish in reserve = 0
        given fish on elder "Pisciculturist" = 0, fish on elder "Builder" = 0, fish on elder "Pond Builder" = 0
        do run the fishing phase
        answer no
        expect fish in supply = 2, fish in reserve = 0, fish on elder "Pond Builder" = 1
        """,
    ),
    (
        "Pond Builder",
        'Cabin: "Each time you distribute fish (during the Fishing Phase or the "Pond Builder" Elder action)"',
        """
        do put "Cabin" in play
        given fish on elder "Pond Builder" = 0, fish on plates = 2, fish in supply = 0, fish in reserve = 0
        do place a worker on elder "Pond Builder"
        answer yes
        expect fish on elder "Pond Builder" = 2, fish in supply = 2, fish in reserve = 0
        """,
    ),
    (
        "Pond Builder",
        "base rules: fish on Shares on the Share board go back to the general supply",
        """
        given own shares on share board = 1, fish on elder "Pond Builder" = 0, fish on plates = 2
        given fish in supply = 0, fish in reserve = 0
        do place a worker on elder "Pond Builder"
        expect fish on elder "Pond Builder" = 2, fish in supply = 1, fish in reserve = 0
        """,
    ),
    (
        "Pond Builder",
        "Wooden Robot and Cannery: an Elder discarding 3 fish during its distribution",
        """
        do put "Wooden Robot" in play, put "Cannery" in play
        given fish on elder "Pond Builder" = 1, fish on plates = 2, fish in supply = 0, gold in supply = 0
        do place a worker on elder "Pond Builder"
        answer "Cannery"
        expect fish on elder "Pond Builder" = 0, gold in supply = 1, vp of "Cannery" = 1, fish in supply = 2
        """,
    ),
    (
        "Ship Owner",
        'Life Insurance: "the Guest is returned after a Ship was sold, e.g., ... via the "Ship Owner" Elder"',
        """
        player 3: do put "Life Insurance" in play
        given sloops = 1, guests in supply = 1, gold in supply = 0
        do place a guest on a ship
        given fish on elder "Ship Owner" = 0, fish on plates = 2
        do place a worker on elder "Ship Owner"
        expect sloops = 0, guests on ships = 0, guests in supply = 0, gold in supply = 3
        player 3: expect vp of "Life Insurance" = 7
        """,
    ),
    (
        "Ship Owner",
        'Captain\'s House: "If it does and you regain a haul size of 11 or greater later, you may not take another"',
        """
        given fish on elder "Ship Owner" = 0, fish on plates = 4, schooners = 2, cutters = 2
        do put "Captain's House" in play
        answer yes, "Pisciculturist", no
        expect elders = 2, haul size = 11
        do place a worker on elder "Ship Owner"
        answer plate 2, cutter
        expect cutters = 1, haul size < 11, elders = 2
        given cutters = 2
        expect haul size = 11, elders = 2
        """,
    ),
    (
        "Ship Owner",
        'Ghost Ship: "Each time you ... remove one from there (e.g., ... via the "Ship Owner" Elder), adjust the gap"',
        """
        do put "Ghost Ship" in play
        given fish on elder "Ship Owner" = 0, sloops = 2, fish on plates = 2, gold in supply = 0
        expect free fishing spaces = 5
        do place a worker on elder "Ship Owner"
        answer sloop
        expect sloops = 1, free fishing spaces = 6, haul size = 7, gold in supply = 3
        """,
    ),
    (
        "Builder",
        'Wooden Robot: "If you build the Wooden Robot via an Elder from which you have just removed 3 fish ... not"',
        """
        do put "Wooden Robot" in hand
        given fish on elder "Builder" = 2, fish on plates = 2
        given wood in supply = 12, gold in supply = 0, fish in supply = 0
        do place a worker on elder "Builder"
        answer double space 2, "Wooden Robot", column 2 row 1, no
        expect gold in supply = 0, fish in supply = 1, wood in supply = 0, fish on elder "Builder" = 0
        given fish on elder "Builder" = 2
        do run the fishing phase
        expect gold in supply = 1, fish on elder "Builder" = 0
        """,
    ),
    (
        "elder:Carpenter",
        'Timber Plant: "Each time after you remove a Forest" -- the Carpenter Elder removes one, then builds',
        """
        do put "Timber Plant" in play, put "Gazebo" in hand
        given forests = 6, fish in supply = 0, wood in supply = 1
        given fish on elder "Carpenter" = 0, fish on plates = 2
        do place a worker on elder "Carpenter"
        answer double space 1, "Gazebo", column 2 row 2
        expect forests = 5, fish in supply = 1, wood in supply = 0, buildings = 2
        """,
    ),
    (
        "Life Insurance",
        "Once placed, a Guest remains on the Ship (it is not returned)",
        """
        given sloops = 1, guests in supply = 1
        do place a guest on a ship
        expect gold on this building = 0, vp = 6
        """,
    ),
    (
        "Life Insurance",
        "Each time any player (including you) returns a Guest -- a plate filled with a Guest",
        """
        given guests in supply = 1, gold in supply = 0
        do serve fish
        answer plate 4, guest, stop
        expect gold on this building = 1, vp = 7, gold in supply = 1
        """,
    ),
]


def with_cases(text: str) -> str:
    """The cards' text with each case added under its card as a worked example titled by its index. A case's card is
    a Building, or an Elder where no Building has the name; "elder:NAME" names the Elder where both do."""
    lines = text.split("\n")
    for index in reversed(range(len(CASES))):
        card, _, steps = CASES[index]
        kinds, _, name = card.rpartition(":")
        heads = (
            n
            for kind in (kinds or "building elder").split()
            for n, line in enumerate(lines)
            if line.startswith(f'{kind} "{name}" (')
        )
        start = next(heads)
        end = next(n for n in range(start + 1, len(lines)) if lines[n][:1] not in ("", " ", "#"))
        while not lines[end - 1].strip():
            end -= 1
        body = [f"    {line.strip()}" for line in steps.strip().split("\n")]
        lines[end:end] = [f'  example "reader4 case {index}":', *body]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def table():
    text = with_cases(CARDS)
    examples = {e.title: e for e in load_examples(text, "reading.nus") if e.title.startswith("reader4 case ")}
    return examples, load_cards(text, "reading.nus")


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{card}: {quote[:50]}" for card, quote, _ in CASES])
def test_the_rulebook_sentence_holds(table, index: int) -> None:
    examples, specs = table
    outcome = run_example(examples[f"reader4 case {index}"], specs)
    assert outcome.failures == ()
    assert outcome.passed
