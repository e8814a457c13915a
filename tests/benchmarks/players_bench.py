"""The cost of a look-ahead game against a random one (issue 32's speed table), from one run.

    python -m tests.benchmarks.players_bench [SEEDS]

Each seed is played once by every player at all 3 seats (random, greedy, search, plan), one player after another
within the seed, so the machine's load falls alike on all of them; the CPU time of each game is summed per player
and given as a ratio to the random games'. The machine is shared and noisy: read the ratios of one run.
"""

from __future__ import annotations

import sys
import time

from compiler import load_cards
from runtime.analysis.games import Setup, play
from tests.benchmarks.bench import CARDS

PLAYERS = ("random", "greedy", "search", "plan")


def measure(seeds: int) -> dict[str, float]:
    """CPU seconds each player's games took, seeds 0 to seeds - 1, the players taken in turn within a seed."""
    specs = load_cards(CARDS, "cards.nus")
    for agent in PLAYERS:  # a first game of each, not counted: what a process does once is no game's cost
        play(specs, Setup(seeds, (agent,) * 3))
    spent = dict.fromkeys(PLAYERS, 0.0)
    for seed in range(seeds):
        for agent in PLAYERS:
            start = time.process_time()
            play(specs, Setup(seed, (agent,) * 3))
            spent[agent] += time.process_time() - start
    return spent


def main(seeds: int = 3) -> None:
    spent = measure(seeds)
    print(f"| player (3 seats, {seeds} seeds) | CPU a game | game / random game |")
    print("|---|---|---|")
    for agent in PLAYERS:
        print(f"| {agent} | {spent[agent] / seeds * 1000:.0f} ms | {spent[agent] / spent['random']:.0f}x |")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:]))
