"""The planted A/B run is shared by the report and page tests: one run per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.test_balance import ALL_CARDS, CARDS, GAMES, MEASURED, PAYOUT, measured, run_json, variant


@pytest.fixture(scope="session")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    """The A/B report of cards.nus against a copy whose Private Company pays 15 gold instead of 5."""
    folder = tmp_path_factory.mktemp("planted")
    new = variant(folder, "planted.nus", PAYOUT, PAYOUT.replace("5 gold", "15 gold"))
    page = folder / "report.html"
    cards = [] if ALL_CARDS else measured(*MEASURED)
    result = run_json(str(CARDS), "--against", str(new), "--games", str(GAMES), "--html", str(page), *cards)
    return result, page
