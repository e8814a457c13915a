"""Setting up a table: boards, supplies, Shares, Elder stacks and the building display.

Every container and table object is made on the new table's journal (Journal.join), from the inside out: a
table made of plain parts would have to be adopted afterwards, a walk through all of it that costs more than
the rest of the setting up. tests/runtime/game/test_setup.py checks that nothing is left off the journal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import is_
from typing import NamedTuple

from runtime.core.decisions import Decider, RandomPlayer
from runtime.core.rules_in_force import base_value
from runtime.model.caches import Bases
from runtime.model.cards import CardSpec
from runtime.model.declarations import GOODS, CardKind
from runtime.model.journal import InPlayList, Journal, Tracked, TrackedDict, TrackedList, TrackedSet
from runtime.model.parameters import parameters
from runtime.model.rules import Rules, load_rules
from runtime.model.state import FishingTrack, Harbor, Player, Session, Share, Table, goods_dict


@dataclass(frozen=True)
class Start:
    """What a table starts with at this player count: each seat's supply and boards, the Shares, the deal."""

    supply: dict[str, int]
    cells: tuple[tuple[int, int], ...]  # the Harbor board's building spaces
    forests: tuple[int, ...]  # on each double space
    shares: tuple[tuple[int, bool, int | None], ...]  # each Share's colour, whether issued, its holder
    ships_per_type: int
    elder_stacks: int
    display_a: int
    display_b: int


def start_of(rules: Rules, players: int) -> Start:
    """Worked out once for each player count by the rules it belongs to (Rules.starts): a table's set-up reads
    only rules.toml, which never changes."""
    start = rules.starts.get(players)
    if start is None:
        counts = checked_player_counts(rules)
        if players not in counts:
            raise ValueError(f"{players} players: rules.toml sets a table up for {counts[0]} to {counts[-1]} players")
        start = rules.starts[players] = read_start(rules, players)
    return start


def checked_player_counts(rules: Rules) -> tuple[int, ...]:
    """The player counts a table may be set up for: 1 to most_players of rules.toml, the one home of them (the
    checker holds a card's `players` line to the same counts). A list by player count with fewer entries would be
    read past its end, or from it: such rules are refused."""
    counts = rules.player_counts
    short = [p.name for p in parameters().values() if p.by_player_count and len(rules.default(p.path)) < len(counts)]
    if short:
        raise ValueError(f"rules.toml: {', '.join(short)} give fewer values than the {len(counts)} player counts")
    return counts


def read_start(rules: Rules, players: int) -> Start:
    """Ruling: set-up values are read before any card is in play, so they are the base values of rules.toml."""

    def value(key: str) -> int:
        return base_value(rules, key, players)

    rows, columns = value("harbor_rows"), value("harbor_columns")
    issued, per_player = value("shares_issued_at_start"), value("shares_per_player")
    return Start(
        supply={good: value(f"start_{good}") for good in GOODS},
        cells=tuple(
            (r, c) for r in range(1, rows + 1) for c in range(1, columns + 1) if (r, c) not in rules.reserve_cells
        ),
        forests=tuple(value(f"start_forests_{n}") for n in range(len(rules.doubles))),
        shares=tuple((p, n < issued, p if n < issued else None) for p in range(players) for n in range(per_player)),
        ships_per_type=value("ships_per_type"),
        elder_stacks=value("elder_stacks"),
        display_a=value("display_a"),
        display_b=value("display_b"),
    )


def new_player(journal: Journal, start: Start, index: int) -> Player:
    supply, reserve = goods_dict(**start.supply), goods_dict()
    cells, forests = TrackedDict(dict.fromkeys(start.cells)), TrackedList(start.forests)
    ships, on_track, space_goods = TrackedList(), TrackedList(), TrackedList()
    council, buildings, hand = InPlayList(), InPlayList(), TrackedList()
    joined(journal, supply, reserve, cells, forests, ships, on_track, space_goods, council, buildings, hand)
    on = journal.join
    harbor, track = on(Harbor(cells, forests)), on(FishingTrack(ships, on_track, space_goods))
    return on(Player(index, supply, reserve, harbor, track, council, buildings, hand))


def joined(journal: Journal, *containers: Tracked) -> None:
    """Journal.join for tracked containers just made that hold only plain values and things on the journal already:
    an attribute write each instead of a call each (a 3-player table is made of some sixty)."""
    for container in containers:
        container._journal = journal


class SortedCards(NamedTuple):
    """The cards as given (a tuple: the one given, if it was one), sorted for a player count. Holding the cards
    keeps them alive, so identity tells the same cards."""

    specs: tuple[CardSpec, ...]
    players: int
    elders: tuple[CardSpec, ...]
    decks: tuple[tuple[str, tuple[CardSpec, ...]], ...]  # (letter, its Buildings)


LAST_SORTED: list[SortedCards] = []  # the cards sorted last: a simulation deals the same ones in every game


def sorted_cards(specs: Sequence[CardSpec], players: int) -> tuple[list[CardSpec], dict[str, list[CardSpec]]]:
    """The Elders and the A, B and C decks (Buildings by letter) of a game of `players` players, each in the order
    of `specs`, as new lists: a card whose `players` line leaves this count out is not among them. The last cards
    sorted are remembered: the same cards for the same count are not sorted again (the same tuple, or the same
    objects compared one by one, so a list changed in place is sorted again)."""
    last = LAST_SORTED[0] if LAST_SORTED else None
    if (
        last is None
        or last.players != players
        or not (specs is last.specs or (len(last.specs) == len(specs) and all(map(is_, last.specs, specs))))
    ):
        last = sort_cards(specs, players)
        LAST_SORTED[:] = [last]
    return list(last.elders), {letter: list(deck) for letter, deck in last.decks}


def sort_cards(specs: Sequence[CardSpec], players: int) -> SortedCards:
    elders: list[CardSpec] = []
    decks: dict[str, list[CardSpec]] = {"A": [], "B": [], "C": []}
    for spec in specs:
        if not spec.in_game(players):
            continue
        if spec.kind is CardKind.ELDER:
            elders.append(spec)
        else:
            deck = decks.get(spec.letter)
            if deck is not None:
                deck.append(spec)
    decks_sorted = tuple((letter, tuple(deck)) for letter, deck in decks.items())
    return SortedCards(tuple(specs), players, tuple(elders), decks_sorted)


def shuffle(rng: random.Random, items: list) -> None:
    """rng.shuffle(items), the same draws and the same order (CPython's random.shuffle: Fisher-Yates, each index
    drawn as _randbelow draws it, from getrandbits), without its method call per card. Our own, a seed deals the same
    decks on any Python; tests/runtime/game/test_setup.py compares it with random.shuffle."""
    getrandbits = rng.getrandbits
    for last in range(len(items) - 1, 0, -1):
        size = last + 1
        bits = size.bit_length()
        other = getrandbits(bits)
        while other >= size:  # rejection sampling: uniform over 0..last
            other = getrandbits(bits)
        items[last], items[other] = items[other], items[last]


def new_table(
    players: int,
    specs: Sequence[CardSpec] = (),
    seed: int = 0,
    decider: Decider | None = None,
    rules: Rules | None = None,
    keep_log: bool = True,
) -> Table:
    """A table before round 1 for one of the game's player counts (rules.toml; start_of refuses another). The seed
    shuffles the decks and Elders (and seeds the default random decider); a card not for this player count is left
    out of them (its `players` line). `keep_log` False makes a table that logs nothing (see Session)."""
    rules = rules or load_rules()
    start = start_of(rules, players)
    rng = random.Random(seed)
    elders, decks = sorted_cards(specs, players)
    shuffle(rng, elders)
    for deck in decks.values():
        shuffle(rng, deck)
    display = [decks["A"].pop() for _ in range(min(start.display_a, len(decks["A"])))]
    display += [decks["B"].pop() for _ in range(min(start.display_b, len(decks["B"])))]
    journal = Journal()
    on = journal.join
    stacks = [TrackedList(elders[i :: start.elder_stacks]) for i in range(start.elder_stacks)]
    spaces = {name: TrackedList() for name in rules.space_names}  # a space's capacity may be 0 until a card raises it
    decks_left = {letter: TrackedList(deck) for letter, deck in decks.items()}
    parts = {
        "players": InPlayList([new_player(journal, start, i) for i in range(players)]),
        "shares": TrackedList([on(Share(colour, issued, holder)) for colour, issued, holder in start.shares]),
        "ships_left": TrackedDict(dict.fromkeys(rules.ship_types, start.ships_per_type)),
        "elder_stacks": TrackedList(stacks),
        "plates": TrackedList([0] * len(rules.plates)),
        "spaces": TrackedDict(spaces),
        "decks": TrackedDict(decks_left),
        "display": TrackedList(display),
        "elder_guests": TrackedDict(),
        "elders_taken": TrackedSet(),
        "general": goods_dict(),
        "listeners": TrackedDict(),
        "latches": TrackedList(),
        "round_starts": TrackedList(),
    }
    joined(journal, *stacks, *spaces.values(), *decks_left.values(), *parts.values())
    session = Session(decider if decider is not None else RandomPlayer(seed), keep_log)
    return on(Table(rules=rules, session=session, bases=Bases(), **parts))
