"""`nus watch`: the summary on start, and a new one each time the file changes on disk."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

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
