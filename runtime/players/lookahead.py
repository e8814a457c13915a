"""Trying a worker action and taking it back, for players that look ahead.

A look-ahead runs on the real table between a snapshot and its restore, with every decision answered by
a stand-in decider, then puts the table's own decider back. Hidden information is re-dealt first: the
order of every deck (so the future display) and the cards in opponents' hands are shuffled together
with the look-ahead's own random numbers, so no player profits from what it cannot see.

A player is asked in the middle of a worker turn, with the engine's calls under it, where the forward model's
positions (between segments, runtime/game/forward.py) do not reach: so the rest of the round is played here
from the worker turn in progress, as the round itself would play it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from runtime.core.decisions import Decision, uniform_index
from runtime.core.rules_in_force import rule
from runtime.game.actions import place_worker, take_turn
from runtime.game.phases import between_turns, end_of_round, returning_home
from runtime.mechanics.shares import turn_order
from runtime.model.state import IllegalAction, Player, Table


class Sampler:
    """Answers every decision at random, or for the acting player from `plan` while it lasts, and records
    the acting player's answers, so a completion that turned out best can be replayed exactly."""

    def __init__(self, rng: random.Random, player: int, plan: Sequence[int] = ()):
        self.rng = rng
        self.player = player
        self.plan = list(plan)
        self.answers: list[int] = []
        self.widths: list[int] = []  # how many options each recorded answer chose among

    def choose(self, decision: Decision, table: Table) -> int:
        width = len(decision.options)
        if decision.player != self.player:
            return uniform_index(self.rng, width)
        planned = self.plan.pop(0) if self.plan else width
        index = planned if planned < width else uniform_index(self.rng, width)
        self.answers.append(index)
        self.widths.append(width)
        return index


def trying(table: Table, decider: Any, rng: random.Random, viewer: Player, act: Callable[[], float]) -> float:
    """Run act on a re-dealt table with `decider` answering; the table is restored whatever happens. An
    act that turns out impossible is worth minus infinity."""
    own, tracer = table.decider, table.session.tracer
    table.decider, table.session.tracer = decider, None  # a look-ahead is no part of the game a trace shows
    with table.snapshot() as mark:
        try:
            redeal(table, rng, viewer)
            return act()
        except IllegalAction:
            return float("-inf")
        finally:
            table.decider, table.session.tracer = own, tracer
            table.restore(mark)


def redeal(table: Table, rng: random.Random, viewer: Player) -> None:
    """Shuffle what the viewer cannot see: each deck together with that letter's cards in opponents' hands."""
    for letter, deck in table.decks.items():
        held = [
            (other.hand, position)
            for other in table.players
            if other is not viewer
            for position, spec in enumerate(other.hand)
            if spec.letter == letter
        ]
        pool = deck + [hand[position] for hand, position in held]
        rng.shuffle(pool)
        for hand, position in held:
            hand[position] = pool.pop()
        deck[:] = pool


def act_and_finish_turn(table: Table, player: Player, option: Any) -> None:
    """The worker action, then the moments between turns that follow it."""
    place_worker(table, player, option)
    between_turns(table, player)


def rest_of_round(table: Table, player: Player) -> None:
    """The worker turns after `player`'s current one, the end of the round and the return home."""
    order = turn_order(table)
    first = table.turn
    for turn in range(first, rule(table, None, "workers") + 1):
        table.turn = turn
        for other in order[order.index(player) + 1 :] if turn == first else order:
            other.turns_taken = turn
            take_turn(table, other)
            between_turns(table, other)
    end_of_round(table)
    returning_home(table)
