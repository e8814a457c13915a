"""Instructions per random 3-player game, and per game of its plain-loop floor, counted by valgrind's callgrind:
figures the machine's load does not move, for comparing two versions of the engine on a shared machine, and the
engine with its floor (needs valgrind; not run by the test suite).

    python -m tests.benchmarks.game_instructions [games=20]

Counting is switched on only while the games play (callgrind_control), after a few games have filled the caches.
Games are played as `nus simulate` plays them, the floor as game_bench.py plays it (tests/benchmarks/game_bench.py).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COUNTING = "NUS_COUNTING_INSTRUCTIONS"
PLAYERS = 3


def play_counted(games: int, what: str) -> None:
    """In the process under callgrind: warm up, then count `games` seeded games, or as many floor games."""
    play = one_game(what)
    for seed in range(1000, 1003):
        play(seed)
    switch("on")
    for seed in range(games):
        play(seed)
    switch("off")


def one_game(what: str) -> Callable[[int], None]:
    """A seeded game as `nus simulate` plays it, or ("floor") a game of its plain-loop floor."""
    from tests.benchmarks.game_bench import floor_game, game_counts, simulated_game, specs

    if what == "floor":
        counts, rng = game_counts(PLAYERS), random.Random(0)
        return lambda seed: floor_game(counts, rng)
    cards = specs()
    return lambda seed: simulated_game(cards, PLAYERS, seed)


def switch(state: str) -> None:
    subprocess.run(["callgrind_control", "-i", state, str(os.getpid())], capture_output=True, check=True)


def instructions_per_game(games: int, what: str = "game") -> float:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
        subprocess.run(
            [*command, sys.executable, "-m", "tests.benchmarks.game_instructions", str(games)],
            cwd=ROOT,
            env={**os.environ, COUNTING: what},
            capture_output=True,
            check=True,
        )
        found = re.search(r"^totals: (\d+)", out.read_text(), re.MULTILINE)
    if found is None:
        raise SystemExit("callgrind wrote no totals")
    return int(found.group(1)) / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    if os.environ.get(COUNTING):
        play_counted(games, os.environ[COUNTING])
        return
    per_game = instructions_per_game(games) / 1e6
    print(f"{per_game:.2f} million instructions per random {PLAYERS}-player game ({games} games)")
    floor = instructions_per_game(games, "floor") / 1e6
    print(f"{floor:.2f} million per game of its plain-loop floor: the game is {per_game / floor:.1f}x the floor")


if __name__ == "__main__":
    main()
