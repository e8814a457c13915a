"""`nus build` / `nus docs`: the Markdown groups, the JSON fields and the page's content."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.cli import main
from tests.kit.rulebook import ROOT

EXPECTED_FILES = ["cards.json", "cards.md", "cards.py", "index.html"]


def test_build_writes_python_and_the_three_documents(built: Path) -> None:
    assert sorted(p.name for p in built.iterdir()) == EXPECTED_FILES


def test_docs_writes_only_the_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", str(ROOT / "cards.nus"), "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.json", "cards.md", "index.html"]
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {tmp_path / name}" for name in ("cards.md", "index.html", "cards.json")
    ]


def test_json_has_one_object_per_card_with_its_facts(built: Path) -> None:
    cards = json.loads((built / "cards.json").read_text(encoding="utf-8"))
    buildings = [c for c in cards if c["kind"] == "building"]
    assert len(buildings) == 88
    assert len({c["code"] for c in buildings}) == 88
    assert {c["deck"] for c in buildings} == {"trout", "besøkende"}
    for card in cards:
        assert {"name", "deck", "code", "cost", "vp", "text"} <= card.keys()
        assert card["text"]
    dock = next(c for c in cards if c["code"] == "C647")
    assert (dock["name"], dock["cost"], dock["vp_value"]) == ("Dock Admin.", "5 wood, 2 fish and 3 gold", None)
    assert [e["title"] for e in dock["examples"]] == ["3 Forests and a haul size of 5 score 5 VP"]
    amphitheater = next(c for c in cards if c["code"] == "C746")
    assert amphitheater["cost"] == "21 fish or return 5 Guests from your personal supply to the general supply"
    assert amphitheater["vp_value"] == 7
    assert amphitheater["text"].startswith("Instead of paying 21 fish for the Amphitheater, you may return 5 Guests")


def test_markdown_groups_by_deck_then_letter(built: Path) -> None:
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    headings = re.findall(r"^(##+) (.*)$", markdown, flags=re.M)
    decks = [text for level, text in headings if level == "##"]
    assert decks == ["Trout", "Besøkende", "Base game", "Worked examples of the base rules"]
    letters = [text for level, text in headings if level == "###"]
    assert letters == ['"A" cards', '"B" cards', '"C" cards'] * 2 + ["Elders"]
    cards = [text for level, text in headings if level == "####"]
    assert len(cards) == 96
    assert cards.index("Cabin (A601)") < cards.index("Welfare (B621)") < cards.index("Community Center (C641)")


def test_markdown_shows_each_example_with_its_line(built: Path) -> None:
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    source = (ROOT / "cards.nus").read_text(encoding="utf-8").split("\n")
    shown = re.findall(r"^\*Example\* \(.*cards\.nus:(\d+)\): (.*)$", markdown, flags=re.M)
    assert len(shown) == len(re.findall(r"^\s*example ", "\n".join(source), flags=re.M))
    for line, title in shown:
        assert source[int(line) - 1].strip() == f'example "{title}":'


def test_page_is_self_contained_and_shows_every_card(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"\b(?:src|href)=\"(?!#)", page) == []
    assert "http" not in page
    assert len(re.findall(r'<article [^>]*data-kind="building"', page)) == 88
    assert len(re.findall(r'<article [^>]*data-kind="elder"', page)) == 8
    anchors = re.findall(r'<article id="([^"]+)"', page)
    assert len(set(anchors)) == 96
    assert all(f'href="#{anchor}"' in page for anchor in anchors)
    assert "Instead of paying 21 fish for the Amphitheater" in page
    assert "Example: 4 Elders and 10 fish left score 10 VP" in page
