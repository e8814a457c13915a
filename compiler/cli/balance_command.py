"""`nus balance`: what each card is worth, what an edit changed, and seat fairness, with intervals."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.card_choice import named, unknown
from compiler.cli.common import (
    ERRORS,
    INTERRUPTED,
    OK,
    UsageError,
    cards_kept,
    check_round,
    checked_file,
    cluster_address,
    left_out,
    player_count,
    positive,
    reaching_cluster,
    report,
    writing,
)
from compiler.cli.output import check_writable, write_all
from compiler.cli.project_files import card_file_command, card_loader, needs
from compiler.diagnostics import printable
from runtime.model.data import described
from runtime.wording import counted

FORMATS = ("table", "json", "csv")


def register(commands) -> None:
    help = "measure card values and edits over seeded games"
    command = card_file_command(commands, "balance", run, help, plays=True)
    needs(command, "balance", "scipy", "matplotlib")
    command.add_argument("--against", metavar="NEW", help="compare FILE (old) with NEW on the same seeds")
    command.add_argument("--players", type=player_count, default=3, metavar="N", help="players a game")
    command.add_argument("--agent", default="random", help="who plays every seat: " + ", ".join(agent_names()))
    command.add_argument("--games", type=positive, default=100, metavar="G", help="seeds played")
    command.add_argument(
        "--precision", type=float, metavar="X", help="double the seeds until every interval is narrower than X VP"
    )
    command.add_argument("--max-games", type=positive, default=2000, metavar="M", help="most seeds --precision plays")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; seeds S to S + G - 1")
    command.add_argument("--round", type=positive, default=1, metavar="R", help="round the card is given at")
    command.add_argument("--card", action="append", metavar="NAME", help="measure only these cards")
    command.add_argument("--fdr", type=float, default=0.01, metavar="Q", help="false discovery rate")
    command.add_argument("--jobs", type=positive, metavar="N", help="worker processes (default: all cores)")
    command.add_argument(
        "--cluster", type=cluster_address, metavar="ADDRESS", help="a Dask scheduler to run the games on"
    )
    command.add_argument("--format", choices=FORMATS, default="table", help="the report on standard output")
    command.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report")
    command.add_argument(
        "--playtests", metavar="DIR", help="also report the games saved by nus play in DIR (apart from the values)"
    )


def agent_names() -> list[str]:
    from runtime.players import PLAYERS

    return list(PLAYERS)


def run(args: argparse.Namespace) -> int:
    from runtime.analysis.balance import Design, Interrupted, card_costs, full_report, measure, old_names, stopping
    from runtime.analysis.progress import with_progress
    from runtime.analysis.report import as_csv, as_html, as_json, print_table
    from runtime.analysis.runner import Source, default_jobs

    paths = [args.file, *([args.against] if args.against else [])]
    check_arguments(args)
    sources = {}
    for key, path in zip(("old", "new"), paths, strict=False):
        text, checked = checked_file(path)
        if not report(path, text, checked):
            return ERRORS
        sources[key] = Source(text, path, card_loader())
    specs = cards_kept(sources[list(sources)[-1]].text, paths[-1])
    measured, absent = measured_cards(specs, args.card, args.players, paths[-1])
    was = old_names(sources["old"].text, sources["new"].text) if args.against else ()
    design = Design(args.players, args.agent, args.seed, args.round, measured, absent, was)
    check_round(args.round, specs, args.players)
    if args.playtests and not Path(args.playtests).is_dir():
        raise UsageError(printable(f"--playtests {args.playtests}: not a folder (nus play saves into playtests/)"))
    if args.html:  # refused now, not after every game was played
        writing(lambda: check_writable(Path(args.html), paths), Path(args.html))
    status = OK
    try:
        with reaching_cluster():
            tallies = measure(
                sources,
                design,
                games=args.games,
                workers=args.jobs or default_jobs(),
                cluster=args.cluster,
                precision=args.precision,
                cap=args.max_games,
                progress=lambda records, total: with_progress(records, total, "balance games"),
            )
    except Interrupted as stopped:  # Ctrl-C: the report of every seed finished, then the shell's 130
        tallies, status = stopped.tallies, INTERRUPTED
        finished = next(iter(tallies.values())).games
        print(f"nus balance: interrupted after {counted(finished, 'seed')}; the report covers them", file=sys.stderr)
        if not finished:
            return status
    result = full_report(design, tallies, sources, card_costs(specs, args.players), args.fdr)
    result["data_files"] = described()
    if args.precision is not None:
        result["precision"] = stopping(tallies, design, args.precision, args.max_games)
    played = played_games(args, specs)
    if played is not None:
        result["playtests"] = played.json()
    if args.html:
        writing(lambda: write_all({Path(args.html): as_html(result)}, paths), Path(args.html))
        print(printable(f"wrote {args.html}"), file=sys.stderr)  # standard output is the report
    if args.format == "json":
        sys.stdout.write(as_json(result))
    elif args.format == "csv":
        sys.stdout.write(as_csv(result))
    else:
        print_table(result)
        for line in played.lines() if played is not None else ():
            print(printable(line))
    return status


def played_games(args: argparse.Namespace, specs):
    """--playtests DIR: the games played with `nus play`, reported apart (runtime/playtest/playtests.py)."""
    if not args.playtests:
        return None
    from runtime.playtest.playtests import playtests
    from runtime.playtest.session import STRONGEST

    return playtests(specs, Path(args.playtests), STRONGEST)


def check_arguments(args: argparse.Namespace) -> None:
    if args.agent not in agent_names():
        raise UsageError(f"unknown player {args.agent!r}; choose one of {', '.join(agent_names())}")
    if args.precision is not None and args.precision <= 0:
        raise UsageError("--precision must be above 0")
    if not 0 < args.fdr < 1:
        raise UsageError("--fdr must be between 0 and 1")


def measured_cards(specs, wanted: list[str] | None, players: int, path: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Buildings to measure (all, or those --card names, by name or code as every command picks cards:
    compiler.cli.card_choice) and the Buildings left out: a card no game of this many players has (its `players` line)
    has no value there. Asked for by name, it is refused with the reason."""
    buildings = [spec for spec in specs if spec.kind == "building"]
    missing = [name for name in wanted or () if not named(buildings, name)]
    if missing:
        raise UsageError(unknown(buildings, missing[0], path, "Building"))
    chosen_names = {spec.name for name in wanted or () for spec in named(buildings, name)}
    chosen = [spec for spec in buildings if not wanted or spec.name in chosen_names]
    for spec in chosen:
        why = left_out(spec, players) if wanted else ""
        if why:
            raise UsageError(f"{why}: it has no value there; measure it with --players {min(spec.players)}")
    measured = tuple(spec.name for spec in chosen if spec.in_game(players))
    return measured, tuple(spec.name for spec in chosen if not spec.in_game(players))
