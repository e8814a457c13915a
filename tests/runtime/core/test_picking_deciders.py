"""Deciders that pick (runtime/core/decisions.py): a decider that chooses by the number of options alone is asked
`pick(player, count)` and no Decision is made for it. A game must play exactly as when the same decider is shown
every Decision, and whoever does look at Decisions (a tracer, a player that reads them) still gets every one."""

from __future__ import annotations

import random
from typing import Any

from runtime.core import decisions
from runtime.core.decisions import Decision, DecisionKind, Option, RandomPlayer, ask, uniform_index
from runtime.game.forward import Game, Record
from runtime.players import greedy, seat_deciders
from tests.kit.table_kit import every_card, make_table


class Shown:
    """The same seeded random choices, made by looking at each Decision (no `pick`): the engine's full path."""

    def __init__(self, seed: int):
        self.random = RandomPlayer(seed)
        self.shown: list[Decision] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.shown.append(decision)
        return self.random.choose(decision, table)


class CountingPicks:
    """A picking decider that records what it was asked: (player, count) for each pick, and each Decision it was
    shown (only a watched game shows it any)."""

    def __init__(self, seed: int):
        self.random = RandomPlayer(seed)
        self.asked: list[tuple[int, int]] = []
        self.shown: list[Decision] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.shown.append(decision)
        return self.random.choose(decision, table)

    def pick(self, player: int, count: int) -> int:
        self.asked.append((player, count))
        return self.random.pick(player, count)


class Tracer:
    """Is shown each decision and its answer, as `nus trace` is."""

    def __init__(self) -> None:
        self.seen: list[tuple[list[str], str]] = []

    def answered(self, decision: Decision, option: Option) -> None:
        self.seen.append((decision.labels, option.label))


def played(seed: int, decider: Any) -> Record:
    return Game.new(every_card(), 3, seed, [decider] * 3).play_out()


def test_a_picking_decider_plays_the_same_games_as_the_same_choices_made_by_looking(monkeypatch: Any) -> None:
    """The same games, from the same draws among the same numbers. Where some candidates of a choice are not offered
    (Buildings that cannot be paid for, say), a picking decider draws among all of them, dropping one drawn that is
    not offered and drawing again; a decider shown the Decision is told where its options sit among them (`among`)."""
    drawn: list[int] = []

    def counted(rng: random.Random, count: int) -> int:
        drawn.append(count)
        return uniform_index(rng, count)

    monkeypatch.setattr(decisions, "uniform_index", counted)
    for seed in (2, 9):
        shown, picking = Shown(seed), CountingPicks(seed)
        drawn.clear()
        picked_game = played(seed, picking)
        picks = list(drawn)
        drawn.clear()
        looked_game = played(seed, shown)
        assert (picked_game.log, picked_game.parts) == (looked_game.log, looked_game.parts)
        assert picks == drawn and len(drawn) > 100 and picking.shown == []
        assert [count for _, count in picking.asked] == drawn  # every draw is one the picking decider was asked
        assert all(count > 1 for count in drawn)  # a lone option is taken without a draw
        assert any(decision.among is not None for decision in shown.shown)  # some choices had candidates not offered


def test_ask_gives_a_picking_deciders_pick_by_place_among_values_and_options() -> None:
    table = make_table(2)
    table.session.decider = CountingPicks(5)
    expected = RandomPlayer(5).pick(1, 3)
    options = ["a", Option("b-value", "b"), "c"]
    assert ask(table, 1, DecisionKind.CHOOSE_ONE, options, "which?") == ["a", "b-value", "c"][expected]
    assert ask(table, 1, DecisionKind.MAY, ["only"], "lone?") == "only"
    assert table.session.decider.asked == [(1, 3)] and table.session.decider.shown == []


def test_a_tracer_is_shown_every_decision_even_with_a_picking_decider() -> None:
    table = make_table(2)
    decider = table.session.decider = CountingPicks(5)
    tracer = table.session.tracer = Tracer()
    chosen = ask(table, 0, DecisionKind.MAY, [True, False], "yes or no?")
    assert ask(table, 0, DecisionKind.MAY, ["only"], "lone?") == "only"
    assert tracer.seen == [(["yes", "no"], "yes" if chosen else "no"), (["only"], "only")]
    assert decider.asked == [] and [decision.prompt for decision in decider.shown] == ["yes or no?"]


def test_a_game_picks_inside_the_engine_only_when_every_seat_picks() -> None:
    """The Game's seat routing has a pick (so its questions make no Decision) when every seat's player picks; a seat
    of random players draws from that seat's own stream, as its player's own pick does."""

    def router(agents: tuple[str, ...]) -> Any:
        return Game.new(every_card(), len(agents), 1, seat_deciders(agents, 1)).table.session.decider

    assert hasattr(router(("random", "random")), "pick")
    assert not hasattr(router(("greedy", "random")), "pick")
    seats, alone = Game.new(every_card(), 2, 1, [RandomPlayer(4), RandomPlayer(8)]), RandomPlayer(8)
    assert [seats.table.session.decider.pick(1, 6) for _ in range(5)] == [alone.pick(1, 6) for _ in range(5)]

    class OwnPick(RandomPlayer):
        """A picking player of its own type: its seat is asked through its pick (not drawn for it by the Game)."""

    mixed, alone = Game.new(every_card(), 2, 1, [RandomPlayer(4), OwnPick(8)]), RandomPlayer(8)
    assert [mixed.table.session.decider.pick(1, 6) for _ in range(5)] == [alone.pick(1, 6) for _ in range(5)]
    assert not hasattr(Game.new(every_card(), 2, 1, [RandomPlayer(4), greedy(8, 1)]).table.session.decider, "pick")
