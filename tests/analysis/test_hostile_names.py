"""A card name holding terminal controls (ESC, OSC, BEL) or a right-to-left override (U+202E) is shown as escapes
wherever it lands as text: the balance report's table and CSV, and the reference's cards.csv (issue 36 §4), as every
other command shows it (printable)."""

from __future__ import annotations

import contextlib
import csv
import io
from pathlib import Path

import pytest

from compiler.cli import main
from tests.kit.rulebook import ROOT

HOSTILE = "Evil\x1b]0;pwned\x07\x1b[31mRed\u202eOne"
SHOWN = "Evil\\x1b]0;pwned\\x07\\x1b[31mRed\\u202eOne"
CONTROLS = ("\x1b", "\x07", "\u202e")


def hostile_file(tmp_path: Path) -> Path:
    """cards.nus with the Cabin renamed (everywhere it is quoted)."""
    path = tmp_path / "hostile.nus"
    path.write_text((ROOT / "cards.nus").read_text(encoding="utf-8").replace('"Cabin"', f'"{HOSTILE}"'), "utf-8")
    return path


def balance(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["balance", *args, "--games", "2", "--jobs", "1", "--card", "A601"]) == 0
    return out.getvalue()


@pytest.mark.slow
def test_the_balance_table_and_csv_show_a_hostile_name_as_escapes(tmp_path: Path) -> None:
    path = str(hostile_file(tmp_path))
    for shown in (balance(path), balance(path, "--format", "csv")):
        assert SHOWN in shown and not any(control in shown for control in CONTROLS), shown
    [row] = list(csv.DictReader(io.StringIO(balance(path, "--format", "csv"))))
    assert row["name"] == SHOWN


@pytest.mark.slow
def test_cards_csv_shows_a_hostile_name_as_escapes(tmp_path: Path) -> None:
    assert main(["docs", str(hostile_file(tmp_path)), "-o", str(tmp_path / "out")]) == 0
    text = (tmp_path / "out" / "cards.csv").read_text(encoding="utf-8")
    assert not any(control in text for control in CONTROLS)
    names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
    assert SHOWN in names and "Cabin" not in names
