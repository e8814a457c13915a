"""`nus simulate`: seeded random games with the cards."""

from __future__ import annotations

import argparse

from compiler.cli.common import ERRORS, OK, compile_file, positive, report
from compiler.load import load_cards
from runtime.analysis.simulate import per_game, simulate, summary


def register(commands) -> None:
    command = commands.add_parser("simulate", help="play seeded random games with the cards")
    command.add_argument("--players", type=positive, default=3, choices=range(1, 6), metavar="N", help="players a game")
    command.add_argument("--games", type=positive, default=10, metavar="G", help="games to play")
    command.add_argument("--seed", type=int, default=0, metavar="S", help="first seed; game i uses seed S + i")
    command.add_argument("--cards", default="cards.nus", metavar="FILE", help="card file")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    text, compiled = compile_file(args.cards)
    if not report(args.cards, text, compiled):
        return ERRORS
    specs = load_cards(text, args.cards)
    results = simulate(specs, players=args.players, games=args.games, seed=args.seed)
    print(per_game(results))
    print(summary(results))
    return OK
