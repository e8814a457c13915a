"""The forward model: a game resumed from a copy at every move, or answered move by move, plays as straight play."""

from runtime.analysis.simulate import play_game
from runtime.engine.decisions import RandomDecider
from runtime.engine.forward import Game
from tests.kit.table_kit import every_card


def test_straight_play_resumed_play_and_move_by_move_play_give_the_same_log() -> None:
    specs = list(every_card())
    straight = Game.new(specs, 3, seed=7)
    scores = straight.play_out()
    table, _ = play_game(specs, 3, seed=7)
    assert straight.table.log == table.log  # the same game as the engine's own loop

    resumed, decider, moves = Game.new(specs, 3, seed=7), RandomDecider(7), 0
    while (decision := resumed.to_move()) is not None:
        resumed = resumed.copy()  # a copy at every move, decisions inside effects included
        resumed.apply(decider.choose(decision, resumed.table))
        moves += 1
    assert moves > 100
    assert resumed.table.log == straight.table.log
    assert resumed.scores() == scores


def test_a_copy_played_out_leaves_the_original_untouched_and_undo_goes_back_to_the_mark() -> None:
    specs = list(every_card())
    game = Game.new(specs, 2, seed=3)
    for _ in range(20):
        game.apply(0)
    decision = game.to_move()
    log = game.table.log
    game.copy().play_out(RandomDecider(1))
    assert game.table.log == log and game.to_move() == decision
    mark = game.mark()
    game.play_out()
    assert game.over
    game.undo(mark)
    assert game.table.log == log and game.to_move() == decision
