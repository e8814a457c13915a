"""An amount that feeds on what its own effect brings (issue 36 §1, the 100,000-card run's one hang, seed 3 card 349
on db6da0f): `put (goods in supply) fish on each elder` with an extra turn to use it again grows the goods
geometrically, and the effect's work with them; the budget of steps counts decisions and hooks, so the game ran
without end. An amount worked out in play is held to the language's limit on every number, and one above it stops
the card with its file, line, the amount and the limit."""

from __future__ import annotations

import re

import pytest

import runtime.library
from runtime.model.arithmetic import MAX_NUMBER
from tests.fuzz.cards import Generated
from tests.fuzz.games import FILENAME, play_card
from tests.kit.table_kit import every_card, played

SELF_FEEDING = """building "Fuzzed" (trout A999)
  cost none
  vp 1
  at any time:
    put (goods in supply) fish on each elder
    take an extra turn
"""

REPEATED = """building "Fuzzed" (trout A999)
  cost none
  vp 1
  at any time:
    up to (goods in supply) times:
      take 3 fish
"""


def stops(text: str, line: str) -> None:
    """On every seed the card stops with its file, the line of the amount, the amount worked out and the limit."""
    card = Generated(text, 2, "building")
    number = card.file_text.splitlines().index(line) + 1
    message = re.compile(
        rf'{FILENAME}:{number}: card "Fuzzed" works out an amount of ([0-9,]+), above {MAX_NUMBER:,}, the most of '
        "every number; an amount must not grow with what its own effect brings"
    )
    for seed in range(4):
        outcome = play_card(card, seed)
        assert (outcome.kind, outcome.signature) == ("stopped", "AmountTooLarge"), outcome.detail[-600:]
        found = message.fullmatch(outcome.detail)
        assert found, outcome.detail
        assert int(found[1].replace(",", "")) > MAX_NUMBER


def test_an_amount_that_feeds_on_its_effect_stops_naming_card_line_and_amount() -> None:
    stops(SELF_FEEDING, "    put (goods in supply) fish on each elder")


def test_a_repeat_count_is_an_amount_too() -> None:
    stops(REPEATED, "    up to (goods in supply) times:")


def test_the_real_cards_amounts_stay_far_below_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games of the real cards at 2-5 players: every amount worked out in play is far below the limit, so no real
    card is stopped by it (and amounts are worked out: the check is not vacuous)."""
    seen: list[int] = []
    amount = runtime.library.amount

    def recording(ctx, value):  # noqa: ANN001, ANN202 - amount's own
        seen.append(value)
        return amount(ctx, value)

    monkeypatch.setattr(runtime.library, "amount", recording)
    for seed in range(2):
        for players in (2, 3, 4, 5):
            played(every_card(), players, seed)
    assert len(seen) > 20
    assert max(seen) <= MAX_NUMBER // 10, max(seen)
