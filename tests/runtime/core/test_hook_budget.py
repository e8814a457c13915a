"""Hook chains that branch (issue 36 §1): a hook whose effect sets off its own event several times over (`up to N
times: ... deforest` before each deforest) stays shallow while its runs multiply, so the depth guard never fires and
the game ran for ever. A budget on the hook runs in answer to one event stops it with the same card-and-line error
as the depth guard; the real cards' longest chain is a few runs."""

from __future__ import annotations

import pytest

from runtime.core import events
from tests.fuzz.cards import Generated
from tests.fuzz.games import FILENAME, play_card
from tests.kit.table_kit import every_card, played

BRANCHING = """building "Fuzzed" (trout A999)
  cost none
  vp 1
  each time before any player deforest:
    up to (haul size) times:
      take an extra turn
      deforest
"""


FILE_TEXT = Generated(BRANCHING, 2, "building").file_text
HOOK_LINE = FILE_TEXT.splitlines().index("  each time before any player deforest:") + 1


@pytest.mark.slow
def test_a_branching_hook_chain_stops_naming_its_card_and_line() -> None:
    """Played in games with a budget of steps (tests/fuzz/games.py): a hang spends it, and the card must stop first.
    A seed where nobody deforests plays to the end; on most seeds someone does and the chain branches past the
    budget, so the stop is the budget's, not one seed's luck."""
    outcomes = [play_card(Generated(BRANCHING, 2, "building"), seed) for seed in range(6)]
    for outcome in outcomes:
        assert outcome.kind in ("stopped", "played"), (outcome.kind, outcome.detail[-600:])
    stopped = [outcome for outcome in outcomes if outcome.kind == "stopped"]
    assert len(stopped) >= 4, [outcome.kind for outcome in outcomes]
    for outcome in stopped:
        assert outcome.signature == "TriggerLoop"  # each run asks how many times: the decisions' bound comes first
        assert outcome.detail == (
            f'{FILENAME}:{HOOK_LINE}: card "Fuzzed" keeps asking for decisions ("each time before any player '
            f'deforest" asked {events.MOST_HOOK_DECISIONS:,} decisions in answer to one event or use); its effect must '
            "not set off the event it waits for, nor give a turn or a repeat that does"
        )


def test_the_real_cards_chains_stay_far_below_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games of the real cards at 2-5 players: the most hook runs in answer to one event is far below the budget (a
    few), so no real card is ever stopped by it."""
    most = [0]
    run = events.run_all_or_nothing

    def counting(table, ability, ctx):  # noqa: ANN001, ANN202 - run_all_or_nothing's own
        most[0] = max(most[0], table.session.hook_runs)
        return run(table, ability, ctx)

    monkeypatch.setattr(events, "run_all_or_nothing", counting)
    for seed in range(4):
        for players in (2, 3, 4, 5):
            played(every_card(), players, seed)
    assert 1 <= most[0] <= events.MOST_HOOK_RUNS // 100


SELF_USING = 'elder "Fuzzed" (base E99)\n  use:\n    use the new elder without fish, build a building\n'


def test_an_elder_whose_use_uses_itself_stops_naming_its_card_and_line() -> None:
    """`use the new elder` in the new Elder's own use ran it again inside itself until Python's recursion limit (the
    generator's RecursionErrors, 20 of 10,000 cards). An Elder's use runs under the same guards as a hook."""
    card = Generated(SELF_USING, 2, "elder")
    line = card.file_text.splitlines().index('elder "Fuzzed" (base E99)') + 2  # its `use:` line
    outcomes = [play_card(card, seed) for seed in range(6)]
    assert {(outcome.kind, outcome.signature) for outcome in outcomes} <= {("stopped", "TriggerLoop"), ("played", "")}
    stopped = [outcome.detail for outcome in outcomes if outcome.kind == "stopped"]
    assert stopped, [outcome.kind for outcome in outcomes]
    assert all(detail.startswith(f'{FILENAME}:{line}: card "Fuzzed" sets itself off without end') for detail in stopped)
