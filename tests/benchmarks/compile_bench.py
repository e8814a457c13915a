"""The compile path before and after (issue 31 §6): this tree against earlier commits, measured in one run.

    python -m tests.benchmarks.compile_bench              # against the issue-day commit
    python -m tests.benchmarks.compile_bench REV [REV...]  # against any commits

Two figures for each tree, both taken in processes of their own, the trees in turn (so the shared machine's drift
falls on all alike), each the median of its rounds:
- cold `nus check cards.nus`: CPU seconds of the whole process, with an empty cache;
- in-process compile: CPU milliseconds to compile and load the cards of cards.nus in a process that did it before,
  its compiled cards forgotten (what `nus watch` or a test pays for a new file).
CPU time, not wall time: on the shared machine a process waits for a core as long as it runs.
Each tree compiles its own cards.nus. An earlier commit's files come from `git archive`; its modules' bytecode is
kept as this tree's is (children.py), so neither pays to compile Python.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tarfile
import tempfile
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


def cold_check_cpu(tree: Path) -> float:
    cpu, code = run(tree, CPU, sys.executable, "-m", "compiler", "check", "cards.nus").split()
    if code != "0":
        raise RuntimeError(f"{tree}: nus check cards.nus exited {code}")
    return float(cpu)


def compile_ms(tree: Path, passes: int = 5) -> float:
    return float(run(tree, COMPILE, str(passes)))


def measured(trees: dict[str, Path], rounds: int) -> dict[str, tuple[float, float]]:
    """Each tree's (cold check CPU seconds, in-process compile ms), the trees taken in turn each round."""
    for tree in trees.values():  # a first run keeps each tree's bytecode, as an installed nus has it
        cold_check_cpu(tree)
    checks: dict[str, list[float]] = {name: [] for name in trees}
    compiles: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            checks[name].append(cold_check_cpu(tree))
            compiles[name].append(compile_ms(tree))
    return {name: (statistics.median(checks[name]), statistics.median(compiles[name])) for name in trees}


SECTION = "## The compile path against earlier commits"
RESULTS = Path(__file__).with_name("RESULTS.md")


def this_tree() -> str:
    head = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True)
    return f"this tree ({head.stdout.strip() or 'not a git checkout'})"


def section(figures: dict[str, tuple[float, float]], this: str, rounds: int) -> str:
    """A RESULTS.md section: each tree's figures, and this tree's (named `this`) as a share of each."""
    check, compiled = figures[this]
    rows = "".join(
        f"| {tree}{' (issue 31 filed)' if tree == ISSUE_DAY else ''} | {old_check:.3f} s | {check / old_check:.2f}x "
        f"| {old_compile:.0f} ms | {compiled / old_compile:.2f}x |\n"
        for tree, (old_check, old_compile) in figures.items()
    )
    return (
        f"{SECTION}\n\n"
        f"Written by `python -m tests.benchmarks.compile_bench --write` (issue 31 §6): CPU time, the median of {rounds}"
        " rounds\nof one run, the trees in turn; a share is this tree's figure over that tree's. Targets: a cold check"
        " at\nmost 0.15 s CPU; the in-process compile at most half the issue day's.\n\n"
        "| compiler | cold `nus check cards.nus` | share | in-process compile of cards.nus | share |\n"
        f"|---|---|---|---|---|\n{rows}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="*", default=[ISSUE_DAY], help="commits to compare this tree with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--write", action="store_true", help=f"put the table in {RESULTS.name} too")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {rev: unpacked(rev, Path(folder) / rev) for rev in options.revisions}
        this = this_tree()
        trees[this] = ROOT
        text = section(measured(trees, options.rounds), this, options.rounds)
    print(text, end="")
    if options.write:  # in place of the section an earlier run wrote, after bench.py's table
        before = RESULTS.read_text(encoding="utf-8").partition(f"\n{SECTION}\n")[0].rstrip("\n")
        RESULTS.write_text(f"{before}\n\n{text}", encoding="utf-8")


if __name__ == "__main__":
    main()
