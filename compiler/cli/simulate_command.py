"""`nus simulate`: seeded random games with the cards, on all cores, streamed as they finish."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.common import ERRORS, OK, checked_file, cluster_address, positive, reaching_cluster, report, writing
from compiler.output import refuse_inputs

INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C


def register(commands) -> None:
    command = commands.add_parser("simulate", help="play seeded random games with the cards")
    command.add_argument("--players", type=positive, default=3, choices=range(1, 6), metavar="N", help="players a game")
    command.add_argument("--games", type=positive, default=10, metavar="G", help="games to play")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; game i uses seed S + i")
    command.add_argument("--cards", default="cards.nus", metavar="FILE", help="card file")
    command.add_argument("--jobs", type=positive, metavar="N", help="worker processes (default: all cores)")
    command.add_argument(
        "--cluster", type=cluster_address, metavar="ADDRESS", help="a Dask scheduler to run the games on"
    )
    command.add_argument(
        "--log", type=log_file, metavar="FILE", help="write every game's log to FILE (kept nowhere else)"
    )
    command.set_defaults(run=run)


def log_file(value: str) -> str:
    """Refused before any game is played: a log that could not be written would waste the run."""
    if value in ("", "-"):
        raise argparse.ArgumentTypeError("give a file name (standard output has the games' lines)")
    if Path(value).is_dir():
        raise argparse.ArgumentTypeError(f"{value} is a directory: give a file name")
    return value


def run(args: argparse.Namespace) -> int:
    from compiler.load import load_cached_cards
    from runtime.analysis.games import Setup
    from runtime.analysis.progress import with_progress
    from runtime.analysis.runner import Source, default_jobs
    from runtime.analysis.runner import run as run_games
    from runtime.analysis.simulate import Summary, record_line

    if args.log:
        writing(lambda: refuse_inputs([Path(args.log)], [args.cards]), Path(args.log))
    text, checked = checked_file(args.cards)
    if not report(args.cards, text, checked):
        return ERRORS
    agents = ("random",) * args.players
    jobs = (("cards", Setup(args.seed + game, agents, keep_log=bool(args.log))) for game in range(args.games))
    source = Source(text, args.cards, load_cached_cards)
    records = run_games({"cards": source}, jobs, args.jobs or default_jobs(), args.cluster)
    totals = Summary(args.players)
    log = LogFile(Path(args.log)) if args.log else None
    try:
        with reaching_cluster():
            for record in with_progress(records, args.games, "games"):
                print(record_line(record))
                totals.add_record(record)
                if log:
                    log.add(record)
    except KeyboardInterrupt:
        print(f"interrupted after {totals.games} of {args.games} games", file=sys.stderr)
        return finish(totals, log, INTERRUPTED)
    return finish(totals, log, OK)


def finish(totals, log, code: int) -> int:
    print(totals.text())
    if log:
        log.close()
    return code


class LogFile:
    """Game logs written beside the target and renamed into place at the end: never half a file."""

    def __init__(self, path: Path):
        self.path = path
        self.temporary = path.with_name(f".{path.name}.tmp")
        self.out = writing(lambda: self.temporary.open("w", encoding="utf-8"), path)

    def add(self, record) -> None:
        self.out.write(f"# seed {record.seed}\n")
        self.out.writelines(f"{line}\n" for line in record.log)

    def close(self) -> None:
        self.out.close()
        try:
            writing(lambda: self.temporary.replace(self.path), self.path)
        finally:
            self.temporary.unlink(missing_ok=True)  # left only when the rename failed
