"""The plan player: looks past the current turn. It finds its best few worker actions as the search player does
(each with the choices inside it), then plays each on a number of times, on a table re-dealt each time (what it
cannot see shuffled). In a rollout the other seats answer at random, and its own later worker actions are chosen as
a greedy player's are: each action tried once (on a table re-dealt again, as every trial is), the best by the
evaluation taken with its choices as tried. A rollout goes to the end of the round, and on into the next round
until the player has taken FOLLOW_UPS more worker actions of its own (the last action of a round is judged with the
next round's first); in the last round, to the game's end. It takes the action whose own evaluation plus its
rollouts' mean at their end is highest. The same re-deals and random numbers serve every candidate action (common
random numbers), so the comparison measures the actions, not the luck of their rollouts.

Its budget is counted in trials, not time, so a seed fixes its play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from runtime.core.decisions import Decision, DecisionKind
from runtime.game.driver import Stage
from runtime.model.state import Table
from runtime.players.evaluation import relative
from runtime.players.lookahead import Sampler, redeal, trying
from runtime.players.search import Node, Search

CANDIDATES = 3  # best actions by the search's evaluation that are played on past the turn
ROLLOUTS = 8  # rollouts of each candidate
FOLLOW_UPS = 1  # own worker actions a rollout takes at least, into the next round if need be


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
        """The node's action with its choices, on a re-dealt table, then on to the rollout's end (Rollout, over): the
        player's worth against the best opponent's then."""
        player = game.table.players[self.seat]
        rng = random.Random(seed)
        judge = lambda table: relative(table, player, self.rates)  # noqa: E731
        stand_in, start = Rollout(rng, self.seat, node.completion.answers, judge), game.table.round
        with game.trying(stand_in):
            redeal(game.table, rng, player)
            game.apply(node.action)
            game.finish_segment()
            if game.refused:
                return float("-inf")
            while not over(game.table, stand_in.chosen, start):
                game.next_segment()
            return judge(game.table)


class Rollout(Sampler):
    """A rollout's stand-in for every seat: the other seats' questions and the player's own inside an action answered
    as a Sampler does (the plan first, then at random); the player's own worker actions chosen greedily, between the
    engine's switches (`looks_ahead`), each action tried once and the best by `judge` taken with its choices."""

    def __init__(self, rng: random.Random, player: int, plan: Sequence[int], judge: Callable[[Table], float]):
        super().__init__(rng, player, plan)
        self.judge = judge
        self.chosen = 0

    def looks_ahead(self, decision: Decision) -> bool:
        return decision.player == self.player and decision.kind is DecisionKind.ACTION

    def choose(self, decision: Decision, game: Any) -> int:
        if not self.looks_ahead(decision):
            return super().choose(decision, game)
        viewer = game.table.players[self.player]
        best, best_value, best_answers = 0, float("-inf"), []
        for option in range(len(decision.options)):
            trial = Sampler(random.Random(self.rng.getrandbits(64)), self.player)
            value = trying(game, option, trial, viewer, self.judge)  # re-dealt again: it sees no more than in play
            if value > best_value:
                best, best_value, best_answers = option, value, trial.answers
        self.plan = list(best_answers)
        self.chosen += 1
        return best


def over(table: Table, chosen: int, start: int) -> bool:
    """Whether a rollout begun in round `start` ends here, its player having chosen `chosen` worker actions: at the
    game's end, else at a round's end or in a later round once it has chosen FOLLOW_UPS."""
    if table.stage is Stage.OVER:
        return True
    if chosen < FOLLOW_UPS:
        return False
    return table.stage is Stage.ROUND or table.round > start
