"""`nus simulate`: seeded random games with the cards, on all cores, streamed as they finish."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from compiler.backends.escape import visible_lines
from compiler.cli.common import (
    ERRORS,
    INTERRUPTED,
    OK,
    USAGE,
    UsageError,
    cards_kept,
    checked_file,
    cluster_address,
    error_line,
    player_count,
    positive,
    reaching_cluster,
    report,
    writing,
)
from compiler.cli.output import StagedText, refuse_inputs
from compiler.cli.project_files import card_file_command, card_loader, replaced_cards_option
from runtime.model.data import data_line, described
from runtime.model.declarations import CardKind
from runtime.wording import counted

if TYPE_CHECKING:
    from runtime.analysis.games import Record
    from runtime.analysis.simulate import Summary


def register(commands) -> None:
    command = card_file_command(commands, "simulate", run, "play seeded random games with the cards", plays=True)
    replaced_cards_option(command)
    command.add_argument("--players", type=player_count, default=3, metavar="N", help="players a game")
    command.add_argument("--games", type=positive, default=10, metavar="G", help="games to play")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; game i uses seed S + i")
    command.add_argument("--jobs", type=positive, metavar="N", help="worker processes (default: all cores)")
    command.add_argument(
        "--cluster", type=cluster_address, metavar="ADDRESS", help="a Dask scheduler to run the games on"
    )
    command.add_argument(
        "--log", type=log_file, metavar="FILE", help="write every game's log to FILE (kept nowhere else)"
    )


def log_file(value: str) -> str:
    """Refused before any game is played: a log that could not be written would waste the run."""
    if value in ("", "-"):
        raise argparse.ArgumentTypeError("give a file name (standard output has the games' lines)")
    if Path(value).is_dir():
        raise argparse.ArgumentTypeError(f"{value} is a directory: give a file name")
    return value


def run(args: argparse.Namespace) -> int:
    from runtime.analysis.games import Setup
    from runtime.analysis.progress import with_progress
    from runtime.analysis.runner import Source, default_jobs
    from runtime.analysis.runner import run as run_games
    from runtime.analysis.simulate import Summary

    if args.log:
        writing(lambda: refuse_inputs([Path(args.log)], [args.file]), Path(args.log))
    text, checked = checked_file(args.file)
    if not report(args.file, text, checked):
        return ERRORS
    agents = ("random",) * args.players
    jobs = (("cards", Setup(args.seed + game, agents, keep_log=bool(args.log))) for game in range(args.games))
    source = Source(text, args.file, card_loader())
    records = run_games({"cards": source}, jobs, args.jobs or default_jobs(), args.cluster)
    specs = cards_kept(text, args.file)
    totals = Summary(
        args.players, tuple(s.name for s in specs if s.kind is CardKind.BUILDING and s.in_game(args.players))
    )
    with LogFile(Path(args.log)) if args.log else nullcontext() as log:
        code = play_all(with_progress(records, args.games, "games"), totals, log, args.games)
        print(visible_lines(totals.text()))  # it names cards
        print(visible_lines(data_line(described())))  # a path the designer chose
    return code


def play_all(records: Iterable[Record], totals: Summary, log: LogFile | None, games: int) -> int:
    """Each game's line as it finishes; Ctrl-C, or a worker process or the Dask scheduler lost, stops the run with the
    games finished counted (and logged), and their summary follows."""
    from runtime.analysis.runner import WorkerLost
    from runtime.analysis.simulate import record_line

    try:
        with reaching_cluster():
            try:
                for record in records:
                    print(record_line(record))
                    totals.add_record(record)
                    if log:
                        log.add(record)
            except (WorkerLost, LogUnwritable) as error:
                finished = f"{totals.games:,} of {games:,} game{'' if games == 1 else 's'} finished"
                print(error_line(UsageError(f"{error}; {finished}")), file=sys.stderr)
                return USAGE
    except KeyboardInterrupt:
        print(f"interrupted after {totals.games} of {counted(games, 'game')}", file=sys.stderr)
        return INTERRUPTED
    return OK


class LogUnwritable(Exception):
    """The log cannot be written on (a full disk, a file-size limit): the run stops there, the log is not kept."""


class LogFile:
    """Game logs written as they come to a temporary file of its own beside the target (compiler/cli/output.py), renamed
    into place when the run ends, Ctrl-C included (the games finished); on an error (a card's, a closed pipe, the log
    itself unwritable) it is removed, the target left as it was: never half a file, never a temporary one left
    behind."""

    def __init__(self, path: Path):
        self.path = path
        self.staged = writing(lambda: StagedText(path), path)
        self.broken = False

    def add(self, record: Record) -> None:
        try:
            self.staged.stream.write(f"# seed {record.seed}\n")
            self.staged.stream.writelines(f"{line}\n" for line in record.log)
        except OSError as error:
            self.broken = True
            self.staged.discard()
            raise LogUnwritable(f"cannot write to {self.path}: {error.strerror or error}") from None

    def __enter__(self) -> LogFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None and not self.broken:
            writing(self.staged.commit, self.path)
        else:
            self.staged.discard()
