"""Blind deciders (runtime/core/decisions.py): a decider that chooses by the number of options alone is asked
`blind(player, count)` and no Decision is made for it. A game must play exactly as when the same decider is shown
every Decision, and whoever does look at Decisions (a tracer, a player that reads them) still gets every one."""

from __future__ import annotations

import random
from typing import Any

from runtime.core import decisions
from runtime.core.decisions import Decision, DecisionKind, Option, RandomDecider, ask, uniform_index
from runtime.core.rules_in_force import rule
from runtime.game.phases import final_scores, play_round
from runtime.game.setup import new_table
from runtime.players import RandomPlayer, SeatDeciders, greedy, seat_deciders
from tests.kit.table_kit import every_card, make_table


class Shown:
    """The same seeded random choices, made by looking at each Decision (no `blind`): the engine's full path."""

    def __init__(self, seed: int):
        self.random = RandomDecider(seed)
        self.shown: list[Decision] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.shown.append(decision)
        return self.random.choose(decision, table)


class CountingBlind:
    """A blind decider that records what it was asked: (player, count) for each blind choice, and each Decision
    it was shown (only a watched game shows it any)."""

    def __init__(self, seed: int):
        self.random = RandomDecider(seed)
        self.asked: list[tuple[int, int]] = []
        self.shown: list[Decision] = []

    def choose(self, decision: Decision, table: Any) -> int:
        self.shown.append(decision)
        return self.random.choose(decision, table)

    def blind(self, player: int, count: int) -> int:
        self.asked.append((player, count))
        return self.random.blind(player, count)


class Tracer:
    """Is shown each decision and its answer, as `nus trace` is."""

    def __init__(self) -> None:
        self.seen: list[tuple[list[str], str]] = []

    def answered(self, decision: Decision, option: Option) -> None:
        self.seen.append((decision.labels, option.label))


def played(seed: int, decider: Any) -> tuple[list[str], dict]:
    table = new_table(3, every_card(), seed=seed, decider=decider, keep_log=True)
    while table.round < rule(table, None, "rounds"):
        play_round(table)
    return table.log, final_scores(table)


def test_a_blind_decider_plays_the_same_games_as_the_same_choices_made_by_looking(monkeypatch: Any) -> None:
    """The same games, from the same draws among the same numbers. Where some candidates of a choice are not offered
    (Buildings that cannot be paid for, say), a blind decider draws among all of them, dropping one drawn that is not
    offered and drawing again; a decider shown the Decision is told where its options sit among them (`among`)."""
    drawn: list[int] = []

    def counted(rng: random.Random, count: int) -> int:
        drawn.append(count)
        return uniform_index(rng, count)

    monkeypatch.setattr(decisions, "uniform_index", counted)
    for seed in (2, 9):
        shown, blind = Shown(seed), CountingBlind(seed)
        drawn.clear()
        blind_game = played(seed, blind)
        blind_draws = list(drawn)
        drawn.clear()
        assert blind_game == played(seed, shown)
        assert blind_draws == drawn and len(drawn) > 100 and blind.shown == []
        assert [count for _, count in blind.asked] == drawn  # every draw is one the blind decider was asked
        assert all(count > 1 for count in drawn)  # a lone option is taken without a draw
        assert any(decision.among is not None for decision in shown.shown)  # some choices had candidates not offered


def test_ask_gives_a_blind_deciders_pick_by_place_among_values_and_options() -> None:
    table = make_table(2)
    table.decider = CountingBlind(5)
    expected = RandomDecider(5).blind(1, 3)
    options = ["a", Option("b-value", "b"), "c"]
    assert ask(table, 1, DecisionKind.CHOOSE_ONE, options, "which?") == ["a", "b-value", "c"][expected]
    assert ask(table, 1, DecisionKind.MAY, ["only"], "lone?") == "only"
    assert table.decider.asked == [(1, 3)] and table.decider.shown == []


def test_a_tracer_is_shown_every_decision_even_with_a_blind_decider() -> None:
    table = make_table(2)
    decider = table.decider = CountingBlind(5)
    tracer = table.session.tracer = Tracer()
    chosen = ask(table, 0, DecisionKind.MAY, [True, False], "yes or no?")
    assert ask(table, 0, DecisionKind.MAY, ["only"], "lone?") == "only"
    assert tracer.seen == [(["yes", "no"], "yes" if chosen else "no"), (["only"], "only")]
    assert decider.asked == [] and [decision.prompt for decision in decider.shown] == ["yes or no?"]


def test_seats_are_a_blind_decider_only_when_every_seat_is_a_random_player() -> None:
    assert hasattr(seat_deciders(("random", "random"), 1), "blind")
    assert not hasattr(seat_deciders(("greedy", "random"), 1), "blind")
    seats, alone = SeatDeciders([RandomPlayer(4, 0), RandomPlayer(8, 1)]), RandomPlayer(8, 1)
    assert [seats.blind(1, 6) for _ in range(5)] == [alone.blind(6) for _ in range(5)]

    class OwnBlind(RandomPlayer):
        """A blind player of its own type: its seat is asked through its blind (not drawn for it by the seats)."""

    mixed, alone = SeatDeciders([RandomPlayer(4, 0), OwnBlind(8, 1)]), RandomPlayer(8, 1)
    assert [mixed.blind(1, 6) for _ in range(5)] == [alone.blind(6) for _ in range(5)]
    assert not hasattr(SeatDeciders([RandomPlayer(4, 0), greedy(8, 1)]), "blind")
