"""The plan player: looks past the current turn. It finds its best few worker actions as the search player does
(each with the choices inside it), then plays each on to the end of the round a number of times, on a table
re-dealt each time (what it cannot see shuffled), every seat answering at random after the action, and takes the
action whose rounds end best on average. The same re-deals and random numbers serve every candidate action
(common random numbers), so the comparison measures the actions, not the luck of their rollouts.

Its budget is counted in trials, not time, so a seed fixes its play.
"""

from __future__ import annotations

import random
from typing import Any

from runtime.game.driver import Stage
from runtime.players.evaluation import relative
from runtime.players.lookahead import Sampler, redeal
from runtime.players.search import Node, Search

CANDIDATES = 3  # best actions by the search's evaluation that are played on past the turn
ROLLOUTS = 8  # rollouts of each candidate to the end of the round


class Plan(Search):
    name = "plan"

    def choose_action(self, game: Any, options: int) -> tuple[int, list[int]]:
        best: dict[int, Node] = {}
        for node in self.explore(game, options):
            if node.action not in best or node.completion.value > best[node.action].completion.value:
                best[node.action] = node
        ranked = sorted(best.values(), key=lambda node: -node.completion.value)[:CANDIDATES]
        if len(ranked) > 1:
            seeds = [self.rng.getrandbits(64) for _ in range(ROLLOUTS)]
            worth = {
                node.action: node.completion.value + sum(self.rollout(game, node, seed) for seed in seeds) / ROLLOUTS
                for node in ranked
            }
            ranked.sort(key=lambda node: -worth[node.action])
        return ranked[0].action, list(ranked[0].completion.answers)

    def rollout(self, game: Any, node: Node, seed: int) -> float:
        """The node's action with its choices, on a re-dealt table, then every seat at random to the round's end:
        the player's worth against the best opponent's then."""
        player = game.table.players[self.seat]
        rng = random.Random(seed)
        with game.trying(Sampler(rng, self.seat, node.completion.answers)):
            redeal(game.table, rng, player)
            game.apply(node.action)
            game.finish_segment()
            if game.refused:
                return float("-inf")
            while game.table.stage not in (Stage.ROUND, Stage.OVER):
                game.next_segment()
            return relative(game.table, player, self.rates)
