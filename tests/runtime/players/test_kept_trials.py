"""A look-ahead trial kept for the player's answers (Planner.known) changes no game: a look-ahead player plays the game
it plays when every trial is played, and a trial kept is one no hidden card's move played a part in (Watch)."""

from __future__ import annotations

import pytest

from runtime.analysis.games import Setup, play
from runtime.core.decisions import RandomPlayer
from runtime.game.forward import Game
from runtime.players.lookahead import Sampler, Watch
from tests.kit.table_kit import every_card


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["greedy", "search"])
@pytest.mark.parametrize("seed", [3, 8])
def test_the_trials_kept_leave_every_game_as_it_is_when_every_trial_is_played(agent, seed, monkeypatch):
    """Fails if a kept trial skipped its random bits (the seat's stream, and so the game, would move) or answered
    another action's or answers' trial. On these seeds no trial a hidden card's move played a part in changes the
    choice either way: the Watch has a test of its own below."""
    setup = Setup(seed, (agent,) * 3, keep_log=True)
    kept = play(every_card(), setup)
    monkeypatch.setattr(Sampler, "by_answers", property(lambda sampler: False))  # every trial played
    assert play(every_card(), setup) == kept


def test_a_watch_sees_a_hidden_card_move_even_when_it_is_put_back_and_nothing_else():
    game = Game.new(every_card(), 3, 5, [None] * 3)
    game.to_move()
    table = game.table
    deck, hand = table.decks["B"], table.players[1].hand
    before = (list(deck), list(hand), dict(table.players[0].supply))
    with game.trying(RandomPlayer(1)):
        with Watch(table) as watch:
            table.players[0].supply["wood"] += 2
            table.display.append(table.display.pop())
        assert not watch.changed
        with Watch(table) as watch:
            deck.append(deck.pop())
        assert watch.changed
        with Watch(table) as watch:
            hand.append(deck.pop())
        assert watch.changed and len(hand) == len(before[1]) + 1
    assert (list(deck), list(hand), dict(table.players[0].supply)) == before  # undone through the journal
    assert deck._journal is hand._journal is table._journal
