"""A random 3-player game on two versions of the engine, measured in one run: the speed ratio of a change.

    python -m tests.benchmarks.versus BEFORE [AFTER] [--rounds 7] [--instructions]

BEFORE and AFTER are git revisions (AFTER: this working tree when left out). Each version plays the same seeded
games as `nus simulate` plays them (its own tests/benchmarks/game_bench.py) in a child process of its own, the two
taken in turn, so a change in the shared machine's speed falls on both alike; the ratio is the median of the
rounds' AFTER / BEFORE. `--instructions` also counts each version's instructions a game under callgrind
(tests/benchmarks/game_instructions.py; needs valgrind), which the load does not move.
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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.benchmarks.children import child_environment

ROOT = Path(__file__).resolve().parents[2]
FILES = ("compiler", "runtime", "grammar", "cards.nus", "tests/__init__.py", "tests/benchmarks", "tests/kit")
CHILD = """
import statistics, sys, time
from tests.benchmarks.game_bench import simulated_game, specs
players, games, passes = map(int, sys.argv[1:])
cards = specs()
def seeded_games():
    for seed in range(games):
        simulated_game(cards, players, seed)
seeded_games()
times = []
for _ in range(passes):
    start = time.process_time()
    seeded_games()
    times.append((time.process_time() - start) * 1000 / games)
print(statistics.median(times))
"""


class Unavailable(Exception):
    """A revision cannot be had here (no git, or a clone without that commit)."""


class Failed(Exception):
    """A revision's engine ran and failed: a fault of the measurement to mend, never a figure left out."""


@contextmanager
def tree(revision: str | None) -> Iterator[Path]:
    """The files a game needs at `revision` (git archive into a temporary folder), or this working tree."""
    if revision is None:
        yield ROOT
        return
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, *FILES], capture_output=True)
    if archive.returncode:
        raise Unavailable(f"git archive {revision}: {archive.stderr.decode(errors='replace').strip()}")
    with tempfile.TemporaryDirectory(prefix="nus-versus-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        yield Path(folder)


def game_ms(folder: Path, players: int, games: int, passes: int, child: str = CHILD) -> float:
    """Milliseconds of CPU time a game (median of `passes` passes over seeds 0 to games-1) of the engine in `folder`,
    measured by `child` (run with those three arguments; an engine older than game_bench.py needs a child of its
    own)."""
    done = subprocess.run(
        [sys.executable, "-c", child, str(players), str(games), str(passes)],
        cwd=folder,
        env=child_environment(PYTHONPATH=str(folder), PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise Failed(f"the engine in {folder} failed: {done.stderr.strip()[-500:]}")
    return float(done.stdout)


def instructions(folder: Path, games: int) -> float:
    """Millions of instructions a game of the engine in `folder`, counted by its own game_instructions.py."""
    done = subprocess.run(
        [sys.executable, "tests/benchmarks/game_instructions.py", str(games)],
        cwd=folder,
        env=child_environment(PYTHONPATH=str(folder), PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
    )
    found = re.match(r"([\d.]+) million", done.stdout)
    if done.returncode or found is None:
        raise Failed(f"counting in {folder} failed: {(done.stderr or done.stdout).strip()[-500:]}")
    return float(found.group(1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", help="default: this working tree")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args(argv)
    after_name = args.after or "this tree"
    if after_name == args.before:
        parser.error("BEFORE and AFTER are the same revision")
    try:
        compare(args, after_name)
    except (Unavailable, Failed) as why:
        raise SystemExit(str(why)) from None


def compare(args: argparse.Namespace, after_name: str) -> None:
    with tree(args.before) as before, tree(args.after) as after:
        sides = {args.before: before, after_name: after}
        times: dict[str, list[float]] = {name: [] for name in sides}
        for round_ in range(args.rounds):
            order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
            for name in order:
                times[name].append(game_ms(sides[name], args.players, args.games, args.passes))
        ratios = [new / old for old, new in zip(times[args.before], times[after_name], strict=True)]
        for name, measured in times.items():
            print(f"{name}: {statistics.median(measured):.2f} ms a game (median of {args.rounds} rounds)")
        print(
            f"{after_name} / {args.before}: {statistics.median(ratios):.3f} "
            f"(rounds {min(ratios):.3f} to {max(ratios):.3f}; {args.players} players, seeds 0-{args.games - 1})"
        )
        if args.instructions:
            counted = {name: instructions(folder, 20) for name, folder in sides.items()}
            old, new = counted[args.before], counted[after_name]
            print(f"instructions a game: {args.before} {old:.2f} M, {after_name} {new:.2f} M ({new / old:.3f})")


if __name__ == "__main__":
    main()
