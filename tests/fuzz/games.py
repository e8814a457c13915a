"""A generated card checked, compiled, put in play and played in a seeded game, with what came of it.

The card is put in play for one seat as though built earlier (a Building on its first free space, an Elder in its
council), and dealt as well: a Building onto the display, where any player may build it (its `requires` and cost
asked as for any card on offer), an Elder on top of a stack of the supply board. Then the game is played to the
end by random players, the invariant checker running after every step (tests/kit/invariants.py).

A game has a budget of steps instead of a wall-clock alarm: decisions asked, and hooks heard (an ability's guard
asked in answer to an event or moment). A game that spends it is a hang, whatever the machine's speed, and the same
game spends it at the same step on every run. The engine's own bounds (runtime/core/events.py) stop a card first:
the budget is set far above what they let one event or use take (see MOST_DECISIONS), so a game over it is one the
engine failed to stop (work spread over many events, each under its bound), not a card it stops.
"""

from __future__ import annotations

import dataclasses
import linecache
import re
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from compiler import compile_text, load_cards
from runtime.core.decisions import Decision, RandomPlayer
from runtime.core.events import MOST_HOOK_DECISIONS, MOST_HOOK_RUNS
from runtime.core.in_play import attach
from runtime.game.driver import Stage, run_segment
from runtime.game.setup import new_table
from runtime.mechanics.board import free_cells
from runtime.model.cards import CardSpec, Context
from runtime.model.errors import CardError
from runtime.model.state import CardInPlay, Table
from tests.fuzz.cards import NAME, Generated
from tests.kit.invariants import InvariantBroken, check_invariants, check_scores, goods_on_table
from tests.kit.table_kit import every_card

FILENAME = "fuzz.nus"
MOST_DECISIONS = 20 * MOST_HOOK_DECISIONS  # 40,000; a random game of the real cards asks about 500 at 5 players
MOST_HOOKS = 50 * MOST_HOOK_RUNS  # 100,000 hooks heard; a game of the real cards hears a few hundred
# The engine stops a card first in the shapes it bounds: one event or use asks at most MOST_HOOK_DECISIONS decisions
# and runs MOST_HOOK_RUNS hooks, far below these. A game over them spread its work over many events, turns or uses,
# each under its bound (whose product over a game is in the millions): the engine failed to stop it, a finding.
HEARD = ("when_built", "each_time", "at_moment", "any_time", "worker_space", "elder_use")


class OverBudget(Exception):
    """A game that spent its budget of steps: it would have run without end (or nearly)."""


@dataclass(frozen=True)
class Outcome:
    """What came of a card: `kind` is "refused" (the checker's codes in `detail`), "out" (no game of 2-5 players has
    it), "played", "stopped" (a CardError: the card and line named, by design), or a failure: "traceback", "hang" or
    "invariant". `signature` tells failures of one cause apart (the exception type and where it was raised, the
    invariant's name), `detail` says what happened."""

    kind: str
    signature: str = ""
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.kind in FAILURES


FAILURES = ("traceback", "hang", "invariant")


class Budget:
    """The steps a game may still take; `spend` raises OverBudget when one kind runs out."""

    def __init__(self) -> None:
        self.left = {"decisions": MOST_DECISIONS, "hooks": MOST_HOOKS}

    def spend(self, kind: str) -> None:
        self.left[kind] -= 1
        if self.left[kind] < 0:
            raise OverBudget(f"more than {MOST_DECISIONS if kind == 'decisions' else MOST_HOOKS} {kind} in one game")


BUDGET: list[Budget] = [Budget()]  # the game being played's (one game at a time in a process)


class CountingDecider(RandomPlayer):
    """A seeded random player that spends a step of the budget on each decision."""

    def choose(self, decision: Decision, game: Any) -> int:
        BUDGET[0].spend("decisions")
        return super().choose(decision, game)

    def pick(self, player: int, count: int) -> int:
        BUDGET[0].spend("decisions")
        return super().pick(player, count)


def counted_guard(guard: Callable[[Context], bool] | None) -> Callable[[Context], bool]:
    def heard(ctx: Context) -> bool:
        BUDGET[0].spend("hooks")
        return guard is None or guard(ctx)

    return heard


def counted(spec: CardSpec) -> CardSpec:
    """The card with each hook's guard spending a step of the budget (a guard of None holds, as the engine reads it)."""
    abilities = tuple(
        dataclasses.replace(ability, guard=counted_guard(ability.guard)) if ability.kind in HEARD else ability
        for ability in spec.abilities
    )
    return dataclasses.replace(spec, abilities=abilities)


@cache
def real_cards() -> tuple[CardSpec, ...]:
    return tuple(counted(spec) for spec in every_card())


def play_card(card: Generated, seed: int) -> Outcome:
    """Check the card; if it checks clean, play one seeded game of `card.players` players with it."""
    compiled = compile_text(card.file_text, FILENAME)
    if compiled.diagnostics:
        return Outcome("refused", ",".join(sorted({d.code for d in compiled.diagnostics})))
    specs = [counted(spec) for spec in load_cards(card.file_text, FILENAME)]
    fuzzed = next(spec for spec in specs if spec.name == NAME)
    if not fuzzed.in_game(card.players):
        return Outcome("out")
    BUDGET[0] = Budget()
    try:
        for table, start in steps(fuzzed, (*real_cards(), *specs), card.players, seed):
            check_invariants(table, start)
        check_scores(table)
    except CardError as stopped:
        return Outcome("stopped", type(stopped).__name__, str(stopped))
    except OverBudget as spent:
        return Outcome("hang", "over budget", str(spent))
    except MemoryError:  # a game held to the run's memory (run.py) that outgrew it: as good as a hang
        return Outcome("hang", "over memory", "more memory than a worker may use in one game")
    except InvariantBroken as broken:
        return Outcome("invariant", broken.rule, str(broken))
    except Exception as error:  # noqa: BLE001 - every other exception is what this harness looks for
        lines = [line + "\n" for line in card.file_text.splitlines()]  # this card's lines, whichever file loaded last
        linecache.cache[FILENAME] = (len(card.file_text), None, lines, FILENAME)
        return Outcome("traceback", where(error), "".join(traceback.format_exception(error)))
    return Outcome("played")


def steps(fuzzed: CardSpec, specs: tuple[CardSpec, ...], players: int, seed: int) -> Iterator[tuple[Table, dict]]:
    """The game step by step, each time with the goods the table was set up with: the table as set up, with the card
    dealt, at round 1's start, with the card put in play, then after each segment of the game (one worker turn, one
    player's haul, ...)."""
    table = new_table(players, specs, seed=seed, decider=CountingDecider(seed))
    start = goods_on_table(table)
    deal(table, fuzzed)
    yield table, start
    run_segment(table)  # round 1 begins: the card comes into play as its Fishing Phase starts
    yield table, start
    put_in_play(table, table.players[seed % players], fuzzed)
    yield table, start
    while table.stage != Stage.OVER:
        run_segment(table)
        yield table, start


def deal(table: Table, spec: CardSpec) -> None:
    """A Building onto the display (first, so the display's refill stays as it was), an Elder on top of a stack."""
    if spec.kind == "elder":
        table.elder_stacks[0].append(spec)
    else:
        table.display.insert(0, spec)


def put_in_play(table: Table, owner: Any, spec: CardSpec) -> CardInPlay:
    """As though built (or taken) earlier: the Building on its owner's first free space, the Elder in a seat."""
    if spec.kind == "elder":
        card = CardInPlay(spec, owner)
        owner.council.append(card)
    else:
        cells = free_cells(table, owner)
        card = CardInPlay(spec, owner, cell=cells[0])
        owner.buildings.append(card)
        owner.harbor.cells[cells[0]] = card
    attach(table, card)
    return card


def where(error: BaseException) -> str:
    """The exception's type, the innermost frame of the project's code (or the card file) it came from, and the first
    line of its message with numbers as N: one signature for one cause, whatever the card's numbers."""
    place = ""
    for frame in traceback.extract_tb(error.__traceback__):
        path = Path(frame.filename)
        if path.name == FILENAME or {"runtime", "compiler"} & set(path.parts):
            place = f" at {path.name}:{frame.name}"
    message = (str(error).splitlines() or [""])[0][:100]
    return re.sub(r"[0-9]+", "N", f"{type(error).__name__}{place}: {message}")
