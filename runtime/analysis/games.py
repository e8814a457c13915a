"""One seeded game as a balance experiment sees it: who plays each seat, an optional card granted to one
seat at the start of a round, and a small record of the result (no log unless asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from runtime.analysis.grants import Given, give, set_aside
from runtime.core.rules_in_force import base_value, rule
from runtime.game.phases import final_totals, play_round
from runtime.game.setup import new_table
from runtime.model.cards import CardSpec
from runtime.model.rules import load_rules
from runtime.model.state import Table
from runtime.players import seat_deciders


@dataclass(frozen=True)
class Grant:
    """Set `card` aside when the cards are dealt and hand it to `seat` at the start of `round` as `given` says
    (runtime/analysis/grants.py)."""

    card: str
    seat: int
    round: int
    given: Given = Given.FREE
    kind: str = "building"  # a Building and an Elder may share a name (the Carpenter)


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
    taken: tuple[tuple[str, int, int], ...] = ()  # each Elder taken during the game, as built
    rounds: int = 0  # rounds played

    def win_share(self, seat: int) -> float:
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play(specs: Sequence[CardSpec], setup: Setup, tracer: Any = None) -> Record:
    """Seven rounds and scoring; the seed fixes the shuffles and every choice of every seat. A tracer
    (runtime/analysis/trace.py) watches without changing anything."""
    deciders = seat_deciders(setup.agents, setup.seed)
    table = new_table(setup.players, specs, seed=setup.seed, decider=deciders, keep_log=setup.keep_log)
    table.session.tracer = tracer
    granted = None
    aside = set_aside(table, setup.grant.card, setup.grant.kind) if setup.grant is not None else None
    round_of_turn: list[int] = []
    while table.round < rule(table, None, "rounds"):
        if setup.grant is not None and setup.grant.round == table.round + 1:
            granted = False if aside is None else give(table, aside, setup.grant.seat, setup.grant.given)
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
        taken=taken_elders(table, round_of_turn),
        rounds=table.round,
    )


def grant(table: Table, wanted: Grant) -> bool:
    """Hand the card over now from wherever it lies unbuilt (display, a deck, a hand, an Elder stack), as `wanted`
    says: `nus play --give` at the start of its round. False when it is nowhere unbuilt or found no place."""
    spec = set_aside(table, wanted.card, wanted.kind)
    return spec is not None and bool(give(table, spec, wanted.seat, wanted.given))


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


def taken_elders(table: Table, round_of_turn: list[int]) -> tuple[tuple[str, int, int], ...]:
    """Elders on a Council at the end that were taken during the game, with the round of their turn."""
    return tuple(
        (card.name, player.index, round_of_turn[card.built_turn - 1])
        for player in table.players
        for card in player.council
        if 0 < card.built_turn <= len(round_of_turn)
    )
