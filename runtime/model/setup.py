"""Setting up a table: boards, supplies, Shares, Elder stacks and the building display."""

from __future__ import annotations

import random
from collections.abc import Sequence

from runtime.engine.decisions import Decider, RandomDecider
from runtime.model.cards import CardSpec
from runtime.model.rules import Rules, load_rules
from runtime.model.state import FishingTrack, Harbor, Player, Session, Share, Table, goods_dict


def new_player(rules: Rules, index: int) -> Player:
    return Player(
        index=index,
        supply=goods_dict(**rules.start),
        reserve=goods_dict(),
        harbor=Harbor(
            cells=dict.fromkeys(rules.building_cells()),
            forests=[double.forests for double in rules.doubles],
        ),
        track=FishingTrack(space_goods=[{} for _ in range(rules.track_spaces)]),
    )


def new_shares(rules: Rules, players: int) -> list[Share]:
    return [
        Share(colour=p, issued=n < rules.shares_issued_at_start, holder=p if n < rules.shares_issued_at_start else None)
        for p in range(players)
        for n in range(rules.shares_per_player)
    ]


def new_table(
    players: int,
    specs: Sequence[CardSpec] = (),
    seed: int = 0,
    decider: Decider | None = None,
    rules: Rules | None = None,
) -> Table:
    """A table before round 1. The seed shuffles the decks and Elders (and seeds the default random decider)."""
    rules = rules or load_rules()
    rng = random.Random(seed)
    elders = [spec for spec in specs if spec.kind == "elder"]
    rng.shuffle(elders)
    decks = {}
    for letter in "ABC":
        deck = [spec for spec in specs if spec.kind == "building" and spec.letter == letter]
        rng.shuffle(deck)
        decks[letter] = deck
    display = [decks["A"].pop() for _ in range(min(rules.display_a, len(decks["A"])))]
    display += [decks["B"].pop() for _ in range(min(rules.display_b, len(decks["B"])))]
    return Table(
        rules=rules,
        session=Session(decider if decider is not None else RandomDecider(seed)),
        players=[new_player(rules, i) for i in range(players)],
        shares=new_shares(rules, players),
        ships_left=dict.fromkeys(rules.ships, rules.ships_per_type[players - 1]),
        elder_stacks=[elders[i :: rules.elder_stacks] for i in range(rules.elder_stacks)],
        plates=[0] * len(rules.plates),
        spaces={name: [] for name in rules.capacities if rules.capacity(name, players) > 0},
        decks=decks,
        display=display,
    )
