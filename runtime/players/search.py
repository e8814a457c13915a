"""The search player: best-first search over each worker action and the choices inside it, with a fixed
budget of trial completions, so a seed gives the same game.

Every action is first completed once at random. Then, while the budget lasts, the best completion found
whose choices are not all explored is expanded at its first unexplored choice: each option there is tried
(the choices before it as found, the ones after it at random). So Build a Building compares every card
on offer, then every space for the best card, then every way to pay, where the greedy player compares
two random completions per action. Each trial runs on a re-dealt table and is judged by the evaluation;
the best completion is carried out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runtime.players.greedy import Completion, Planner

ITERATIONS = 40  # trial completions per worker action decision, beyond one per action


@dataclass
class Node:
    """A trial completion of one action whose first `depth` answers were fixed; expanded once its choice
    at `depth` has been tried with every option."""

    completion: Completion
    action: int
    depth: int
    expanded: bool = False

    @property
    def expandable(self) -> bool:
        return not self.expanded and self.depth < len(self.completion.widths)


class Search(Planner):
    name = "search"

    def choose_action(self, game: Any, options: int) -> tuple[int, list[int]]:
        best = max(self.explore(game, options), key=lambda node: node.completion.value)
        return best.action, list(best.completion.answers)

    def explore(self, game: Any, options: int) -> list[Node]:
        """Every trial completion the budget paid for, each action's first among them."""
        nodes = [Node(self.complete(game, index), index, 0) for index in range(options)]
        budget = ITERATIONS
        while budget > 0 and any(node.expandable for node in nodes):
            node = max((node for node in nodes if node.expandable), key=lambda node: node.completion.value)
            node.expanded = True
            prefix = node.completion.answers[: node.depth]
            for answer in range(node.completion.widths[node.depth]):
                trial = self.complete(game, node.action, [*prefix, answer])
                nodes.append(Node(trial, node.action, node.depth + 1))
                budget -= 1
        return nodes
