"""The compile path before and after (issue 31 §6): this tree against earlier commits, measured in one run.

    python -m tests.benchmarks.compile_bench              # against the issue-day commit
    python -m tests.benchmarks.compile_bench REV [REV...]  # against any commits
    python -m tests.benchmarks.compile_bench --instructions  # the cold checks in instructions (valgrind), one run

Four figures for each tree, each taken in processes of its own, the trees in turn (so the shared machine's drift
falls on all alike), each the median of its rounds:
- three cold `nus check cards.nus`, each a new process, CPU seconds of the whole process, sharing one cache: the
  first with the cache empty (what the issue's target is about), the second on the same text (a designer's
  second check), the third after one card's edit (the designer's loop: the first card's `vp` goes up by one);
- in-process compile: CPU milliseconds to compile and load the cards of cards.nus in a process that did it before,
  its compiled cards forgotten (what `nus watch` or a test pays for a new file).
CPU time, not wall time: on the shared machine a process waits for a core as long as it runs. With
--instructions, the cold checks are counted by callgrind instead, once each: figures the load does not move.
Each tree checks its own cards.nus, copied to a folder of its own. An earlier commit's files come from `git
archive`; its modules' bytecode is kept as this tree's is (children.py), so neither pays to compile Python.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.children import child_environment

ROOT = Path(__file__).resolve().parents[2]
ISSUE_DAY = "4e9e17f"  # main when issue 31 was filed
FILES = ["compiler", "runtime", "grammar", "cards.nus"]

# Run in the tree measured, as its compiler stood: the front door moved from compiler.load to compiler.
COMPILE = """
import statistics, sys, time
from compiler import load, units
try:
    from compiler import load_cards
except ImportError:
    from compiler.load import load_cards
text = open("cards.nus", encoding="utf-8").read()
def from_scratch():
    load._loaded.clear()
    units.MEMO = units.Memo()
    load_cards(text, "cards.nus")
from_scratch()
times = []
for _ in range(int(sys.argv[1])):
    start = time.process_time()
    from_scratch()
    times.append(time.process_time() - start)
print(statistics.median(times) * 1000)
"""

# The child's CPU, read by a parent of its own so that only the command is counted.
CPU = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, done.returncode)
"""


def unpacked(revision: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, *FILES], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def run(tree: Path, script: str, *arguments: str) -> str:
    """A script run in `tree` as that tree's nus would run it, with an empty cache of its own."""
    with tempfile.TemporaryDirectory() as cache:
        environment = child_environment(PYTHONPATH=str(tree), NUS_CACHE_DIR=cache)
        done = subprocess.run(
            [sys.executable, "-c", script, *arguments], cwd=tree, env=environment, capture_output=True, text=True
        )
    if done.returncode:
        raise RuntimeError(f"{tree}: {done.stderr.strip()[-500:]}")
    return done.stdout


def cpu_seconds(command: list[str], folder: Path, environment: dict[str, str]) -> float:
    done = subprocess.run([sys.executable, "-c", CPU, *command], cwd=folder, env=environment, capture_output=True)
    cpu, code = done.stdout.split()
    if done.returncode or code != b"0":
        raise RuntimeError(f"{folder}: {' '.join(command)} exited {code.decode()}")
    return float(cpu)


def instructions(command: list[str], folder: Path, environment: dict[str, str]) -> float:
    """Billions of instructions, as callgrind counts them (its own start excluded, the whole Python process)."""
    callgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    done = subprocess.run([*callgrind, *command], cwd=folder, env=environment, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise RuntimeError(f"{folder}: {' '.join(command)} exited {done.returncode}: {done.stderr[-500:]}")
    return int(found[1]) / 1e9


def edited(text: str) -> str:
    """The file with one card edited: the first card's `vp N` line becomes `vp N+1`."""
    return re.sub(r"^  vp (\d+)$", lambda vp: f"  vp {int(vp[1]) + 1}", text, count=1, flags=re.MULTILINE)


def cold_checks(tree: Path, measure: Callable = cpu_seconds) -> tuple[float, float, float]:
    """Three new `nus check cards.nus` processes of `tree`, one cache between them: empty, then warm on the same
    text, then warm after one card's edit."""
    text = (tree / "cards.nus").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        environment = child_environment(PYTHONPATH=str(tree), NUS_CACHE_DIR=str(folder / "cache"), PYTHONHASHSEED="0")
        command = [sys.executable, "-m", "compiler", "check", "cards.nus"]
        (folder / "cards.nus").write_text(text, encoding="utf-8")
        empty = measure(command, folder, environment)
        unchanged = measure(command, folder, environment)
        (folder / "cards.nus").write_text(edited(text), encoding="utf-8")
        return empty, unchanged, measure(command, folder, environment)


def compile_ms(tree: Path, passes: int = 5) -> float:
    return float(run(tree, COMPILE, str(passes)))


Figures = tuple[float, float, float, float]  # cold checks: empty cache, unchanged, one card edited; the compile


def measured(trees: dict[str, Path], rounds: int) -> dict[str, Figures]:
    """Each tree's figures, the trees taken in turn each round."""
    for tree in trees.values():  # a first run keeps each tree's bytecode, as an installed nus has it
        cold_checks(tree)
    runs: dict[str, list[Figures]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            runs[name].append((*cold_checks(tree), compile_ms(tree)))
    return {name: tuple(map(statistics.median, zip(*figures, strict=True))) for name, figures in runs.items()}


SECTION = "## The compile path against earlier commits"
RESULTS = Path(__file__).with_name("RESULTS.md")


def this_tree() -> str:
    head = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True)
    return f"this tree ({head.stdout.strip() or 'not a git checkout'})"


def section(figures: dict[str, Figures], counted: dict[str, tuple[float, ...]], this: str, rounds: int) -> str:
    """A RESULTS.md section: each tree's figures, and in brackets this tree's (named `this`) over that tree's; the
    instructions too where they were `counted`."""
    text = (
        f"{SECTION}\n\n"
        f"Written by `python -m tests.benchmarks.compile_bench --write` (issue 31 §6): CPU time, the median of {rounds}"
        " rounds\nof one run, the trees in turn; in brackets, this tree's figure over that tree's. A cold check is a"
        " new `nus check\ncards.nus` process, three in turn on one cache: the cache empty, then warm on the same text,"
        " then warm after one\ncard's edit. Targets: a cold check at most 0.15 s CPU; the in-process compile at most"
        " half the issue day's.\n\n"
        "| compiler | cold check, empty cache | warm, unchanged | warm, one card edited | in-process compile |\n"
        f"|---|---|---|---|---|\n{rows(figures, this, ('{:.3f} s',) * 3 + ('{:.0f} ms',))}"
    )
    if not counted:
        return text
    return (
        f"{text}\nThe same cold checks in instructions (`--instructions`: valgrind's callgrind, one run each, which the"
        " load does\nnot move):\n\n| compiler | empty cache | warm, unchanged | warm, one card edited |\n"
        f"|---|---|---|---|\n{rows(counted, this, ('{:.2f} G',) * 3)}"
    )


def rows(figures: dict[str, tuple[float, ...]], this: str, formats: tuple[str, ...]) -> str:
    def row(tree: str, values: tuple[float, ...]) -> str:
        cells = (
            f"{form.format(value)} ({mine / value:.2f}x)"
            for form, value, mine in zip(formats, values, figures[this], strict=True)
        )
        return f"| {tree}{' (issue 31 filed)' if tree == ISSUE_DAY else ''} | {' | '.join(cells)} |\n"

    return "".join(row(tree, values) for tree, values in figures.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="*", default=[ISSUE_DAY], help="commits to compare this tree with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--instructions", action="store_true", help="count the cold checks' instructions too")
    parser.add_argument("--write", action="store_true", help=f"put the tables in {RESULTS.name} too")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {rev: unpacked(rev, Path(folder) / rev) for rev in options.revisions}
        this = this_tree()
        trees[this] = ROOT
        figures = measured(trees, options.rounds)
        counted = (
            {name: cold_checks(tree, instructions) for name, tree in trees.items()} if options.instructions else {}
        )
        text = section(figures, counted, this, options.rounds)
    print(text, end="")
    if options.write:
        RESULTS.write_text(replaced(RESULTS.read_text(encoding="utf-8"), text), encoding="utf-8")


def replaced(results: str, text: str) -> str:
    """RESULTS.md with `text` in place of the section an earlier run wrote (up to the next section, which other
    benchmarks write), or after everything where there is none."""
    before, found, rest = results.partition(f"\n{SECTION}\n")
    after = rest.partition("\n## ")[2] if found else ""
    before = before.rstrip("\n")
    return f"{before}\n\n{text}" + (f"\n## {after}" if after else "")


if __name__ == "__main__":
    main()
