"""Where a play session meets the engine: the forward model with every seat answered from outside.

The session answers each question itself, a bot's from the bot in that seat and a person's from what they typed,
so one loop replays a saved game, takes an undo back and plays on; a bot is handed the game itself, as `play_out`
would hand it. A card given with `--give` is put into play at the start of its round, inside that round's first
segment (Game.at_round_start), as `nus trace --give` and `nus balance` give it: a question its when-built asks is
asked of the seat like any other. Nothing outside this module touches the engine's game directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from runtime.analysis.games import Grant, grant
from runtime.core.decisions import Decision
from runtime.game.forward import Game
from runtime.model.cards import CardSpec
from runtime.model.state import Table
from runtime.players import PLAYERS, seat_seed


class PlayedGame:
    """One game at a question: `question` is the Decision waiting (None once the game is over), `table` the table."""

    def __init__(self, specs: Sequence[CardSpec], players: int, seed: int, given: Grant | None):
        self.game = Game.new(specs, players, seed)  # every seat answered here
        if given is not None:
            self.game.at_round_start(given.round, lambda table: grant(table, given))

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def granted(self) -> bool | None:
        """Whether the given card found a space (None: no card given, or its round has not come)."""
        starts = self.game.round_starts
        return starts[0].result if starts else None

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
    return player.choose(decision, game.game)
