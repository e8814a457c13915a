"""Where a play session meets the engine: the forward model with every seat answered from outside.

The session answers each question itself, a bot's from the bot in that seat and a person's from what they typed,
so one loop replays a saved game, takes an undo back and plays on; a bot sees the same game object `play_out` would
hand it. A card given with `--give` is put into play at the start of its round, between two segments, as
`nus trace --give` and `nus balance` give it. Nothing outside this module touches the engine's game directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from runtime.analysis.games import Grant, grant
from runtime.engine.decisions import Decision
from runtime.engine.forward import Game, Replay
from runtime.model.cards import CardSpec
from runtime.model.state import Table
from runtime.players import PLAYERS, seat_seed


class Outside:
    """The decider of a seat answered from outside: the game asks `to_move`'s caller, never this."""

    def choose(self, decision: Decision, table: Any) -> int:
        raise AssertionError(f"a seat answered from outside was asked inside the engine: {decision.prompt}")


class PlayedGame:
    """One game at a question: `question` is the Decision waiting (None once the game is over), `table` the table."""

    def __init__(self, specs: Sequence[CardSpec], players: int, seed: int, given: Grant | None, tracer: Any = None):
        self.game = Game.new(specs, players, seed, [Outside()] * players)
        self.given = given
        self.granted: bool | None = None
        self.table.session.tracer = tracer

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def over(self) -> bool:
        return self.game.over

    def question(self) -> Decision | None:
        """The next question, with a card given at the start of its round on the way."""
        game = self.game
        while game.pending is None and not game.over:
            if self.given is not None and self.granted is None and not game.answers and self.starts_given_round():
                self.granted = grant(game.table, self.given)
            game.advance(Replay(game.answers))
        return game.pending

    def starts_given_round(self) -> bool:
        table = self.table
        return table.stage == "round" and self.given is not None and table.round + 1 == self.given.round

    def answer(self, index: int) -> None:
        self.game.apply(index)

    def copy(self) -> PlayedGame:
        """An independent game at the same question, with no tracer (a hint's look-ahead is no part of the log)."""
        other = PlayedGame.__new__(PlayedGame)
        other.game, other.given, other.granted = self.game.copy(), self.given, self.granted
        return other

    def scores(self) -> dict[int, Any]:
        return self.game.scores()


def bot(agent: str, seed: int, seat: int) -> Any:
    """The player `agent` in `seat`, seeded as `nus simulate` and `nus balance` seed it."""
    return PLAYERS[agent](seat_seed(seed, seat), seat)


def bot_later(agent: str, seed: int, seat: int, answered: int) -> Any:
    """A bot sitting down after `answered` answers (a loaded game, a hint): seeded by the position, so the same
    position always gets the same bot."""
    return PLAYERS[agent](random.Random(f"nus play {seed} {seat} {answered}").getrandbits(64), seat)


def bot_choice(player: Any, decision: Decision, game: PlayedGame) -> int:
    return player.choose(decision, game.table)
