"""The forward model: a game resumed from a copy at every move, or answered move by move, plays as straight play."""

import pytest

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


def test_a_copy_plays_on_with_deciders_of_its_own_so_the_original_plays_as_if_never_copied() -> None:
    """The game's own seeded decider is copied with its random stream: a copy played out with it draws from the
    copy's stream, and the original then plays the very game it would have played without the copy."""
    specs = list(every_card())
    untouched, copied = Game.new(specs, 3, seed=7), Game.new(specs, 3, seed=7)
    for game in (untouched, copied):
        for _ in range(30):
            game.apply(0)
    copy_scores = copied.copy().play_out()
    scores = untouched.play_out()
    assert copied.play_out() == scores
    assert copied.table.log == untouched.table.log
    assert copy_scores == scores  # the copy, from the same position and stream, played the same game too


def test_a_released_mark_or_one_undone_past_is_refused_and_the_game_is_left_as_it_was() -> None:
    """Undo to a mark after releasing it (or after its `with` block) would take back only part of what came since:
    refused, the position untouched. So is an inner mark once an undo to an outer one took back its changes."""
    game = Game.new(list(every_card()), 3, seed=5)
    for _ in range(10):
        game.apply(0)
    with game.mark() as mark:
        for _ in range(6):
            game.apply(0)
        decision, log = game.to_move(), list(game.table.log)
    with pytest.raises(ValueError, match="released"):
        game.undo(mark)
    assert game.to_move() == decision and game.table.log == log
    with pytest.raises(ValueError, match="released already"):
        game.release(mark)
    outer = game.mark()
    for _ in range(6):  # whole worker turns: the table changes
        game.apply(0)
    game.to_move()
    inner = game.mark()
    game.undo(outer)
    game.apply(1)
    game.to_move()
    after = list(game.table.log)
    with pytest.raises(ValueError, match="undone past"):
        game.undo(inner)
    assert game.table.log == after
    game.release(inner)
    game.undo(outer)
    game.release(outer)


def test_an_answer_is_an_options_index_and_nothing_else() -> None:
    game = Game.new(list(every_card()), 2, seed=3)
    decision = game.to_move()
    for wrong in (True, "1", 1.0):
        with pytest.raises(TypeError, match="index, an int"):
            game.apply(wrong)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        game.apply(len(decision.options))
    assert game.to_move() == decision and game.answers == []
