"""Tests never read or fill the user's cache (~/.cache/nus): each session has its own."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_check_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUS_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "nus-cache"))
