"""`nus build` / `nus docs`: the Markdown groups, the JSON and CSV fields and the page's content."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.docs import reference_texts
from compiler.backends.language import cell, phrases
from compiler.cli import main
from tests.kit.rulebook import ROOT

EXPECTED_FILES = ["cards.csv", "cards.json", "cards.md", "cards.py", "examples.py", "index.html", "language.md"]


@pytest.mark.slow
def test_build_writes_python_and_the_four_documents(built: Path) -> None:
    assert sorted(p.name for p in built.iterdir()) == EXPECTED_FILES


def test_docs_writes_only_the_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", str(ROOT / "cards.nus"), "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cards.csv",
        "cards.json",
        "cards.md",
        "index.html",
        "language.md",
    ]
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {tmp_path / name}" for name in ("cards.md", "index.html", "cards.json", "cards.csv", "language.md")
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
    assert (dock["name"], dock["cost"]) == ("Dock Admin.", "5 wood, 2 fish and 3 gold")
    assert dock["vp_label"] == "0 or more VP"
    assert [e["title"] for e in dock["examples"]] == [
        "3 Forests and a haul size of 5 score 5 VP",
        "no Forests: nothing",
    ]
    amphitheater = next(c for c in cards if c["code"] == "C746")
    assert amphitheater["cost"] == "21 fish or return 5 Guests from your personal supply to the general supply"
    assert amphitheater["text"].startswith("Instead of paying 21 fish for the Amphitheater, you may return 5 Guests")


def test_json_gives_costs_vp_and_triggers_as_numbers_and_lists(built: Path) -> None:
    cards = {c["code"]: c for c in json.loads((built / "cards.json").read_text(encoding="utf-8"))}
    assert cards["C746"]["cost_alternatives"] == [
        {"goods": {"fish": {"min": 21, "max": 21}}, "other": []},
        {"goods": {}, "other": ["return 5 Guests from your personal supply to the general supply"]},
    ]  # Amphitheater
    assert (cards["C746"]["vp_min"], cards["C746"]["vp_max"]) == (7, 7)
    assert cards["C752"]["cost_alternatives"] == [
        {"goods": {"wood": {"min": 1, "max": None}, "fish": {"min": 1, "max": None}, "gold": {"min": 3, "max": 3}},
         "other": []}
    ]  # fmt: skip
    assert cards["A607"]["triggers"] == ["each time"] and cards["A607"]["events"] == ["build a ship"]  # Galley
    assert (cards["C649"]["vp_min"], cards["C649"]["vp_max"], cards["C649"]["vp_label"]) == (0, 7, "0-7 VP")
    assert (cards["C749"]["vp_min"], cards["C749"]["vp_max"], cards["C749"]["vp_label"]) == (6, None, "6 or more VP")
    assert cards["A717"]["events"] == ["start of fishing phase"]  # Stove
    assert cards["E01"]["cost_alternatives"] == [] and cards["E01"]["vp_min"] is None  # an Elder
    assert [n["kind"] for n in cards["E01"]["notes"]] == ["stand-in"]


def test_csv_has_one_row_per_card_with_numbers(built: Path) -> None:
    with (built / "cards.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 96
    galley = next(row for row in rows if row["code"] == "A607")
    assert {k: galley[k] for k in ("name", "wood", "fish", "gold", "guest", "vp", "vp min", "vp max", "events")} == {
        "name": "Galley", "wood": "3", "fish": "0", "gold": "1", "guest": "0",
        "vp": "2 VP", "vp min": "2", "vp max": "2", "events": "build a ship",
    }  # fmt: skip
    amphitheater = next(row for row in rows if row["code"] == "C746")
    assert (amphitheater["fish"], amphitheater["other cost"]) == (
        "21",
        "return 5 Guests from your personal supply to the general supply",
    )
    harbor_grill = next(row for row in rows if row["code"] == "C649")
    assert (harbor_grill["vp min"], harbor_grill["vp max"]) == ("0", "7")
    life_insurance = next(row for row in rows if row["code"] == "C749")
    assert (life_insurance["vp min"], life_insurance["vp max"]) == ("6", "")
    assert harbor_grill["notes"].startswith("ruling: paying for no Ship scores 0 VP")


FIVE_PLAYERS = "Only in games of 5 players."


def test_the_five_player_elders_say_so_in_every_document(built: Path) -> None:
    """Ship Owner (E05) and Carpenter (E06) have `players 5`: the JSON gives the sentence and the counts, the CSV a
    column, the Markdown and the page a line before the text; a card in every game says nothing and lists them all."""
    cards = {c["code"]: c for c in json.loads((built / "cards.json").read_text(encoding="utf-8"))}
    assert {code: (c["players"], c["player_counts"]) for code, c in cards.items() if c["players"]} == {
        "E05": (FIVE_PLAYERS, [5]),
        "E06": (FIVE_PLAYERS, [5]),
    }
    assert (cards["C643"]["players"], cards["C643"]["player_counts"]) == ("", [1, 2, 3, 4, 5])  # Carpenter Building
    assert not cards["E05"]["text"].startswith("Only")  # said once, beside the text, not inside it
    with (built / "cards.csv").open(encoding="utf-8", newline="") as file:
        rows = {row["code"]: row for row in csv.DictReader(file)}
    assert (rows["E05"]["players"], rows["E06"]["players"], rows["C643"]["players"]) == (FIVE_PLAYERS, FIVE_PLAYERS, "")
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    assert "#### Ship Owner (E05)\n\n*Cost:* N/A · `" in markdown
    assert markdown.count(f"*{FIVE_PLAYERS}*\n\nWhen you use the Elder,") == 2
    page = (built / "index.html").read_text(encoding="utf-8")
    assert page.count(f'<p class="players">{FIVE_PLAYERS}</p>') == 2


def test_csv_text_never_starts_a_spreadsheet_formula(tmp_path: Path) -> None:
    source = tmp_path / "formula.nus"
    source.write_text('building "=HYPERLINK(1)" (trout A601)\n  cost 1 wood\n  vp 0\n', encoding="utf-8")
    assert main(["docs", str(source), "-o", str(tmp_path)]) == 0
    with (tmp_path / "cards.csv").open(encoding="utf-8", newline="") as file:
        [row] = list(csv.DictReader(file))
    assert row["name"] == "'=HYPERLINK(1)"
    assert json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))[0]["name"] == "=HYPERLINK(1)"


def ruling_lines() -> dict[int, str]:
    """Every '# Ruling:' comment inside a card in cards.nus, by line, with the card name it stands in."""
    found, card = {}, None
    for number, line in enumerate((ROOT / "cards.nus").read_text(encoding="utf-8").split("\n"), start=1):
        if header := re.match(r'(building|elder) "([^"]+)"', line):
            card = header[2]
        elif line.strip().startswith("# Ruling:") and line[:1].isspace():
            found[number] = card
    return found


class Articles(HTMLParser):
    """The text of each card's article, by anchor."""

    def __init__(self) -> None:
        super().__init__()
        self.current, self.depth, self.texts = None, 0, {}

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "article":
            self.current, self.depth = dict(attrs)["id"], 0
            self.texts[self.current] = ""
        elif self.current:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current:
            self.texts[self.current] += data


def test_every_ruling_shows_beside_its_card_in_page_and_markdown(built: Path) -> None:
    rulings = ruling_lines()
    assert len(rulings) >= 17
    cards = {c["line"]: c for c in json.loads((built / "cards.json").read_text(encoding="utf-8"))}
    parser = Articles()
    parser.feed((built / "index.html").read_text(encoding="utf-8"))
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r'<a id="([^"]+)"></a>\n\n#### (.*?)(?=\n<a id=|\Z)', markdown, flags=re.S))
    for line, name in rulings.items():
        card = cards[max(start for start in cards if start < line)]
        assert card["name"] == name
        [note] = [note for note in card["notes"] if note["line"] == line]
        assert note["kind"] == "ruling"
        assert f"Ruling: {note['text']}" in " ".join(parser.texts[card["anchor"]].split())
        assert f"**Ruling:** {note['text'][:30]}" in sections[card["anchor"]]


def test_markdown_groups_by_deck_then_letter(built: Path) -> None:
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    headings = re.findall(r"^(##+) (.*)$", markdown, flags=re.M)
    decks = [text for level, text in headings if level == "##"]
    assert decks == ["Contents", "Trout", "Besøkende", "Base game", "Worked examples of the base rules"]
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


def test_markdown_contents_links_every_card_and_code_blocks_are_marked(built: Path) -> None:
    markdown = (built / "cards.md").read_text(encoding="utf-8")
    contents = markdown.split("\n## Trout")[0]
    anchors = re.findall(r'^<a id="([^"]+)"></a>$', markdown, flags=re.M)
    assert len(anchors) == 97  # 96 cards and the base rules' examples
    assert sorted(re.findall(r"\]\(#([^)]+)\)", contents)) == sorted(anchors)
    assert (  # Woodcutter's Cabin: the Elders the rulebook names beside it come first, each linked
        "*Interacts with:* [Builder (Elder)](#elder-e01), [Carpenter (Elder)](#elder-e06), [Contractor (Elder)]"
        "(#elder-e02), [Moot Hall](#building-a701), [Ticket Booth](#building-a715), [Timber Plant](#building-a612)\n"
    ) in markdown
    fences = re.findall(r"^```(\w*)$", markdown, flags=re.M)
    assert fences[::2] == ["nus"] * (len(fences) // 2) and set(fences[1::2]) == {""}


def test_reference_highlights_examples_with_the_pygments_lexer(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    assert '<span class="k">given</span>' in page and '<span class="k">expect</span>' in page
    assert ".highlight .k {" in page


def test_the_language_page_lists_every_phrase_of_the_vocabulary(built: Path) -> None:
    """The reference's Language page is made from the same data as `nus vocab`: every phrase, under its kind."""
    page = (built / "language.md").read_text(encoding="utf-8")
    assert page.startswith("# The nus language\n")
    missing = [p.words for p in phrases() if f"`{cell(p.words)}`" not in page]
    assert missing == []
    for heading in ("## Effects", "## Counts", "## Events", "## Rules", "## Example steps", "## Answers"):
        assert heading in page


NOTED = (
    'building "N" (trout A700)\n  cost 1 wood\n  vp 1\n  # Stock counted at build time\n'
    "  # Ruling: a Guest counts as 1 fish.\n  when built: take 1 wood\n\n"
    'building "M" (trout A701)\n  cost 1 wood\n  vp 1\n  # Note: remember this\n  # and this.\n'
)


def test_a_kind_word_begins_a_note_of_its_kind_in_every_reference_file() -> None:
    """A comment line beginning 'Ruling' went on the note of the line before when that did not end a sentence,
    and '# Note: x' read 'Note: Note: x'."""
    texts = reference_texts(compile_text(NOTED, "n.nus").program, "n.nus", NOTED)
    cards = json.loads(texts["cards.json"])
    assert [card["notes"] for card in cards] == [
        [
            {"kind": "note", "text": "Stock counted at build time", "line": 4},
            {"kind": "ruling", "text": "a Guest counts as 1 fish.", "line": 5},
        ],
        [{"kind": "note", "text": "remember this and this.", "line": 11}],
    ]
    markdown = texts["cards.md"]
    assert "> **Note:** Stock counted at build time (`n.nus:4`)\n\n> **Ruling:** a Guest counts as 1 fish." in markdown
    assert "> **Note:** remember this and this. (`n.nus:11`)" in markdown
    page = " ".join(re.sub(r"<[^>]+>", " ", texts["index.html"]).split())
    assert "Note: Stock counted at build time n.nus:4 Ruling: a Guest counts as 1 fish. n.nus:5" in page
    assert "Note: remember this and this. n.nus:11" in page
    rows = list(csv.DictReader(io.StringIO(texts["cards.csv"])))
    assert [row["notes"] for row in rows] == [
        "note: Stock counted at build time | ruling: a Guest counts as 1 fish.",
        "note: remember this and this.",
    ]


EXAMPLE_COMMENTED = (
    'building "N" (trout A700)\n  cost 1 wood\n  vp 1\n  # Ruling: a Guest counts as 1 fish.\n'
    "  when built: take 1 wood\n"
    '  example "built":\n    # The rulebook: "take 1 wood".\n    given wood in supply = 0\n'
    "    do build this building  # it pays\n    expect wood in supply = 1\n"
    "  # Note: after the example.\n"
)


def test_a_comment_inside_a_worked_example_shows_in_the_example_only() -> None:
    """The Ship Owner's quotation inside its example showed twice: as a card note and in the example's code."""
    texts = reference_texts(compile_text(EXAMPLE_COMMENTED, "e.nus").program, "e.nus", EXAMPLE_COMMENTED)
    [card] = json.loads(texts["cards.json"])
    assert card["notes"] == [
        {"kind": "ruling", "text": "a Guest counts as 1 fish.", "line": 4},
        {"kind": "note", "text": "after the example.", "line": 11},
    ]
    markdown = texts["cards.md"]
    assert markdown.count("The rulebook:") == 1 and markdown.count("it pays") == 1
    assert '\n  # The rulebook: "take 1 wood".\n  given wood' in markdown
