"""What the card file says lands escaped; a card that cannot fit is named, never cut silently; outputs are
written whole and never over an input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from compiler import compile_text
from compiler.backends.card_faces.faces import face
from compiler.backends.card_faces.pdf import Layout, Placed
from compiler.backends.card_faces.sheets import sheet
from compiler.cli.output import write_all
from tests.print.sheets_kit import requires_weasyprint, run_cards, squeezed, text_in

HOSTILE = "<img src=x onerror=alert(1)> & {{ 7*7 }}"
TOO_LONG = "Grand " * 24 + "Hall"


def card_file(tmp_path: Path, *names: str) -> Path:
    body = "  cost 1 wood\n  vp 1\n  each time after you thin out:\n    take 1 fish\n"
    entries = [f'building "{name}" (trout A6{number:02})\n{body}' for number, name in enumerate(names, 1)]
    path = tmp_path / "cards.nus"
    path.write_text("\n".join(entries), encoding="utf-8")
    return path


def test_a_hostile_name_is_escaped_in_the_sheet_html(tmp_path: Path) -> None:
    program = compile_text(card_file(tmp_path, HOSTILE).read_text(encoding="utf-8"), "cards.nus").program
    layout = Layout(sheet("a4", 63, 88, 0), "<footer & note>", "<title>")
    html = layout.html([Placed(0, face(program.cards[0]))], [dict.fromkeys(layout.sizes, 0)])
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; {{ 7*7 }}" in html
    assert "<img src=x" not in html
    assert "49" not in html
    assert "&lt;footer &amp; note&gt;" in html and "<title>&lt;title&gt;" in html


CONTROL = "Bell\x07Tab\tEsc\x1b[31m"


def test_control_characters_of_a_name_are_shown_escaped_as_on_the_terminal(tmp_path: Path) -> None:
    """A font has no glyph for a control character: the name printed with empty boxes. It shows as the terminal
    and the reference show it, in the name, the text and the cost's words."""
    text = card_file(tmp_path, CONTROL, "Shed").read_text(encoding="utf-8")
    text = text.replace("(trout A602)\n  cost 1 wood", f'(trout A602)\n  cost 1 wood or discard "{CONTROL}"')
    program = compile_text(text, "cards.nus").program
    layout = Layout(sheet("a4", 63, 88, 0), "footer", "title")
    faces = [Placed(index, face(card)) for index, card in enumerate(program.cards)]
    html = layout.html(faces, [dict.fromkeys(layout.sizes, 0)] * 2)
    assert '<h1 style="font-size: 12pt">Bell\\x07Tab\\tEsc\\x1b[31m</h1>' in html
    assert "you may remove the &#34;Bell\\x07Tab Esc\\x1b[31m&#34; from play" in html
    assert not any(char in html for char in "\x07\x1b\t")


@requires_weasyprint
def test_a_name_with_control_characters_prints_them_escaped(tmp_path: Path) -> None:
    printed = first_page_printed(tmp_path, CONTROL)
    assert "Bell\\x07Tab\\tEsc\\x1b[31m" in printed
    assert not any(char in printed for char in "\x07\x1b")


@requires_weasyprint
def test_a_hostile_name_prints_as_written(tmp_path: Path) -> None:
    assert squeezed(HOSTILE) in first_page_printed(tmp_path, HOSTILE)


def first_page_printed(tmp_path: Path, name: str) -> str:
    """The text on the first A4 page `nus cards` prints for a card of this name, which must print cleanly."""
    pdfplumber = pytest.importorskip("pdfplumber")
    status, _, complained = run_cards(str(card_file(tmp_path, name)), "-o", str(tmp_path / "out"))
    assert (status, complained) == (0, "")
    with pdfplumber.open(tmp_path / "out" / "cards.pdf") as pdf:
        return text_in(pdf.pages[0], 0, 0, 210, 297)


@requires_weasyprint
def test_a_card_that_cannot_fit_is_reported_by_name_and_the_others_are_not(tmp_path: Path) -> None:
    status, said, complained = run_cards(str(card_file(tmp_path, "Cabin", TOO_LONG)), "-o", str(tmp_path / "out"))
    assert status == 1
    assert said == f"wrote {tmp_path / 'out' / 'cards.pdf'}: 2 cards on 1 A4 page\n"
    assert complained == (
        f'nus cards: "{TOO_LONG}" (A602) does not fit: its name overflows even at 8pt; '
        "shorten it, or give that region more room in card_faces.css\n"
    )


@requires_weasyprint
def test_an_output_never_replaces_an_input(tmp_path: Path) -> None:
    source = card_file(tmp_path, "Cabin")
    named_like_the_output = tmp_path / "cards.pdf"
    named_like_the_output.write_bytes(source.read_bytes())
    status, said, complained = run_cards(str(named_like_the_output), "-o", str(tmp_path))
    assert (status, said) == (2, "")
    assert "refusing to overwrite the input" in complained
    assert named_like_the_output.read_bytes() == source.read_bytes()


def test_an_atomic_write_replaces_the_file_whole_and_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old")
    write_all({target: b"new"})
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_failed_atomic_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"old")

    def refuse(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_all({target: b"new"})
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]
