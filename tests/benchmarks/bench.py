"""The speed report: one run measures every figure, so ratios compare like with like.

    python tests/benchmarks/bench.py            # prints a Markdown table for README

Medians over repeats; the machine is shared and noisy, so read ratios rather than absolutes.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from compiler import load  # noqa: E402
from compiler.load import compile_text, load_cards  # noqa: E402
from runtime import library as rt  # noqa: E402
from runtime.analysis.simulate import play_game  # noqa: E402

CARDS = (ROOT / "cards.nus").read_text(encoding="utf-8")
BLOCKS = re.findall(r'^building "[^\n]*\n(?:[ #][^\n]*\n)*', CARDS, flags=re.M)
ELDERS = re.findall(r'^elder "[^\n]*\n(?:[ #][^\n]*\n)*', CARDS, flags=re.M)


def median_seconds(action: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved_medians(first: Callable[[], object], second: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Alternate the two, so drift in the machine's speed falls on both alike."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for action, found in zip((first, second), times, strict=True):
            found.append(median_seconds(action, 1))
    return statistics.median(times[0]), statistics.median(times[1])


def pool(size: int) -> str:
    """`size` buildings made from the real ones, renumbered, and renamed after the first copy so they are all
    distinct; then the Elders, so every name an example quotes is in the pool."""
    header = re.compile(r'^building "([^"]+)" \((\S+) ([ABC])\d+\)')
    cards = []
    for index in range(size):
        suffix = f" {index}" if index >= len(BLOCKS) else ""
        renamed = rf'building "\1{suffix}" (\2 \g<3>{index:05d})'
        cards.append(header.sub(renamed, BLOCKS[index % len(BLOCKS)]))
    return "\n".join([*cards, *ELDERS])


def compile_from_scratch() -> None:
    load._loaded.clear()
    load_cards(CARDS, "cards.nus")


def compiled_effect_ratio(calls: int = 20000) -> tuple[float, float]:
    """Barrel Maker's hook, its guard and effect as compiled against the same two written by hand,
    both called the way the runtime calls a hook (guard, then effect)."""
    from runtime.model.cards import Context
    from runtime.model.setup import new_table

    specs = load_cards(CARDS, "cards.nus")
    ability = next(s for s in specs if s.name == "Barrel Maker").abilities[0]
    table = new_table(2, specs, seed=0)
    player = table.players[0]
    ctx = Context(table, player, None, type("Event", (), {"fish_served": 3})())

    def hand_guard(ctx: Context) -> bool:
        return ctx.event.fish_served >= 3

    def hand_effect(ctx: Context) -> None:
        rt.take(ctx, 2, "wood")

    def hook(guard: Callable[[Context], bool], effect: Callable[[Context], None]) -> Callable[[], None]:
        def many() -> None:
            for _ in range(calls):
                if guard(ctx):
                    effect(ctx)
                player.supply["wood"] = 0

        return many

    compiled, handwritten = interleaved_medians(hook(ability.guard, ability.effect), hook(hand_guard, hand_effect), 9)
    return compiled / calls, handwritten / calls


def games_per_second(players: int, games: int = 30) -> float:
    specs = load_cards(CARDS, "cards.nus")
    start = time.perf_counter()
    for seed in range(games):
        play_game(specs, players, seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Games first: the 11,000-card compiles leave a large heap behind that slows whatever runs after."""
    rows = []
    games = {players: games_per_second(players) for players in (2, 3, 4)}
    scratch = median_seconds(compile_from_scratch, 5)
    again = median_seconds(lambda: load_cards(CARDS, "cards.nus"), 5)
    rows.append(("compile cards.nus from scratch (parse, check, generate, load)", f"{scratch * 1000:.0f} ms"))
    rows.append(("compile cards.nus again, unchanged (content cache)", f"{again * 1000:.2f} ms"))
    compiled, handwritten = compiled_effect_ratio()
    rows.append(("card effect through compiled code", f"{compiled * 1e6:.2f} µs"))
    rows.append(("same effect hand-written in Python", f"{handwritten * 1e6:.2f} µs ({compiled / handwritten:.2f}x)"))
    for players, rate in games.items():
        rows.append((f"full random games, {players} players", f"{rate:.1f} games/s"))
    thousand, ten_thousand = pool(1000), pool(10000)
    small, large = interleaved_medians(
        lambda: compile_text(thousand, "pool.nus"), lambda: compile_text(ten_thousand, "pool.nus"), 3
    )
    rows.append(("compile 1,000 generated cards", f"{small:.2f} s"))
    rows.append(("compile 10,000 generated cards", f"{large:.2f} s ({large / small:.1f}x the 1,000)"))
    print("| measure | result |\n|---|---|")
    for measure, result in rows:
        print(f"| {measure} | {result} |")


if __name__ == "__main__":
    main()
