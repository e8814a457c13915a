"""The greedy player: one step of look-ahead. Each worker action is tried (its own choices inside the
action completed at random, a few times) and the one whose table evaluates best is taken; the choices
that made that completion are then replayed, so the action is carried out as it was judged."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from runtime.core.decisions import Decision, DecisionKind, uniform_index
from runtime.model.state import Table
from runtime.players.evaluation import relative
from runtime.players.lookahead import Sampler, act_and_finish_turn, trying

SAMPLES = 2  # completions tried per action


@dataclass(frozen=True)
class Completion:
    """A worker action carried out on a trial table: its evaluation, the acting player's answers inside
    it, and how many options each of those answers chose among."""

    value: float
    answers: list[int]
    widths: list[int]


class Planner(ABC):
    """Shared by look-ahead players: a seeded random source, and the answers planned for the choices
    still to come inside the action just chosen (any choice the plan does not cover is random)."""

    def __init__(self, seed: int, seat: int, samples: int = SAMPLES):
        self.rng = random.Random(seed)
        self.seat = seat
        self.samples = samples
        self.plan: list[int] = []

    def choose(self, decision: Decision, table: Table) -> int:
        if decision.kind == DecisionKind.ACTION:
            index, self.plan = self.choose_action(table, decision.values)
            return index
        if self.plan:
            index = self.plan.pop(0)
            if index < len(decision.options):
                return index
            self.plan = []
        return uniform_index(self.rng, len(decision.options))

    @abstractmethod
    def choose_action(self, table: Table, options: Sequence[Any]) -> tuple[int, list[int]]:
        """The worker action to take, and the answers planned for the choices inside it."""

    def candidates(self, table: Table, options: Sequence[Any]) -> list[tuple[float, list[int]]]:
        """Each action's best completion of `samples` tried: its evaluation and the answers inside it."""
        return [max((self.sample(table, option) for _ in range(self.samples)), key=first) for option in options]

    def sample(self, table: Table, option: Any, plan: Sequence[int] = ()) -> tuple[float, list[int]]:
        """One completion of the action, its first answers from `plan`: the evaluation after it, and the
        player's answers inside it."""
        found = self.complete(table, option, plan)
        return found.value, found.answers

    def complete(self, table: Table, option: Any, plan: Sequence[int] = ()) -> Completion:
        player = table.players[self.seat]
        sampler = Sampler(random.Random(self.rng.getrandbits(64)), self.seat, plan)

        def act() -> float:
            act_and_finish_turn(table, player, option)
            return relative(table, player)

        value = trying(table, sampler, sampler.rng, player, act)
        return Completion(value, sampler.answers, sampler.widths)


def first(found: tuple[float, list[int]]) -> float:
    return found[0]


class Greedy(Planner):
    def choose_action(self, table: Table, options: Sequence[Any]) -> tuple[int, list[int]]:
        found = self.candidates(table, options)
        best = max(range(len(options)), key=lambda index: found[index][0])
        return best, list(found[best][1])
