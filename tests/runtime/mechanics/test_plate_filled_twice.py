"""A plate filled twice (issue 36 §1, the generator's lost fish): a Guest spent to fill a plate is returned before
the plate is filled, and a hook on that return (`each time after you return a guest: serve fish`) fills the same
plate, still empty; the first fill then wrote its fish over the hook's, which left the table. Ruling, from the
rulebook's order ("return one or more Guests ... to fill one plate per Guest spent, without spending fish. If you
do, place 1 fish from the general supply on each such plate"): the plate is the one the Guest was spent on, so it
is filled before the payment's events are heard, and a hook finds it full."""

from __future__ import annotations

from tests.fuzz.cards import Generated
from tests.fuzz.games import play_card

HOOKED = (
    'building "Fuzzed" (trout A999)\n  cost none\n  vp 1\n  when built:\n    take 6 guests\n'
    "  each time after you return a guest:\n    serve fish\n"
)


def test_a_hook_on_the_guest_paid_for_a_plate_never_fills_that_plate_again() -> None:
    """Seeded games at 3 players (tests/fuzz/games.py: every good conserved after every step); the hook serves on
    most of them."""
    outcomes = [play_card(Generated(HOOKED, 3, "building"), seed) for seed in range(12)]
    assert [(o.kind, o.signature) for o in outcomes] == [("played", "")] * 12
