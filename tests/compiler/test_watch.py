"""`nus watch`: the summary on start, and a new one each time the file changes on disk."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.kit.rulebook import ROOT

CARDS = """building "Toy Shop" (trout A601)
  cost 1 wood
  vp 1
  when built:
    take 2 wood
  example "building it gives 2 wood":
    given wood in supply = 1, guests in supply = 0
    do build this building
    answer column 2 row 1
    expect wood in supply = 2

building "Big Shop" (trout A602)
  cost 6 wood
  vp 2
"""


class Watching:
    """`nus watch` as a subprocess; each summary ends with the 'watching ...' line."""

    def __init__(self, source: Path, out: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "compiler", "watch", str(source), "-o", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
            env={**os.environ, "NO_COLOR": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.process.stdout], daemon=True).start()

    def summary(self) -> list[str]:
        found = []
        while not (line := self.lines.get(timeout=60)).startswith("watching "):
            found.append(line.rstrip("\n"))
        return [line for line in found if line]


@pytest.mark.slow
def test_a_change_on_disk_prints_the_new_summary(tmp_path: Path) -> None:
    source, out = tmp_path / "doc.nus", tmp_path / "out"
    source.write_text(CARDS, encoding="utf-8")
    watching = Watching(source, out)
    try:
        files = ("cards.md", "index.html", "cards.json", "cards.csv", "language.md")
        reference = "reference: " + ", ".join(str(out / name) for name in files)
        assert watching.summary() == [
            f"{source}: 2 cards, no errors",
            "examples: 1 run for all cards: 1 passed, 0 failed",
            reference,
        ]
        source.write_text(CARDS.replace("take 2 wood", "take 3 wood").replace("Big Shop", "Bigger Shop"), "utf-8")
        assert watching.summary() == [
            f"{source}: 2 cards, no errors",
            "examples: 1 run for 2 changed cards (Toy Shop, Bigger Shop): 0 passed, 1 failed",
            f"  {source}:6: FAILED building it gives 2 wood",
            "    line 10: expected wood in supply = 2 (actual 3)",
            reference,
        ]
        assert "Bigger Shop" in (out / "cards.md").read_text(encoding="utf-8")
        source.write_text(CARDS.replace("take 2 wood", "take 2 wod"), encoding="utf-8")
        summary = watching.summary()
        assert summary[0] == f"{source}: 1 error"
        assert f"{source}:5:12: error[E0102]: unknown good 'wod'" in summary
        assert "Bigger Shop" in (out / "cards.md").read_text(encoding="utf-8")  # a broken file keeps the last reference
    finally:
        watching.process.terminate()
        watching.process.wait(timeout=30)


@pytest.mark.slow
def test_an_elders_changed_examples_run_again(tmp_path: Path) -> None:
    """An Elder's examples are picked by its code, as a Building's are (before, they were filed under no card and a
    change to an Elder ran none)."""
    elder = 'elder "Helper" (base E09)\n  use:\n    take 1 wood\n  example "no Elder yet":\n    expect elders = 0\n'
    source, out = tmp_path / "doc.nus", tmp_path / "out"
    source.write_text(CARDS + "\n" + elder, encoding="utf-8")
    watching = Watching(source, out)
    try:
        assert watching.summary()[1] == "examples: 2 run for all cards: 2 passed, 0 failed"
        source.write_text(CARDS + "\n" + elder.replace("elders = 0", "elders = 1"), "utf-8")
        assert watching.summary()[1:4] == [
            "examples: 1 run for 1 changed card (Helper): 0 passed, 1 failed",
            f"  {source}:19: FAILED no Elder yet",
            "    line 20: expected elders = 1 (actual 0)",
        ]
    finally:
        watching.process.terminate()
        watching.process.wait(timeout=30)


def test_standard_input_is_refused_for_it_cannot_change(tmp_path: Path) -> None:
    """`nus watch -` read stdin once, labelled it '-', wrote build/ and then sat 'watching -' until killed (a
    timeout here)."""
    result = subprocess.run(
        [sys.executable, "-m", "compiler", "watch", "-", "-o", str(tmp_path / "out")],
        input=CARDS,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr == "nus: error: nus watch needs a file on disk to watch; standard input ('-') is read only once\n"
    )
    assert not (tmp_path / "out").exists()


def test_a_missing_answer_s_line_to_add_is_a_line_of_its_own(tmp_path: Path) -> None:
    """The summary printed the message's line break as a literal '\\n    add the line:'."""
    from compiler.cli.watch_command import Watcher

    source = tmp_path / "doc.nus"
    source.write_text(CARDS.replace("    answer column 2 row 1\n", ""), encoding="utf-8")
    lines = Watcher(str(source), tmp_path).refresh()
    failed = lines.index(f"  {source}:6: FAILED building it gives 2 wood")
    assert lines[failed + 1].startswith('    line 8: do build this building: player 1 is asked "build Toy Shop where?"')
    assert lines[failed + 2] == "    add the line: answer column 2 row 1"
    assert not any("\\n" in line for line in lines)
