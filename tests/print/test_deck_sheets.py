"""The whole deck printed: ten A4 pages of 63 x 88 mm faces, each with its own name and code, crop marks on
every cut, and no card reported as overflowing."""

from __future__ import annotations

from collections import Counter

import pytest

from compiler import compile_text
from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import A4, CARD, THIN, grid, marks, rects_mm, squeezed, text_in, without_weasyprint

pdfplumber = pytest.importorskip("pdfplumber")
pytestmark = [pytest.mark.slow, without_weasyprint]
WITHIN = 0.5  # mm


def buildings():
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    return [card for card in compile_text(text, "cards.nus").program.cards if card.kind == "building"]


def test_the_88_buildings_fill_ten_a4_pages_and_none_overflows(deck_sheets) -> None:
    path, said, complained = deck_sheets
    assert len(buildings()) == 88
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 10
        for page in pdf.pages:
            assert (page.width * 25.4 / 72, page.height * 25.4 / 72) == pytest.approx(A4, abs=WITHIN)
    assert said == f"wrote {path}: 88 cards on 10 A4 pages\n"
    assert complained == ""


def test_each_face_shows_its_own_name_and_code_and_no_other(deck_sheets) -> None:
    path, _, _ = deck_sheets
    cards = buildings()
    with pdfplumber.open(path) as pdf:
        for index, card in enumerate(cards):
            left, top = grid(A4)[index % 9]
            face = text_in(pdf.pages[index // 9], left, top, *CARD)
            assert squeezed(card.name) in face, card.name
            assert card.code in face, card.name
            others = [c.code for c in cards if c is not card and c.code in face]
            assert others == [], card.name


def test_faces_are_63_by_88_mm_on_the_grid_with_crop_marks_on_every_cut(deck_sheets) -> None:
    path, _, _ = deck_sheets
    cuts_x = [10.5, 73.5, 136.5, 199.5]  # (210 - 3 * 63) / 2 and each card width on
    cuts_y = [16.5, 104.5, 192.5, 280.5]  # (297 - 3 * 88) / 2 and each card height on
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            on_page = min(9, 88 - 9 * number)
            faces = sorted((r[1], r[0]) for r in rects_mm(page) if r[2:] == pytest.approx(CARD, abs=WITHIN))
            expected = sorted((top, left) for left, top in grid(A4)[:on_page])
            assert len(faces) == on_page
            assert flat(faces) == pytest.approx(flat(expected), abs=WITHIN)
            assert_marks_on_cuts(marks(page), cuts_x, cuts_y, grid_box=(cuts_x[0], cuts_y[0], cuts_x[-1], cuts_y[-1]))


def flat(pairs: list[tuple[float, float]]) -> list[float]:
    return [value for pair in pairs for value in pair]


def assert_marks_on_cuts(found, cuts_x, cuts_y, grid_box) -> None:
    """Both ends of every cut line have a mark on it; every mark is on a cut line and outside the cards."""
    left, top, right, bottom = grid_box
    vertical = [(x + w / 2, y, y + h) for x, y, w, h in found if w < THIN]
    horizontal = [(y + h / 2, x, x + w) for x, y, w, h in found if h < THIN]
    assert len(vertical) + len(horizontal) == len(found)
    for cut in cuts_x:
        ends = [(start, end) for x, start, end in vertical if abs(x - cut) <= WITHIN]
        assert any(end <= top for _, end in ends) and any(start >= bottom for start, _ in ends), cut
    for cut in cuts_y:
        ends = [(start, end) for y, start, end in horizontal if abs(y - cut) <= WITHIN]
        assert any(end <= left for _, end in ends) and any(start >= right for start, _ in ends), cut
    assert all(any(abs(x - cut) <= WITHIN for cut in cuts_x) for x, _, _ in vertical)
    assert all(any(abs(y - cut) <= WITHIN for cut in cuts_y) for y, _, _ in horizontal)
    assert all(end <= top or start >= bottom for _, start, end in vertical)
    assert all(end <= left or start >= right for _, start, end in horizontal)


def test_long_text_is_set_smaller_but_never_below_the_templates_smallest_size(deck_sheets) -> None:
    """The ability is most of a face's characters, so the commonest size on a face is its text size."""
    path, _, _ = deck_sheets
    cards = buildings()
    sizes = {}
    with pdfplumber.open(path) as pdf:
        for index, card in enumerate(cards):
            left, top = grid(A4)[index % 9]
            box = [v / 25.4 * 72 for v in (left, top, left + CARD[0], top + CARD[1])]
            chars = pdf.pages[index // 9].within_bbox(box).chars
            sizes[card.name] = Counter(round(c["size"], 1) for c in chars).most_common(1)[0][0]
    assert sizes["Cabin"] == 9.0
    assert sizes["Haunted House"] < sizes["Market"] < sizes["Cabin"]
    assert min(sizes.values()) >= 5.5
