"""The balance report page: self-contained, its plots real PNGs, card names inert, loaded in headless
Chromium without a console message."""

from __future__ import annotations

import base64
import re
import struct

import pytest

from compiler.cli import main
from tests.docs.test_browser import CHROMIUM, load
from tests.docs.test_hostile import HOSTILE, hostile_file

pytestmark = pytest.mark.slow


def png_sizes(page: str) -> list[tuple[int, int]]:
    """Width and height of every embedded PNG, read from its IHDR chunk."""
    sizes = []
    for encoded in re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page):
        data = base64.b64decode(encoded)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        sizes.append(struct.unpack(">II", data[16:24]))
    return sizes


def test_page_is_self_contained_with_five_plots(planted):
    result, page = planted
    text = page.read_text("utf-8")
    assert all(width > 100 and height > 100 for width, height in png_sizes(text))
    assert len(png_sizes(text)) == 5  # value against cost, per-card values, A/B forest plot, seats, score histogram
    assert not re.search(r'(src|href)="(?!data:)', text)
    assert "observational" in text and "Benjamini-Hochberg" in text and "paid value" in text
    assert 'id="plot-cost"' in text


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_page_loads_in_chromium_without_console_messages(planted, tmp_path):
    result, page = planted
    dom, console = load(page, "", tmp_path)
    assert console == []
    row = r"<tr(?: class=\"(?:flagged|edited)\")?>\s*<td>([^<]+?) ?(?:<strong>\(edited\)</strong>)?</td>"
    rows = re.findall(row, dom)
    assert {card["name"] for card in result["cards"]} <= {row.strip() for row in rows}
    assert re.search(r'<tr class="flagged">\s*<td>Private Company <strong>\(edited\)</strong></td>', dom)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_hostile_card_names_stay_text(tmp_path):
    cards = hostile_file(tmp_path / "hostile.nus")
    page = tmp_path / "report.html"
    arguments = ["--games", "2", "--jobs", "1", "--agent", "random", "--format", "json", "--html", str(page)]
    assert main(["balance", str(cards), *arguments]) == 0
    dom, console = load(page, "", tmp_path / "profile")
    assert console == []
    assert "<title>nus balance report</title>" in dom
    for name in HOSTILE[:2]:
        assert name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in dom


def test_the_summary_says_how_many_seeds_and_how_many_games_were_played(planted):
    """Every seed is played once as dealt and three times per measured card (without it, paid, free), in each card
    file: seeds and games both said."""
    result, page = planted
    seeds, cards = result["games"], len(result["cards"])
    summary = " ".join(re.search(r'<p id="summary">(.*?)</p>', page.read_text("utf-8"), re.DOTALL).group(1).split())
    assert summary.startswith(
        f"{seeds} seeds (0 to {seeds - 1}), each played once as dealt and 3 times for each of {cards} measured cards "
        f"(without it, in the seat&#39;s hand, given free): {seeds * (1 + 3 * cards)} games in each card file; "
        "3 players"
    )
