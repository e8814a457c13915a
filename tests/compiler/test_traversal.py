"""The AST's generic traversal: children, walk, and node_at for the language server."""

from __future__ import annotations

from pathlib import Path

from compiler import compile_text
from compiler.diagnostics import Span
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op

ROOT = Path(__file__).resolve().parents[2]
REAL = (ROOT / "cards.nus").read_text(encoding="utf-8")
SPAN = Span("t", 1, 1, 1, 2)


def program() -> n.Program:
    compiled = compile_text(REAL, "cards.nus")
    assert compiled.diagnostics == ()
    return compiled.program


def market() -> n.Card:
    return next(card for card in program().cards if card.name == "Market")


def test_children_are_the_node_fields_in_order() -> None:
    left, right = n.Number(SPAN, 1), n.Number(SPAN, 2)
    assert list(n.children(n.Binary(SPAN, Op.ADD, left, right))) == [left, right]
    assert list(n.children(left)) == []


def test_walk_reaches_the_statements_inside_a_choice_inside_a_may() -> None:
    [ability] = market().abilities
    kinds = [type(node).__name__ for node in n.walk(ability)]
    assert kinds[:4] == ["Ability", "Trigger", "Guard", "Compare"]
    assert kinds.count("Call") == 2 and "ChooseOne" in kinds and "May" in kinds
    assert [call.entry.impl for call in n.calls_in(ability.body)] == ["exchange", "exchange"]


def test_walk_visits_each_node_once() -> None:
    every = list(n.walk(program()))
    assert len(every) > 1500
    assert len({id(node) for node in every}) == len(every)


def test_walk_needs_no_recursion_for_a_deep_tree() -> None:
    node: n.Expr = n.Number(SPAN, 1)
    for _ in range(5000):
        node = n.Negate(SPAN, node)
    assert sum(1 for _ in n.walk(node)) == 5001


def line_of(text: str) -> int:
    return REAL.split("\n").index(text) + 1


def test_node_at_finds_the_innermost_node() -> None:
    """Market: its option line '        - exchange up to (empty building spaces) fish for wood'."""
    root = program()
    option = line_of("        - exchange up to (empty building spaces) fish for wood")
    count = n.node_at(root, option, 33)
    assert isinstance(count, n.Ref) and count.name == "empty_building_spaces"
    call = n.node_at(root, option, 49)  # on 'fish', a word slot of the call, not a node of its own
    assert isinstance(call, n.Call) and call.entry.impl == "exchange" and call.span.line == option
    card = n.node_at(root, line_of('building "Market" (trout A609)'), 12)  # on the name in the header
    assert isinstance(card, n.Card) and card.name == "Market"


def test_node_at_between_cards_is_the_program_and_outside_it_none() -> None:
    root = program()
    assert n.node_at(root, line_of('building "Reserve Assets" (trout A610)') - 1, 1) is root  # after Market
    assert n.node_at(root, root.span.end_line + 5, 1) is None
