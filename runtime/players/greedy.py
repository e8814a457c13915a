"""The greedy player: one step of look-ahead. Each worker action is tried (its own choices inside the
action completed at random, a few times) and the one whose table evaluates best is taken; the choices
that made that completion are then replayed, so the action is carried out as it was judged."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from runtime.model.state import Table
from runtime.players.evaluation import relative
from runtime.players.lookahead import Sampler, act_and_finish_turn, trying

SAMPLES = 2  # completions tried per action


class Planner(ABC):
    """Shared by look-ahead players: a seeded random source, and the answers planned for the choices
    still to come inside the action just chosen (any choice the plan does not cover is random)."""

    def __init__(self, seed: int, seat: int):
        self.rng = random.Random(seed)
        self.seat = seat
        self.plan: list[int] = []

    def choose_index(self, table: Table, kind: str, options: Sequence[Any]) -> int:
        if kind == "action":
            index, self.plan = self.choose_action(table, options)
            return index
        if self.plan:
            index = self.plan.pop(0)
            if index < len(options):
                return index
            self.plan = []
        return self.rng.randrange(len(options))

    @abstractmethod
    def choose_action(self, table: Table, options: Sequence[Any]) -> tuple[int, list[int]]:
        """The worker action to take, and the answers planned for the choices inside it."""

    def sample(self, table: Table, option: Any) -> tuple[float, list[int]]:
        """One completion of the action: the evaluation after it, and the player's answers inside it."""
        player = table.players[self.seat]
        sampler = Sampler(random.Random(self.rng.getrandbits(64)), self.seat)

        def act() -> float:
            act_and_finish_turn(table, player, option)
            return relative(table, player)

        return trying(table, sampler, sampler.rng, player, act), sampler.answers


class Greedy(Planner):
    def choose_action(self, table: Table, options: Sequence[Any]) -> tuple[int, list[int]]:
        best = (float("-inf"), 0, [])
        for index, option in enumerate(options):
            for _ in range(SAMPLES):
                value, answers = self.sample(table, option)
                if value > best[0]:
                    best = (value, index, answers)
        return best[1], list(best[2])
