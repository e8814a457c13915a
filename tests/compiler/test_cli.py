"""The `nus` command: exit codes, what goes to stdout and stderr, and the files it writes.

Scripts and CI rely on the exit codes (0 clean, 1 errors in a card file, 2 usage or I/O), and
designers read the stderr, so both are pinned.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import cli
from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "cards.nus"
GOOD = 'building "Barrel" (trout A613)\n  cost 1 fish, 2 gold\n  vp 3\n  when built:\n    take 2 wood\n'
BAD = 'building "Barrel" (trout A613)\n  cost 1 fish, 2 gold\n  vp 3\n  when built:\n    take 2 wod\n'


def write(tmp_path: Path, text: str | bytes, name: str = "cards.nus") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_check_real_cards_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    """The repository's own card file passes; stdout says how many cards, stderr stays empty."""
    assert main(["check", str(REAL)]) == 0
    out, err = capsys.readouterr()
    assert re.fullmatch(rf"{re.escape(str(REAL))}: \d+ cards, no errors\n", out)
    assert err == ""


def test_check_with_errors_exits_1_and_renders_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Errors go to stderr, rendered with the source line and carets, and a count; nothing to stdout."""
    path = write(tmp_path, BAD)
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{path}:5:12: error[E0102]: unknown good 'wod'\n"
        "  |\n"
        "5 |     take 2 wod\n"
        "  |            ^^^\n"
        "help: did you mean 'wood'?\n"
        f"{path}: 1 error\n"
    )


def test_check_several_files_reports_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One bad file among good ones makes the run fail, and the good ones are still reported."""
    good = write(tmp_path, GOOD, "good.nus")
    bad = write(tmp_path, BAD + BAD.replace("A613", "A614").replace('"Barrel"', '"Cask"'), "bad.nus")
    assert main(["check", str(good), str(bad)]) == 1
    out, err = capsys.readouterr()
    assert out == f"{good}: 1 card, no errors\n"
    assert err.count("error[E0102]") == 2
    assert err.endswith(f"{bad}: 2 errors\n")


def test_check_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unreadable file is an I/O problem, not a card error."""
    missing = tmp_path / "nope.nus"
    assert main(["check", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"nus: error: cannot read {missing}: No such file or directory\n"


@pytest.mark.parametrize("argv", [[], ["frobnicate"], ["explain"]])
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's usage errors keep its exit code 2 and print the usage to stderr."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: nus")


@pytest.mark.parametrize("argv", [["check"], ["build"], ["test"], ["simulate"], ["explain", "Cabin"]])
def test_no_card_file_given_or_found_says_how_to_give_one(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no FILE, a command reads the card file of nus.toml, else cards.nus here; with neither, it says so."""
    monkeypatch.chdir(tmp_path)
    try:
        code = main(argv)
    except SystemExit as exited:  # nus check's own usage line: it also takes --explain CODE instead
        code = exited.code
    assert code == 2
    err = capsys.readouterr().err
    assert "give FILE" in err
    assert argv[0] == "check" or "nus init DIR makes a project" in err


def test_explain_given_only_a_card_file_asks_for_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "cards.nus"]) == 2
    assert capsys.readouterr().err == "nus: error: give the card too: nus explain cards.nus CARD\n"


def test_invalid_utf8_is_a_positioned_e0004(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad byte is reported like a diagnostic, at its line and column, with exit 1."""
    path = write(tmp_path, GOOD.encode().replace(b"take 2", b"take \xe9"))
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}:5:10: error[E0004]: the file is not valid UTF-8 (byte 83)\n"


def test_invalid_utf8_in_build_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The other commands read the same way and fail the same way, writing nothing."""
    path = write(tmp_path, b"\xff")
    out_dir = tmp_path / "out"
    assert main(["build", str(path), "-o", str(out_dir)]) == 1
    assert capsys.readouterr().err == f"{path}:1:1: error[E0004]: the file is not valid UTF-8 (byte 0)\n"
    assert not out_dir.exists()


def test_build_writes_valid_python_naming_source_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DIR/cards.py and DIR/examples.py compile; the card's block is headed by its line, each function by the line
    it came from; a cost and VP of numbers alone are written as values, not functions."""
    counted = GOOD.replace("cost 1 fish", "cost (elders) fish").replace("vp 3", "vp elders")
    path = write(
        tmp_path, counted + '  example "two wood":\n    do build this building\n    expect wood in supply = 2\n'
    )
    out_dir = tmp_path / "out"
    assert main(["build", str(path), "-o", str(out_dir)]) == 0
    target, examples = out_dir / "cards.py", out_dir / "examples.py"
    assert f"wrote {target}\n" in capsys.readouterr().out
    source = target.read_text(encoding="utf-8")
    compile(source, str(target), "exec")
    assert source.startswith(f"# Generated from {path} by nus; do not edit.\n")
    comments = re.findall(rf"^# {re.escape(str(path))}:(\d+)$", source, re.MULTILINE)
    assert sorted(set(map(int, comments))) == [2, 3, 4]
    assert f'\n# building "Barrel" (trout A613) -- {path}:1\n' in source
    assert "rt.take(ctx, 2, 'wood')" in source
    assert "'Barrel'" in source and "Example" not in source
    compile(examples.read_text(encoding="utf-8"), str(examples), "exec")
    assert "def a613_example1_step2(ctx):" in examples.read_text(encoding="utf-8")
    write(tmp_path, GOOD)
    assert main(["build", str(path), "-o", str(out_dir)]) == 0
    constant = target.read_text(encoding="utf-8")
    assert "vp=3," in constant and "def a613_costs" not in constant and "def a613_vp" not in constant


def test_build_real_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The real file builds to Python that compiles; each card's code is present."""
    assert main(["build", str(REAL), "-o", str(tmp_path)]) == 0
    source = (tmp_path / "cards.py").read_text(encoding="utf-8")
    compile(source, "cards.py", "exec")
    assert "code='A613'" in source
    assert capsys.readouterr().err == ""


def test_build_with_errors_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file with errors leaves the output directory untouched."""
    path = write(tmp_path, BAD)
    out_dir = tmp_path / "out"
    assert main(["build", str(path), "-o", str(out_dir)]) == 1
    assert "error[E0102]" in capsys.readouterr().err
    assert not out_dir.exists()


def test_build_into_a_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An output path that is a file is an I/O problem (2), not a traceback."""
    path = write(tmp_path, GOOD)
    blocker = write(tmp_path, "not a directory", "out")
    assert main(["build", str(path), "-o", str(blocker)]) == 2
    assert capsys.readouterr().err.startswith(f"nus: error: cannot write to {blocker}")


def test_explain_leads_with_the_english_then_prints_structure_and_python(capsys: pytest.CaptureFixture[str]) -> None:
    """The card's header line; the card as the reference gives it (cost, VP, English, each note and ruling in
    full); then its AST outline (zeros shown) and its generated functions."""
    assert main(["explain", str(REAL), "Barrel Maker"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    first, blank, english = out.split("\n", 2)
    assert re.fullmatch(rf'{re.escape(str(REAL))}:\d+: building "Barrel Maker"', first)
    assert blank == ""
    reader, outline = english.split("\n# Structure\n\n", 1)
    assert reader.split("\n")[:3] == ["Cost: 1 fish and 2 gold", "VP: 3 VP", ""]
    assert " ".join(reader.split()).startswith(
        'Cost: 1 fish and 2 gold VP: 3 VP Each time after you complete a "Serve Fish" action, take 2 wood'
    )
    assert re.search(r"\nRuling \(line \d+\): a Guest saves its plate's printed fish;", reader)
    assert outline.startswith("Card\n  kind: building\n  name: Barrel Maker\n  deck: trout\n  code: A613\n")
    assert "kind: each_time" in out
    assert "\n# Generated Python\n" in out
    python = out.split("\n# Generated Python\n", 1)[1]
    assert python.count("\ndef ") >= 3
    assert "rt.take(ctx, 2, 'wood')" in python
    assert "name='Barrel Maker'" in python
    assert "name='Woodcutter" not in python


def test_explain_says_which_games_a_card_with_a_players_line_is_part_of(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The English under the header, the checked counts in the outline, the CardSpec field; and the table its
    examples start from is the one the card is part of (4 players for `players 4+`), not the usual 2."""
    assert main(["explain", str(REAL), "E05"]) == 0
    out = capsys.readouterr().out
    assert out.split("\n")[1:4] == ["", "Only in games of 5 players.", ""]
    assert out.split("\n")[4].startswith("When you use the Elder, ")  # an Elder has no cost or VP line
    assert "  players:\n    Players\n      ranges:\n        PlayerRange\n          low: 5\n          high: 5\n" in out
    assert "      counts:\n        5\n" in out and "    players=(5,),\n" in out
    assert main(["explain", str(REAL), "Barrel Maker"]) == 0
    assert "Only in games" not in capsys.readouterr().out
    path = write(tmp_path, GOOD.replace("  cost", "  players 4+\n  cost", 1) + '  example "e":\n    expect vp = 3\n')
    assert main(["explain", str(path), "Barrel"]) == 0
    out = capsys.readouterr().out
    assert out.split("\n")[2] == "Only in games of 4 or 5 players."
    assert "\n- 4 players, seed 0, Round 1, after its Fishing Phase, no worker turn taken yet;" in out


def test_explains_outline_shows_a_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`vp 0` is a value the card gives, not a field left out: the outline shows it."""
    path = write(tmp_path, 'building "Zero" (trout A699)\n  cost 1 wood\n  vp 0\n')
    assert main(["explain", str(path), "Zero"]) == 0
    assert "\n  vp:\n    Number\n      value: 0\n" in capsys.readouterr().out


def test_explain_finds_a_card_by_code_case_insensitively(capsys: pytest.CaptureFixture[str]) -> None:
    """A613 and a613 name the same card."""
    assert main(["explain", str(REAL), "a613"]) == 0
    assert 'building "Barrel Maker"' in capsys.readouterr().out


def test_explain_unknown_card_lists_the_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2 and the list of card names, so the user can pick one."""
    path = write(tmp_path, GOOD + "\n" + GOOD.replace("A613", "A614").replace('"Barrel"', '"Cask"'))
    assert main(["explain", str(path), "Nope"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"nus: error: no card named 'Nope' in {path} (cards: Barrel, Cask)\n"


def test_module_entry_point(tmp_path: Path) -> None:
    """`python -m compiler` is the same command, with the same exit codes and streams."""
    bad = write(tmp_path, BAD)
    clean = subprocess.run(
        [sys.executable, "-m", "compiler", "check", str(REAL)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    failing = subprocess.run(
        [sys.executable, "-m", "compiler", "check", str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert (clean.returncode, clean.stderr) == (0, "")
    assert clean.stdout.endswith("cards, no errors\n")
    assert failing.returncode == 1
    assert failing.stdout == ""
    assert f"{bad}:5:12: error[E0102]: unknown good 'wod'" in failing.stderr


def test_counts_are_singular_for_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'1 cards', '1 examples' (found by a designer review)."""
    one = write(tmp_path, GOOD + '  example "one":\n    expect vp = 3\n', "one.nus")
    two = write(tmp_path, GOOD + GOOD.replace("A613", "A614").replace('"Barrel"', '"Cask"'), "two.nus")
    assert main(["check", str(one), str(two)]) == 0
    assert capsys.readouterr().out == f"{one}: 1 card, no errors\n{two}: 2 cards, no errors\n"
    assert main(["test", str(one)]) == 0
    assert re.fullmatch(r"1 passed in \d+\.\d s\n", capsys.readouterr().out)
    assert main(["test", str(two)]) == 0
    assert re.fullmatch(r"no examples ran in \d+\.\d s\n", capsys.readouterr().out)


def test_the_nus_program_exits_without_collecting_what_it_built(monkeypatch) -> None:
    """`nus` (console) returns main's status, after freezing the heap so the exit makes no collector passes."""
    calls: list[str] = []
    monkeypatch.setattr(cli, "main", lambda: calls.append("main") or 1)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    with pytest.raises(SystemExit) as ended:
        cli.console()
    assert ended.value.code == 1 and calls == ["main", "freeze"]
