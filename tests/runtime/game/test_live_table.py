"""Every question is asked on the live table (issues 31 and 35): what a caller sees at a question (the table, the
options' words, the score) is the position at that question, and a game with a seat answered from outside is
exactly the game `play_out` (so `nus simulate` and `nus balance`) plays with that seat's player in it."""

from __future__ import annotations

from typing import Any

import pytest

from runtime.core.decisions import Decider, Decision, DecisionKind, ask
from runtime.examples.answers import describe
from runtime.game.driver import seated
from runtime.game.forward import Game, Record
from runtime.model.cards import Ability, Context
from runtime.model.declarations import PLACE_WORKER
from runtime.players import seat_deciders
from tests.kit.table_kit import every_card, mechanic, put_in_play, question

# The Guest symbol's question, in the reference's English
TAKE_A_GUEST = "you may take 1 Guest from the general supply and place the Guest in your personal supply"

MIXES = (
    ("random", "greedy", "search"),
    ("random", "greedy", "greedy", "search"),
    ("random", "search"),
    ("greedy", "search", "greedy"),
)
FAST_SEEDS = (0, 1)


class Watching:
    """A seat's player, noting each question it is asked and the log as it stood then."""

    def __init__(self, decider: Decider):
        self.decider = decider
        self.seen: list[tuple[tuple | None, list[str]]] = []

    def choose(self, decision: Decision, game: Any) -> int:
        self.seen.append((question(decision), list(game.table.log)))
        return self.decider.choose(decision, game)


def straight(agents: tuple[str, ...], seed: int, seat: int) -> tuple[Record, Watching]:
    """The game played out with every seat's player in it, the one in `seat` watched."""
    seats: list[Any] = seat_deciders(agents, seed)
    watched = seats[seat] = Watching(seats[seat])
    return Game.new(every_card(), len(agents), seed, seats).play_out(), watched


def from_outside(agents: tuple[str, ...], seed: int, seat: int) -> tuple[Record, list[tuple[tuple | None, list]]]:
    """The same game with `seat` answered from outside by the same player, and what the caller saw at each of its
    questions: the question and the log."""
    seats: list[Any] = seat_deciders(agents, seed)
    player, seats[seat] = seats[seat], None
    game, seen = Game.new(every_card(), len(agents), seed, seats), []
    while (decision := game.to_move()) is not None:
        seen.append((question(decision), list(game.table.log)))
        game.apply(player.choose(decision, game))
    return game.record(), seen


def check_same_game(agents: tuple[str, ...], seed: int, seat: int = 1) -> None:
    record, watched = straight(agents, seed, seat)
    outside, seen = from_outside(agents, seed, seat)
    assert outside.log == record.log and outside.parts == record.parts
    assert seen == watched.seen  # each question, and the table (its log) it was asked on


@pytest.mark.slow
@pytest.mark.parametrize("agents", MIXES, ids="+".join)
@pytest.mark.parametrize("seed", FAST_SEEDS)
def test_a_seat_answered_from_outside_plays_the_game_play_out_plays(agents: tuple[str, ...], seed: int) -> None:
    """Seat 1 answered from outside by its own player: the same log and scores as play_out, and each of its
    questions asked on the table (its log) play_out's player was asked it on."""
    check_same_game(agents, seed)


@pytest.mark.slow
@pytest.mark.parametrize("agents", MIXES, ids="+".join)
@pytest.mark.parametrize("seed", [seed for seed in range(20) if seed not in FAST_SEEDS])
def test_a_seat_answered_from_outside_plays_the_game_play_out_plays_over_twenty_seeds(agents, seed) -> None:
    """Seeds 0-19 (0 and 1 above): seat 1, and on even seeds another seat as well (any seat may sit outside)."""
    check_same_game(agents, seed)
    if seed % 2 == 0 and seed % len(agents) != 1:
        check_same_game(agents, seed, seat=seed % len(agents))


def note_placing(ctx: Context) -> None:
    ask(ctx.table, ctx.me.index, DecisionKind.MAY, [False, True], "another player placed a Worker: note it?")


WATCHER = mechanic(
    "Watcher", (Ability("each_time", note_placing, event=PLACE_WORKER.name, timing="after", actor="another player"),)
)


def with_watcher(game: Game) -> Game:
    put_in_play(game.table, game.table.players[1], WATCHER)
    return game


def test_an_outside_question_after_a_bots_answer_in_the_same_segment_sees_the_bots_move() -> None:
    """Forced: seat 1 holds a card that asks it each time another player has placed a Worker, so inside the greedy
    player's worker turn, after it answered which action, the seat answered from outside is asked. The caller sees
    the table that answer made (the action taken, in the log), the very table play_out's player was asked on."""
    agents, seed = ("greedy", "random", "random"), 3
    seats: list[Any] = seat_deciders(agents, seed)
    watched = seats[1] = Watching(seats[1])
    record = with_watcher(Game.new(every_card(), 3, seed, seats)).play_out()
    seats = seat_deciders(agents, seed)
    player, seats[1] = seats[1], None
    game, asked, inside = with_watcher(Game.new(every_card(), 3, seed, seats)), 0, 0
    while (decision := game.to_move()) is not None:
        assert (question(decision), list(game.table.log)) == watched.seen[asked]
        if decision.prompt.startswith("another player") and game.table.players[0] is seated(game.table):
            segment = game.table.log[game.start.log_length :]  # type: ignore[union-attr]
            assert game.answers and any(
                line.startswith(f"R{game.table.round}T") and "P1 takes" in line for line in segment
            )
            inside += 1
        game.apply(player.choose(decision, game))
        asked += 1
    assert inside >= 7 and game.record().parts == record.parts and game.table.log == list(record.log)


def asked_from_outside(players: int, seed: int, wanted: int) -> tuple[Game, Decision]:
    """`nus simulate`'s game of this seed answered from outside, at its decision number `wanted` (from 0)."""
    players_of = seat_deciders(("random",) * players, seed)
    game = Game.new(every_card(), players, seed, [None] * players)
    for _ in range(wanted):
        decision = game.to_move()
        game.apply(players_of[decision.player].choose(decision, game))  # type: ignore[union-attr]
    return game, game.to_move()  # type: ignore[return-value]


def test_the_angling_school_question_is_asked_with_the_angling_school_built() -> None:
    """Seed 7, 3 random players: P2 is asked "Angling School: you may take 1 guest" on the table the engine has,
    the card built and paid for (3 wood left of 7), its second Worker placed."""
    game, decision = asked_from_outside(3, 7, 50)
    player = game.table.players[1]
    assert (decision.player, decision.prompt) == (1, f"Angling School: {TAKE_A_GUEST}")
    assert [card.name for card in player.buildings] == ["Angling School"] and player.supply["wood"] == 3
    placed = sum(workers.count(1) for workers in game.table.spaces.values())
    assert placed + sum(card.worker == 1 for card in player.buildings + player.council) == 2


def test_the_guest_on_a_ship_question_words_a_cutter_built_in_the_same_segment() -> None:
    """Seed 54, 3 random players, decision 93: the options name the cutter built earlier in the segment (wording them
    on the table at the segment's start raised IndexError); its sloop already carries a Guest."""
    game, decision = asked_from_outside(3, 54, 92)
    table = game.table
    words = [describe(table, decision.player, str(decision.kind), option) for option in decision.options]
    assert decision.prompt == "place a Guest on a Ship?" and words == ["no", "cutter"]
    assert [ship.type for ship in table.players[decision.player].track.ships] == ["sloop", "cutter"]
