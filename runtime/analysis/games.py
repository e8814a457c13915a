"""One seeded game as a balance experiment sees it: who plays each seat, an optional card granted to one
seat at the start of a round, and a small record of the result (no log unless asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from runtime.core.in_play import attach
from runtime.core.rules_in_force import base_value, rule
from runtime.game.phases import final_totals, play_round
from runtime.game.setup import new_table
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


@dataclass(frozen=True)
class Record:
    """What a game leaves behind: scores by seat, winners (ties shared), worker turns, and each Building
    built as (name, seat, round). granted says whether the grant found a space (None without a grant, or when the
    game ended before its round)."""

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    turns: int
    built: tuple[tuple[str, int, int], ...]
    granted: bool | None = None
    log: tuple[str, ...] = ()

    def win_share(self, seat: int) -> float:
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play(specs: Sequence[CardSpec], setup: Setup, tracer: Any = None) -> Record:
    """Seven rounds and scoring; the seed fixes the shuffles and every choice of every seat. A tracer
    (runtime/analysis/trace.py) watches without changing anything."""
    deciders = seat_deciders(setup.agents, setup.seed)
    table = new_table(setup.players, specs, seed=setup.seed, decider=deciders, keep_log=setup.keep_log)
    table.session.tracer = tracer
    granted = None
    round_of_turn: list[int] = []
    while table.round < rule(table, None, "rounds"):
        if setup.grant is not None and setup.grant.round == table.round + 1:
            granted = grant(table, setup.grant)
        first_turn = table.turn_counter
        play_round(table)
        round_of_turn += [table.round] * (table.turn_counter - first_turn)
    scores = {seat: float(total) for seat, total in final_totals(table).items()}
    best = max(scores.values())
    return Record(
        seed=setup.seed,
        scores=tuple(scores[seat] for seat in range(setup.players)),
        winners=tuple(seat for seat in range(setup.players) if scores[seat] == best),
        turns=table.turn_counter,
        built=built_cards(table, round_of_turn),
        granted=granted,
        log=tuple(table.log) if setup.keep_log else (),
    )


def last_round(specs: Sequence[CardSpec], players: int) -> int | None:
    """The last Round of a game with these cards, from rules.toml; None when a card's rule may change the number of
    Rounds, which only play tells."""
    if any("rounds" in spec.rules for spec in specs):
        return None
    return base_value(load_rules(), "rounds", players)


def built_cards(table: Table, round_of_turn: list[int]) -> tuple[tuple[str, int, int], ...]:
    """Buildings in play at the end that were built during the game, with the round of their turn."""
    return tuple(
        (card.name, player.index, round_of_turn[card.built_turn - 1])
        for player in table.players
        for card in player.buildings
        if 0 < card.built_turn <= len(round_of_turn)
    )


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
