"""`nus fmt` as an edit of the files it is given: through symbolic links, keeping permissions and line endings,
and counting the files it could not parse (found by a designer review)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from compiler.cli import main

GOOD = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp 1\n'
MESSY = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp   1\n'


def write(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_fmt_write_goes_through_a_symbolic_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The link stays a link and its target is the file formatted."""
    target = write(tmp_path, MESSY, "real.nus")
    link = tmp_path / "link.nus"
    link.symlink_to("real.nus")
    assert main(["fmt", "--write", str(link)]) == 0
    assert capsys.readouterr().err == "1 file reformatted\n"
    assert link.is_symlink() and os.readlink(link) == "real.nus"
    assert target.read_text(encoding="utf-8") == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.nus", "real.nus"]


@pytest.mark.parametrize("mode", [0o600, 0o755, 0o640])
def test_fmt_write_keeps_the_file_permissions(tmp_path: Path, mode: int) -> None:
    path = write(tmp_path, MESSY, "cards.nus")
    path.chmod(mode)
    assert main(["fmt", "--write", str(path)]) == 0
    assert (path.stat().st_mode & 0o7777, path.read_text(encoding="utf-8")) == (mode, GOOD)


def test_fmt_write_that_fails_leaves_the_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Still atomic: a full disk midway leaves the old text and no temporary file beside it (exit 2)."""
    from compiler.cli import output

    path = write(tmp_path, MESSY, "cards.nus")

    def full(_source: str, _target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", full)
    assert main(["fmt", "--write", str(path)]) == 2
    assert capsys.readouterr().err == f"nus: error: cannot write to {path}: No space left on device\n"
    assert path.read_text(encoding="utf-8") == MESSY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.nus"]


BROKEN = 'building "Hut" (trout A613)\n  cost 1 wood\n  vp 1 +\n'
BROKEN_REPORT = (
    "{path}:3:9: error[E0003]: unexpected end of line\n  |\n3 |   vp 1 +\n  |         ^\n"
    "help: expected '(', '-', 'by', number, word\n{path}: 1 error\n"
)


def test_fmt_check_reports_a_file_it_cannot_parse_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "1 file already formatted" (exit 1) of a file with a syntax error."""
    broken = write(tmp_path, BROKEN, "a.nus")
    assert main(["fmt", "--check", str(broken)]) == 1
    assert capsys.readouterr() == ("", BROKEN_REPORT.format(path=broken) + "1 file could not be parsed\n")
    assert main(["fmt", "--check", str(broken), str(broken)]) == 1
    assert capsys.readouterr().err.endswith("\n2 files could not be parsed\n")


def test_fmt_counts_each_kind_of_file_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean, messy, broken = (
        write(tmp_path, GOOD, "a.nus"),
        write(tmp_path, MESSY, "b.nus"),
        write(tmp_path, BROKEN, "c.nus"),
    )
    files = [str(clean), str(messy), str(broken)]
    assert main(["fmt", "--check", *files]) == 1
    out, err = capsys.readouterr()
    assert out == f"would reformat {messy}\n"
    assert err == BROKEN_REPORT.format(path=broken) + (
        "1 file would be reformatted, 1 file already formatted, 1 file could not be parsed "
        "(run 'nus fmt --write' to rewrite them)\n"
    )
    assert main(["fmt", "--write", *files]) == 1
    assert capsys.readouterr().err.endswith("\n1 file reformatted, 1 file left unchanged, 1 file could not be parsed\n")
    assert [Path(f).read_text(encoding="utf-8") for f in files] == [GOOD, GOOD, BROKEN]
    assert main(["fmt", "--check", str(clean), str(messy)]) == 0
    assert capsys.readouterr() == ("2 files already formatted\n", "")


CRLF_GOOD, CRLF_MESSY = GOOD.replace("\n", "\r\n"), MESSY.replace("\n", "\r\n")


def test_fmt_keeps_a_crlf_file_crlf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--check judges layout, not line endings; --write and --diff keep the file's endings."""
    good, messy = write(tmp_path, CRLF_GOOD, "a.nus"), write(tmp_path, CRLF_MESSY, "b.nus")
    assert main(["fmt", "--check", str(good)]) == 0
    assert capsys.readouterr() == ("1 file already formatted\n", "")
    assert main(["fmt", "--diff", str(messy)]) == 1
    assert capsys.readouterr().out == (
        f"--- {messy}\n+++ {messy}\n@@ -1,3 +1,3 @@\n {GOOD.split(chr(10))[0]}\n   cost 1 wood\n-  vp   1\n+  vp 1\n"
    )
    assert main(["fmt", "--write", str(messy)]) == 0
    assert messy.read_bytes() == CRLF_GOOD.encode()
    assert main(["fmt", str(good)]) == 0
    assert capsys.readouterr().out == CRLF_GOOD


def test_fmt_gives_a_file_of_mixed_endings_its_first_line_s(tmp_path: Path) -> None:
    mixed = write(tmp_path, CRLF_GOOD.replace("vp 1\r\n", "vp 1\n"), "a.nus")
    assert main(["fmt", "--check", str(mixed)]) == 1
    assert main(["fmt", "--write", str(mixed)]) == 0
    assert mixed.read_bytes() == CRLF_GOOD.encode()


def test_fmt_keeps_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, messy = write(tmp_path, "\ufeff" + GOOD, "a.nus"), write(tmp_path, "\ufeff" + MESSY, "b.nus")
    assert main(["fmt", "--check", str(good)]) == 0
    assert main(["fmt", "--write", str(messy)]) == 0
    assert messy.read_bytes() == b"\xef\xbb\xbf" + GOOD.encode()


def test_a_file_that_cannot_be_read_is_counted_and_the_others_are_formatted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing file stopped the run where it stood (exit 2, no count, the files after it never looked at); as ruff,
    it is said and counted, every other file is checked or written, and the exit is 2. A file that is not UTF-8
    counts as not parsed (its E0004 shown)."""
    messy, clean = write(tmp_path, MESSY, "b.nus"), write(tmp_path, GOOD, "a.nus")
    missing, undecodable = tmp_path / "missing.nus", tmp_path / "bad.nus"
    undecodable.write_bytes(b"\xff\xfe")
    files = [str(messy), str(missing), str(clean), str(undecodable)]
    assert main(["fmt", "--check", *files]) == 2
    assert capsys.readouterr() == (
        f"would reformat {messy}\n",
        f"nus: error: cannot read {missing}: No such file or directory\n"
        f"{undecodable}:1:1: error[E0004]: the file is not valid UTF-8 (byte 0)\n"
        "1 file would be reformatted, 1 file already formatted, 1 file could not be parsed, 1 file could not be read "
        "(run 'nus fmt --write' to rewrite them)\n",
    )
    assert main(["fmt", "--write", str(missing), str(messy)]) == 2
    assert capsys.readouterr().err.endswith("\n1 file reformatted, 1 file could not be read\n")
    assert messy.read_text(encoding="utf-8") == GOOD
    assert main(["fmt", str(missing)]) == 2
    assert capsys.readouterr() == ("", f"nus: error: cannot read {missing}: No such file or directory\n")
