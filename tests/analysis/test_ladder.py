"""The ladder: over paired seeds (each seed twice, seats swapped), search beats greedy and greedy beats
random, each with a 95% interval on the win rate that excludes an even split. If greedy cannot beat
random, it is broken.

Few seeds keep CI quick; the effects are large (greedy wins every game against random). NUS_LADDER_SEEDS
plays more.
"""

from __future__ import annotations

import os

import pytest

from compiler import load_cards
from runtime.analysis.ladder import matchup
from runtime.analysis.runner import Source
from tests.kit.rulebook import ROOT

pytestmark = pytest.mark.slow

SEEDS = int(os.environ.get("NUS_LADDER_SEEDS", "0"))


@pytest.fixture(scope="module")
def source() -> Source:
    return Source((ROOT / "cards.nus").read_text("utf-8"), "cards.nus", load_cards)


@pytest.mark.parametrize(("stronger", "weaker", "seeds"), [("greedy", "random", 4), ("search", "greedy", 12)])
def test_each_rung_beats_the_one_below(source, stronger, weaker, seeds):
    result = matchup(source, stronger, weaker, range(500, 500 + (SEEDS or seeds)), workers=2)
    assert result.win_rate.n == 2 * (SEEDS or seeds)
    assert result.win_rate.low > 0.5, result
    assert result.lead.mean > 0, result
