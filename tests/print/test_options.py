"""Which cards are printed (--deck, --letter, --cards), on which paper with which bleed, and --png."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.card_faces.faces import SelectionError, face, select
from compiler.backends.card_faces.pdf import Layout, Placed
from compiler.backends.card_faces.sheets import sheet
from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import (
    CARD,
    LETTER,
    THIN,
    grid,
    marks,
    rects_mm,
    requires_weasyprint,
    run_cards,
    squeezed,
    text_in,
)

CARDS = str(ROOT / "cards.nus")


def program():
    return compile_text((ROOT / "cards.nus").read_text(encoding="utf-8"), "cards.nus").program


def names(decks=None, letters=None, cards=None) -> list[str]:
    return [c.name for c in select(program().cards, decks, letters, cards)]


def test_by_default_the_buildings_are_printed_and_the_stand_in_elders_are_not() -> None:
    cards = program().cards
    assert names() == [c.name for c in cards if c.kind == "building"]
    assert len(names()) == 88


def test_decks_letters_and_names_narrow_the_selection() -> None:
    cards = program().cards
    assert names(["base"]) == [c.name for c in cards if c.kind == "elder"]
    assert names(["Besokende"]) == names(["besøkende"]) == [c.name for c in cards if c.deck == "besøkende"]
    assert names(["trout"], ["A"]) == [c.name for c in cards if c.deck == "trout" and c.code.startswith("A")]
    assert names(cards=["Market", "Cabin"]) == ["Cabin", "Market"]
    # A name shared by a building and an Elder prints both; --deck says which one is meant.
    assert [c.kind for c in select(cards, None, None, ["Carpenter"])] == ["building", "elder"]
    assert [c.kind for c in select(cards, ["base"], None, ["Carpenter"])] == ["elder"]


def test_an_unknown_deck_or_card_is_refused_by_name() -> None:
    with pytest.raises(SelectionError, match='no deck "salmon" in the card file'):
        names(["salmon"])
    with pytest.raises(SelectionError, match='no card named "Cabbin"'):
        names(cards=["Cabin", "Cabbin"])
    status, said, complained = run_cards(CARDS, "--cards", "Cabbin")
    assert (status, said) == (2, "")
    assert complained == f'nus: error: no card named "Cabbin" in {CARDS}; did you mean "Cabin"?\n'


def test_a_bleed_that_leaves_no_room_for_crop_marks_is_refused_with_the_largest_that_fits(tmp_path: Path) -> None:
    status, said, complained = run_cards(CARDS, "-o", str(tmp_path), "--paper", "letter", "--bleed", "2")
    assert (status, said) == (2, "")
    assert complained == (
        "nus: error: 3 x 3 cards of 63 x 88 mm with a 2 mm bleed leave no room for crop marks on Letter paper: "
        "a bleed of at most 1.5 mm fits\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_without_weasyprint_the_command_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    status, said, complained = run_cards(CARDS, "-o", str(tmp_path), "--cards", "Cabin")
    assert (status, said) == (2, "")
    assert complained == (
        'nus: error: nus cards needs weasyprint, which the print extra installs: pip install "nus[print]"\n'
    )


@requires_weasyprint
def test_letter_paper_with_a_bleed_puts_the_marks_on_the_cuts_not_the_bleed_edges(tmp_path: Path) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    bleed = 1.5
    status, _, complained = run_cards(
        CARDS, "-o", str(tmp_path), "--paper", "letter", "--bleed", str(bleed), "--cards", "Cabin, Market, Galley"
    )
    assert (status, complained) == (0, "")
    slot = (CARD[0] + 2 * bleed, CARD[1] + 2 * bleed)
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        page = pdf.pages[0]
        assert (page.width * 25.4 / 72, page.height * 25.4 / 72) == pytest.approx(LETTER, abs=0.5)
        faces = sorted((r[0], r[1]) for r in rects_mm(page) if r[2:] == pytest.approx(slot, abs=0.5))
        assert [v for xy in faces for v in xy] == pytest.approx(
            [v for xy in grid(LETTER, bleed)[:3] for v in xy], abs=0.5
        )
        left, top = grid(LETTER, bleed)[0]
        cuts_x = sorted(left + c * slot[0] + bleed + edge for c in range(3) for edge in (0, CARD[0]))
        found = marks(page)
        vertical = sorted({round(x + w / 2, 1) for x, _, w, _ in found if w < THIN})
        assert vertical == pytest.approx(cuts_x, abs=0.5)
        assert all(y + h <= top or y >= top + 3 * slot[1] for x, y, w, h in found if w < THIN)


@requires_weasyprint
def test_png_writes_one_image_per_card_at_its_size_and_one_per_sheet(tmp_path: Path) -> None:
    from PIL import Image

    status, said, complained = run_cards(CARDS, "-o", str(tmp_path), "--png", "--dpi", "50", "--cards", "Cabin, Yurt")
    assert (status, complained) == (0, "")
    assert said.splitlines()[1] == f"wrote 3 PNGs in {tmp_path / 'cards'} and {tmp_path / 'sheets'}"
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["A601.png", "B731.png"]
    for image in (tmp_path / "cards").iterdir():
        assert Image.open(image).size == (round(63 / 25.4 * 50), round(88 / 25.4 * 50))
    # The page is rasterised whole: its size in pixels is rounded up by the rasteriser.
    assert Image.open(tmp_path / "sheets" / "sheet-01.png").size == pytest.approx(
        (210 / 25.4 * 50, 297 / 25.4 * 50), abs=1
    )


def test_a_card_only_in_some_games_says_so_on_its_face_above_its_ability() -> None:
    """Ship Owner and Carpenter (`players 5`) print "Only in games of 5 players." in the text region, before the
    ability; the other Elders print no such line."""
    faces = {card.name: face(card) for card in select(program().cards, ["base"], None, None)}
    assert {name: f.players for name, f in faces.items() if f.players} == {
        "Ship Owner": "Only in games of 5 players.",
        "Carpenter": "Only in games of 5 players.",
    }
    layout = Layout(sheet("a4", 63, 88, 0), "footer", "title")
    html = layout.html([Placed(0, faces["Ship Owner"])], [dict.fromkeys(layout.sizes, 0)])
    players, ability = html.index('<p class="players"'), html.index(faces["Ship Owner"].text)
    assert html.count("Only in games of 5 players.") == 1 and players < ability
    assert '<p class="players"' not in layout.html([Placed(0, faces["Builder"])], [dict.fromkeys(layout.sizes, 0)])


@requires_weasyprint
def test_the_printed_face_of_a_five_player_elder_reads_its_player_counts(tmp_path: Path) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    status, _, complained = run_cards(CARDS, "-o", str(tmp_path), "--cards", "Ship Owner, Builder")
    assert (status, complained) == (0, "")
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        page = text_in(pdf.pages[0], 0, 0, 210, 297)
    assert page.count(squeezed("Only in games of 5 players.")) == 1
