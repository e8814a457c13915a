"""The card reference page in a real browser: headless Chromium loads it from disk.

The page reads filters from its URL hash (#q=wood&deck=Trout), so a search and a filter are
applied by loading a URL; --dump-dom gives the page after its script ran, and Chromium's log
(--enable-logging=stderr) carries every console message. Layout is measured by a script the test
appends to a copy of the page (it writes what it measured into the DOM), at a desktop and a phone
width; printing goes through Chromium's own PDF output, read back with pypdf. Skipped without Chromium.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler.checking.ranges import Values, label

CHROMIUM = next((path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None)
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (.ci/run installs Debian's chromium package)"
    ),
]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--hide-scrollbars",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--enable-logging=stderr",
    "--v=0",
]
DESKTOP, NARROW = (1280, 900), (500, 900)  # 500 px: the narrowest window headless Chromium opens


def chromium(args: list[str], profile: Path, size: tuple[int, int] = DESKTOP) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def load(page: Path, hash_: str, profile: Path, size: tuple[int, int] = DESKTOP) -> tuple[str, list[str]]:
    """The DOM after the page's script ran, and the console messages it logged."""
    result = chromium(["--virtual-time-budget=5000", "--dump-dom", page.resolve().as_uri() + hash_], profile, size)
    return result.stdout, [line for line in result.stderr.splitlines() if ":CONSOLE" in line]


def shown(dom: str) -> list[str]:
    return re.findall(r'<article id="([^"]+)" class="card" data-kind="building"', dom)


def hidden(dom: str) -> list[str]:
    return re.findall(r'<article id="([^"]+)" class="card hidden"', dom)


def cards_json(built: Path) -> list[dict]:
    return json.loads((built / "cards.json").read_text(encoding="utf-8"))


def count(dom: str) -> str:
    return re.search(r'<p id="count" role="status" aria-live="polite">([^<]*)</p>', dom)[1]


def test_page_loads_without_console_errors_and_shows_every_card(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "", tmp_path)
    assert console == []
    assert re.search(r'<pre id="errors"></pre>', dom)
    assert len(shown(dom)) == 88
    assert hidden(dom) == []
    assert count(dom) == "96 of 96 cards"
    assert '<p id="none" hidden="">' in dom
    assert "<mark>" not in dom


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
    assert count(dom) == f"{len(visible)} of 96 cards"


def test_vp_range_filter_keeps_the_cards_whose_range_meets_it(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#letter=C&vpmin=7&vpmax=8", tmp_path)
    assert console == []
    expected = {
        card["anchor"]
        for card in cards_json(built)
        if card["letter"] == "C"
        and card["vp_label"]
        and (card["vp_min"] is None or card["vp_min"] <= 8)
        and (card["vp_max"] is None or card["vp_max"] >= 7)
    }
    assert set(shown(dom)) == expected
    assert {"building-c645", "building-c746"} <= expected  # Cathedral, Amphitheater: 7 VP
    assert "building-c641" not in expected  # Community Center: 0 VP


def test_trigger_event_and_good_filters(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#trigger=each%20time&event=build%20a%20ship&good=gold", tmp_path)
    assert console == []
    expected = {
        card["anchor"]
        for card in cards_json(built)
        if "build a ship" in card["events"] and any("gold" in a["goods"] for a in card["cost_alternatives"])
    }
    assert set(shown(dom)) == expected
    assert "building-a607" in expected  # Galley: 3 wood, 1 gold; each time before you build a ship


def test_no_match_says_so_and_hides_empty_headings(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#q=no%20such%20card%20text", tmp_path)
    assert console == []
    assert shown(dom) == []
    assert '<p id="none">No card matches these filters.</p>' in dom
    assert count(dom) == "0 of 96 cards"
    assert re.findall(r'<section class="(?:deck|letter)(?: hidden)?">', dom) == re.findall(
        r'<section class="(?:deck|letter) hidden">', dom
    )


def test_search_marks_its_matches_in_the_shown_cards(built: Path, tmp_path: Path) -> None:
    dom, console = load(built / "index.html", "#q=reserve", tmp_path)
    assert console == []
    articles = re.findall(r'<article id="([^"]+)" class="card( hidden)?"(.*?)</article>', dom, flags=re.S)
    marks = {anchor: re.findall(r"<mark>([^<]*)</mark>", body) for anchor, is_hidden, body in articles}
    assert all(not marks[anchor] for anchor, is_hidden, _ in articles if is_hidden)
    assets = next(card for card in cards_json(built) if card["code"] == "A610")  # Reserve Assets
    marked_text = " ".join([assets["name"], assets["text"], *(note["text"] for note in assets["notes"])])
    assert len(marks["building-a610"]) == marked_text.lower().count("reserve") > 2
    assert marks["building-a610"][0] == "Reserve"  # in its name
    assert {word.lower() for found in marks.values() for word in found} == {"reserve"}


LAYOUT = """
<script>
(function () {
  function box(element) { var r = element.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.card"));
  var facts = {
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    cards: cards.map(function (card) {
      return {
        id: card.id,
        box: box(card),
        breakInside: getComputedStyle(card).breakInside,
        badges: Array.prototype.map.call(card.querySelectorAll(".badge"), function (badge) {
          return {text: badge.textContent.trim(), kind: badge.className, box: box(badge),
                  icon: badge.querySelector(".icon") ? box(badge.querySelector(".icon")) : null};
        })
      };
    })
  };
  var search = document.getElementById("f-q"), event = document.getElementById("f-event");
  search.value = "gold";
  search.dispatchEvent(new Event("input"));
  event.value = "serve fish";
  event.dispatchEvent(new Event("input"));
  facts.url = location.hash;
  var out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify(facts);
  document.body.appendChild(out);
})();
</script>
"""


def measured(built: Path, tmp_path: Path, size: tuple[int, int]) -> dict:
    page = tmp_path / "measured.html"
    page.write_text((built / "index.html").read_text(encoding="utf-8").replace("</body>", LAYOUT + "</body>"))
    dom, console = load(page, "", tmp_path / "profile", size)
    assert console == []
    text = re.search(r'<pre id="measured">(.*?)</pre>', dom, flags=re.S)[1]
    return json.loads(text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))


def inside(inner: list[float], outer: list[float]) -> bool:
    return outer[0] <= inner[0] and inner[2] <= outer[2] and outer[1] <= inner[1] and inner[3] <= outer[3]


@pytest.mark.parametrize(("size", "columns"), [(DESKTOP, 3), (NARROW, 1)], ids=["desktop", "narrow"])
def test_layout_cards_badges_and_ranges(built: Path, tmp_path: Path, size: tuple[int, int], columns: int) -> None:
    facts = measured(built, tmp_path, size)
    assert facts["width"] == size[0]
    assert facts["scrollWidth"] <= size[0]  # nothing sticks out sideways
    by_id = {card["id"]: card for card in facts["cards"]}
    assert len({round(card["box"][0]) for card in facts["cards"]}) == columns
    for card in cards_json(built):
        seen = by_id[card["anchor"]]
        assert seen["breakInside"] == "avoid"
        assert seen["box"][2] <= size[0]
        assert all(inside(badge["box"], seen["box"]) for badge in seen["badges"])
        goods = [
            f"{label(Values(amount['min'], amount['max']))} {good}"
            for alternative in card["cost_alternatives"]
            for good, amount in alternative["goods"].items()
        ]
        good_badges = [badge for badge in seen["badges"] if "good-" in badge["kind"]]
        assert [badge["text"] for badge in good_badges] == goods
        assert all(badge["icon"] and inside(badge["icon"], badge["box"]) for badge in good_badges)
        vp = [badge["text"] for badge in seen["badges"] if badge["kind"] == "badge vp"]
        assert vp == ([card["vp_label"]] if card["vp_label"] else [])
    assert by_id["building-c649"]["badges"][-1]["text"] == "0-7 VP"  # Harbor Grill: by a formula, 7 at most
    assert by_id["building-c749"]["badges"][-1]["text"] == "6 or more VP"  # Life Insurance: no most
    assert [b["text"] for b in by_id["building-c746"]["badges"]] == [
        "21 fish",
        "return 5 Guests from your personal supply to the general supply",
        "7 VP",
    ]  # Amphitheater: two ways to pay
    for left, right in zip(facts["cards"], facts["cards"][1:], strict=False):
        overlap_x = min(left["box"][2], right["box"][2]) - max(left["box"][0], right["box"][0])
        overlap_y = min(left["box"][3], right["box"][3]) - max(left["box"][1], right["box"][1])
        assert overlap_x <= 0 or overlap_y <= 0
    assert facts["url"] == "#q=gold&event=serve%20fish"  # filters are written to the URL


@pytest.mark.parametrize("size", [DESKTOP, NARROW], ids=["desktop", "narrow"])
def test_screenshot_has_the_window_size(built: Path, tmp_path: Path, size: tuple[int, int]) -> None:
    shot = tmp_path / "shot.png"
    chromium([f"--screenshot={shot}", (built / "index.html").resolve().as_uri() + "#q=gold"], tmp_path, size)
    header = shot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == size


def test_printed_reference_keeps_each_card_on_one_page_without_controls(built: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "reference.pdf"
    chromium(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", (built / "index.html").resolve().as_uri()], tmp_path)
    pages = [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in PdfReader(pdf).pages]
    assert not any("Any trigger" in page or "Search name" in page for page in pages)
    for card in cards_json(built):
        start = f"{card['deck_name']} {card['code']}"
        end = re.compile(rf"cards\.nus:{card['line']}\b")
        first = [number for number, page in enumerate(pages) if start in page]
        last = [number for number, page in enumerate(pages) if end.search(page)]
        assert len(first) == 1, card["name"]
        assert last == first, card["name"]  # the card's footer is on the page its heading is on
        if card["vp_label"]:
            assert card["vp_label"] in pages[first[0]]
    assert len(pages) < 40
