"""The cost of one random 3-player game, and the plain-loop floor it is measured against (issue 10).

    python -m tests.benchmarks.game_bench      # both from one run, with the ratio and the counts

A game is played as `nus simulate` plays it (runtime/analysis/games.py: random players, no log unless --log).

The floor is a plain-Python loop doing as many decisions, events and card calls as a real game: counted
from seeded random games (a profile hook counts the engine's `decide_among`, which every decision goes through,
its events, through `emit` or one for each player through `emit_each`, and every function compiled from the card
file), each done with the least work it can take (pick one of a few options; look the event's listeners up; call
a function with a new Context). The engine can never reach the floor: the ratio says how much its bookkeeping
(rules, payments, the undo journal) costs on top.

The floor here is stricter than the one the issue measured (0.27 ms for about the same counts, against which the
engine of its day was 52x): so the run also plays that engine, commit ISSUE_DAY taken from git history, on the same
seeds, and puts today's game on the issue's yardstick, 52x scaled by today's time over that engine's.

Medians over repeats; the machine is shared and noisy, so read the ratio of the same run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

from compiler import load_cards
from runtime.analysis.games import Setup, play
from runtime.analysis.runner import settle_long_lived
from runtime.core.decisions import decide_among
from runtime.core.events import emit, emit_each
from runtime.model.cards import CardSpec, Context
from tests.benchmarks.versus import Unavailable, tree
from tests.benchmarks.versus import game_ms as versus_game_ms

ROOT = Path(__file__).resolve().parents[2]

CARD_FILE = "cards.nus"
PLAYERS = 3
SEEDS = range(20)
INNER = frozenset({"<genexpr>", "<listcomp>", "<dictcomp>", "<setcomp>"})  # resumed, not called, by card code


@cache
def specs() -> tuple[CardSpec, ...]:
    """The cards, loaded as a `nus simulate` worker loads them (and then settles what lives as long as it)."""
    cards = tuple(load_cards((ROOT / CARD_FILE).read_text(encoding="utf-8"), CARD_FILE))
    settle_long_lived()
    return cards


def simulated_game(cards: Sequence[CardSpec], players: int, seed: int) -> None:
    """One game as `nus simulate` plays it: random players, scores kept, no log (it is kept only with --log)."""
    play(cards, Setup(seed, ("random",) * players))


@dataclass(frozen=True)
class GameCounts:
    """What an average game does: decisions asked (a lone option included), events emitted, card calls."""

    games: int
    decisions: float
    events: float
    card_calls: float


@cache
def game_counts(players: int = PLAYERS, seeds: Sequence[int] = SEEDS) -> GameCounts:
    counted = {"decisions": 0, "events": 0, "card_calls": 0}
    decide_code, emit_code, emit_each_code = decide_among.__code__, emit.__code__, emit_each.__code__

    def count(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code is decide_code:
            counted["decisions"] += 1
        elif code is emit_code:
            counted["events"] += 1
        elif code is emit_each_code:  # one event for each player it is given
            counted["events"] += len(frame.f_locals["players"])
        elif code.co_filename == CARD_FILE and code.co_name not in INNER:
            counted["card_calls"] += 1

    cards = specs()
    sys.setprofile(count)
    try:
        for seed in seeds:
            simulated_game(cards, players, seed)
    finally:
        sys.setprofile(None)
    games = len(seeds)
    return GameCounts(games, *(counted[key] / games for key in ("decisions", "events", "card_calls")))


def floor_game(counts: GameCounts, rng: random.Random) -> None:
    """The least a game's decisions, events and card calls can cost in plain Python."""
    listeners: dict[tuple[str, str], list] = {("build", "after"): []}
    latches: list = []

    def card(ctx: Context) -> bool:
        return ctx.me is not None

    for _ in range(round(counts.decisions)):
        options = [0, 1, 2, 3]
        options[rng.randrange(len(options))]
    for _ in range(round(counts.events)):
        if listeners.get(("build", "before")) or latches:
            raise AssertionError("nobody listens in the floor")
    for _ in range(round(counts.card_calls)):
        card(Context(None, PLAYERS))


def median_ms(action: Callable[[], object], per: int, repeats: int) -> float:
    """Milliseconds of CPU time each of `per` (median of the repeats): the time a shared machine keeps the process
    waiting for a core does not count."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        times.append((time.process_time() - start) * 1000 / per)
    return statistics.median(times)


def game_ms(games: int = 30, repeats: int = 5, players: int = PLAYERS) -> float:
    """Median milliseconds per seeded random game (seeds 0..games-1, so every run plays the same games)."""
    cards = specs()

    def play() -> None:
        for seed in range(games):
            simulated_game(cards, players, seed)

    return median_ms(play, games, repeats)


def floor_ms(games: int = 300, repeats: int = 5) -> float:
    """Median milliseconds per floor game, its counts taken from real 3-player games."""
    counts = game_counts()
    rng = random.Random(0)

    def loop() -> None:
        for _ in range(games):
            floor_game(counts, rng)

    return median_ms(loop, games, repeats)


ISSUE_DAY = "63fdca7"  # main when issue 10 was filed: whole-table snapshots, every game's log kept
ISSUE_DAY_RATIO = 52.0  # that engine against the issue's own floor, as the issue measured it
ISSUE_DAY_GAME = """
import statistics, sys, time
from compiler.load import load_cards
from runtime.analysis.games import Setup, play
players, games, passes = map(int, sys.argv[1:])
cards = tuple(load_cards(open("cards.nus", encoding="utf-8").read(), "cards.nus"))
def seeded_games():
    for seed in range(games):
        play(cards, Setup(seed, ("random",) * players))
seeded_games()
times = []
for _ in range(passes):
    start = time.process_time()
    seeded_games()
    times.append((time.process_time() - start) * 1000 / games)
print(statistics.median(times))
"""  # versus.CHILD as that engine runs it: it has no game_bench.py, and load_cards lives in compiler.load


def issue_day_game_ms(games: int = 30, passes: int = 5) -> float:
    """Milliseconds a game of the issue-day engine, measured as game_ms measures (seeds 0 to games-1, median of the
    passes), in a process of its own run on that commit's files (versus.py's checkout and measurement). Raises
    Unavailable where that commit cannot be had (a clone without history)."""
    with tree(ISSUE_DAY) as folder:
        return versus_game_ms(folder, PLAYERS, games, passes, child=ISSUE_DAY_GAME)


def on_issue_yardstick(game: float, issue_day_game: float) -> float:
    """Today's game against the issue's floor: its engine was ISSUE_DAY_RATIO times that floor, today's is
    game / issue_day_game times its time."""
    return ISSUE_DAY_RATIO * game / issue_day_game


def main() -> None:
    counts = game_counts()
    game, floor = game_ms(), floor_ms()
    print(
        f"random {PLAYERS}-player game: {game:.2f} ms ({1000 / game:.0f} games/s); plain-loop floor {floor:.3f} ms "
        f"({counts.decisions:.0f} decisions, {counts.events:.0f} events, {counts.card_calls:.0f} card calls a game, "
        f"over {counts.games} games); the engine is {game / floor:.1f}x the floor"
    )
    try:
        old = issue_day_game_ms()
    except Unavailable as why:
        print(f"the issue-day engine not measured: {why}")
        return
    print(
        f"the issue-day engine ({ISSUE_DAY}): {old:.2f} ms a game, {old / floor:.0f}x this floor (the issue measured "
        f"{ISSUE_DAY_RATIO:.0f}x its own); on the issue's yardstick today's game is "
        f"{on_issue_yardstick(game, old):.1f}x"
    )


if __name__ == "__main__":
    main()
