"""Players for simulation: who answers each seat's decisions. Each is seeded per game and seat, so a game
replays exactly from its seed on any machine and in any process.

A player is a decider for one seat (runtime/core/decisions.py): it answers `choose(decision, game)` with the index of
its choice among `decision.options`, and a random player also `pick(player, count)`. The forward model's Game routes
each question to the player in that seat (runtime/game/forward.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from runtime.core.decisions import Decider, RandomPlayer


def random_player(seed: int, seat: int) -> Decider:
    return RandomPlayer(seed)


def greedy(seed: int, seat: int) -> Decider:
    from runtime.players.greedy import Greedy

    return Greedy(seed, seat)


def search(seed: int, seat: int) -> Decider:
    from runtime.players.search import Search

    return Search(seed, seat)


def plan(seed: int, seat: int) -> Decider:
    from runtime.players.plan import Plan

    return Plan(seed, seat)


PLAYERS: dict[str, Callable[[int, int], Decider]] = {
    "random": random_player,
    "greedy": greedy,
    "search": search,
    "plan": plan,
}


def seat_seed(seed: int, seat: int) -> int:
    """A seed of its own for each seat of a game, the same everywhere (not Python's salted hash)."""
    return random.Random(f"nus seat {seed} {seat}").getrandbits(64)


def seat_deciders(agents: Sequence[str], seed: int) -> list[Decider]:
    """The players named, one a seat, each seeded for its seat of this game."""
    unknown = [agent for agent in agents if agent not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; known: {', '.join(PLAYERS)}")
    return [PLAYERS[agent](seat_seed(seed, seat), seat) for seat, agent in enumerate(agents)]
