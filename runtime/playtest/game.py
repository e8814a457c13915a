"""Where a play session meets the engine: the forward model with every seat answered from outside.

The session answers each question itself, a bot's from the bot in that seat and a person's from what they typed,
so one loop replays a saved game, takes an undo back and plays on; a bot sees the same game object `play_out` would
hand it. A card given with `--give` is put into play at the start of its round, as `nus trace --give` and `nus balance`
give it (GivingGame: the forward model has no grants of its own yet). Nothing outside this module touches the
engine's game directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from runtime.analysis.games import Grant, grant
from runtime.core.decisions import Decider, Decision
from runtime.game.forward import Game, Pending, run_segment
from runtime.model.cards import CardSpec
from runtime.model.state import Table
from runtime.players import PLAYERS, seat_seed


class Outside:
    """The decider of a seat answered from outside: the game asks `to_move`'s caller, never this."""

    def choose(self, decision: Decision, table: Any) -> int:
        raise AssertionError(f"a seat answered from outside was asked inside the engine: {decision.prompt}")


class GivingGame(Game):
    """The forward model's game with a card given at the start of a round: the grant runs inside that round's first
    segment, so a question its when-built asks is asked of the seat like any other (and replayed like any other)."""

    given: Grant | None = None
    granted: bool | None = None

    def advance(self, decider: Decider) -> None:
        table = self.table
        given = self.given
        if given is None or self.granted is not None or table.stage != "round" or table.round + 1 != given.round:
            super().advance(decider)
            return
        own, table.decider = table.decider, decider
        with table.snapshot() as start:
            try:
                self.granted = grant(table, given)
                run_segment(table)
            except Pending as waiting:
                table.restore(start)
                self.granted, self.pending = None, waiting.decision
                return
            except BaseException:
                table.restore(start)
                self.granted = None
                raise
            finally:
                table.decider = own
        self.answers = []

    def copy(self) -> GivingGame:
        other = super().copy()
        other.__class__ = GivingGame
        other.given, other.granted = self.given, self.granted
        return other


class PlayedGame:
    """One game at a question: `question` is the Decision waiting (None once the game is over), `table` the table."""

    def __init__(self, specs: Sequence[CardSpec], players: int, seed: int, given: Grant | None):
        game = GivingGame.new(specs, players, seed, [Outside()] * players)
        assert isinstance(game, GivingGame)
        game.given = given
        self.game = game

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def granted(self) -> bool | None:
        """Whether the given card found a space (None: no card given, or its round has not come)."""
        return self.game.granted

    def question(self) -> Decision | None:
        return self.game.to_move()

    def answer(self, index: int) -> None:
        self.game.apply(index)

    def copy(self) -> PlayedGame:
        """An independent game at the same question, with no tracer (a hint's look-ahead is no part of the log)."""
        other = PlayedGame.__new__(PlayedGame)
        other.game = self.game.copy()
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
