"""docs/architecture.md and the file tree agree: every package of compiler/ and runtime/ is described,
and every path the page or its pipeline table names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def named_paths(text: str) -> set[str]:
    return {path for path in re.findall(r"`((?:compiler|runtime|grammar|tests)/[\w./]*)`", text)}


def test_every_package_is_in_the_architecture_section() -> None:
    described = named_paths(ARCHITECTURE)
    packages = {
        f"{path.parent.relative_to(ROOT)}/"
        for top in ("compiler", "runtime")
        for path in (ROOT / top).glob("*/__init__.py")
    }
    assert packages, "no packages found"
    missing = sorted(p for p in packages if not any(d == p or d.startswith(p) for d in described))
    assert missing == []


def test_every_path_the_architecture_page_names_exists() -> None:
    paths = named_paths(ARCHITECTURE)
    assert len(paths) > 20
    assert sorted(p for p in paths if not (ROOT / p).exists()) == []
