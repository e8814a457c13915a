"""One seeded game as `nus simulate`, `nus balance` and `nus trace` play it: who plays each seat, an optional card
granted to one seat at the start of a round, and the game's record (no log unless asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from runtime.analysis.grants import Given, give, set_aside
from runtime.core.rules_in_force import base_value
from runtime.game.forward import Game, Record
from runtime.model.cards import CardSpec
from runtime.model.declarations import CardKind
from runtime.model.rules import load_rules
from runtime.model.state import Table
from runtime.players import seat_deciders
from runtime.players.evaluation import Rates


@dataclass(frozen=True)
class Grant:
    """Set `card` aside when the cards are dealt and hand it to `seat` at the start of `round` as `given` says
    (runtime/analysis/grants.py)."""

    card: str
    seat: int
    round: int
    given: Given = Given.FREE
    kind: CardKind = CardKind.BUILDING  # a Building and an Elder may share a name (the Carpenter)


@dataclass(frozen=True)
class Setup:
    seed: int
    agents: tuple[str, ...]  # one player name per seat
    grant: Grant | None = None
    keep_log: bool = False
    rates: tuple[Rates | None, ...] = ()  # a seat's own evaluation rates (the tuner's); none: the rates in use

    @property
    def players(self) -> int:
        return len(self.agents)


def play(specs: Sequence[CardSpec], setup: Setup, tracer: Any = None) -> Record:
    """The game `setup` describes, played out through the forward model: seven rounds and scoring, the seed fixing
    the shuffles and every choice of every seat, the card granted at the start of its round. A tracer
    (runtime/analysis/trace.py) watches without changing anything."""
    game = Game.new(
        specs, setup.players, setup.seed, seat_deciders(setup.agents, setup.seed, setup.rates), setup.keep_log
    )
    game.table.session.tracer = tracer
    wanted = setup.grant
    if wanted is None:
        return game.play_out()
    aside = set_aside(game.table, wanted.card, wanted.kind)
    given = game.at_round_start(
        wanted.round, lambda table: False if aside is None else give(table, aside, wanted.seat, wanted.given)
    )
    return replace(game.play_out(), granted=given.result)


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
