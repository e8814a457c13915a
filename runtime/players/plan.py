"""The plan player: looks past the current turn. It finds its best few worker actions as the search player does
(each with the choices inside it), then plays each on a number of times, on a table re-dealt each time (what it
cannot see shuffled), until it has taken FOLLOW_UPS more worker actions of its own (into the next round if need be;
in the last round, at most to the game's end). In a rollout every seat's worker action, its own and the other
seats', is chosen as a greedy player's is: each action tried once (on a table re-dealt again, as every trial is), the
best by that seat's evaluation taken with its choices as tried; other choices are answered at random. So a rollout
sees the other seats answer its action (take the space it left, the card it wanted) before its next one. It takes the
action whose rollouts' mean evaluation at their end is highest: each rollout's end already holds the action's own
gain, so nothing is added to it. The same re-deals and random numbers serve every candidate action (common random
numbers), so the comparison measures the actions, not the luck of their rollouts.

Why so: the earlier rollouts (the other seats at random, on to the round's end, the action's one-step value added to
their mean) lost to `search` once the rates were tuned, 0.302 [0.240, 0.373] of 180 games: random seats take spaces and
cards by chance, not as an opponent would. These rollouts beat it (docs/balance.md, "Who beats whom?"); which of the
changes carries the gain was not measured apart.

Its budget is counted in trials, not time, so a seed fixes its play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from runtime.core.decisions import Decision, DecisionKind
from runtime.game.driver import Stage
from runtime.model.state import Player, Table
from runtime.players.evaluation import relative
from runtime.players.lookahead import Sampler, redeal, trying
from runtime.players.search import Node, Search

CANDIDATES = 3  # best actions by the search's evaluation that are played on past the turn
ROLLOUTS = 4  # rollouts of each candidate
FOLLOW_UPS = 1  # own worker actions a rollout takes before it is judged

Judge = Callable[[Table, Player], float]  # what a table is worth to a seat


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
            worth = {node.action: sum(self.rollout(game, node, seed) for seed in seeds) / ROLLOUTS for node in ranked}
            ranked.sort(key=lambda node: -worth[node.action])
        return ranked[0].action, list(ranked[0].completion.answers)

    def rollout(self, game: Any, node: Node, seed: int) -> float:
        """The node's action with its choices, on a re-dealt table, then on to the rollout's end (Rollout, over): the
        player's worth against the best opponent's then."""
        player = game.table.players[self.seat]
        rng = random.Random(seed)
        judge: Judge = lambda table, seat: relative(table, seat, self.rates)  # noqa: E731
        stand_in = Rollout(rng, self.seat, node.completion.answers, judge)
        with game.trying(stand_in):
            redeal(game.table, rng, player)
            game.apply(node.action)
            game.finish_segment()
            if game.refused:
                return float("-inf")
            while not over(game.table, stand_in.chosen):
                game.next_segment()
            return stand_in.judge(game.table, player)


class Rollout(Sampler):
    """A rollout's stand-in for every seat. Every worker action is chosen greedily, between the engine's switches
    (`looks_ahead`): each action tried once and the best by `judge` from the acting seat's view taken, the choices
    inside it then answered as tried; any other question is answered as a Sampler does (the player's plan first, then
    at random). `chosen` counts the player's own worker actions."""

    def __init__(self, rng: random.Random, player: int, plan: Sequence[int], judge: Judge):
        super().__init__(rng, player, plan)
        self.judge = judge
        self.chosen = 0
        self.planned: dict[int, list[int]] = {}  # other seats' answers inside the worker action each last chose

    def looks_ahead(self, decision: Decision) -> bool:
        return decision.kind is DecisionKind.ACTION

    def choose(self, decision: Decision, game: Any) -> int:
        seat = decision.player
        if self.looks_ahead(decision):
            index, answers = self.greedy(decision, game)
            if seat == self.player:
                self.plan, self.chosen = answers, self.chosen + 1
            else:
                self.planned[seat], self.others = answers, self.others + 1
            return index
        planned = self.planned.get(seat) if seat != self.player else None
        if planned:
            index = planned.pop(0)
            if index < len(decision.options):
                self.others += 1
                return index
            planned.clear()
        return super().choose(decision, game)

    def greedy(self, decision: Decision, game: Any) -> tuple[int, list[int]]:
        """The acting seat's best worker action, each tried once (re-dealt again: it sees no more than in play), and
        its answers inside the action as tried."""
        viewer = game.table.players[decision.player]
        best, best_value, best_answers = 0, float("-inf"), []
        for option in range(len(decision.options)):
            trial = Sampler(random.Random(self.rng.getrandbits(64)), decision.player)
            value = trying(game, option, trial, viewer, lambda table: self.judge(table, viewer))
            if value > best_value:
                best, best_value, best_answers = option, value, trial.answers
        return best, list(best_answers)


def over(table: Table, chosen: int) -> bool:
    """Whether a rollout whose player has chosen `chosen` worker actions ends here: at the game's end, or once the
    player's FOLLOW_UPS-th action has been played."""
    return table.stage is Stage.OVER or chosen >= FOLLOW_UPS
