"""Every outcome a player's answers can reach, whatever the questions are called.

A rulebook "you may" says which results a player can bring about, not how the runtime asks. `outcomes` replays a
scenario once per path through its questions (each option of each question, depth first) and collects what each
path leaves on the table, so a test can assert the exact set: every result the rulebook allows is reachable, and
nothing else is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from runtime.core.decisions import Decision
from runtime.game.setup import new_table
from runtime.model.state import IllegalAction, Table
from tests.kit.table_kit import picture

REFUSED = "refused, the table as it was"
MOST_QUESTIONS = 200  # in one path: more means an offer that never ends (e.g. an any-time ability always taken)
Fixed = Callable[[Decision], int | None]


@dataclass
class PathDecider:
    """Answers along one path: the given option indexes, then the first option; `fixed` answers the questions a
    test does not explore (e.g. which Building space) and those are not branches."""

    path: tuple[int, ...]
    fixed: Fixed | None = None
    branches: list[tuple[Decision, int]] = field(default_factory=list)

    def choose(self, decision: Decision, table: object) -> int:
        if self.fixed is not None and (index := self.fixed(decision)) is not None:
            return index
        depth = len(self.branches)
        assert depth < MOST_QUESTIONS, f"more than {MOST_QUESTIONS} questions on one path, the last: {decision.prompt}"
        index = self.path[depth] if depth < len(self.path) else 0
        self.branches.append((decision, index))
        return index


def outcomes(
    players: int,
    specs: tuple,
    act: Callable[[Table], object],
    observe: Callable[[Table], Hashable],
    fixed: Fixed | None = None,
    setup: Callable[[Table], None] = lambda table: None,
    limit: int = 400,
) -> set[Hashable]:
    """The set of `observe(table)` over every path of answers to `act`; a refused action gives REFUSED when it
    leaves the table as it was (and fails the test otherwise: a failed action must change nothing)."""
    found: set[Hashable] = set()
    pending: list[tuple[int, ...]] = [()]
    runs = 0
    while pending:
        runs += 1
        assert runs <= limit, f"more than {limit} answer paths: fix more questions with `fixed`"
        path = pending.pop()
        decider = PathDecider(path, fixed)
        table = new_table(players, specs, seed=0, decider=decider)
        table.round = 1
        setup(table)
        before = picture(table)
        try:
            act(table)
        except IllegalAction:
            assert picture(table) == before, "a refused action changed the table"
            found.add(REFUSED)
        else:
            found.add(observe(table))
        for depth in range(len(path), len(decider.branches)):
            decision, _ = decider.branches[depth]
            taken = tuple(index for _, index in decider.branches[:depth])
            pending.extend(taken + (other,) for other in range(1, len(decision.options)))
    return found
