"""The last Ship of a type taken twice (issue 36 §1, the generator's negative count): a hook before placing a Ship
builds another of the same type, and the outer build then took a Ship the supply board no longer had (ships left
-1). Ruling: the supply board holds a fixed number of each type ("Ships and Elders supply board: Ships per type
limited", /work/shared/base-rules-notes.md); a Ship is taken from it once paid for, so a build whose Ship another
build took meanwhile cannot be completed and, as every action that cannot be completed, has no effect."""

from __future__ import annotations

import pytest

from tests.fuzz.cards import Generated
from tests.fuzz.games import play_card

NESTED = (
    'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n'
    "  each time before you place a ship:\n    you may: build a ship\n"
)


@pytest.mark.slow
def test_a_ship_built_while_another_is_placed_never_takes_one_the_board_has_not() -> None:
    """Over seeded games (tests/fuzz/games.py: every count checked after every step): no count goes below 0 and no
    traceback; the nested builds either complete or stop at the depth guard naming the card."""
    outcomes = [play_card(Generated(NESTED, 2, "building"), seed) for seed in range(12)]
    assert [(o.kind, o.signature) for o in outcomes if o.kind not in ("played", "stopped")] == []
    assert {o.signature for o in outcomes if o.kind == "stopped"} <= {"TriggerLoop"}
