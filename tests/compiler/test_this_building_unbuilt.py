"""A count of what lies on or under "this building" where the Building is not built yet (issue 36 §1): `requires
elders under this building = 0` checked clean and crashed when the engine asked what could be built. A card's
requires and cost are refused such counts (E0321); its vp and abilities, asked while it is in play, keep them."""

from __future__ import annotations

import pytest

from compiler import compile_text

HEAD = 'building "Shed" (trout A901)\n'
COUNTS = (
    "elders under this building",
    "forests on this building",
    "fish on this building",
    "printed ship values on this building",
)


@pytest.mark.parametrize("count", COUNTS)
def test_requires_reading_this_building_is_refused(count: str) -> None:
    text = f"{HEAD}  cost 1 wood\n  vp 1\n  requires {count} = 0\n"
    (found,) = compile_text(text, "shed.nus").diagnostics
    assert (found.code, found.message) == (
        "E0321",
        f"'{count}' reads this Building, which is not built yet when its requires and cost are asked",
    )
    assert found.help == "read it in an ability or in 'vp', once the Building is in play"
    assert (found.span.line, found.span.column, found.span.end_column) == (4, 12, 12 + len(count))


def test_a_cost_reading_this_building_is_refused() -> None:
    text = f"{HEAD}  cost (forests on this building + 1) wood\n  vp 1\n"
    assert [d.code for d in compile_text(text, "shed.nus").diagnostics] == ["E0321"]


@pytest.mark.parametrize("count", COUNTS)
def test_vp_and_abilities_read_this_building(count: str) -> None:
    text = f"{HEAD}  cost 1 wood\n  vp {count}\n  as soon as {count} >= 1:\n    take 1 wood\n"
    assert compile_text(text, "shed.nus").diagnostics == ()
