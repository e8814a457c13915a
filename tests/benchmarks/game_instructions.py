"""Instructions per random 3-player game, counted by valgrind's callgrind: a figure the machine's load does not move,
for comparing two versions of the engine on a shared machine (needs valgrind; not run by the test suite).

    python tests/benchmarks/game_instructions.py [games=20]

Counting is switched on only while the games play (callgrind_control), after a few games have filled the caches.
Games are played as `nus simulate` plays them (tests/benchmarks/game_bench.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COUNTING = "NUS_COUNTING_INSTRUCTIONS"
PLAYERS = 3


def play_counted(games: int) -> None:
    """In the process under callgrind: warm up, then count `games` seeded games."""
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.game_bench import simulated_game, specs

    cards = specs()
    for seed in range(1000, 1003):
        simulated_game(cards, PLAYERS, seed)
    switch("on")
    for seed in range(games):
        simulated_game(cards, PLAYERS, seed)
    switch("off")


def switch(state: str) -> None:
    subprocess.run(["callgrind_control", "-i", state, str(os.getpid())], capture_output=True, check=True)


def instructions_per_game(games: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
        subprocess.run(
            [*command, sys.executable, __file__, str(games)],
            env={**os.environ, COUNTING: "1"},
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
        play_counted(games)
        return
    per_game = instructions_per_game(games) / 1e6
    print(f"{per_game:.2f} million instructions per random {PLAYERS}-player game ({games} games)")


if __name__ == "__main__":
    main()
