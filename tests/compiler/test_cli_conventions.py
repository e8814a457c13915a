"""The command line behaves as ruff, black and pytest users expect (issue 12, items 2, 4, 5 and 10): exit codes,
--version, colour, several files and '-', JSON and GitHub output, defaults in help, escaped card text, Ctrl-C and
closed pipes, atomic writes that never replace an input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import __version__
from compiler.cli import main
from compiler.cli.terminal import colour_wanted

ROOT = Path(__file__).resolve().parents[2]
GOOD = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp 1\n'
BAD = 'building "Hut" (trout A613)\n  cost 1 wod\n  vp 1\n'
HOSTILE = 'building "Evil\x1b]0;owned\x07\x1b[2J" (trout A61)\n  cost 1 wood\n  vp 1\n'


def nus(*args: str, stdin: str | None = None, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    environment = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        **kwargs,
    )


def write(tmp_path: Path, text: str, name: str = "cards.nus") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"nus {__version__}\n"


def test_check_reports_a_missing_file_and_still_checks_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, bad = write(tmp_path, GOOD, "a.nus"), write(tmp_path, BAD, "b.nus")
    assert main(["check", str(good), str(tmp_path / "missing.nus"), str(bad)]) == 2
    captured = capsys.readouterr()
    assert f"{good}: 1 card, no errors" in captured.out
    assert f"nus: error: cannot read {tmp_path / 'missing.nus'}: No such file or directory" in captured.err
    assert f"{bad}:2:10: error[E0102]" in captured.err


def test_check_reads_standard_input() -> None:
    clean = nus("check", "-", stdin=GOOD)
    assert (clean.returncode, clean.stdout) == (0, "<stdin>: 1 card, no errors\n")
    broken = nus("check", "-", stdin=BAD)
    assert broken.returncode == 1
    assert broken.stderr.startswith("<stdin>:2:10: error[E0102]: unknown good 'wod'")


def test_json_output_is_one_array_over_all_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = write(tmp_path, GOOD, "a.nus"), write(tmp_path, BAD, "b.nus")
    assert main(["check", "--output-format", "json", str(good), str(bad)]) == 1
    records = json.loads(capsys.readouterr().out)
    assert records == [
        {
            "file": str(bad),
            "line": 2,
            "column": 10,
            "end_line": 2,
            "end_column": 13,
            "severity": "error",
            "code": "E0102",
            "message": "unknown good 'wod'",
            "help": "did you mean 'wood'?",
        }
    ]


def test_github_annotations_escape_their_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, BAD, "b,1:x.nus")
    assert main(["check", "--output-format", "github", str(bad)]) == 1
    name = str(bad).replace(":", "%3A").replace(",", "%2C")
    assert capsys.readouterr().out == (
        f"::error file={name},line=2,col=10,endLine=2,endColumn=13,title=E0102::"
        "unknown good 'wod'%0Ahelp: did you mean 'wood'?\n"
    )


def test_columns_are_the_editor_s_and_carets_stand_under_their_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Columns count as editors and the LSP count them (UTF-16 code units: an emoji is two, a CJK character or a
    combining accent one), in the heading and in JSON; the caret counts terminal cells (a CJK character or an
    emoji two, a combining accent none): it stood 4 cells off after two CJK characters."""
    path = write(tmp_path, 'building "名前 e\u0301 🐟" (trot A001)\n  cost 1 wood\n  vp 1\n')
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"{path}:1:22: error[E0110]: unknown deck 'trot'\n  |\n"
        '1 | building "名前 e\u0301 🐟" (trot A001)\n'
        f"  | {' ' * 22}^^^^\nhelp: did you mean 'trout'?\n{path}: 1 error\n"
    )
    assert main(["check", "--output-format", "json", str(path)]) == 1
    [record] = json.loads(capsys.readouterr().out)
    assert (record["line"], record["column"], record["end_column"]) == (1, 22, 26)
    path.write_bytes('building "X" (trout A001)\n  cost 1 wood\n  vp 名\n'.encode() + b"\xff")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:4:1: error[E0004]: the file is not valid UTF-8 (byte 49)\n"
    path.write_bytes('building "X" (trout A001)\n  cost 1 wood\n  vp 名'.encode() + b"\xff")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:3:7: error[E0004]: the file is not valid UTF-8 (byte 48)\n"


def test_control_characters_in_card_names_reach_the_terminal_escaped(tmp_path: Path) -> None:
    result = nus("check", str(write(tmp_path, HOSTILE)))
    assert result.returncode == 1
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    lines = result.stderr.split("\n")
    assert lines[2] == '1 | building "Evil\\x1b]0;owned\\x07\\x1b[2J" (trout A61)'
    assert lines[3].index("^") == lines[2].index("A61")  # the caret stays under the code


EVIL_PATH = "evil\x1b[31m\nname.nus"
NOTED = 'building "Hut" (trout A613)\n  # a note\n  cost 1 wood\n  vp 1\n  example "one":\n    expect vp = 1\n'


def test_a_file_name_s_control_characters_are_escaped_wherever_it_lands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reference's line references (notes, examples, each card's footer) showed a raw ESC and line break in
    index.html; the Markdown escaped them. Now every output shows the name as the terminal does."""
    from compiler.cli.watch_command import Watcher

    path, out = write(tmp_path, NOTED, EVIL_PATH), tmp_path / "out"
    assert main(["build", str(path), "-o", str(out)]) == 0
    shown = f"{tmp_path}/evil\\x1b[31m\\nname.nus"
    assert capsys.readouterr().out.startswith(f"wrote {out}/cards.py\n")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert html.count(f"{shown}:") == 3  # the note, the example, the card's footer
    assert html.count(f"{shown}:2<") == 1
    assert [f.name for f in out.iterdir() if "\x1b" in f.read_text(encoding="utf-8")] == []
    assert [f.name for f in out.iterdir() if "evil\x1b" in f.read_text(encoding="utf-8")] == []
    assert f"{shown}:2" in (out / "cards.md").read_text(encoding="utf-8")
    watched = tmp_path / "watched"
    watched.mkdir()
    Watcher(str(path), watched).refresh()
    assert "\x1b" not in (watched / "index.html").read_text(encoding="utf-8")


def test_nus_test_lines_escape_titles_and_names(tmp_path: Path) -> None:
    text = (
        'building "Hut\x1b[31m" (trout A613)\n  cost 1 wood\n  vp 1\n  example "red\x1b[0m title":\n    expect vp = 1\n'
    )
    result = nus("test", "-v", str(write(tmp_path, text)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[0].endswith('ok card "Hut\\x1b[31m": red\\x1b[0m title')
    assert "\x1b" not in result.stdout


BOM = "\ufeff"


@pytest.mark.parametrize(
    "command", [["check"], ["test"], ["explain", "{file}", "Hut"], ["docs", "-o", "{out}"], ["build", "-o", "{out}"]]
)
def test_every_command_accepts_a_leading_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """As Python accepts one in a module: E0001 "unexpected character '\\ufeff'" was all a designer got."""
    path = write(tmp_path, BOM + GOOD)
    name, *rest = [word.format(file=path, out=tmp_path / "out") for word in command]
    assert main([name, *([] if "{file}" in command else [str(path)]), *rest]) == 0
    assert capsys.readouterr().err == ""


def test_columns_after_a_byte_order_mark_are_the_editor_s(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BOM + 'building "Hut" (trout A613) x\n  cost 1 wood\n  vp 1\n')
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"{path}:1:29: error[E0003]: unexpected 'x'\n  |\n1 | building \"Hut\" (trout A613) x\n"
        f"  |                             ^\nhelp: expected end of line\n{path}: 1 error\n"
    )
    path.write_bytes((BOM + "bu").encode() + b"\xff")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:1:3: error[E0004]: the file is not valid UTF-8 (byte 5)\n"


@pytest.mark.parametrize(
    ("environ", "tty", "wanted"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"FORCE_COLOR": "1"}, False, True),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False, False),
        ({"NO_COLOR": ""}, True, True),
    ],
)
def test_colour_follows_the_terminal_and_no_color_force_color(environ: dict, tty: bool, wanted: bool) -> None:
    class Stream:
        def isatty(self) -> bool:
            return tty

    assert colour_wanted(Stream(), environ) is wanted


@pytest.mark.slow
def test_forced_colour_paints_diagnostics_and_test_results(tmp_path: Path) -> None:
    coloured = nus("check", str(write(tmp_path, BAD)), env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert coloured.stderr.startswith(f"\x1b[1;31m{tmp_path / 'cards.nus'}:2:10: error[E0102]")
    assert "\x1b[1;36mhelp:\x1b[0m did you mean 'wood'?" in coloured.stderr
    plain = nus("check", str(write(tmp_path, BAD)), env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in plain.stderr
    results = nus("test", "-v", "cards.nus", env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[32mok\x1b[0m" in results.stdout


@pytest.mark.parametrize("command", ["build", "docs", "simulate"])
def test_option_help_shows_defaults(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    expected = "(default: build)" if command != "simulate" else "games to play (default: 10)"
    assert expected in out


def test_a_closed_pipe_ends_quietly_without_a_traceback(tmp_path: Path) -> None:
    """A line a file, far more than a pipe holds, so writes go on after `head` has gone."""
    write(tmp_path, GOOD, "a")
    script = f'{sys.executable} -m compiler check {" a" * 4000} | head -1; echo "${{PIPESTATUS[0]}}"'
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=tmp_path, env=environment)
    first, status = result.stdout.rstrip("\n").split("\n")
    assert first == "a: 1 card, no errors"
    assert status == "141"
    assert result.stderr == ""


FULL_DISK = "nus: error: cannot write to standard output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "command",
    [
        ["check", "a.nus"],
        ["check", "--output-format", "json", "a.nus"],
        ["check", "--explain", "E0102"],
        ["fmt", "a.nus"],
        ["fmt", "--diff", "messy.nus"],
        ["fmt", "--check", "a.nus"],
        ["vocab"],
        ["explain", "a.nus", "Hut"],
        ["test", "a.nus"],
        ["docs", "a.nus", "-o", "out"],
    ],
)
@pytest.mark.slow
def test_a_full_disk_on_stdout_is_an_io_error_not_a_traceback(tmp_path: Path, command: list[str]) -> None:
    """`nus check cards.nus > /dev/full`: one line and exit 2 (I/O), never the 1 CI reads as "errors found"."""
    write(tmp_path, GOOD, "a.nus")
    write(tmp_path, GOOD.replace("vp 1", "vp   1"), "messy.nus")
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "compiler", *command],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            env=environment,
        )
    assert (result.returncode, result.stderr) == (2, FULL_DISK)


def test_a_stdout_write_error_is_told_apart_from_other_os_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only stdout's own failure says "standard output"; the stream is put back after the command."""

    class Full:
        def write(self, _text: str) -> int:
            raise OSError(28, "No space left on device")

        def flush(self) -> None:
            pass

    full = Full()
    monkeypatch.setattr(sys, "stdout", full)
    assert main(["check", "--explain", "E0102"]) == 2
    assert sys.stdout is full
    monkeypatch.undo()
    assert capsys.readouterr().err == FULL_DISK


def test_an_output_directory_that_is_a_device_is_refused_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`nus docs -o /dev/full` said "File exists" (mkdir's word for it)."""
    source = write(tmp_path, GOOD)
    assert main(["docs", str(source), "-o", os.devnull]) == 2
    assert capsys.readouterr().err == f"nus: error: cannot write to {os.devnull}: not a directory\n"


def test_ctrl_c_exits_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    from compiler.cli import check_command

    def interrupted(_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(check_command, "run", interrupted)
    assert main(["check", "cards.nus"]) == 130
    assert capsys.readouterr().err == "nus: interrupted\n"


# Writing -------------------------------------------------------------------------------------------------------


def test_build_refuses_to_overwrite_its_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path, GOOD, "cards.md")
    assert main(["build", str(source), "-o", str(tmp_path)]) == 2
    assert f"refusing to overwrite the input {source}" in capsys.readouterr().err
    assert source.read_text(encoding="utf-8") == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.md"]  # nothing half-written beside it


def test_a_failed_write_leaves_the_previous_build_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from compiler.cli import output

    source, out = write(tmp_path, GOOD), tmp_path / "out"
    assert main(["build", str(source), "-o", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    source.write_text(GOOD.replace("vp 1", "vp 2"), encoding="utf-8")
    real_stage, staged = output.stage, []

    def disk_full_on_third(target: Path, text: str) -> str:
        if len(staged) == 2:
            raise OSError(28, "No space left on device")
        staged.append(target)
        return real_stage(target, text)

    monkeypatch.setattr(output, "stage", disk_full_on_third)
    assert main(["build", str(source), "-o", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # old files whole, no temporaries left


def test_fmt_into_its_own_input_is_refused(tmp_path: Path) -> None:
    """`nus fmt x > x`: the shell empties x before nus runs; nus says so (exit 2) instead of exiting 0."""
    copy = write(tmp_path, GOOD)
    script = f"{sys.executable} -m compiler fmt {copy} > {copy}"
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert f"standard output is the input {copy}: the shell emptied it before nus ran" in result.stderr


MESSY = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp   1\n'


def test_fmt_check_and_diff_take_several_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean, messy = write(tmp_path, GOOD, "a.nus"), write(tmp_path, MESSY, "b.nus")
    assert main(["fmt", "--check", str(clean), str(messy)]) == 1
    captured = capsys.readouterr()
    assert captured.out == f"would reformat {messy}\n"
    assert "1 file would be reformatted" in captured.err
    assert main(["fmt", "--diff", str(clean), str(messy)]) == 1
    assert (
        capsys.readouterr().out == f"--- {messy}\n+++ {messy}\n@@ -1,3 +1,3 @@\n {GOOD.split(chr(10))[0]}\n"
        "   cost 1 wood\n-  vp   1\n+  vp 1\n"
    )
    assert messy.read_text(encoding="utf-8") == MESSY  # neither mode writes
    assert main(["fmt", "--check", str(clean)]) == 0


def test_fmt_write_rewrites_only_what_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean, messy = write(tmp_path, GOOD, "a.nus"), write(tmp_path, MESSY, "b.nus")
    clean_stat = clean.stat().st_mtime_ns
    assert main(["fmt", "--write", str(clean), str(messy)]) == 0
    assert messy.read_text(encoding="utf-8") == GOOD
    assert clean.stat().st_mtime_ns == clean_stat
    assert "1 file reformatted" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.nus", "b.nus"]


def test_fmt_of_several_files_needs_a_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(write(tmp_path, GOOD, "a.nus")), str(write(tmp_path, GOOD, "b.nus"))]) == 2
    assert "give --write, --check or --diff" in capsys.readouterr().err
