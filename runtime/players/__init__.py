"""Players for simulation: who answers each seat's decisions. Each is seeded per game and seat, so a game
replays exactly from its seed on any machine and in any process.

A player is a decider for one seat (runtime/core/decisions.py): it answers `choose(decision, game)` with the index of
its choice among `decision.options`, and a random player also `pick(player, count)`. The forward model's Game routes
each question to the player in that seat (runtime/game/forward.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from runtime.core.decisions import Decider, RandomPlayer

if TYPE_CHECKING:
    from runtime.players.evaluation import Rates


def random_player(seed: int, seat: int, rates: Rates | None = None) -> Decider:
    return RandomPlayer(seed)  # judges no table: the rates play no part


def greedy(seed: int, seat: int, rates: Rates | None = None) -> Decider:
    from runtime.players.greedy import Greedy

    return Greedy(seed, seat, rates=rates)


def search(seed: int, seat: int, rates: Rates | None = None) -> Decider:
    from runtime.players.search import Search

    return Search(seed, seat, rates=rates)


def plan(seed: int, seat: int, rates: Rates | None = None) -> Decider:
    from runtime.players.plan import Plan

    return Plan(seed, seat, rates=rates)


PLAYERS: dict[str, Callable[..., Decider]] = {
    "random": random_player,
    "greedy": greedy,
    "search": search,
    "plan": plan,
}


def seat_seed(seed: int, seat: int) -> int:
    """A seed of its own for each seat of a game, the same everywhere (not Python's salted hash)."""
    return random.Random(f"nus seat {seed} {seat}").getrandbits(64)


def seat_deciders(agents: Sequence[str], seed: int, rates: Sequence[Rates | None] = ()) -> list[Decider]:
    """The players named, one a seat, each seeded for its seat of this game; a seat given rates judges tables by them
    (the evaluation tuner's seats), the others by the rates in use."""
    unknown = [agent for agent in agents if agent not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; known: {', '.join(PLAYERS)}")
    seat_rates = [*rates, *[None] * (len(agents) - len(rates))]
    return [PLAYERS[agent](seat_seed(seed, seat), seat, seat_rates[seat]) for seat, agent in enumerate(agents)]
