"""The forward model: a game position that can be copied, asked who is to move, answered, and played out.

The position lives in the table: `Table.stage` names the next step of the game ("round", "fishing_between",
"distribute", "work", "round_end", "scoring", "over") and `Table.seat` the place in turn order it is at;
between two such steps (a segment: one worker turn with the moment after it, one player's haul, ...) no
Python call is in progress. Inside a segment the position is the table at its start plus the answers given
since: `apply` only records an answer, and `to_move` replays the segment with the answers and stops at the next
question (a `Replay` decider raises `Pending` when its answers run out), so decisions inside effects (which plate,
which space, pay how) are moves like any other. Two things follow. The table shows a move only once its segment
has run to its end (`answers` is empty again): a look-ahead finishes the segment (`play_out`, or `to_move`/`apply`
while `answers` is not empty) before it reads the table. And a Decision asked again at one position (after an undo,
in a copy) is the same question, not the same objects: the replay builds a card built earlier in the segment again,
so options are compared by index and label, not by identity.

    game = Game.new(specs, players=3, seed=7)          # deciders default to one seeded RandomDecider
    other = game.copy(); other.play_out([RandomDecider(1)] * 3)   # a look-ahead on a copy (which holds the hidden
    mark = game.mark(); ...; game.undo(mark)           # cards too: lookahead.redeal), or try and take back in place
    while (decision := game.to_move()) is not None:    # the pending Decision of the player to move
        game.apply(choose(decision))                   # an index into decision.options
    game.scores()                                      # {player: total}, exact Fractions

Straight play (`play_out`) and play resumed from a copy at every step give identical logs (tested), and a game of
`nus simulate --seed S` is `Game.new(specs, N, S, seat_deciders(agents, S))` played out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from runtime.core.decisions import Decider, Decision, RandomDecider, describe, option_index
from runtime.core.rules_in_force import rule
from runtime.game.actions import take_turn
from runtime.game.phases import (
    before_scoring_of,
    begin_round,
    between_turns,
    end_fishing,
    end_of_round,
    fishing_phase_start,
    returning_home,
)
from runtime.game.setup import new_table
from runtime.mechanics.board import haul_size
from runtime.mechanics.haul import distribute
from runtime.mechanics.scoring import score
from runtime.mechanics.shares import turn_order
from runtime.model.state import Mark as TableMark
from runtime.model.state import Session, Table
from runtime.wording import counted


class Pending(Exception):  # noqa: N818 (a question waiting, not an error)
    """Raised by a Replay decider whose answers ran out: the game waits for `decision`."""

    def __init__(self, decision: Decision):
        super().__init__(decision.prompt)
        self.decision = decision


class Replay:
    """Gives the recorded answers in order; then asks `then`, or raises Pending when there is none."""

    def __init__(self, answers: Sequence[int], then: Decider | None = None):
        self.answers = list(answers)
        self.given = 0
        self.then = then

    def choose(self, decision: Decision, table: Any) -> int:
        if self.given < len(self.answers):
            self.given += 1
            return self.answers[self.given - 1]
        if self.then is None:
            raise Pending(decision)
        return self.then.choose(decision, table)


class Seats:
    """Routes each decision to the decider of the player it is asked of (one decider serves every seat)."""

    def __init__(self, deciders: Decider | Sequence[Decider]):
        self.deciders = deciders

    def choose(self, decision: Decision, table: Any) -> int:
        deciders = self.deciders
        decider = deciders[decision.player] if isinstance(deciders, (list, tuple)) else deciders
        return decider.choose(decision, table)


def every_seat_answered(deciders: Decider | Sequence[Decider], players: int) -> Decider | Sequence[Decider]:
    """The deciders as given, refused now if they cannot answer every seat (not with an IndexError mid-game): one
    decider, or a list or tuple of one for each player, each with a `choose`."""
    if isinstance(deciders, (list, tuple)):
        if len(deciders) != players:
            raise ValueError(
                f"{counted(len(deciders), 'decider')} for {counted(players, 'player')}: give one for each seat"
            )
        each = deciders
    else:
        each = (deciders,)
    for decider in each:
        if not callable(getattr(decider, "choose", None)):
            raise TypeError(f"a decider has a choose(decision, table) method; {decider!r} has none")
    return deciders


@dataclass
class Mark:
    """A game position to undo to, as often as needed; `with game.mark() as mark:` releases it at the end."""

    table_mark: TableMark
    answers: list[int]

    def __enter__(self) -> Mark:
        return self

    def __exit__(self, *exc: object) -> None:
        self.table_mark.__exit__(*exc)


class Game:
    """A position of one game: the table at the last segment boundary and the answers given since."""

    def __init__(self, table: Table, specs: Sequence[Any], deciders: Decider | Sequence[Decider]):
        self.table = table
        self.specs = tuple(specs)
        self.deciders = every_seat_answered(deciders, len(table.players))
        self.answers: list[int] = []
        self.pending: Decision | None = None

    @classmethod
    def new(
        cls, specs: Sequence[Any], players: int, seed: int, deciders: Decider | Sequence[Decider] | None = None
    ) -> Game:
        """A game before round 1. The seed fixes the deal (and the default decider's choices): it must be a whole
        number, as None would make a game no one can play again; `players` one of the counts the rules set up."""
        seed = option_index(seed, f"a game's seed is a whole number, not {seed!r}: the seed is what replays a game")
        players = option_index(players, f"players is a whole number, not {players!r}")
        table = new_table(players, specs, seed=seed)
        return cls(table, specs, deciders if deciders is not None else RandomDecider(seed))

    def copy(self) -> Game:
        """An independent game at the same position: its own table, session and deciders (copied with their random
        streams, so playing the copy on leaves the original's own play as it was); specs and rules shared. It holds
        what a player cannot see (every deck's order, every hand): a fair look-ahead re-deals it (lookahead.redeal)."""
        memo: dict[int, Any] = {id(self.table.rules): self.table.rules}
        for spec in self.specs:
            memo[id(spec)] = spec
            for ability in spec.abilities:
                memo[id(ability)] = ability
        memo[id(self.table.session)] = Session()
        table = copy.deepcopy(self.table, memo)
        table.session.events = list(self.table.session.events)
        other = Game(table, self.specs, copy.deepcopy(self.deciders, memo))
        other.answers, other.pending = list(self.answers), self.pending
        return other

    @property
    def over(self) -> bool:
        return self.table.stage == "over"

    def to_move(self) -> Decision | None:
        """The decision the game waits for (None when it is over), playing on until a question is asked."""
        while self.pending is None and not self.over:
            self.advance(Replay(self.answers))
        return self.pending

    def apply(self, index: int) -> None:
        """Answer the pending decision with the index of one of its options (any integral number, not a truth)."""
        decision = self.to_move()
        if decision is None:
            raise ValueError("the game is over")
        index = option_index(index, f"an option is answered by its index, an int, not {index!r}")
        if not 0 <= index < len(decision.options):
            raise IndexError(f"option {index} of {len(decision.options)}: {describe(decision)}")
        self.answers.append(index)
        self.pending = None

    def play_out(self, deciders: Decider | Sequence[Decider] | None = None) -> dict[int, Fraction]:
        """Play to the end with `deciders` (the game's own by default) and return the scores."""
        seats = Seats(self.deciders if deciders is None else every_seat_answered(deciders, len(self.table.players)))
        while not self.over:
            self.pending = None
            self.advance(Replay(self.answers, then=seats))
        return self.scores()

    def scores(self) -> dict[int, Fraction]:
        return {player.index: score(self.table, player)["total"] for player in self.table.players}

    def mark(self) -> Mark:
        """Changes are journaled while a mark is open: release it (`release` or a `with`) when done. The game's
        deciders are not part of the position: undo takes the table and the answers back, not a decider's random
        stream (to play the same future twice, play it on copies)."""
        return Mark(self.table.snapshot(), list(self.answers))

    def undo(self, mark: Mark) -> None:
        self.table.restore(mark.table_mark)
        self.answers, self.pending = list(mark.answers), None

    def release(self, mark: Mark) -> None:
        self.table.release(mark.table_mark)

    def advance(self, decider: Decider) -> None:
        """Run the next segment; on a question left unanswered, put the table back and keep the question. On an error
        (a decider's answer refused, a card that loops) the table is put back too: the game stays at a position."""
        table = self.table
        own, table.decider = table.decider, decider
        with table.snapshot() as start:
            try:
                run_segment(table)
            except Pending as waiting:
                table.restore(start)
                self.pending = waiting.decision
                return
            except BaseException:
                table.restore(start)
                raise
            finally:
                table.decider = own
        self.answers = []


def run_segment(table: Table) -> None:
    """One step of the game from the position in `table.stage` and `table.seat`, then the next position."""
    STAGES[table.stage](table)


def start_round(table: Table) -> None:
    if table.round >= rule(table, None, "rounds"):
        table.stage, table.seat = "scoring", 0
        return
    begin_round(table)
    fishing_phase_start(table)
    table.stage, table.seat = "fishing_between", 0


def fishing_between(table: Table) -> None:
    between_turns(table, seated(table))
    next_seat(table, "distribute")


def distribute_haul(table: Table) -> None:
    player = seated(table)
    distribute(table, player, haul_size(table, player))
    if next_seat(table, "work"):
        end_fishing(table)


def worker_turn(table: Table) -> None:
    if table.seat == 0:
        table.turn += 1
    player = seated(table)
    player.turns_taken = table.turn
    take_turn(table, player)
    between_turns(table, player)
    if next_seat(table, "work") and table.turn >= rule(table, None, "workers"):
        table.stage = "round_end"


def round_end(table: Table) -> None:
    end_of_round(table)
    returning_home(table)
    table.stage, table.seat = "round", 0


def before_scoring(table: Table) -> None:
    before_scoring_of(table, seated(table))
    next_seat(table, "over")


def seated(table: Table) -> Any:
    return turn_order(table)[table.seat]


def next_seat(table: Table, then: str) -> bool:
    """The next seat of this stage, or the first of `then`; True when the stage is done."""
    if table.seat + 1 < len(table.players):
        table.seat += 1
        return False
    table.stage, table.seat = then, 0
    return True


STAGES: dict[str, Callable[[Table], None]] = {
    "round": start_round,
    "fishing_between": fishing_between,
    "distribute": distribute_haul,
    "work": worker_turn,
    "round_end": round_end,
    "scoring": before_scoring,
}
