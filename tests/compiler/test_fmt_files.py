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
    from compiler import output

    path = write(tmp_path, MESSY, "cards.nus")

    def full(_source: str, _target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "replace", full)
    assert main(["fmt", "--write", str(path)]) == 2
    assert capsys.readouterr().err == f"nus: error: cannot write to {path}: No space left on device\n"
    assert path.read_text(encoding="utf-8") == MESSY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.nus"]
