"""Issue 32's speed table (§5 "Fast enough for the edit loop"), every row from one run of this module.

    nice -n 19 python -m tests.benchmarks.balance_bench [SEEDS]

Rows: a greedy, search and plan game against a random one (tests/benchmarks/players_bench.py, SEEDS seeds); a
1-wood cost edit of a B card (Yacht House) measured by the default `nus balance cards.nus --against EDITED.nus`
(100 seeds) from an empty game store, flagged or not; the same edit at 64 seeds, from an empty store; the same
NEW file edited again (2 wood cheaper) and measured again, the old file's games then read from the store; and
the fixed cost of a `nus balance` run that plays nothing (a one-seed run whose games are all in the store). Each
`nus balance` runs as a designer runs it, in a process of its own, `--jobs 1`; wall and CPU time are that
process's. The machine is shared: the load average is printed with the table.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.children import child_environment
from tests.benchmarks.players_bench import PLAYERS, measure

ROOT = Path(__file__).resolve().parents[2]
CARD = "Yacht House"
COST = "  cost 3 wood, 3 fish\n"  # Yacht House's cost line in cards.nus


def edited(folder: Path, wood: int) -> Path:
    """A copy of cards.nus with Yacht House's cost `wood` wood lower (the original is never touched)."""
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    header = text.index(f'building "{CARD}"')
    at = text.index(COST, header)
    if "\nbuilding " in text[header:at]:
        raise ValueError(f"{CARD}'s cost is no longer {COST.strip()!r}: mend balance_bench.COST")
    path = folder / "edited.nus"
    path.write_text(text[:at] + f"  cost {3 - wood} wood, 3 fish\n" + text[at + len(COST) :], encoding="utf-8")
    return path


def balance(store: Path, *arguments: str) -> tuple[dict, float, float]:
    """`nus balance cards.nus ARGUMENTS --jobs 1 --format json` in a process of its own, its games kept in `store`:
    the report, wall seconds and CPU seconds (user + system of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "compiler", "balance", "cards.nus", *arguments, "--jobs", "1", "--format", "json"],
        cwd=ROOT,
        env=child_environment(NUS_CACHE_DIR=str(store)),
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"nus balance {' '.join(arguments)} failed:\n{done.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return json.loads(done.stdout), wall, cpu


def verdict(report: dict) -> str:
    card = next(card for card in report["cards"] if card["name"] == CARD)
    flagged = card.get("flag") or card.get("flagged_by")
    paid = card["paid_value"]
    return (
        f"{'flagged' if flagged else 'not flagged'} (p adjusted {card['p_adjusted']:.2g}; paid value change "
        f"{paid['delta']:+.2f} [{paid['delta_ci_low']:+.2f}, {paid['delta_ci_high']:+.2f}]; "
        f"{report['run']['games_played']} games played, {report['run']['games_from_store']} from the store)"
    )


def main(seeds: int = 3) -> None:
    load = os.getloadavg()[0]
    spent = measure(seeds)
    rows = [
        (f"{agent} game / random game ({seeds} seeds, 3 players)", f"{spent[agent] / spent['random']:.0f}x")
        for agent in PLAYERS[1:]
    ]
    with tempfile.TemporaryDirectory(prefix="nus-balance-bench-") as name:
        folder = Path(name)
        new = edited(folder, 1)
        report, wall, cpu = balance(folder / "store-100", "--against", str(new))
        rows.append(
            (
                f"{CARD} 1 wood cheaper, default --against (greedy, 100 seeds), empty store",
                f"{wall / 60:.1f} min wall, {cpu / 60:.1f} min CPU; {verdict(report)}",
            )
        )
        store = folder / "store-64"
        report, first, cpu = balance(store, "--against", str(new), "--games", "64")
        rows.append(
            (
                "--against after a one-card edit, greedy, 64 seeds, empty store",
                f"{first / 60:.1f} min wall, {cpu / 60:.1f} min CPU; {verdict(report)}",
            )
        )
        new = edited(folder, 2)
        report, again, cpu = balance(store, "--against", str(new), "--games", "64")
        rows.append(
            (
                f"the same NEW file edited again ({CARD} 2 wood cheaper), 64 seeds",
                f"{again / first:.2f}x the first run's wall ({again:.0f} s, {cpu:.0f} s CPU); {verdict(report)}",
            )
        )
        one = ("--card", "Harbor Branch", "--games", "1")
        balance(folder / "store-fixed", *one)
        report, wall, cpu = balance(folder / "store-fixed", *one)
        rows.append(
            (
                "fixed cost of one `nus balance` run (one seed, every game from the store)",
                f"{cpu:.2f} s CPU, {wall:.2f} s wall ({report['run']['games_played']} games played)",
            )
        )
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("| figure | measured |")
    print("|---|---|")
    for figure, measured in rows:
        print(f"| {figure} | {measured} |")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:]))
