"""`--changed-since OLD` prints exactly the cards whose face differs: a new cost, new text or new VP, and not a
card whose comment, ruling note or example alone changed (the version footer differs on every card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.card_faces.faces import changed, face
from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import requires_weasyprint, run_cards, squeezed, text_in

EDITS = {
    # card: (old line, new line) inside that card's entry
    "Village Hall": ("  cost 3 wood, 1 fish", "  cost 2 wood, 1 fish"),
    "Urban Quarter": ("    take 2 gold", "    take 3 gold"),
    "Forest Cabin": ("  vp 1", "  vp 2"),
    "Galley": ("  # Before the Ship is chosen, so the fish can pay for it.", "  # The fish can pay for the Ship."),
}
FACE_CHANGED = ["Village Hall", "Urban Quarter", "Forest Cabin"]


def edited(text: str) -> str:
    for name, (old, new) in EDITS.items():
        start = text.index(f'building "{name}"')
        end = text.index("\n\n", start)
        entry = text[start:end]
        assert entry.count(old) == 1, name
        text = text[:start] + entry.replace(old, new) + text[end:]
    return text


def faces(text: str):
    return [face(card) for card in compile_text(text, "cards.nus").program.cards]


def test_only_the_cards_whose_cost_text_or_vp_changed_are_selected() -> None:
    old = (ROOT / "cards.nus").read_text(encoding="utf-8")
    new = edited(old)
    assert [f.name for f in changed(faces(new), faces(old))] == FACE_CHANGED
    assert changed(faces(old), faces(old)) == []


def test_a_renamed_or_new_card_is_printed_and_a_removed_one_is_not() -> None:
    old = (ROOT / "cards.nus").read_text(encoding="utf-8")
    renamed = old.replace('building "Cabin" (trout A601)', 'building "Log Cabin" (trout A601)')
    assert [f.name for f in changed(faces(renamed), faces(old))] == ["Log Cabin"]
    fewer = faces(old)[1:]
    assert changed(fewer, faces(old)) == []
    assert [f.name for f in changed(faces(old), fewer)] == ["Cabin"]


@requires_weasyprint
def test_the_command_prints_just_those_cards(tmp_path: Path) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    old = ROOT / "cards.nus"
    new = tmp_path / "cards.nus"
    new.write_text(edited(old.read_text(encoding="utf-8")), encoding="utf-8")
    out = tmp_path / "out"
    status, said, complained = run_cards(str(new), "-o", str(out), "--changed-since", str(old))
    assert (status, complained) == (0, "")
    assert said == f"wrote {out / 'cards.pdf'}: 3 cards on 1 A4 page\n"
    with pdfplumber.open(out / "cards.pdf") as pdf:
        assert len(pdf.pages) == 1
        page_text = text_in(pdf.pages[0], 0, 0, 210, 297)
    codes = [f.code for f in faces(new.read_text(encoding="utf-8")) if f.code in page_text]
    assert codes == ["A604", "A605", "A606"]
    assert all(squeezed(name) in page_text for name in FACE_CHANGED)


@requires_weasyprint
def test_nothing_changed_writes_nothing(tmp_path: Path) -> None:
    cards = ROOT / "cards.nus"
    status, said, complained = run_cards(str(cards), "-o", str(tmp_path), "--changed-since", str(cards))
    assert (status, said, complained) == (0, f"no card to print: no face differs from {cards}\n", "")
    assert list(tmp_path.iterdir()) == []


def test_an_old_file_with_errors_is_reported_with_its_own_name(tmp_path: Path) -> None:
    old = tmp_path / "old.nus"
    old.write_text('building "Cabin" (trout A601)\n  cost 1 plank\n', encoding="utf-8")
    status, said, complained = run_cards(
        str(ROOT / "cards.nus"), "-o", str(tmp_path / "out"), "--changed-since", str(old)
    )
    assert status == 1
    assert said == ""
    assert f"{old}:2:" in complained
    assert not (tmp_path / "out").exists()
