"""Trying an option and taking it back, for players that look ahead.

A look-ahead tries each option of the question the game waits at through the forward model, on the live position
(runtime/game/forward.py: Game.trying): the option is applied and the rest of its segment played (a worker turn's
action and the moment between turns after it) with a stand-in decider answering every seat, the position judged,
and the game put back at the question. Hidden information is re-dealt first: the order of every deck (so the
future display) and the cards in opponents' hands are shuffled together with the look-ahead's own random numbers,
so no player profits from what it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from runtime.core.decisions import Decision, uniform_index
from runtime.model.state import Player, Table


class Sampler:
    """Answers every decision at random, or for the acting player from `plan` while it lasts, and records
    the acting player's answers, so a completion that turned out best can be replayed exactly."""

    def __init__(self, rng: random.Random, player: int, plan: Sequence[int] = ()):
        self.rng = rng
        self.player = player
        self.plan = list(plan)
        self.answers: list[int] = []
        self.widths: list[int] = []  # how many options each recorded answer chose among

    def choose(self, decision: Decision, game: Any) -> int:
        width = len(decision.options)
        if decision.player != self.player:
            return uniform_index(self.rng, width)
        planned = self.plan.pop(0) if self.plan else width
        index = planned if planned < width else uniform_index(self.rng, width)
        self.answers.append(index)
        self.widths.append(width)
        return index


def trying(game: Any, index: int, sampler: Sampler, viewer: Player, judge: Callable[[Table], float]) -> float:
    """Option `index` of the question the game waits at, played to the end of its segment on a re-dealt table with
    `sampler` answering every seat: what `judge` makes of the table then, or minus infinity for an option the
    engine refuses (it turns out impossible). The game is back at the question after."""
    with game.trying(sampler):
        redeal(game.table, sampler.rng, viewer)
        game.apply(index)
        game.finish_segment()
        return float("-inf") if game.refused else judge(game.table)


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
