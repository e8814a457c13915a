"""The card reference page in a real browser: headless Chromium loads it from disk.

The page reads filters from its URL hash (#q=wood&deck=Trout), so a search and a filter are
applied by loading a URL; --dump-dom gives the page after its script ran, and Chromium's log
(--enable-logging=stderr) carries every console message. Skipped without Chromium.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = next((path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's chromium package)"
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--enable-logging=stderr",
    "--v=0",
    "--virtual-time-budget=5000",
    "--dump-dom",
]


def load(page: Path, hash_: str, profile: Path) -> tuple[str, list[str]]:
    """The DOM after the page's script ran, and the console messages it logged."""
    url = page.resolve().as_uri() + hash_
    result = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", url],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout, [line for line in result.stderr.splitlines() if ":CONSOLE" in line]


def shown(dom: str) -> list[str]:
    return re.findall(r'<article id="([^"]+)" class="card" data-kind="building"', dom)


def hidden(dom: str) -> list[str]:
    return re.findall(r'<article id="([^"]+)" class="card hidden"', dom)


def test_page_loads_without_console_errors_and_shows_every_card(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "", tmp_path)
    assert console == []
    assert re.search(r'<pre id="errors"></pre>', dom)
    assert len(shown(dom)) == 88
    assert hidden(dom) == []
    assert '<span id="count">96 of 96 cards</span>' in dom


def test_search_and_deck_filter_narrow_the_list(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#q=guests%20in%20your%20personal%20supply&deck=Trout", tmp_path)
    assert console == []
    assert shown(dom) == []
    dom, console = load(built / "index.html", "#q=Reserve&deck=Besøkende", tmp_path)
    assert console == []
    visible = shown(dom)
    assert "building-a712" in visible  # Travel Agency: a Guest into your Reserve
    assert "building-a610" not in visible  # Reserve Assets is a Trout card
    assert 0 < len(visible) < 44
    assert f'<span id="count">{len(visible)} of 96 cards</span>' in dom


def test_letter_and_vp_filters_narrow_the_list(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#letter=C&vp=variable", tmp_path)
    assert console == []
    visible = set(shown(dom))
    assert {"building-c647", "building-c653", "building-c754"} <= visible  # scored by a formula
    assert "building-c645" not in visible  # Cathedral: 7 VP
    assert all(anchor.startswith("building-c") for anchor in visible)
