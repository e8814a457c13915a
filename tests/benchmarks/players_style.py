"""How the players play (issue 32: do their games look like people's?), from their games' logs.

    python -m tests.benchmarks.players_style [SEEDS] [PLAYER ...]

Each player plays seeds 0 to SEEDS - 1 (default 20) at all 3 seats (default: greedy, search, plan). For each: the
Ships a player builds beyond sloops (mean over player-games, t interval) and the shares of action-space placements
that are Serve Fish and Transfer Reserve (Wilson intervals; the placements of one game are counted as independent,
so these intervals are somewhat too narrow). A measurement, not a test: no figure here is asserted anywhere.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter

from compiler import load_cards
from runtime.analysis.games import Setup, play
from runtime.analysis.stats import Estimate, mean_interval, proportion_interval
from tests.benchmarks.bench import CARDS

PLAYERS = ("greedy", "search", "plan")
SHIP = re.compile(r"^R\d+T\d+ P(\d+) places an? (\w+) on the fishing track$")
PLACEMENT = re.compile(r'^R\d+T\d+ P\d+ takes an? "([^"]+)" action on the action space$')
WATCHED = ("Serve Fish", "Transfer Reserve")


def style(agent: str, seeds: int) -> tuple[Estimate, dict[str, Estimate], int, float]:
    """Ships beyond sloops a player, the watched actions' shares of placements, the placements, CPU seconds."""
    specs = load_cards(CARDS, "cards.nus")
    ships: list[float] = []
    placed: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(seeds):
        record = play(specs, Setup(seed, (agent,) * 3, keep_log=True))
        beyond = Counter(int(found[1]) for line in record.log if (found := SHIP.match(line)) and found[2] != "sloop")
        ships.extend(beyond[seat + 1] for seat in range(3))
        placed.update(found[1] for line in record.log if (found := PLACEMENT.match(line)))
    total = sum(placed.values())
    shares = {action: proportion_interval(placed[action], total) for action in WATCHED}
    return mean_interval(ships), shares, total, time.process_time() - start


def main(seeds: int = 20, *agents: str) -> None:
    print(
        f"| player (self-play, 3 seats, {seeds} seeds) | Ships beyond sloops a player | "
        + " | ".join(f"{action} share of placements" for action in WATCHED)
        + " | placements | CPU |"
    )
    print("|---|---|" + "---|" * len(WATCHED) + "---|---|")
    for agent in agents or PLAYERS:
        ships, shares, total, spent = style(agent, seeds)
        cells = " | ".join(f"{share.mean:.1%} [{share.low:.1%}, {share.high:.1%}]" for share in shares.values())
        print(
            f"| {agent} | {ships.mean:.2f} [{ships.low:.2f}, {ships.high:.2f}] (n = {ships.n}) | {cells} | {total} "
            f"| {spent:.0f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:2]), *sys.argv[2:])
