"""Games per second of the look-ahead players (`pytest tests/benchmarks/test_players.py --benchmark-enable`;
pytest-benchmark's OPS column is games per second). No timed assertions: with benchmarks disabled, as in
the default test run, each game is played once and its result checked."""

from __future__ import annotations

import pytest

from compiler import load_cards
from runtime.analysis.games import Setup, play
from tests.benchmarks.bench import CARDS


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["random", "greedy", "search"])
def test_one_two_player_game(benchmark, agent) -> None:
    specs = load_cards(CARDS, "cards.nus")
    record = benchmark.pedantic(play, (specs, Setup(7, (agent, agent))), rounds=3, iterations=1)
    assert len(record.scores) == 2 and record.winners and record.turns >= 2 * 7 * 3
