"""pytest-benchmark measurements (run `pytest tests/benchmarks --benchmark-enable`); no timed assertions.

With benchmarks disabled, as in the default test run, each body runs once and its result is checked.
"""

from __future__ import annotations

import itertools

import pytest

from compiler import compile_text, load_cards
from runtime.core.rules_in_force import rule
from tests.benchmarks.bench import CARDS, compile_fresh, compile_from_scratch, edited, pool
from tests.benchmarks.children import child_environment
from tests.kit.table_kit import played

pytestmark = pytest.mark.slow


def test_compile_cards_nus_from_scratch(benchmark) -> None:
    benchmark(compile_from_scratch)
    assert len(load_cards(CARDS, "cards.nus")) == 96


def test_compile_cards_nus_unchanged(benchmark) -> None:
    load_cards(CARDS, "cards.nus")
    specs = benchmark(load_cards, CARDS, "cards.nus")
    assert len(specs) == 96


def test_compile_a_pool_of_1000_cards(benchmark) -> None:
    text = pool(1000)
    compiled = benchmark(compile_fresh, text)
    assert compiled.diagnostics == ()
    assert len(compiled.program.cards) == 1008  # and the 8 Elders


def test_insert_a_line_in_the_first_card_of_a_pool_of_1000(benchmark) -> None:
    """The other 1,007 cards move down a line: shifted from memory, not parsed and checked again (each round
    alternates the two texts, so every round moves them)."""
    text = pool(1000)
    inserted = text.replace("\n  vp ", "\n  # a note\n  vp ", 1)
    compile_fresh(text)
    texts = itertools.cycle([inserted, text])
    compiled = benchmark(lambda: compile_text(next(texts), "pool.nus"))
    assert compiled.diagnostics == ()
    assert len(compiled.program.cards) == 1008


def test_edit_one_card_in_a_pool_of_1000(benchmark) -> None:
    """The re-check after an edit: the other 1,007 cards come from memory (issue 10: 10,000 cards in <= 1 s)."""
    text = pool(1000)
    compile_fresh(text)
    changed = edited(text)
    compiled = benchmark(compile_text, changed, "pool.nus")
    assert compiled.diagnostics == ()
    nines = [card for card in compiled.program.cards if card.vp and getattr(card.vp[0], "value", None) == 9]
    assert len(nines) == 1 + text.count("\n  vp 9\n")


def test_one_three_player_game(benchmark) -> None:
    specs = load_cards(CARDS, "cards.nus")
    game = benchmark(played, specs, 3, 7)
    assert game.over and game.table.round == rule(game.table, None, "rounds")


def test_nus_check_process_on_an_unchanged_file(benchmark, tmp_path) -> None:
    """The whole `nus check cards.nus` process, its result cached by an earlier run (issue 10: <= 0.15 s CPU)."""
    import os
    import subprocess
    import sys

    environment = child_environment(NUS_CACHE_DIR=str(tmp_path))
    command = [sys.executable, "-m", "compiler", "check", "cards.nus"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.run(command, check=True, capture_output=True, cwd=root, env=environment)
    result = benchmark(subprocess.run, command, capture_output=True, text=True, cwd=root, env=environment)
    assert result.stdout == "cards.nus: 96 cards, no errors\n"
