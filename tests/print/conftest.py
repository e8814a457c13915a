from __future__ import annotations

from pathlib import Path

import pytest

from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import run_cards


@pytest.fixture(scope="session")
def deck_sheets(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """`nus cards cards.nus -o DIR` once for the session: every building on A4, and what the command said."""
    out = tmp_path_factory.mktemp("cards")
    status, said, complained = run_cards(str(ROOT / "cards.nus"), "-o", str(out))
    assert status == 0, complained
    return out / "cards.pdf", said, complained
