"""The seams a designer found between commands (issue 33, point 5), each closed: one way to give the card file,
one spelling of a deck, a command that says where it wrote and what it read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.cli import main
from tests.kit.rulebook import ROOT
from tests.print.sheets_kit import requires_weasyprint, run_cards

HUT = 'building "Hut" ({deck} B700)\n  cost 1 wood\n  vp 1\n'


@pytest.mark.parametrize("deck", ["besokende", "Besøkende", "BESOKENDE"])
def test_a_header_names_a_deck_as_deck_does_and_output_spells_it_one_way(
    deck: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--deck besokende` always worked; a header had to say `besøkende`. Both take any case and an o for the ø, and
    every output spells the deck as the vocabulary does."""
    path = tmp_path / "hut.nus"
    path.write_text(HUT.format(deck=deck), encoding="utf-8")
    assert main(["docs", str(path), "-o", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    [card] = json.loads((tmp_path / "out" / "cards.json").read_text(encoding="utf-8"))
    assert (card["deck"], card["deck_name"]) == ("besøkende", "Besøkende")


def test_an_unknown_deck_is_still_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hut.nus"
    path.write_text(HUT.format(deck="salmon"), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert "error[E0110]: unknown deck 'salmon'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "trace"])
def test_the_old_cards_option_still_works_and_says_it_is_deprecated(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--card", "Cabin"] if command == "trace" else ["--jobs", "1"]
    cards = str(ROOT / "cards.nus")
    assert main([command, "--cards", cards, "--games" if command == "simulate" else "--seed", "1", *extra]) == 0
    new = capsys.readouterr()
    assert new.err == (
        f"nus: warning: --cards is deprecated: give the card file as the argument (nus {command} {cards})\n"
    )
    assert main([command, cards, "--games" if command == "simulate" else "--seed", "1", *extra]) == 0
    assert capsys.readouterr() == (new.out, "")
    assert main([command, "other.nus", "--cards", cards, *extra]) == 2
    assert capsys.readouterr().err == f"nus: error: give the card file once: other.nus or --cards {cards}\n"


@pytest.mark.slow
def test_balance_on_ctrl_c_reports_the_seeds_finished_and_says_where_it_wrote_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in `nus balance` threw the finished games away. It keeps every seed whose games are all in (a seed
    half played is left out, so every pair stays whole), reports them as a run of that many seeds would, and exits
    130; the page it writes is named on stderr."""
    pytest.importorskip("numpy")
    from runtime.analysis import progress

    def stopped_after_nine(records, total, label):
        for count, record in enumerate(records):
            if count == 9:  # two seeds of four games each (as dealt, without Cabin, paid, free), one of the third
                raise KeyboardInterrupt
            yield record

    cards = str(ROOT / "cards.nus")
    common = ["balance", cards, "--card", "Cabin", "--jobs", "1", "--format", "json", "--agent", "random", "--no-cache"]
    assert main([*common, "--games", "2"]) == 0
    whole = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(progress, "with_progress", stopped_after_nine)
    page = tmp_path / "report.html"
    assert main([*common, "--games", "10", "--html", str(page)]) == 130
    out, err = capsys.readouterr()
    assert err == f"nus balance: interrupted after 2 seeds; the report covers them\nwrote {page}\n"
    stopped = json.loads(out)
    assert stopped.pop("run")["interrupted"] is True and whole.pop("run")["interrupted"] is False  # wall times differ
    assert stopped == whole
    assert "2 seeds (0 to 1)" in page.read_text(encoding="utf-8")


def on_a_terminal(*argv: str, cwd: Path) -> tuple[int, str]:
    """A `nus` command run with a pseudo-terminal for its standard error (and output): its exit code and all it
    wrote there."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", *argv], stdout=follower, stderr=follower, stdin=subprocess.DEVNULL, cwd=cwd
    )
    os.close(follower)
    said = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the command has ended and closed its side
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    return process.wait(), said.decode("utf-8", "replace")


@requires_weasyprint
def test_nus_cards_shows_what_it_is_doing_on_a_terminal_and_nothing_in_a_pipe(tmp_path: Path) -> None:
    """`nus cards` was silent for 7 s. On a terminal a status line says each step; piped, the output is the same as
    before: only what was written."""
    code, said = on_a_terminal("cards", str(ROOT / "cards.nus"), "--card", "Cabin", "-o", str(tmp_path), cwd=ROOT)
    assert code == 0
    assert "laying out 1 card" in said and "writing the PDF" in said
    assert f"wrote {tmp_path / 'cards.pdf'}: 1 card on 1 A4 page" in said
    status, out, err = run_cards(str(ROOT / "cards.nus"), "--card", "Cabin", "-o", str(tmp_path / "piped"))
    assert (status, err) == (0, "")
    assert out == f"wrote {tmp_path / 'piped' / 'cards.pdf'}: 1 card on 1 A4 page\n"


def test_no_test_writes_past_pytests_capture() -> None:
    """A test printed a 2,000-character line into pytest's progress dots (capsys.disabled). A test's output is
    captured, shown with -s or when it fails; nothing turns capture off or writes to the process's own streams."""
    escapes = re.compile(r"\b(capsys|capfd|capsysbinary|capfdbinary)\.disabled\(|sys\.__(stdout|stderr)__")
    tests = sorted((ROOT / "tests").rglob("*.py"))
    this = Path(__file__).resolve()
    assert [
        str(path.relative_to(ROOT)) for path in tests if path != this and escapes.search(path.read_text("utf-8"))
    ] == []
