"""The one driver: the stage machine that moves a game on, one segment at a time.

The position between segments lives in the table: `Table.stage` names the next step of the game and `Table.seat`
the place in turn order it is at. A segment is one step: the start of a round with the Fishing Phase's start, one
player's moment between turns in the Fishing Phase, one player's haul, one worker turn with the moment after it,
the end of a round with Returning Home, one player's moment before scoring. Between two segments no engine call is
under way, which is what lets the forward model (runtime/game/forward.py) mark, copy and replay a position.

Everything that plays a game plays it here: the forward model's Game (and through it `nus simulate`, `nus balance`,
`nus trace` and the look-ahead players), the worked examples' phases and rounds (`play_stages`), and the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from runtime.core.rules_in_force import hold_limits_after_step, rule
from runtime.game.actions import take_turn
from runtime.game.phases import (
    begin_round,
    between_actions,
    between_turns,
    end_fishing,
    end_of_round,
    fishing_phase_start,
    returning_home,
    scoring_starts,
)
from runtime.mechanics.board import haul_size
from runtime.mechanics.haul import distribute
from runtime.mechanics.shares import turn_order
from runtime.model.state import Player, Table


class Stage(StrEnum):
    """The next step of the game (Table.stage); equal to its lower-case name as a string."""

    ROUND = "round"
    FISHING_BETWEEN = "fishing_between"
    DISTRIBUTE = "distribute"
    WORK = "work"
    ROUND_END = "round_end"
    SCORING = "scoring"
    OVER = "over"


def run_segment(table: Table) -> None:
    """One step of the game from the position in `table.stage` and `table.seat`, then the next position. A limit worked
    out from counts the step changed holds at its end (rules_in_force.hold_limits_after_step)."""
    STAGES[table.stage](table)
    hold_limits_after_step(table)


def play_stages(table: Table, first: Stage, until: Stage) -> None:
    """Run the driver from the first seat of stage `first` to the next start of stage `until` (or the game's end),
    on the table as it stands, its session's decider answering: a worked example's phase or round, a test's."""
    table.stage, table.seat = first, 0
    run_segment(table)
    while table.stage != until and table.stage != Stage.OVER:
        run_segment(table)


def play_fishing_phase(table: Table) -> None:
    """The Fishing Phase: its start, each player's moment between turns, each player's haul, the Shares settled."""
    fishing_phase_start(table)
    play_stages(table, Stage.FISHING_BETWEEN, Stage.WORK)


def play_work_phase(table: Table) -> None:
    """The Work Phase: every worker turn of every player in turn order, each with the moment after it."""
    table.turn = 0
    play_stages(table, Stage.WORK, Stage.ROUND_END)


def play_whole_round(table: Table) -> None:
    """One whole round, from its start to Returning Home."""
    play_stages(table, Stage.ROUND, Stage.ROUND)


def play_rest_of_round(table: Table) -> None:
    """The rest of the round under way, its Fishing Phase over: its worker turns not yet taken (none once every
    Worker has had its turn), its end and Returning Home."""
    first = Stage.WORK if table.turn < rule(table, None, "workers") else Stage.ROUND_END
    play_stages(table, first, Stage.ROUND)


def start_round(table: Table) -> None:
    if table.round >= rule(table, None, "rounds"):
        table.stage, table.seat = Stage.SCORING, 0
        return
    table.round_starts.append(table.turn_counter)
    begin_round(table)
    fishing_phase_start(table)
    table.stage, table.seat = Stage.FISHING_BETWEEN, 0


def fishing_between(table: Table) -> None:
    between_turns(table, seated(table))
    next_seat(table, Stage.DISTRIBUTE)


def distribute_haul(table: Table) -> None:
    player = seated(table)
    distribute(table, player, haul_size(table, player))
    if next_seat(table, Stage.WORK):
        end_fishing(table)
        between_actions(table)


def worker_turn(table: Table) -> None:
    if table.seat == 0:
        table.turn += 1
    player = seated(table)
    player.turns_taken = table.turn
    take_turn(table, player)
    between_actions(table)
    if next_seat(table, Stage.WORK) and table.turn >= rule(table, None, "workers"):
        table.stage = Stage.ROUND_END


def round_end(table: Table) -> None:
    end_of_round(table)
    between_actions(table)
    returning_home(table)
    between_actions(table)
    table.stage, table.seat = Stage.ROUND, 0


def before_scoring(table: Table) -> None:
    """One player's before-scoring moment; after the last, the start of scoring (phases.scoring_starts)."""
    between_turns(table, seated(table))
    if next_seat(table, Stage.OVER):
        scoring_starts(table)


def seated(table: Table) -> Player:
    return turn_order(table)[table.seat]


def next_seat(table: Table, then: Stage) -> bool:
    """The next seat of this stage, or the first of `then`; True when the stage is done."""
    if table.seat + 1 < len(table.players):
        table.seat += 1
        return False
    table.stage, table.seat = then, 0
    return True


STAGES: dict[str, Callable[[Table], None]] = {
    Stage.ROUND: start_round,
    Stage.FISHING_BETWEEN: fishing_between,
    Stage.DISTRIBUTE: distribute_haul,
    Stage.WORK: worker_turn,
    Stage.ROUND_END: round_end,
    Stage.SCORING: before_scoring,
}
