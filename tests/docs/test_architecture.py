"""README's Architecture section and the file tree agree: every package of compiler/ and runtime/ is described,
and every path the section or the pipeline table names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def named_paths(text: str) -> set[str]:
    return {path for path in re.findall(r"`((?:compiler|runtime|grammar|tests)/[\w./]*)`", text)}


def test_every_package_is_in_the_architecture_section() -> None:
    described = named_paths(section("Architecture"))
    packages = {
        f"{path.parent.relative_to(ROOT)}/"
        for top in ("compiler", "runtime")
        for path in (ROOT / top).glob("*/__init__.py")
    }
    assert packages, "no packages found"
    missing = sorted(p for p in packages if not any(d == p or d.startswith(p) for d in described))
    assert missing == []


def test_every_path_the_readme_names_for_the_layout_exists() -> None:
    text = section("Architecture") + section("What this is")
    paths = named_paths(text)
    assert len(paths) > 20
    assert sorted(p for p in paths if not (ROOT / p).exists()) == []
