"""The plan player: it looks past the current turn through the forward model and leaves the game as it found it, a
seed fixes its play, and a seat answered from outside by it plays the game `play_out` plays.

Whether it beats `search` is measured with `nus balance --ladder plan,search --players 3` (docs/balance.md)."""

from __future__ import annotations

import random

import pytest

import runtime.players.plan as plan_module
from runtime.core.decisions import Decision, DecisionKind, RandomPlayer
from runtime.game.driver import Stage
from runtime.game.forward import Game
from runtime.players import PLAYERS, seat_deciders
from runtime.players.plan import Plan, Rollout
from tests.kit.table_kit import every_card


def test_next_segment_plays_one_segment_inside_a_trial_and_the_trial_takes_it_back():
    game = Game.new(every_card(), 3, 5, [None] * 3)
    decision = game.to_move()
    before = (list(game.table.log), game.table.stage, game.table.seat, game.table.round)
    with game.trying(RandomPlayer(1)):
        game.apply(0)
        game.finish_segment()
        assert game.pending is None  # between two segments
        stages = [(game.table.stage, game.table.seat, game.table.turn, game.table.round)]
        while game.table.stage not in (Stage.ROUND, Stage.OVER):
            game.next_segment()
            stages.append((game.table.stage, game.table.seat, game.table.turn, game.table.round))
        assert len(set(stages)) == len(stages) > 1  # one segment a call: every position a new one
        assert game.table.round == before[3]  # to the end of this round, not past it
    assert game.pending is decision and game.to_move() is decision
    assert (list(game.table.log), game.table.stage, game.table.seat, game.table.round) == before


@pytest.mark.slow
def test_a_seed_fixes_the_plan_players_game_and_answered_from_outside_it_plays_the_same_game():
    """Two plays of one seed, one with the plan seat answered from outside by the same player: the same log."""
    agents = ("random", "plan")
    straight = Game.new(every_card(), 2, 3, seat_deciders(agents, 3)).play_out()
    seats = seat_deciders(agents, 3)
    player, seats[1] = seats[1], None
    assert isinstance(player, Plan) and "plan" in PLAYERS
    game = Game.new(every_card(), 2, 3, seats)
    while (decision := game.to_move()) is not None:
        game.apply(player.choose(decision, game))
    outside = game.record()
    assert outside.log == straight.log and outside.parts == straight.parts
    assert straight.seats == ("random", "plan") and straight.turns > 0


def counts_placements_on(action: str):
    """A judge: how many times the viewer's worker took `action` on its action space, as the log says."""
    return lambda table, viewer: float(
        sum(line.endswith(f'{viewer.name} takes a "{action}" action on the action space') for line in table.log)
    )


def test_a_rollout_chooses_every_worker_action_by_trying_each_and_leaves_the_game_as_it_was():
    """At a worker turn, its player's or another seat's, a rollout's stand-in tries every action on the table (inside a
    trial or not) and takes the one its judge rates best from the acting seat's view; it answers the choices inside an
    action as a Sampler does."""
    game = Game.new(every_card(), 3, 5, [None] * 3)
    decision = game.to_move()
    seat = decision.player
    before = (list(game.table.log), game.table.stage, game.table.seat, game.table.round)
    labels = [option.label for option in decision.options]
    for mine, action, label in [(seat, "Transfer Reserve", "transfer reserve"), (seat + 1, "Serve Fish", "serve fish")]:
        stand_in = Rollout(random.Random(1), mine, [], counts_placements_on(action))
        assert stand_in.looks_ahead(decision)
        assert labels[stand_in.choose(decision, game)] == label
        assert (stand_in.chosen, stand_in.others) == ((1, 0) if mine == seat else (0, 1))
        assert (list(game.table.log), game.table.stage, game.table.seat, game.table.round) == before
        assert game.pending is decision and game.to_move() is decision
    inside = Decision(DecisionKind.CHOOSE_ONE, seat, decision.options, decision.prompt)
    assert not stand_in.looks_ahead(inside)


def watch_rollout(monkeypatch) -> tuple[list[tuple[int, int]], list[int]]:
    """Every worker action a rollout chooses, as (round, seat), and the round of every table judged."""
    chosen, judged = [], []
    choose = Rollout.choose

    def watched(stand_in, asked, game):
        if stand_in.looks_ahead(asked):
            chosen.append((game.table.round, asked.player))
        return choose(stand_in, asked, game)

    monkeypatch.setattr(Rollout, "choose", watched)
    monkeypatch.setattr(plan_module, "relative", lambda table, viewer, rates: judged.append(table.round) or 0.0)
    return chosen, judged


def test_a_plan_rollout_plays_the_other_seats_turns_and_the_players_next_worker_action(monkeypatch):
    """From the first worker turn of round 1, a rollout plays the other two seats' turns, each chosen by trying every
    action, then the player's next worker action, inside the rollout's own trial; then the game is back at the
    question."""
    game = Game.new(every_card(), 3, 5, [None] * 3)
    decision = game.to_move()
    before = (list(game.table.log), game.table.stage, game.table.seat, game.table.round)
    player = Plan(7, decision.player)
    node = player.explore(game, len(decision.options))[0]
    chosen, judged = watch_rollout(monkeypatch)
    assert player.rollout(game, node, seed=11) == 0.0
    seats = [(decision.player + step) % 3 for step in (1, 2, 3)]
    assert chosen == [(1, seat) for seat in seats]
    assert judged and game.table.round == 1
    assert game.pending is decision and game.to_move() is decision
    assert (list(game.table.log), game.table.stage, game.table.seat, game.table.round) == before


def test_a_rollout_from_the_last_worker_turn_of_a_round_goes_on_to_the_players_first_worker_action_of_the_next(
    monkeypatch,
):
    """FOLLOW_UPS = 1: a rollout ends once the player has chosen one more worker action of its own, so the round's
    last action is judged with the next round's first."""
    game = Game.new(every_card(), 3, 5, [None] * 3)
    rng, turns = random.Random(2), 0
    while True:
        decision = game.to_move()
        if decision.kind is DecisionKind.ACTION and decision.player == 0:
            turns += 1
            if turns == 3:  # workers: 3 a round
                break
        game.apply(rng.randrange(len(decision.options)))
    assert game.table.round == 1 and plan_module.FOLLOW_UPS == 1
    player = Plan(7, 0)
    node = player.explore(game, len(decision.options))[0]
    chosen, judged = watch_rollout(monkeypatch)
    player.rollout(game, node, seed=11)
    assert chosen[-1] == (2, 0) and [entry for entry in chosen if entry[1] == 0] == [(2, 0)]
    assert judged[-1] == 2
    assert game.pending is decision and game.table.round == 1
