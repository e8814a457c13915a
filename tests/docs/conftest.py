from __future__ import annotations

from pathlib import Path

import pytest

from compiler.cli import main
from tests.kit.rulebook import ROOT


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`nus build cards.nus -o DIR` once for the session: the generated Python and the three documents."""
    out = tmp_path_factory.mktemp("build")
    assert main(["build", str(ROOT / "cards.nus"), "-o", str(out)]) == 0
    return out
