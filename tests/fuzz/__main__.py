"""`python -m tests.fuzz`: a long batch of generated cards, with its counts, and each kind of failure shrunk.

    nice -n 10 python -m tests.fuzz --cards 100000 --seed 1 --jobs 2

Progress goes to stderr; the report to stdout: the counts and each kind of failure with its first card and the
command that plays that card again, printed before any shrinking, then each of those cards shrunk (each in a worker
process held to a time and memory limit). A worker that dies is reported in one line, naming its cards. Exit status
1 when any card failed, 2 when a worker died."""

from __future__ import annotations

import argparse
import sys
import time

from tests.fuzz.run import Batch, Limits, run, shrink_all
from tests.fuzz.shrink import TRIES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="how many cards (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the batch's seed (default 1)")
    parser.add_argument("--first", type=int, default=0, help="the first card's number in the batch (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--tries", type=int, default=TRIES, help=f"games tried to shrink a card (default {TRIES})")
    args = parser.parse_args(argv)
    started = time.monotonic()

    def progress(batch: Batch) -> None:
        rate = batch.cards / max(time.monotonic() - started, 1e-9)
        print(
            f"\r{batch.cards:,} of {args.cards:,} cards, {batch.failed:,} failed ({rate:.0f} cards/s)",
            end="",
            file=sys.stderr,
            flush=True,
        )

    batch = run(args.seed, args.cards, args.first, args.jobs, progress)
    print(file=sys.stderr)
    print(batch.report())
    jobs = f"{args.jobs} job{'s' if args.jobs != 1 else ''}"
    print(f"({time.monotonic() - started:,.0f} s, {jobs})", flush=True)
    deaths = [batch.lost] if batch.lost else []
    if args.tries > 0 and batch.first and not batch.interrupted:
        print(f"shrinking {len(batch.first)} card{'s' if len(batch.first) != 1 else ''}...", file=sys.stderr)
        shrunk, lost = shrink_all(batch, args.jobs, Limits(tries=args.tries))
        print(batch.shrunk_report(shrunk))
        print(f"({time.monotonic() - started:,.0f} s with shrinking)")
        deaths += lost
    for death in deaths:
        print(f"python -m tests.fuzz: error: {death}", file=sys.stderr)
    return 2 if deaths else 1 if batch.failed else 0


if __name__ == "__main__":
    sys.exit(main())
