"""A printed VP range holds every value its formula takes, and its ends are reached where the formula allows
(issue 34 §2): random well-typed formulas against every table of count values within the counts' bounds, and
every VP formula of cards.nus and random ones against the values they take in seeded games."""

from __future__ import annotations

import itertools
import os
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from compiler import compile_text, load_cards
from compiler.checking import ranges
from compiler.checking import vocabulary as vocab
from compiler.syntax import nodes as n
from runtime.core.decisions import RandomPlayer
from runtime.core.events import card_context
from runtime.game.forward import Game
from runtime.model.cards import Context
from tests.kit.rulebook import ROOT

# Counts of the player's own things a formula may read, with their declared bounds: some closed, some open.
COUNTS = ("elders", "forests", "forested double spaces", "ships", "ships with catboat", "fish in supply", "round")
OPERATORS = ("+", "-", "*", "/ 2 rounded down", "/ 3 rounded up", "capped at")
LARGE = 10_000  # stands for "as many as you like" when a count has no upper end (past every closed end)
SAMPLED = 60  # the most a random table gives a count with no upper end


def formulas(depth: int = 3) -> st.SearchStrategy[str]:
    leaf = st.one_of(st.integers(0, 9).map(str), st.sampled_from(COUNTS))
    return st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(OPERATORS), inner).map(binary),
            st.tuples(inner, st.integers(0, 3), st.integers(0, 9), st.integers(0, 9)).map(table),
        ),
        max_leaves=depth + 2,
    )


def binary(parts: tuple[str, str, str]) -> str:
    left, op, right = parts
    if op.startswith("/"):
        return f"({left}) {op}"
    return f"({left}) {op} ({right})"


def table(parts: tuple[str, int, int, int]) -> str:
    key, split, low, high = parts
    return f"by ({key}) [0-{split}: {low}, {split + 1}+: {high}]"


def checked_vp(formula: str, drawn: bool = True) -> n.Card:
    """The checked card; a drawn formula of numbers alone that works out past the language's limit (E0204) is no
    formula to test."""
    text = f'building "Probe" (trout A901)\n  cost none\n  vp {formula}\n'
    compiled = compile_text(text, "probe.nus")
    if drawn:
        assume(not any(d.code == "E0204" for d in compiled.diagnostics))
    assert compiled.diagnostics == (), (formula, compiled.diagnostics)
    return compiled.program.cards[0]


def bounds_of(ref: n.Ref) -> tuple[int, int | None]:
    return next(e.bounds for e in vocab.TABLES["count"] if e.impl == ref.name)


def evaluate(expr: n.Expr, given: dict) -> int:
    """The formula's value as the generated code works it out (each operator's own `evaluate`: floor and ceiling
    division, a divisor of 0 gives 0, `capped at` the smaller; a key no row matches gives 0)."""
    if isinstance(expr, n.Number):
        return expr.value
    if isinstance(expr, n.Negate):
        return -evaluate(expr.operand, given)
    if isinstance(expr, n.Ref):
        return given[(expr.name, expr.args)]
    if isinstance(expr, n.Table):
        key = evaluate(expr.key, given)
        for row in expr.rows:
            if row.low is not None and row.low <= key and (row.high is None or key <= row.high):
                return evaluate(row.value, given)
        return next((evaluate(r.value, given) for r in expr.rows if r.low is None), 0)
    left, right = evaluate(expr.left, given), evaluate(expr.right, given)
    return expr.op.evaluate(left, right)


def refs(expr: n.Expr) -> list[tuple]:
    found = [(node.name, node.args) for node in n.walk(expr) if isinstance(node, n.Ref)]
    return list(dict.fromkeys(found))


def inside(value: int, found: ranges.Values) -> bool:
    members = found.members()
    if members is not None:
        return value in members
    low, high = found.ends()
    return low <= value <= high


def corners(expr: n.Expr, large: int = LARGE) -> list[dict]:
    """Every table of count values at the counts' ends (no upper end: `large`)."""
    names = refs(expr)
    ends = []
    for ref in names:
        low, high = next(bounds_of(node) for node in n.walk(expr) if isinstance(node, n.Ref) and node.name == ref[0])
        ends.append((low, large if high is None else high))
    return [dict(zip(names, chosen, strict=True)) for chosen in itertools.product(*ends)]


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("NUS_RANGE_EXAMPLES", "300")), deadline=None)
@given(formulas(), st.randoms(use_true_random=False))
def test_the_printed_range_holds_every_value_the_formula_takes(formula: str, pick: random.Random) -> None:
    card = checked_vp(formula)
    expr, found = card.vp[0], ranges.values(card.vp[0], card)
    for _ in range(40):
        given_values = {}
        for name in refs(expr):
            node = next(x for x in n.walk(expr) if isinstance(x, n.Ref) and (x.name, x.args) == name)
            low, high = bounds_of(node)
            given_values[name] = pick.randint(low, SAMPLED if high is None else high)
        value = evaluate(expr, given_values)
        assert inside(value, found), (formula, given_values, value, ranges.label(found))
    for given_values in corners(expr):
        assert inside(evaluate(expr, given_values), found), (formula, given_values, ranges.label(found))


MONOTONE = ("+", "-", "*", "/ 2 rounded down", "/ 3 rounded up", "capped at")


def once_each(depth: int = 3) -> st.SearchStrategy[str]:
    """Formulas in which each count appears at most once and nothing but numbers divides: their extremes lie at
    the ends of the counts' ranges, where interval arithmetic reaches them exactly."""

    def build(shape: list) -> str:
        return shape if isinstance(shape, str) else binary((build(shape[0]), shape[1], build(shape[2])))

    leaves = st.lists(st.sampled_from(COUNTS), min_size=1, max_size=3, unique=True)
    return leaves.flatmap(
        lambda names: st.lists(st.integers(0, 9).map(str), min_size=0, max_size=2).flatmap(
            lambda numbers: st.permutations([*names, *numbers]).flatmap(
                lambda items: st.lists(st.sampled_from(MONOTONE), min_size=len(items) - 1, max_size=len(items) - 1).map(
                    lambda ops: fold(items, ops)
                )
            )
        )
    )


def fold(items: list[str], ops: list[str]) -> str:
    text = items[0]
    for op, item in zip(ops, items[1:], strict=True):
        text = f"({text}) {op}" if op.startswith("/") else binary((text, op, item))
    return text


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("NUS_RANGE_EXAMPLES", "300")), deadline=None)
@given(once_each())
def test_the_printed_ends_are_reached_where_the_formula_allows(formula: str) -> None:
    card = checked_vp(formula)
    expr, found = card.vp[0], ranges.values(card.vp[0], card)
    reached = [evaluate(expr, given_values) for given_values in corners(expr)]
    low, high = found.ends()
    if found.low is not None:
        assert min(reached) == low, (formula, ranges.label(found))
    if found.high is not None:
        assert max(reached) == high, (formula, ranges.label(found))
    else:  # no most: it keeps growing with a count that has none
        further = [evaluate(expr, given_values) for given_values in corners(expr, 2 * LARGE)]
        assert max(further) > max(reached), (formula, ranges.label(found))


def test_subtraction_from_a_number_gives_an_upper_end_and_no_lower_one() -> None:
    found = ranges.values(checked_vp("5 - elders", drawn=False).vp[0])
    assert (found.low, found.high, ranges.label(found)) == (None, 5, "at most 5")


# Seeded games: the values the real formulas take on real tables -----------------------------------------------


@cache
def card_file() -> tuple:
    text = (ROOT / "cards.nus").read_text(encoding="utf-8")
    compiled = compile_text(text, "cards.nus")
    checked = {card.code: card for card in compiled.program.cards}
    return load_cards(text, "cards.nus"), checked


GAMES = int(os.environ.get("NUS_RANGE_GAMES", "24"))


def test_every_card_vp_in_seeded_games_lies_in_its_printed_range() -> None:
    specs, checked = card_file()
    seen = 0
    for seed in range(GAMES):
        game = Game.new(specs, players=2 + seed % 4, seed=seed)
        game.play_out(RandomPlayer(seed))
        for player in game.table.players:
            for card in player.buildings:
                if card.spec.vp is None:
                    continue
                found = ranges.values(checked[card.spec.code].vp[0], checked[card.spec.code])
                value = card.spec.vp(card_context(game.table, card))
                assert inside(value, found), (card.spec.name, seed, value, ranges.label(found))
                seen += 1
    assert seen > GAMES * 3  # the games built cards with formulas worth checking


@settings(
    max_examples=int(os.environ.get("NUS_RANGE_GAME_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@pytest.mark.slow
@given(formulas(), st.integers(0, 10_000))
def test_random_formulas_on_seeded_tables_lie_in_their_printed_range(formula: str, seed: int) -> None:
    text = f'building "Probe" (trout A901)\n  cost none\n  vp {formula}\n'
    [spec] = load_cards(text, "probe.nus")
    card = checked_vp(formula)
    found = ranges.values(card.vp[0], card)
    specs, _ = card_file()
    game = Game.new(specs, players=2 + seed % 4, seed=seed)
    game.play_out(RandomPlayer(seed))
    for player in game.table.players:
        value = spec.vp(Context(game.table, player))
        assert inside(value, found), (formula, seed, value, ranges.label(found))
