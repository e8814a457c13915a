"""Players for simulation: who answers each seat's decisions. Each is seeded per game and seat, so a game
replays exactly from its seed on any machine and in any process."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from runtime.engine.decisions import Decider, Decision, RandomDecider

PLAYERS: dict[str, Callable[[int, int], Decider]] = {
    "random": lambda seed, seat: RandomDecider(seat_seed(seed, seat)),
}


def seat_seed(seed: int, seat: int) -> int:
    """A seed of its own for each seat of a game, the same everywhere (not Python's salted hash)."""
    return random.Random(f"nus seat {seed} {seat}").getrandbits(64)


class SeatDeciders:
    """Routes each decision to the player sitting in the seat it is asked of."""

    def __init__(self, seats: Sequence[Decider]):
        self.seats = list(seats)

    def choose(self, decision: Decision, table: Any) -> int:
        return self.seats[decision.player].choose(decision, table)


def seat_deciders(agents: Sequence[str], seed: int) -> SeatDeciders:
    unknown = [agent for agent in agents if agent not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; known: {', '.join(PLAYERS)}")
    return SeatDeciders([PLAYERS[agent](seed, seat) for seat, agent in enumerate(agents)])
