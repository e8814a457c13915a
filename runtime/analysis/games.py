"""One seeded game as `nus simulate`, `nus balance` and `nus trace` play it: who plays each seat, an optional card
granted to one seat at the start of a round, and the game's record (no log unless asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from runtime.core.in_play import attach
from runtime.core.rules_in_force import base_value
from runtime.game.forward import Game, Record
from runtime.mechanics.buildings import ON_TRACK, placements, take_from_offer
from runtime.model.cards import CardSpec
from runtime.model.rules import load_rules
from runtime.model.state import CardInPlay, Player, Table
from runtime.players import seat_deciders


@dataclass(frozen=True)
class Grant:
    """Put `card` into play for `seat` at the start of `round`, free, on the first space it may take."""

    card: str
    seat: int
    round: int


@dataclass(frozen=True)
class Setup:
    seed: int
    agents: tuple[str, ...]  # one player name per seat
    grant: Grant | None = None
    keep_log: bool = False

    @property
    def players(self) -> int:
        return len(self.agents)


def play(specs: Sequence[CardSpec], setup: Setup, tracer: Any = None) -> Record:
    """The game `setup` describes, played out through the forward model: seven rounds and scoring, the seed fixing
    the shuffles and every choice of every seat, the card granted at the start of its round. A tracer
    (runtime/analysis/trace.py) watches without changing anything."""
    game = Game.new(specs, setup.players, setup.seed, seat_deciders(setup.agents, setup.seed), setup.keep_log)
    game.table.session.tracer = tracer
    wanted = setup.grant
    given = None if wanted is None else game.at_round_start(wanted.round, lambda table: grant(table, wanted))
    record = game.play_out()
    return record if given is None else replace(record, granted=given.result)


def last_round(specs: Sequence[CardSpec], players: int) -> int | None:
    """The last Round of a game with these cards, from rules.toml; None when a card's rule may change the number of
    Rounds, which only play tells."""
    if any("rounds" in spec.rules for spec in specs):
        return None
    return base_value(load_rules(), "rounds", players)


def grant(table: Table, wanted: Grant) -> bool:
    """The card leaves the display, a deck or a hand and comes into play unpaid, its when-built running as
    on any build. False when the card is already built or has no space it may take now."""
    player = table.players[wanted.seat]
    spec = find_unbuilt(table, wanted.card)
    if spec is None:
        return False
    spaces = [space for space in placements(table, player, spec) if not isinstance(space, CardInPlay)]
    if not spaces:
        return False
    remove_from_offer(table, player, spec)
    place(table, player, spec, spaces[0])
    return True


def find_unbuilt(table: Table, name: str) -> CardSpec | None:
    pools = [table.display, *table.decks.values(), *(player.hand for player in table.players)]
    return next((spec for pool in pools for spec in pool if spec.name == name), None)


def remove_from_offer(table: Table, player: Player, spec: CardSpec) -> None:
    if spec in table.display:
        take_from_offer(table, player, spec)
        return
    for pool in [*table.decks.values(), *(other.hand for other in table.players)]:
        if spec in pool:
            pool.remove(spec)
            return


def place(table: Table, player: Player, spec: CardSpec, space: object) -> None:
    cell = None if space == ON_TRACK else space
    card = CardInPlay(spec, player, cell=cell, built_turn=0)
    if cell is None:
        player.track.cards.append(card)
    else:
        player.harbor.cells[cell] = card
    player.buildings.append(card)
    table.say(f"{player.name} is granted {spec.name} at {space}", player.index, card=spec)
    attach(table, card)
