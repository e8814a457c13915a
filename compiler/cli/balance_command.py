"""`nus balance`: what each card is worth as players pay for it, what an edit changed, and seat fairness, with
intervals."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from compiler.cli.balance_tuning import register_options as tuning_options
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
DEFAULT_AGENT = "greedy"  # the strongest player that answers a one-card question within a minute here (docs/)


def register(commands) -> None:
    help = "measure card values and edits over seeded games"
    command = card_file_command(commands, "balance", run, help, plays=True)
    needs(command, "balance", "numpy", "matplotlib")
    command.add_argument("--against", metavar="NEW", help="compare FILE (old) with NEW on the same seeds")
    command.add_argument(
        "--all", action="store_true", help="with --against, measure every card, not only those whose text changed"
    )
    command.add_argument(
        "--players",
        type=player_counts,
        default="3",  # argparse reads a string default through the type, and --help shows it as written
        metavar="N",
        help="players a game; a range (2-5) reports seat fairness, or the --ladder, at every count in it",
    )
    command.add_argument("--agent", default=DEFAULT_AGENT, help="who plays every seat: " + ", ".join(agent_names()))
    command.add_argument("--agents", metavar="A,B,...", help="one player a seat (a mixed table): plan,greedy,greedy")
    command.add_argument(
        "--ladder", metavar="A,B,...", help="every player named against every other at rotated seats: who beats whom"
    )
    command.add_argument("--games", type=positive, default=100, metavar="G", help="seeds played")
    command.add_argument(
        "--precision", type=float, metavar="X", help="double the seeds until every interval is narrower than X VP"
    )
    command.add_argument("--max-games", type=positive, default=2000, metavar="M", help="most seeds --precision plays")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; seeds S to S + G - 1")
    command.add_argument("--round", type=positive, default=1, metavar="R", help="round the card is handed over at")
    command.add_argument("--card", action="append", metavar="NAME", help="measure only these cards")
    command.add_argument("--fdr", type=float, default=0.01, metavar="Q", help="false discovery rate")
    command.add_argument("--jobs", type=positive, metavar="N", help="worker processes (default: all cores)")
    command.add_argument(
        "--cluster", type=cluster_address, metavar="ADDRESS", help="a Dask scheduler to run the games on"
    )
    command.add_argument(
        "--even",
        action="store_true",
        help="suggest the cost (and VP) at which each card's paid value meets its letter's median, played to check",
    )
    command.add_argument(
        "--even-cards", type=positive, default=10, metavar="K", help="with --even over a whole file: cards swept"
    )
    command.add_argument(
        "--write-suggestions", metavar="OUT", help="with --even: write a copy of FILE with the suggested costs"
    )
    command.add_argument("--no-cache", action="store_true", help="play every game, reading and keeping none")
    command.add_argument("--format", choices=FORMATS, default="table", help="the report on standard output")
    command.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report")
    command.add_argument(
        "--playtests", metavar="DIR", help="also report the games saved by nus play in DIR (apart from the values)"
    )
    tuning_options(command)


def agent_names() -> list[str]:
    from runtime.players import PLAYERS

    return list(PLAYERS)


def player_counts(value: str) -> tuple[int, ...]:
    """A --players value: one count (3) or a range of them (2-5), each one the game has."""
    first, _, last = value.partition("-")
    counts = tuple(range(player_count(first), player_count(last or first) + 1))
    if not counts:
        raise argparse.ArgumentTypeError(f"{value!r} is an empty range: give the smaller count first (2-5)")
    return counts


def run(args: argparse.Namespace) -> int:
    if args.tune_evaluation:
        from compiler.cli.balance_tuning import run as tune

        return tune(args)
    if args.write_evaluation or args.rates:
        raise UsageError("--write-evaluation and --rates are for --tune-evaluation: add it")
    if args.ladder or len(args.players) > 1:
        return by_player_count(args)
    args.players = args.players[0]
    from compiler.cache import cache_dir
    from runtime.analysis.balance import VALUES, Design, edit_between, full_report, measure, stopping
    from runtime.analysis.even import suggested_file
    from runtime.analysis.grants import Given
    from runtime.analysis.progress import with_progress
    from runtime.analysis.runner import Source, default_jobs
    from runtime.analysis.store import GameStore

    paths = [args.file, *([args.against] if args.against else [])]
    agents = check_arguments(args)
    sources = {}
    for key, path in zip(("old", "new"), paths, strict=False):
        text, checked = checked_file(path)
        if not report(path, text, checked):
            return ERRORS
        sources[key] = Source(text, path, card_loader())
    specs = {key: cards_kept(source.text, source.path) for key, source in sources.items()}
    new_specs = specs[list(sources)[-1]]
    edit = edit_between(sources["old"].text, sources["new"].text) if args.against else None
    measured, absent = measured_cards(new_specs, args.card, args.players, paths[-1], edit, args.all)
    targets = measured
    if args.even:
        measured = with_peers(new_specs, measured, args.players)
    values = (Given.PAID,) if args.even else VALUES
    design = Design(args.players, agents, args.seed, args.round, measured, absent, values)
    check_round(args.round, new_specs, args.players)
    if args.playtests and not Path(args.playtests).is_dir():
        raise UsageError(printable(f"--playtests {args.playtests}: not a folder (nus play saves into playtests/)"))
    for output in (args.html, args.write_suggestions):
        if output:  # refused now, not after every game was played
            writing(lambda output=output: check_writable(Path(output), paths), Path(output))
    store = GameStore(None if args.no_cache else cache_dir() / "balance-games.sqlite")
    try:
        with reaching_cluster():
            tallies, spent = measure(
                sources,
                design,
                games=args.games,
                workers=args.jobs or default_jobs(),
                cluster=args.cluster,
                precision=args.precision,
                cap=args.max_games,
                progress=lambda records, total: with_progress(records, total, "balance games"),
                store=store,
            )
            result = full_report(design, tallies, sources, specs, args.fdr, edit)
            if args.even and not spent.interrupted:
                asked = targets if args.card else ()
                evens = even_suggestions(args, sources["old"], design, tallies["old"], asked, store)
                for card in result["cards"]:
                    if card["code"] in evens:
                        card["even"] = evens[card["code"]]
                if args.write_suggestions:
                    text = suggested_file(sources["old"].text, design.cards, evens)
                    out = Path(args.write_suggestions)
                    writing(lambda: write_all({out: text}, paths), out)
    finally:
        store.close()
    if spent.interrupted:  # Ctrl-C: the report of every seed finished, then the shell's 130
        finished = next(iter(tallies.values())).games
        print(f"nus balance: interrupted after {counted(finished, 'seed')}; the report covers them", file=sys.stderr)
        if not finished:
            return INTERRUPTED
    result["run"] = spent.as_json()
    result["data_files"] = described()
    if args.precision is not None:
        result["precision"] = stopping(tallies, design, args.precision, args.max_games)
    played = played_games(args, new_specs)
    if played is not None:
        result["playtests"] = played.json()
    show(result, args, paths, played)
    return INTERRUPTED if spent.interrupted else OK


def show(result: dict, args: argparse.Namespace, paths: list[str], played=None) -> None:
    from runtime.analysis.report import as_csv, as_html, as_json, print_table

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


def played_games(args: argparse.Namespace, specs):
    """--playtests DIR: the games played with `nus play`, reported apart (runtime/playtest/playtests.py)."""
    if not args.playtests:
        return None
    from runtime.playtest.playtests import playtests
    from runtime.playtest.session import STRONGEST

    return playtests(specs, Path(args.playtests), STRONGEST)


def check_arguments(args: argparse.Namespace) -> tuple[str, ...]:
    """The players of each seat, from --agents or --agent; the other arguments checked before any work."""
    if args.agents:
        agents = tuple(agent.strip() for agent in args.agents.split(","))
        if len(agents) != args.players:
            raise UsageError(f"--agents names {len(agents)} players for a game of {args.players}: give one a seat")
    else:
        agents = (args.agent,) * args.players
    for agent in agents:
        if agent not in agent_names():
            raise UsageError(f"unknown player {agent!r}; choose one of {', '.join(agent_names())}")
    if args.precision is not None and args.precision <= 0:
        raise UsageError("--precision must be above 0")
    if not 0 < args.fdr < 1:
        raise UsageError("--fdr must be between 0 and 1")
    if args.all and not args.against:
        raise UsageError("--all is for --against: without it every card is measured")
    if args.even and args.against:
        raise UsageError("--even measures one file: run it on NEW, then check its suggestions with --against")
    if args.write_suggestions and not args.even:
        raise UsageError("--write-suggestions writes what --even suggests: add --even")
    return agents


def measured_cards(specs, wanted: list[str] | None, players: int, path: str, edit=None, every: bool = False):
    """The cards to measure and the cards left out. --card names them (by name or code, as every command picks cards:
    compiler.cli.card_choice); with --against, by default the cards whose text changed and the cards added (by kind and
    code); otherwise, and with --all, every Building and Elder. A card no game of this many players has (its `players`
    line) has no value there: asked for by name, it is refused with the reason; otherwise it is left out and named."""
    from runtime.analysis.balance import measured_card

    cards = list(specs)
    missing = [name for name in wanted or () if not named(cards, name)]
    if missing:
        raise UsageError(unknown(cards, missing[0], path))
    if wanted:
        chosen_codes = {spec.code for name in wanted for spec in named(cards, name)}
        chosen = [spec for spec in cards if spec.code in chosen_codes]
        for spec in chosen:
            why = left_out(spec, players)
            if why:
                raise UsageError(f"{why}: it has no value there; measure it with --players {min(spec.players)}")
    elif edit is not None and not every:
        added = set(edit.added)
        chosen = [spec for spec in cards if (spec.kind, spec.code) in edit.changed or spec.name in added]
    else:
        chosen = cards
    old_names = edit.old_names if edit is not None else {}
    measured = tuple(
        measured_card(spec, old_names.get((spec.kind, spec.code))) for spec in chosen if spec.in_game(players)
    )
    return measured, tuple(spec.name for spec in chosen if not spec.in_game(players))


def with_peers(specs, measured, players: int):
    """The cards --even measures: each asked-for card and every card it is compared with (its letter's Buildings, or
    the Elders), in file order."""
    from runtime.analysis.balance import measured_card

    wanted = {(card.kind, card.letter) for card in measured}
    return tuple(measured_card(spec) for spec in specs if spec.in_game(players) and (spec.kind, spec.letter) in wanted)


def even_suggestions(args: argparse.Namespace, source, design, tally, asked, store) -> dict[str, dict]:
    """Each swept card's --even block, by code: the cards asked for with --card, else the --even-cards furthest from
    their letter's median."""
    from dataclasses import replace

    from runtime.analysis.balance import cheapest_option, measure
    from runtime.analysis.even import distance, even_block, letter_peers
    from runtime.analysis.grants import Given
    from runtime.analysis.runner import Source, default_jobs

    specs = {spec.code: spec for spec in source.load(source.text, source.path)}
    values = {card.code: tally.value(Given.PAID, card.code) for card in design.cards}

    def peers_of(card):
        return [values[peer.code] for peer in letter_peers(design.cards, card)]

    targets = (
        list(asked)
        or sorted(
            (card for card in design.cards if peers_of(card)),
            key=lambda card: -abs(distance(values[card.code], peers_of(card))),
        )[: args.even_cards]
    )

    def play(card, text: str):
        try:
            source.load(text, source.path)
        except Exception:  # a variant that does not compile is no suggestion  # noqa: BLE001
            return None
        variant = {"variant": Source(text, source.path, source.load)}
        tallies, _ = measure(
            variant,
            replace(design, cards=(card,), dealt=False),
            games=tally.games,
            workers=args.jobs or default_jobs(),
            cluster=args.cluster,
            store=store,
        )
        return tallies["variant"].value(Given.PAID, card.code)

    return {
        card.code: even_block(
            source.text,
            card,
            cheapest_option(specs[card.code], args.players),
            values[card.code],
            peers_of(card),
            lambda text, card=card: play(card, text),
            args.seed,
        )
        for card in targets
        if peers_of(card)
    }


def by_player_count(args: argparse.Namespace) -> int:
    """--ladder, or --players with a range: the same question at every player count asked, in one report."""
    from runtime.analysis.balance import Design, game_report, measure
    from runtime.analysis.ladder import ladder
    from runtime.analysis.report import as_json, print_counts
    from runtime.analysis.runner import Source, default_jobs

    for option, given in (("--against", args.against), ("--card", args.card), ("--even", args.even)):
        if given:
            raise UsageError(f"{option} measures cards at one player count; --ladder and a --players range do not")
    if args.format == "csv" or args.html:
        raise UsageError("--ladder and a --players range report as a table or as JSON (--format json)")
    text, checked = checked_file(args.file)
    if not report(args.file, text, checked):
        return ERRORS
    source = Source(text, args.file, cards_kept)
    seeds = range(args.seed, args.seed + args.games)
    workers = args.jobs or default_jobs()
    sections = []
    with reaching_cluster():
        for players in args.players:
            if args.ladder:
                agents = checked_agents(args.ladder.split(","))
                sections.append(ladder(source, agents, seeds, players, workers, args.cluster))
            else:
                agents = check_arguments(argparse.Namespace(**{**vars(args), "players": players}))
                design = Design(players, agents, args.seed, args.round, ())
                tallies, spent = measure({"cards": source}, design, args.games, workers, args.cluster)
                sections.append(game_report(design, tallies["cards"]))
    result = {"by_players": sections}
    if args.format == "json":
        sys.stdout.write(as_json(result))
    else:
        print_counts(result)
    return OK


def checked_agents(agents: list[str]) -> tuple[str, ...]:
    names = tuple(agent.strip() for agent in agents)
    for agent in names:
        if agent not in agent_names():
            raise UsageError(f"unknown player {agent!r}; choose one of {', '.join(agent_names())}")
    if len(set(names)) < 2:
        raise UsageError("--ladder needs at least two different players: --ladder greedy,search")
    return names
