"""`nus build` and `nus docs` write their folder all or nothing (compiler/cli/folder.py): a target in the way is named
before anything is written, a killed build never leaves old and new files mixed, and what a killed build left is
swept by the next one."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler.cli import folder as folder_module
from compiler.cli import main
from tests.kit.rulebook import ROOT

BUILT = ["cards.csv", "cards.json", "cards.md", "cards.py", "examples.py", "index.html", "language.md"]


def build(source: Path, out: Path, command: str = "build") -> int:
    return main([command, str(source), "-o", str(out)])


def contents(out: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() if path.is_file() else b"<dir>" for path in sorted(out.iterdir())}


def two_card_files(tmp_path: Path) -> tuple[Path, Path]:
    """cards.nus, and a copy with one card's VP changed: every output differs between them."""
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    first, second = tmp_path / "one.nus", tmp_path / "two.nus"
    first.write_text(text, encoding="utf-8")
    second.write_text(text.replace("  vp 0\n", "  vp 9\n", 1), encoding="utf-8")
    return first, second


@pytest.mark.slow
def test_a_target_that_is_a_directory_is_named_and_the_previous_build_stays_whole(tmp_path, capsys):
    first, second = two_card_files(tmp_path)
    out = tmp_path / "build"
    assert build(first, out) == 0
    (out / "cards.json").unlink()
    (out / "cards.json").mkdir()
    before = {name: data for name, data in contents(out).items() if name != "cards.json"}
    capsys.readouterr()
    assert build(second, out) == 2
    assert capsys.readouterr().err == (
        f"nus: error: cannot write to {out / 'cards.json'}: a directory is in the way; remove it or choose another "
        "folder\n"
    )
    assert (out / "cards.json").is_dir()
    assert {name: data for name, data in contents(out).items() if name != "cards.json"} == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["build", "one.nus", "two.nus"]


@pytest.mark.slow
def test_a_build_swaps_its_folder_keeping_files_it_does_not_write(tmp_path):
    """`nus docs` into the folder `nus build` wrote: cards.py stays (linked into the new folder), the rest is new;
    the folder keeps its permissions."""
    first, second = two_card_files(tmp_path)
    out = tmp_path / "build"
    assert build(first, out) == 0
    out.chmod(0o750)
    before = contents(out)
    assert build(second, out, "docs") == 0
    after = contents(out)
    assert (
        sorted(after) == BUILT and after["cards.py"] == before["cards.py"] and after["cards.md"] != before["cards.md"]
    )
    assert (out.stat().st_mode & 0o777) == 0o750
    assert sorted(path.name for path in tmp_path.iterdir()) == ["build", "one.nus", "two.nus"]


@pytest.mark.slow
def test_what_a_killed_build_left_is_swept_by_the_next(tmp_path):
    first, _ = two_card_files(tmp_path)
    out = tmp_path / "build"
    assert build(first, out) == 0
    (out / ".cards.json.x1y2z3.tmp").write_text("half", encoding="utf-8")
    (tmp_path / ".build.new-abc123").mkdir()
    (tmp_path / ".build.new-abc123" / "cards.md").write_text("half", encoding="utf-8")
    (tmp_path / ".build.old-def456").mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")  # not the build's: kept
    assert build(first, out) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["build", "one.nus", "two.nus"]
    assert sorted(contents(out)) == sorted([*BUILT, "notes.txt"])


@pytest.mark.slow
def test_a_folder_that_is_not_the_builds_alone_is_written_file_by_file_naming_what_was_replaced(
    tmp_path, monkeypatch, capsys
):
    """The current directory (`-o .`) is never swapped: its files are replaced one by one, and a failure midway names
    the files replaced already."""
    first, second = two_card_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "one.nus", "-o", "."]) == 0
    replace = os.replace

    def failing_at_cards_json(source, target):
        if str(target).endswith("cards.json"):
            raise OSError(28, "No space left on device")
        return replace(source, target)

    monkeypatch.setattr(folder_module.os, "replace", failing_at_cards_json)
    capsys.readouterr()
    assert main(["docs", "two.nus", "-o", "."]) == 2
    assert capsys.readouterr().err == (
        "nus: error: cannot write to cards.json: No space left on device; replaced already: cards.md, index.html\n"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["one.nus", "two.nus", "cards.md", "index.html", "cards.json", "cards.csv", "language.md"]
    )


def staging(out: Path) -> bool:
    """Whether a build has begun writing: a staged file in the folder, or a staging folder beside it."""
    return any(name.startswith(".") for name in [*os.listdir(out), *os.listdir(out.parent)])


@pytest.mark.slow
def test_sixty_builds_killed_at_random_moments_never_leave_a_mixture(tmp_path):
    """Each build is killed (SIGKILL): half at a random moment around its end, half a random moment (0-400 ms) after it
    began writing. After each, the folder holds the whole previous build or the whole new one, never some of each."""
    first, second = two_card_files(tmp_path)
    versions = []
    for source in (first, second):
        reference = tmp_path / f"reference-{source.stem}"
        assert build(source, reference) == 0
        versions.append(contents(reference))
        shutil.rmtree(reference)
    out = tmp_path / "build"
    assert build(first, out) == 0
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "compiler", "build"]
    started = time.monotonic()
    subprocess.run([*command, str(second), "-o", str(tmp_path / "timed")], env=environment, check=True)
    took = time.monotonic() - started
    shutil.rmtree(tmp_path / "timed")
    moments = random.Random(36)
    seen = []
    for run in range(60):
        process = subprocess.Popen(
            [*command, str((first, second)[run % 2]), "-o", str(out)], env=environment, stdout=subprocess.DEVNULL
        )
        if run % 4 < 2:
            time.sleep(moments.uniform(0.6, 1.1) * took)
        else:
            while process.poll() is None and not staging(out):
                pass
            time.sleep(moments.uniform(0, 0.4))
        process.send_signal(signal.SIGKILL)
        process.wait()
        found = contents(out)
        assert found in versions, f"run {run}: a mixture of the two builds: {sorted(found)}"
        seen.append(versions.index(found))
    assert build(first, out) == 0 and contents(out) == versions[0]
    assert not [path for path in [*tmp_path.iterdir(), *out.iterdir()] if path.name.startswith(".")]
    changes = sum(one != other for one, other in zip(seen, seen[1:], strict=False))
    print(f"the folder went from one build to the other {changes} times in 60 killed builds")
