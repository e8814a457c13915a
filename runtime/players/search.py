"""The search player: Monte Carlo search over worker actions and the choices inside them, with a fixed
budget of iterations, so a seed gives the same game.

Every action first gets as many random completions as the greedy player tries; the rest of the budget
goes, round by round, to the most promising actions (by their best completion so far), since an action
like Build a Building hides many choices (which card, which space, how to pay) that a few samples miss.
Each completion runs on a re-dealt table and is judged by the evaluation; the best one is carried out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runtime.model.state import Table
from runtime.players.greedy import SAMPLES, Planner

ITERATIONS = 48  # completions tried per worker action decision, at least SAMPLES per action
FOCUS = 3  # how many of the best actions share the rest of the budget


class Search(Planner):
    def choose_action(self, table: Table, options: Sequence[Any]) -> tuple[int, list[int]]:
        best: list[tuple[float, list[int]]] = []
        for option in options:
            best.append(max((self.sample(table, option) for _ in range(SAMPLES)), key=lambda found: found[0]))
        left = ITERATIONS - SAMPLES * len(options)
        while left > 0:
            ranked = sorted(range(len(options)), key=lambda i: -best[i][0])[:FOCUS]
            for index in ranked[:left]:
                found = self.sample(table, options[index])
                if found[0] > best[index][0]:
                    best[index] = found
            left -= len(ranked)
        chosen = max(range(len(options)), key=lambda i: best[i][0])
        return chosen, list(best[chosen][1])
