"""The speed report: one run measures every figure, so ratios compare like with like.

    python -m tests.benchmarks.bench            # writes tests/benchmarks/RESULTS.md and prints its table
    python -m tests.benchmarks.bench --game     # the game's rows alone, in a section of RESULTS.md of their own

Medians over repeats; the machine is shared and noisy, so read ratios rather than absolutes. Whole-process
figures (`nus check`, `nus simulate`) run the command in a child process and read its CPU time and peak
memory from resource.getrusage; the child keeps its modules' bytecode as an installed nus does (children.py).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from compiler import compile_text, load, load_cards, units
from runtime import library as rt
from tests.benchmarks.children import child_environment
from tests.benchmarks.game_bench import (
    ISSUE_DAY,
    ISSUE_DAY_RATIO,
    Unavailable,
    issue_day_game_ms,
    on_issue_yardstick,
    simulated_game,
    specs,
)
from tests.benchmarks.game_instructions import instructions_per_game

ROOT = Path(__file__).resolve().parents[2]

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


def interleaved(
    first: Callable[[], object],
    second: Callable[[], object],
    repeats: int,
    pick: Callable[[list[float]], float] = statistics.median,
) -> tuple[float, float]:
    """Alternate the two, so drift in the machine's speed falls on both alike; `pick` reads each one's times."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for action, found in zip((first, second), times, strict=True):
            found.append(median_seconds(action, 1))
    return pick(times[0]), pick(times[1])


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


def forget_compiled() -> None:
    """This process's compiled cards forgotten, so the next compile starts from nothing."""
    load._loaded.clear()
    units.MEMO = units.Memo()


def compile_from_scratch() -> None:
    forget_compiled()
    load_cards(CARDS, "cards.nus")


def compile_fresh(text: str, filename: str = "pool.nus") -> load.Compiled:
    forget_compiled()
    return compile_text(text, filename)


def edited(text: str) -> str:
    """The pool with one card's VP changed: its middle card, so the cards after it keep their lines."""
    middle = text.index("\n  vp ", len(text) // 2)
    end = text.index("\n", middle + 1)
    return text[:middle] + "\n  vp 9" + text[end:]


def edit_one_card_in_memory(text: str, repeats: int = 3) -> float:
    """`nus watch` and the editor: the pool compiled once in this process, then one card edited (and back)."""
    compile_fresh(text)
    changed = edited(text)
    times = []
    for index in range(repeats):
        start = time.perf_counter()
        compiled = compile_text(changed if index % 2 == 0 else text, "pool.nus")
        times.append(time.perf_counter() - start)
        assert compiled.diagnostics == ()
    return statistics.median(times)


def process(command: list[str], environment: dict[str, str] | None = None) -> tuple[float, float, int, str]:
    """Run a command in a child process: its wall seconds, CPU seconds, peak memory in MB, and its output."""
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "wall = time.perf_counter() - start\n"
        "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(wall, used.ru_utime + used.ru_stime, used.ru_maxrss, done.returncode)\n"
        "sys.stdout.write(done.stdout)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *command], capture_output=True, text=True, cwd=ROOT, env=environment, check=True
    )
    first, _, output = done.stdout.partition("\n")
    wall, cpu, peak_kb, code = first.split()
    if code not in ("0", "1"):
        raise RuntimeError(f"{command} failed: {output}")
    return float(wall), float(cpu), int(peak_kb) // 1024, output


NUS = [sys.executable, "-m", "compiler"]


def check_process_cpu(repeats: int = 5) -> float:
    """`nus check cards.nus`, whole process, its result cached by an earlier run: median CPU seconds."""
    with tempfile.TemporaryDirectory() as cache:
        environment = child_environment(NUS_CACHE_DIR=cache)
        process([*NUS, "check", "cards.nus"], environment)
        return statistics.median(process([*NUS, "check", "cards.nus"], environment)[1] for _ in range(repeats))


def edit_one_card_process(text: str) -> tuple[float, float]:
    """`nus check` of a pool checked before, after one card was edited: (wall, CPU) seconds of that process."""
    with tempfile.TemporaryDirectory() as folder:
        environment = child_environment(NUS_CACHE_DIR=str(Path(folder) / "cache"))
        path = Path(folder) / "pool.nus"
        path.write_text(text, encoding="utf-8")
        process([*NUS, "check", str(path)], environment)
        path.write_text(edited(text), encoding="utf-8")
        wall, cpu, _, output = process([*NUS, "check", str(path)], environment)
        assert output.endswith("no errors\n"), output
        return wall, cpu


def simulate(games: int, jobs: int, cache: str) -> tuple[float, int, str]:
    """`nus simulate` of `games` 3-player games on `jobs` processes: wall seconds, peak MB, its output."""
    command = [*NUS, "simulate", "--games", str(games), "--jobs", str(jobs)]
    wall, _, peak, output = process(command, child_environment(NUS_CACHE_DIR=cache))
    return wall, peak, output


def simulate_rows(cache: str) -> list[tuple[str, str]]:
    """Every run starts from the same warm cache (the compiled code kept by a first run), so `--jobs 1` and
    `--jobs 2` pay the same start; the ratio is the median of pairs of runs taken in turn (seven pairs of 400
    games, three of 2,000: on the shared machine one pair of 400 ranged from 1.56x to 2.27x)."""
    simulate(1, 1, cache)
    rows = []
    for games, pairs in ((400, 7), (2000, 3)):
        runs = [(simulate(games, 1, cache), simulate(games, 2, cache)) for _ in range(pairs)]
        ratio = statistics.median(one[0] / two[0] for one, two in runs)
        same = "identical" if all(one[2] == two[2] for one, two in runs) else "DIFFERENT"
        rows.append((f"`nus simulate --jobs 2` vs `--jobs 1`, {games} games", f"{ratio:.2f}x ({same} output)"))
    small, large = simulate(1000, 2, cache)[1], simulate(10000, 2, cache)[1]
    rows.append(("`nus simulate` peak memory, 1,000 vs 10,000 games", f"{small} MB vs {large} MB"))
    return rows


def compiled_effect_ratio(calls: int = 20000) -> tuple[float, float]:
    """Barrel Maker's hook, its guard and effect as compiled against the same two written by hand,
    both called the way the runtime calls a hook (guard, then effect)."""
    from runtime.game.setup import new_table
    from runtime.model.cards import Context

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

    # The fastest of many short runs: a few microseconds a call, so any pause of the shared machine swamps a median
    compiled, handwritten = interleaved(hook(ability.guard, ability.effect), hook(hand_guard, hand_effect), 21, min)
    return compiled / calls, handwritten / calls


def games_per_second(players: int, games: int = 30) -> float:
    cards = specs()
    start = time.process_time()
    for seed in range(games):
        simulated_game(cards, players, seed)
    return games / (time.process_time() - start)


GAME_FIGURES = (
    "from tests.benchmarks.game_bench import floor_ms, game_counts, game_ms\n"
    "game_counts()\n"
    "print(game_ms(), floor_ms())\n"
)


def today_game_and_floor() -> tuple[float, float]:
    done = subprocess.run(
        [sys.executable, "-c", GAME_FIGURES], cwd=ROOT, env=child_environment(), capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(done.stderr)
    game, floor = map(float, done.stdout.split())
    return game, floor


def game_rows(rounds: int = 3) -> list[tuple[str, str]]:
    """The engine's figures from tests/benchmarks/game_bench.py, measured as it measures them, each in a process of
    its own: the floor is a loop of short calls whose time moves with what its process did before (0.11 ms a game
    measured fresh, 0.14-0.18 ms after the rows of full games in the same process). Today's engine and the
    issue-day one are measured in turn, `rounds` times, and each figure is the median of its rounds."""
    today: list[tuple[float, float]] = []
    issue_day: list[float] = []
    unavailable = ""
    try:
        for _ in range(rounds):
            today.append(today_game_and_floor())
            issue_day.append(issue_day_game_ms())
    except Unavailable as why:
        issue_day = []
        unavailable = str(why)
    game = statistics.median(game for game, _ in today)
    floor = statistics.median(floor for _, floor in today)
    rows = [
        ("random 3-player game (ms)", f"{game:.2f} ms ({1000 / game:.0f} games/s)"),
        ("plain-loop floor ratio (this floor)", f"{game / floor:.1f}x (floor {floor:.3f} ms)"),
    ]
    if not issue_day:
        return [*rows, ("plain-loop floor ratio (the issue's yardstick)", f"not measured: {unavailable}")]
    old = statistics.median(issue_day)
    return [
        *rows,
        (f"the issue-day engine ({ISSUE_DAY}), same games", f"{old:.2f} ms ({old / floor:.0f}x this floor)"),
        (
            "plain-loop floor ratio (the issue's yardstick)",
            f"{on_issue_yardstick(game, old):.1f}x ({ISSUE_DAY_RATIO:.0f}x x {game:.2f} / {old:.2f} ms)",
        ),
    ]


def instruction_rows() -> list[tuple[str, str]]:
    """The game and its floor counted in instructions by callgrind (game_instructions.py), which the host's load does
    not move; left out where valgrind is not installed."""
    if shutil.which("valgrind") is None:
        return [("plain-loop floor ratio in instructions (callgrind)", "not measured: no valgrind")]
    game = instructions_per_game(20) / 1e6
    floor = instructions_per_game(20, "floor") / 1e6
    measure = "plain-loop floor ratio in instructions (callgrind)"
    return [(measure, f"{game / floor:.1f}x ({game:.2f} M vs {floor:.2f} M)")]


TARGETS = {
    "compile cards.nus from scratch (parse, check, generate, load)": "under 300 ms",
    "compile cards.nus again, unchanged (content cache)": "under 50 ms",
    "same effect hand-written in Python": "compiled within 1.05x",
    "full random games, 3 players": "at least 20",
    "random 3-player game (ms)": "≤ 4 ms",
    "plain-loop floor ratio (the issue's yardstick)": "≤ 15x",
    "compile 10,000 generated cards": "within 11x",
    "edit one card in a 10,000-card pool, re-check in memory (nus watch, editor)": "≤ 1 s",
    "edit one card in a 10,000-card pool, `nus check` process (disk cache)": "≤ 1 s",
    "`nus check cards.nus` whole process, unchanged file: CPU": "≤ 0.15 s",
    "`nus simulate --jobs 2` vs `--jobs 1`, 400 games": "≥ 1.7x, identical",
    "`nus simulate --jobs 2` vs `--jobs 1`, 2000 games": "≥ 1.7x, identical",
    "`nus simulate` peak memory, 1,000 vs 10,000 games": "flat, < 80 MB",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="store_true", help="measure only the game's rows (the speed target)")
    if parser.parse_args(argv).game:
        write_game_section()
    else:
        write_table()


GAME_SECTION = "## The speed target, measured alone"


def write_game_section() -> None:
    """The game's rows of the table (game_rows, instruction_rows) from a run of their own, for a change of the engine
    on a machine too loaded to run the whole report: a section in place of the one an earlier run wrote, else the
    first after the table (compile_bench.py keeps what comes before its own section)."""
    rows = game_rows() + instruction_rows()
    load = os.getloadavg()[0]
    text = (
        f"{GAME_SECTION}\n\nWritten by `PYTHONHASHSEED=0 python -m tests.benchmarks.bench --game`: the game rows of "
        f"the table above,\nmeasured in one run of their own (load average {load:.1f} on the 2 cores when it ended; "
        "games in CPU time).\n\n"
        + "| measure | result | target |\n|---|---|---|\n"
        + "".join(f"| {measure} | {result} | {TARGETS.get(measure, '')} |\n" for measure, result in rows)
    )
    print(text, end="")
    table, *sections = RESULTS.read_text(encoding="utf-8").split("\n## ")
    kept = [section for section in sections if not f"## {section}".startswith(GAME_SECTION)]
    RESULTS.write_text("\n## ".join([table, text.removeprefix("## "), *kept]).rstrip("\n") + "\n", encoding="utf-8")


def write_table() -> None:
    """Games first: the 11,000-card compiles leave a large heap behind that slows whatever runs after."""
    rows = []
    games = {players: games_per_second(players) for players in (2, 3, 4)}
    rows += game_rows()
    rows += instruction_rows()
    scratch = median_seconds(compile_from_scratch, 5)
    again = median_seconds(lambda: load_cards(CARDS, "cards.nus"), 5)
    rows.append(("compile cards.nus from scratch (parse, check, generate, load)", f"{scratch * 1000:.0f} ms"))
    rows.append(("compile cards.nus again, unchanged (content cache)", f"{again * 1000:.2f} ms"))
    compiled, handwritten = compiled_effect_ratio()
    rows.append(("card effect through compiled code", f"{compiled * 1e6:.2f} µs"))
    rows.append(("same effect hand-written in Python", f"{handwritten * 1e6:.2f} µs ({compiled / handwritten:.2f}x)"))
    for players, rate in games.items():
        rows.append((f"full random games, {players} players", f"{rate:.1f} games/s"))
    rows.append(("`nus check cards.nus` whole process, unchanged file: CPU", f"{check_process_cpu():.2f} s"))
    with tempfile.TemporaryDirectory() as cache:
        rows += simulate_rows(cache)
    thousand, ten_thousand = pool(1000), pool(10000)
    small_s, large_s = interleaved(lambda: compile_fresh(thousand), lambda: compile_fresh(ten_thousand), 3)
    rows.append(("compile 1,000 generated cards", f"{small_s:.2f} s"))
    rows.append(("compile 10,000 generated cards", f"{large_s:.2f} s ({large_s / small_s:.1f}x the 1,000)"))
    rows.append(
        (
            "edit one card in a 10,000-card pool, re-check in memory (nus watch, editor)",
            f"{edit_one_card_in_memory(ten_thousand):.2f} s",
        )
    )
    forget_compiled()
    wall, cpu = edit_one_card_process(ten_thousand)
    rows.append(
        ("edit one card in a 10,000-card pool, `nus check` process (disk cache)", f"{wall:.2f} s ({cpu:.2f} s CPU)")
    )
    table = "| measure | result | target |\n|---|---|---|\n"
    table += "".join(f"| {measure} | {result} | {TARGETS.get(measure, '')} |\n" for measure, result in rows)
    print(table, end="")
    # the sections other benchmarks write below the table are kept (compile_bench.py's); git dates the file
    kept = "".join(RESULTS.read_text(encoding="utf-8").partition("\n## ")[1:]) if RESULTS.exists() else ""
    RESULTS.write_text(RESULTS_HEADING + table + kept, encoding="utf-8")


RESULTS = Path(__file__).with_name("RESULTS.md")
RESULTS_HEADING = """# Benchmark results

Written by `PYTHONHASHSEED=0 python -m tests.benchmarks.bench`: every figure from one run on the project's shared
2-core machine, so read the ratios, not the absolute times (see [docs/speed.md](../../docs/speed.md)).
The commit and time of the run are in this file's git history.

"""


if __name__ == "__main__":
    main()
