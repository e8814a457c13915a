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
from runtime.game.setup import shuffle
from runtime.model.journal import Journal
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
        self.others = 0  # questions answered for other seats
        self.dealt = True  # whether the trial moved a hidden card (set by trying): then it rests on the re-deal

    @property
    def by_answers(self) -> bool:
        """Whether the trial's outcome follows from the player's answers alone: no other seat was asked and no hidden
        card moved, so neither the random answers nor the re-deal played a part. The same answers give the same
        outcome on any re-deal. (The one read of a hidden card that moves none would be another seat building from
        its hand, which asks that seat.)"""
        return not self.others and not self.dealt

    def choose(self, decision: Decision, game: Any) -> int:
        width = len(decision.options)
        if decision.player != self.player:
            self.others += 1
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
        with Watch(game.table) as watch:
            game.apply(index)
            game.finish_segment()
        sampler.dealt = watch.changed
        return float("-inf") if game.refused else judge(game.table)


class Watch:
    """Tells whether a hidden card moved while it is open: it stands in for the table's journal on every deck and
    hand (each change to them goes on the journal as before), and notes any change, one undone since included."""

    def __init__(self, table: Table):
        self.journal: Journal = table._journal
        self.entries = self.journal.entries
        self.hidden = [table.decks, *table.decks.values(), *(player.hand for player in table.players)]
        self.changed = False

    @property
    def open(self) -> int:
        self.changed = True
        return self.journal.open

    def adopt(self, value: Any) -> Any:
        self.changed = True
        return self.journal.adopt(value)

    def __enter__(self) -> Watch:
        for cards in self.hidden:
            cards._journal = self
        return self

    def __exit__(self, *exc: object) -> None:
        for cards in self.hidden:
            cards._journal = self.journal


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
        shuffle(rng, pool)  # rng.shuffle(pool) written out: 0.94x a greedy game's instructions
        for hand, position in held:
            hand[position] = pool.pop()
        deck[:] = pool
