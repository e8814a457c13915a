"""Runtime invariants over random legal play with all 88 cards, checked after every step of whole games.

The invariants (counts never negative, limits held, every good conserved against the general supply's
ledger) are tests/kit/invariants.py's, which the generated cards' games check too (tests/fuzz).

`NUS_INVARIANT_GAMES` sets how many seeded games are played (500 by default, about a minute of CPU),
`NUS_INVARIANT_EXAMPLES` how many games hypothesis draws (15 by default): a long run is one command,
e.g. `NUS_INVARIANT_GAMES=20000 NUS_INVARIANT_EXAMPLES=500 python -m pytest tests/runtime/game/test_invariants.py`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from runtime.core.attempts import attempt
from runtime.core.decisions import Decider, Decision, RandomPlayer
from runtime.core.in_play import abilities_of
from runtime.core.rules_in_force import rule as rule_value
from runtime.game.actions import place_worker
from runtime.game.driver import Stage, run_segment
from runtime.game.setup import new_table
from runtime.model.cards import CardSpec
from runtime.model.state import IllegalAction, Player, Table
from tests.kit.invariants import check_invariants, goods_on_table
from tests.kit.marks import slow_unless
from tests.kit.table_kit import picture, played, real_cards

GAMES = int(os.environ.get("NUS_INVARIANT_GAMES", "500"))
REPLAY_EVERY = 10  # every tenth seeded game is played again without probes, to compare the logs
PROBE_RATE = 0.05  # the share of steps followed by a probe (each probe may run several actions)


def specs() -> list[CardSpec]:
    return list(real_cards().values())


class DrawingDecider:
    """Answers with options[draw(len(options))], shown every Decision, and records each index, so the game can be
    replayed."""

    def __init__(self, draw: Callable[[int], int]):
        self.draw = draw
        self.picked: list[int] = []

    def choose(self, decision: Decision, game: object) -> int:
        index = self.draw(len(decision.options))
        self.picked.append(index)
        return index


def game_steps(table: Table) -> Iterator[Stage]:
    """The game one segment at a time, as the driver moves it: the stage of each segment run."""
    while table.stage != Stage.OVER:
        stage = table.stage
        run_segment(table)
        yield stage


def worker_options(table: Table, player: Player) -> list[object]:
    """Every worker placement there is, available now or not (full spaces, occupied Elders, used cards)."""
    options: list[object] = list(table.spaces)
    options += player.council
    options += [card for card in player.buildings if abilities_of(card, "worker_space")]
    return options


def probe(table: Table, pick: Callable[[int], int], decider: Decider) -> None:
    """Try worker placements until one fails: a failure leaves the table as it was, a success is undone.

    The probe answers with its own decider, so the game's own choices, and so its log, are untouched."""
    player = table.players[pick(len(table.players))]
    options = worker_options(table, player)
    before, log = picture(table), list(table.log)
    game_decider, table.session.decider = table.session.decider, decider
    try:
        while options:
            option = options.pop(pick(len(options)))
            with table.snapshot() as mark:
                try:
                    attempt(table, lambda: place_worker(table, player, option))  # noqa: B023 (called at once)
                except IllegalAction:
                    assert (picture(table), table.log) == (before, log)
                    return
                table.restore(mark)
            assert (picture(table), table.log) == (before, log)
    finally:
        table.session.decider = game_decider


def play_checked(players: int, seed: int) -> Table:
    """A seeded game, the invariants checked after every step and a failing worker placement probed after some."""
    table = new_table(players, specs(), seed=seed)
    start = goods_on_table(table)
    probes = random.Random(f"probe {seed}")
    probe_decider = RandomPlayer(seed + 1)
    for _ in game_steps(table):
        check_invariants(table, start)
        if probes.random() < PROBE_RATE:
            probe(table, probes.randrange, probe_decider)
            check_invariants(table, start)
    return table


@pytest.mark.parametrize("seed", slow_unless(range(GAMES), lambda seed: seed < 8))
def test_a_seeded_game_keeps_the_invariants(seed: int) -> None:
    """Plain seeds, so a CI failure names its game; 2-5 players in turn."""
    players = 2 + seed % 4
    table = play_checked(players, seed)
    assert [line for line in table.log if line.endswith("round starts")] == [
        f"R{n}T0 round starts" for n in range(1, rule_value(table, None, "rounds") + 1)
    ]
    if seed % REPLAY_EVERY == 0:
        assert played(specs(), players, seed).table.log == table.log


class DrawnGame(RuleBasedStateMachine):
    """Hypothesis draws the player count, the seed and every answer, so a failing game shrinks.

    Probes answer from their own draws, which are not recorded, so the recorded answers alone replay
    the game; the replay runs when the game has been scored. Once it has, the steps do nothing more."""

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 2**16), data=st.data())
    def start(self, players: int, seed: int, data: st.DataObject) -> None:
        self.players, self.seed, self.data = players, seed, data
        self.decider = DrawingDecider(self.draw)
        self.table = new_table(players, specs(), seed=seed, decider=self.decider)
        self.start_goods = goods_on_table(self.table)
        self.steps = game_steps(self.table)

    def draw(self, count: int) -> int:
        return self.data.draw(st.integers(0, count - 1))

    def advance(self, until: Callable[[Stage], bool]) -> None:
        for step in self.steps:
            if self.table.stage == Stage.OVER:
                event("game scored", self.players)
                self.replay()
            if until(step):
                return

    def replay(self) -> None:
        answers = iter(self.decider.picked)
        table = new_table(self.players, specs(), seed=self.seed, decider=DrawingDecider(lambda count: next(answers)))
        assert list(game_steps(table))[-1] == Stage.SCORING and table.stage == Stage.OVER
        assert table.log == self.table.log

    @rule()
    def one_step(self) -> None:
        self.advance(lambda step: True)

    @rule()
    def one_phase(self) -> None:
        self.advance(lambda step: step != Stage.WORK)

    @rule()
    def one_round(self) -> None:
        self.advance(lambda step: step in (Stage.ROUND_END, Stage.SCORING))

    @rule()
    def failed_placement_changes_nothing(self) -> None:
        probe(self.table, self.draw, DrawingDecider(self.draw))

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.table, self.start_goods)


DrawnGame.TestCase.settings = settings(
    max_examples=int(os.environ.get("NUS_INVARIANT_EXAMPLES", "15")),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_drawn_games_keep_the_invariants = pytest.mark.slow(DrawnGame.TestCase)
