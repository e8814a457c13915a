"""Setting up a table: boards, supplies, Shares, Elder stacks and the building display."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from runtime.engine.decisions import Decider, RandomDecider
from runtime.engine.play import base_value
from runtime.model.cards import CardSpec
from runtime.model.declarations import GOODS
from runtime.model.rules import Rules, load_rules
from runtime.model.state import FishingTrack, Harbor, Player, Session, Share, Table, goods_dict


@dataclass(frozen=True)
class Start:
    """What each seat starts with at this player count, read once a table for all its players."""

    supply: dict[str, int]
    cells: tuple[tuple[int, int], ...]  # the Harbor board's building spaces
    forests: tuple[int, ...]  # on each double space
    track_spaces: int


def start_of(rules: Rules, players: int) -> Start:
    """Ruling: set-up values are read before any card is in play, so they are the base values of rules.toml."""

    def value(key: str) -> int:
        return base_value(rules, key, players)

    rows, columns = value("harbor_rows"), value("harbor_columns")
    return Start(
        supply={good: value(f"start_{good}") for good in GOODS},
        cells=tuple(
            (r, c) for r in range(1, rows + 1) for c in range(1, columns + 1) if (r, c) not in rules.reserve_cells
        ),
        forests=tuple(value(f"start_forests_{n}") for n in range(len(rules.doubles))),
        track_spaces=value("track_spaces"),
    )


def new_player(start: Start, index: int) -> Player:
    return Player(
        index=index,
        supply=goods_dict(**start.supply),
        reserve=goods_dict(),
        harbor=Harbor(cells=dict.fromkeys(start.cells), forests=list(start.forests)),
        track=FishingTrack(space_goods=[{} for _ in range(start.track_spaces)]),
    )


def new_shares(rules: Rules, players: int) -> list[Share]:
    issued = base_value(rules, "shares_issued_at_start", players)
    return [
        Share(colour=p, issued=n < issued, holder=p if n < issued else None)
        for p in range(players)
        for n in range(base_value(rules, "shares_per_player", players))
    ]


def sorted_cards(specs: Sequence[CardSpec]) -> tuple[list[CardSpec], dict[str, list[CardSpec]]]:
    """The Elders and the A, B and C decks (Buildings by letter), each in the order of `specs` (one pass)."""
    elders: list[CardSpec] = []
    decks: dict[str, list[CardSpec]] = {"A": [], "B": [], "C": []}
    for spec in specs:
        if spec.kind == "elder":
            elders.append(spec)
        elif spec.kind == "building" and spec.letter in decks:
            decks[spec.letter].append(spec)
    return elders, decks


def new_table(
    players: int,
    specs: Sequence[CardSpec] = (),
    seed: int = 0,
    decider: Decider | None = None,
    rules: Rules | None = None,
    keep_log: bool = True,
) -> Table:
    """A table before round 1. The seed shuffles the decks and Elders (and seeds the default random decider);
    `keep_log` False makes a table that logs nothing (see Session)."""
    rules = rules or load_rules()

    def value(key: str) -> int:
        return base_value(rules, key, players)

    rng = random.Random(seed)
    elders, decks = sorted_cards(specs)
    rng.shuffle(elders)
    for deck in decks.values():
        rng.shuffle(deck)
    display = [decks["A"].pop() for _ in range(min(value("display_a"), len(decks["A"])))]
    display += [decks["B"].pop() for _ in range(min(value("display_b"), len(decks["B"])))]
    stacks = value("elder_stacks")
    start = start_of(rules, players)
    return Table(
        rules=rules,
        session=Session(decider if decider is not None else RandomDecider(seed), keep_log),
        players=[new_player(start, i) for i in range(players)],
        shares=new_shares(rules, players),
        ships_left=dict.fromkeys(rules.ship_types, value("ships_per_type")),
        elder_stacks=[elders[i::stacks] for i in range(stacks)],
        plates=[0] * len(rules.plates),
        spaces={name: [] for name in rules.space_names},  # a space's capacity may be 0 until a card raises it
        decks=decks,
        display=display,
    )
