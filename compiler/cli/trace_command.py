"""`nus trace`: every moment one card listened to in one seeded game, and why it fired or kept silent."""

from __future__ import annotations

import argparse
import shlex
import sys

from compiler.cli.card_choice import ambiguous, named, unknown
from compiler.cli.common import (
    ERRORS,
    OK,
    UsageError,
    check_round,
    compile_file,
    left_out,
    player_count,
    positive,
    report,
    seat,
)
from compiler.cli.project_files import card_file_command, replaced_cards_option
from compiler.diagnostics import printable
from runtime.model.declarations import CardKind
from runtime.wording import counted


def register(commands) -> None:
    help = "why a card fired, or kept silent, in one seeded game"
    command = card_file_command(commands, "trace", run, help, plays=True)
    command.add_argument("--card", required=True, metavar="NAME", help="the card's name (or its code, e.g. A609)")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="the game's seed, as nus simulate gives it")
    command.add_argument("--players", type=player_count, default=3, metavar="N", help="players")
    command.add_argument("--agent", default="random", help="who plays every seat (as in nus balance)")
    command.add_argument("--give", type=seat, metavar="P", help="put the Building into play for player P (P1 or 1)")
    command.add_argument(
        "--balance",
        nargs="?",
        const="free",
        choices=("free", "paid", "never"),
        help="play a game nus balance plays for this seed and card, at --round, for the seat balance picks: the card "
        "given free (no value), put in the seat's hand (paid) or set aside (never)",
    )
    command.add_argument("--round", type=positive, default=1, metavar="R", help="round --give puts it in play at")
    command.add_argument(
        "--replay", metavar="GAME", help="trace the card in a game saved by nus play (its seed and seats)"
    )
    replaced_cards_option(command)


def run(args: argparse.Namespace) -> int:
    from compiler import load_cards
    from runtime.analysis.games import Grant, Setup
    from runtime.analysis.grants import Given
    from runtime.analysis.trace import render, trace_game
    from runtime.players import PLAYERS

    if args.replay:
        return traced_replay(args)
    if args.agent not in PLAYERS:
        raise UsageError(f"unknown player {args.agent!r}; choose one of {', '.join(PLAYERS)}")
    if args.balance:
        if args.give is not None:
            raise UsageError("--balance chooses the player itself (seed mod players, plus 1); leave out --give")
        args.give = balance_seat(args) + 1
    if args.give is not None and args.give > args.players:
        raise UsageError(f"--give {args.give}: there are only {counted(args.players, 'player')}")
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    specs = load_cards(text, args.file, trace=True)
    card = find_card(specs, args.card, args.file)
    why = left_out(card, args.players)
    if why:
        raise UsageError(f"{why}; trace it in a game it is part of: --players {min(card.players)}")
    if args.give is not None and card.kind is not CardKind.BUILDING and not args.balance:  # balance measures Elders too
        raise UsageError(
            f"--give puts a Building into play; {card.name!r} is an Elder, which comes into play when taken"
        )
    if args.give is not None:
        check_round(args.round, specs, args.players)
    given = Given(args.balance or "free")
    grant = Grant(card.name, args.give - 1, args.round, given, card.kind) if args.give is not None else None
    setup = Setup(args.seed, (args.agent,) * args.players, grant)
    trace = trace_game(specs, card, setup)
    for line in render(trace, args.file, lambda extra: again(args, extra)):
        print(printable(line))
    if trace.error is not None:  # the moments before it are shown; the error is reported as any card error
        raise trace.error
    return OK


def balance_seat(args: argparse.Namespace) -> int:
    """The seat `nus balance` gives a card to on this seed (from 0)."""
    from runtime.analysis.balance import Design

    return Design(args.players, args.agent, args.seed, args.round, ()).seat(args.seed)


def find_card(specs, wanted: str, path: str):
    """The card with that name or code, as every command picks one (compiler.cli.card_choice); a name two cards share
    (a Building and an Elder) needs the code."""
    matches = named(specs, wanted)
    if not matches:
        raise UsageError(unknown(specs, wanted, path))
    if len(matches) > 1:
        raise UsageError(ambiguous(matches, wanted, "give its code to --card"))
    return matches[0]


def again(args: argparse.Namespace, extra: str) -> str:
    """This command line with `extra` added: what the trace suggests running next."""
    words = ["nus", "trace", args.file, "--seed", str(args.seed), "--players", str(args.players), "--card", args.card]
    if args.agent != "random":
        words += ["--agent", args.agent]
    return " ".join(shlex.quote(word) for word in words) + f" {extra}"


def traced_replay(args: argparse.Namespace) -> int:
    """--replay GAME: the card traced in a game played with `nus play`, its answers replayed on the card file."""
    from compiler import load_cards
    from compiler.cli.common import read_source
    from runtime.analysis.trace import render
    from runtime.playtest.saved import SavedGameError, read_saved
    from runtime.playtest.session import PlaySession, ReplayError

    if args.give is not None or args.balance:
        raise UsageError("--replay traces the game as it was played: leave out --give and --balance")
    try:
        setup, answers, _ = read_saved(read_source(args.replay))
    except SavedGameError as error:
        raise UsageError(f"{args.replay}: {error}") from None
    text, compiled = compile_file(args.file)
    if not report(args.file, text, compiled):
        return ERRORS
    specs = load_cards(text, args.file, trace=True)
    card = find_card(specs, args.card, args.file)
    session = PlaySession(specs, setup)
    try:
        session.replay(answers)
    except ReplayError as error:
        print(printable(f"{args.replay}: {error}"), file=sys.stderr)
        return ERRORS
    for line in render(session.traced(card), args.file):
        print(printable(line))
    return OK
