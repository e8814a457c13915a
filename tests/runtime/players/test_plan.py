"""The plan player: it looks past the current turn through the forward model and leaves the game as it found it, a
seed fixes its play, and a seat answered from outside by it plays the game `play_out` plays.

Whether it beats `search` is measured with `nus balance --ladder plan,search --players 3` (docs/balance.md)."""

from __future__ import annotations

from runtime.core.decisions import RandomPlayer
from runtime.game.driver import Stage
from runtime.game.forward import Game
from runtime.players import PLAYERS, seat_deciders
from runtime.players.plan import Plan
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
