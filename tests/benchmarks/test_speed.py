"""pytest-benchmark measurements (run `pytest tests/benchmarks --benchmark-enable`); no timed assertions.

With benchmarks disabled, as in the default test run, each body runs once and its result is checked.
"""

from __future__ import annotations

from compiler.load import compile_text, load_cards
from runtime.analysis.simulate import play_game
from tests.benchmarks.bench import CARDS, compile_from_scratch, pool


def test_compile_cards_nus_from_scratch(benchmark) -> None:
    benchmark(compile_from_scratch)
    assert len(load_cards(CARDS, "cards.nus")) == 96


def test_compile_cards_nus_unchanged(benchmark) -> None:
    load_cards(CARDS, "cards.nus")
    specs = benchmark(load_cards, CARDS, "cards.nus")
    assert len(specs) == 96


def test_compile_a_pool_of_1000_cards(benchmark) -> None:
    text = pool(1000)
    compiled = benchmark(compile_text, text, "pool.nus")
    assert compiled.diagnostics == ()
    assert len(compiled.program.cards) == 1000


def test_one_three_player_game(benchmark) -> None:
    specs = load_cards(CARDS, "cards.nus")
    table, scores = benchmark(play_game, specs, 3, 7)
    assert table.round == table.rules.rounds
    assert sorted(scores) == [0, 1, 2]
