"""Players for simulation: who answers each seat's decisions. Each is seeded per game and seat, so a game
replays exactly from its seed on any machine and in any process.

A player is a decider for one seat: it answers `choose(decision, table)` with the index of its choice among
`decision.options`; SeatDeciders routes each decision of a game to the player in that seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from runtime.core.decisions import Decision, random_pick, uniform_index
from runtime.model.state import Table


class Player(Protocol):
    def choose(self, decision: Decision, table: Table) -> int: ...


class RandomPlayer:
    """Uniform choices from its own seeded stream."""

    def __init__(self, seed: int, seat: int):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, table: Table) -> int:
        return random_pick(self.rng, decision)

    def blind(self, count: int) -> int:
        """Its choice among count options, which is all it looks at (see SeatDeciders.blind)."""
        return uniform_index(self.rng, count)


def greedy(seed: int, seat: int) -> Player:
    from runtime.players.greedy import Greedy

    return Greedy(seed, seat)


def search(seed: int, seat: int) -> Player:
    from runtime.players.search import Search

    return Search(seed, seat)


PLAYERS: dict[str, Callable[[int, int], Player]] = {"random": RandomPlayer, "greedy": greedy, "search": search}


def seat_seed(seed: int, seat: int) -> int:
    """A seed of its own for each seat of a game, the same everywhere (not Python's salted hash)."""
    return random.Random(f"nus seat {seed} {seat}").getrandbits(64)


class SeatDeciders:
    """The table's decider: routes each decision to the player sitting in the seat it is asked of. When every seat
    chooses by the number of options alone (has a `blind(count)`, as random players do), it is a blind decider
    (runtime/core/decisions.py): the engine then makes no Decision for it to pass on."""

    def __init__(self, seats: Sequence[Player]):
        self.seats = list(seats)
        if all(type(seat) is RandomPlayer for seat in self.seats):
            self.streams = [seat.rng for seat in self.seats]  # type: ignore[attr-defined]
            self.blind = self.random_seat
        elif all(hasattr(seat, "blind") for seat in self.seats):
            self.blind = self.blind_seat

    def choose(self, decision: Decision, table: Table) -> int:
        return self.seats[decision.player].choose(decision, table)

    def blind_seat(self, player: int, count: int) -> int:
        return self.seats[player].blind(count)

    def random_seat(self, player: int, count: int) -> int:
        """blind_seat when every seat is a RandomPlayer (a simulated game's usual table): the seat's draw, as its
        blind makes it, from its stream, without a call through the player (most decisions of such a game)."""
        return uniform_index(self.streams[player], count)


def seat_deciders(agents: Sequence[str], seed: int) -> SeatDeciders:
    unknown = [agent for agent in agents if agent not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; known: {', '.join(PLAYERS)}")
    return SeatDeciders([PLAYERS[agent](seat_seed(seed, seat), seat) for seat, agent in enumerate(agents)])
