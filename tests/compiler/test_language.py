"""Parse -> AST for each construct of the language, compared node for node (spans do not compare).

These pin what the designer's text means before any checking: which operator binds tighter, where
a guard attaches, what an 'or' in a cost separates.
"""

from __future__ import annotations

import pytest

from compiler import compile_text
from compiler.checking import vocabulary as vocab
from compiler.diagnostics import Span
from compiler.syntax import nodes as n
from compiler.syntax.ops import Op
from compiler.syntax.parse import parse

S = Span("t", 0, 0, 0, 0)  # any span: spans are excluded from node equality


def program(text: str) -> n.Program:
    built, diagnostics = parse(text, "t")
    assert diagnostics == [] and built is not None
    return built


def card(*lines: str) -> n.Card:
    [built] = program('building "X" (trout A001)\n' + "".join(line + "\n" for line in lines)).cards
    return built


def expr(text: str) -> n.Expr:
    """The expression of a 'vp' line."""
    return card(f"  vp {text}").vp[0]


def condition(text: str) -> n.Expr:
    return card(f"  requires {text}").requires[0]


def body(*lines: str) -> tuple[n.Statement, ...]:
    """The statements of a 'when built:' block."""
    return card("  when built:", *("    " + line for line in lines)).abilities[0].body


def trigger(text: str) -> n.Trigger:
    return card(f"  {text}: take 1 wood").abilities[0].trigger


def N(value: int) -> n.Number:
    return n.Number(S, value)


def Q(*words: str) -> n.Quantity:
    return n.Quantity(S, words)


def P(*parts: str | int | n.Node) -> n.Phrase:
    """A phrase: strings are words, ints numbers, nodes as given."""
    return n.Phrase(S, tuple(n.Word(S, p) if isinstance(p, str) else N(p) if isinstance(p, int) else p for p in parts))


def E(*parts: str | int | n.Node) -> n.Effect:
    return n.Effect(S, P(*parts))


def B(op: Op, left: n.Expr, right: n.Expr) -> n.Binary:
    return n.Binary(S, op, left, right)


def C(op: Op, left: n.Expr, right: n.Expr) -> n.Compare:
    return n.Compare(S, op, left, right)


TAKE_WOOD = (E("take", 1, "wood"),)


# Cards and their lines ------------------------------------------------------------------------


def test_card_header() -> None:
    """Kind, name without its quotes, deck and code; an elder the same way."""
    [building, elder] = program(
        'building "Barrel Maker" (trout A613)\n  vp 3\n\nelder "Builder" (base E01)\n  use: build a building\n'
    ).cards
    assert (building.kind, building.name, building.deck, building.code) == ("building", "Barrel Maker", "trout", "A613")
    assert (elder.kind, elder.name, elder.deck, elder.code) == ("elder", "Builder", "base", "E01")
    assert elder.abilities == (n.Ability(S, n.Trigger(S, "elder_use"), (E("build", "a", "building"),)),)


def test_cost_alternatives_and_payments() -> None:
    """'or' separates options, ',' separates payments inside one option."""
    assert card("  cost 21 fish or return 5 guests, without guests").costs == (
        n.CostLine(
            S,
            (
                n.CostOption(S, (P(21, "fish"),)),
                n.CostOption(S, (P("return", 5, "guests"), P("without", "guests"))),
            ),
        ),
    )


def test_computed_costs_and_cost_none() -> None:
    """A parenthesised amount is an expression inside the phrase; 'none' is a one-word phrase."""
    assert card("  cost (buildings + 1) wood, (round) fish").costs[0].options == (
        n.CostOption(S, (P(B(Op.ADD, Q("buildings"), N(1)), "wood"), P(Q("round"), "fish"))),
    )
    assert card("  cost none").costs[0].options == (n.CostOption(S, (P("none"),)),)


def test_quoted_name_in_a_phrase() -> None:
    """A quoted card name is a Name part, its text without quotes."""
    assert card('  cost discard "Contractor"').costs[0].options[0].payments == (P("discard", n.Name(S, "Contractor")),)


def test_requires() -> None:
    assert card("  requires free fishing spaces >= 4").requires == (
        C(Op.AT_LEAST, Q("free", "fishing", "spaces"), N(4)),
    )


def test_rules_with_and_without_values() -> None:
    """A number rule keeps its expression; a switched-on rule has no value."""
    assert card("  rule wood limit = 15", "  rule supply guests score double").rules == (
        n.Rule(S, P("wood", "limit"), N(15)),
        n.Rule(S, P("supply", "guests", "score", "double"), None),
    )
    assert card("  rule plate cost = printed fish / 2 rounded up").rules[0].value == B(
        Op.DIVIDE_UP, Q("printed", "fish"), N(2)
    )


# Expressions ----------------------------------------------------------------------------------


def test_vp_numbers_and_negative_numbers() -> None:
    """'-1' is a negation of 1; '- -2' parses as a double negation, '-1 - -2' as a subtraction."""
    assert expr("3") == N(3)
    assert expr("-1") == n.Negate(S, N(1))
    assert expr("- -2") == n.Negate(S, n.Negate(S, N(2)))
    assert expr("-1 - -2") == B(Op.SUBTRACT, n.Negate(S, N(1)), n.Negate(S, N(2)))


def test_precedence_and_left_association() -> None:
    """* binds tighter than + and -, both associate to the left; parentheses override."""
    assert expr("1 + 2 * 3") == B(Op.ADD, N(1), B(Op.MULTIPLY, N(2), N(3)))
    assert expr("1 - 2 - 3") == B(Op.SUBTRACT, B(Op.SUBTRACT, N(1), N(2)), N(3))
    assert expr("(1 + 2) * 3") == B(Op.MULTIPLY, B(Op.ADD, N(1), N(2)), N(3))


def test_division_rounding() -> None:
    """Division always says how it rounds, and binds like multiplication."""
    assert expr("fish on this building / 2 rounded down") == B(
        Op.DIVIDE_DOWN, Q("fish", "on", "this", "building"), N(2)
    )
    assert expr("1 + elders / 3 rounded up") == B(Op.ADD, N(1), B(Op.DIVIDE_UP, Q("elders"), N(3)))


@pytest.mark.parametrize(
    ("text", "code"),
    [("elders / 2", "E0003"), ("elders / 2 rounded", "E0003"), ("elders / 2 rounded sideways", "E0010")],
)
def test_division_without_rounding_is_a_syntax_error(text: str, code: str) -> None:
    """A word other than 'up' or 'down' after 'rounded' is an unknown word (E0010): only those two stand there."""
    _, diagnostics = parse(f'building "X" (trout A001)\n  vp {text}\n', "t")
    assert [d.code for d in diagnostics] == [code]


def test_capped_at_binds_loosest() -> None:
    """'2 * forests capped at haul size' caps the product, not the forests."""
    assert expr("2 * forests capped at haul size") == B(
        Op.CAPPED, B(Op.MULTIPLY, N(2), Q("forests")), Q("haul", "size")
    )


def test_table_with_ranges() -> None:
    """Exact, range, open-ended and else rows; the key is an expression."""
    assert expr("by fish in reserve [5: 5, 6-7: 7, 8+: 9, else: 0]") == n.Table(
        S,
        Q("fish", "in", "reserve"),
        (
            n.Row(S, 5, 5, N(5)),
            n.Row(S, 6, 7, N(7)),
            n.Row(S, 8, None, N(9)),
            n.Row(S, None, None, N(0)),
        ),
    )


def test_table_rows_may_span_lines_and_hold_expressions() -> None:
    """Inside brackets a line break is not the end of the line."""
    assert expr("by elders [2: 7,\n    3+: elders * 2]") == n.Table(
        S, Q("elders"), (n.Row(S, 2, 2, N(7)), n.Row(S, 3, None, B(Op.MULTIPLY, Q("elders"), N(2))))
    )


def test_quantities_keep_words_numbers_and_case() -> None:
    """A count's words as written, numbers among them; case is left for the checker ('A buildings')."""
    assert expr("building squares of 3 by 3") == Q("building", "squares", "of", "3", "by", "3")
    assert expr("Haul Size") == Q("Haul", "Size")


# Conditions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "op"),
    [
        ("elders >= 2", Op.AT_LEAST),
        ("elders <= 2", Op.AT_MOST),
        ("elders = 2", Op.EQUAL),
        ("elders != 2", Op.NOT_EQUAL),
        ("elders > 2", Op.MORE_THAN),
        ("elders < 2", Op.LESS_THAN),
    ],
)
def test_comparisons(text: str, op: Op) -> None:
    assert condition(text) == C(op, Q("elders"), N(2))


def test_and_binds_tighter_than_or() -> None:
    """'a or b and c' is 'a or (b and c)'; chains of one operator stay flat."""
    a, b, c = (C(Op.EQUAL, Q(name), N(1)) for name in ("elders", "forests", "ships"))
    assert condition("elders = 1 or forests = 1 and ships = 1") == n.Logic(S, "or", (a, n.Logic(S, "and", (b, c))))
    assert condition("elders = 1 and forests = 1 and ships = 1") == n.Logic(S, "and", (a, b, c))


def test_not_and_parenthesised_conditions() -> None:
    """'not' applies to the next comparison; parentheses group conditions."""
    a, b = C(Op.EQUAL, Q("elders"), N(1)), C(Op.NOT_EQUAL, Q("round"), N(2))
    assert condition("not elders = 1 or round != 2") == n.Logic(S, "or", (n.Not(S, a), b))
    assert condition("not (elders = 1 or round != 2)") == n.Not(S, n.Logic(S, "or", (a, b)))
    assert condition("not not during an action") == n.Not(S, n.Not(S, Q("during", "an", "action")))


def test_comparison_sides_are_expressions() -> None:
    assert condition("a buildings + 1 >= elders * 2") == C(
        Op.AT_LEAST, B(Op.ADD, Q("a", "buildings"), N(1)), B(Op.MULTIPLY, Q("elders"), N(2))
    )


# Triggers -------------------------------------------------------------------------------------


def test_when_built_with_and_without_guards() -> None:
    """The guard's comma is optional; 'unless' sets the flag."""
    assert trigger("when built") == n.Trigger(S, "when_built")
    guard = C(Op.LESS_THAN, Q("fish", "in", "supply"), N(2))
    assert trigger("when built, unless fish in supply < 2") == n.Trigger(S, "when_built", n.Guard(S, True, guard))
    assert trigger("when built if fish in supply < 2") == n.Trigger(S, "when_built", n.Guard(S, False, guard))


def test_as_soon_as() -> None:
    """The condition is the trigger's own, not a guard."""
    assert trigger("as soon as elders >= 4") == n.Trigger(S, "as_soon_as", condition=C(Op.AT_LEAST, Q("elders"), N(4)))


def test_each_time_before_and_after_you_any_player_and_another_player() -> None:
    assert trigger("each time before you build a ship") == n.Trigger(
        S, "each_time", timing="before", actor="you", event=P("build", "a", "ship")
    )
    assert trigger("each time after another player takes an elder") == n.Trigger(
        S, "each_time", timing="after", actor="another player", event=P("takes", "an", "elder")
    )
    assert trigger("each time after any player returns a guest, if elders > 1") == n.Trigger(
        S,
        "each_time",
        n.Guard(S, False, C(Op.MORE_THAN, Q("elders"), N(1))),
        timing="after",
        actor="any player",
        event=P("returns", "a", "guest"),
    )


def test_at_moment_at_any_time_worker_space_and_use() -> None:
    assert trigger("at start of fishing phase") == n.Trigger(
        S, "at_moment", timing="at", event=P("start", "of", "fishing", "phase")
    )
    assert trigger("at any time, unless during an action") == n.Trigger(
        S, "any_time", n.Guard(S, True, Q("during", "an", "action"))
    )
    assert trigger("worker space") == n.Trigger(S, "worker_space")
    assert trigger("use") == n.Trigger(S, "elder_use")


# Bodies ---------------------------------------------------------------------------------------


def test_effects_on_one_line_and_on_several() -> None:
    """A one-line body and a block give the same statements; commas separate effects."""
    one_line = card("  when built: take 1 wood, take 2 fish").abilities[0].body
    assert one_line == body("take 1 wood", "take 2 fish")
    assert one_line == (E("take", 1, "wood"), E("take", 2, "fish"))


def test_you_may() -> None:
    """All of the body or none of it, on the same line or as a block."""
    expected = (n.May(S, (E("return", 1, "guest"), E("take", "an", "extra", "turn"))),)
    assert body("you may: return 1 guest, take an extra turn") == expected
    assert body("you may:", "  return 1 guest", "  take an extra turn") == expected


def test_choose_one() -> None:
    """Each '-' line is one option; an option may hold several effects."""
    assert body("choose one:", "  - return 2 wood", "  - remove this building from play, take 1 gold") == (
        n.ChooseOne(
            S,
            (
                (E("return", 2, "wood"),),
                (E("remove", "this", "building", "from", "play"), E("take", 1, "gold")),
            ),
        ),
    )


def test_up_to() -> None:
    assert body("up to (ships with catboat) times: move 2 fish from supply to this building") == (
        n.UpTo(
            S,
            Q("ships", "with", "catboat"),
            (E("move", 2, "fish", "from", "supply", "to", "this", "building"),),
        ),
    )


def test_if_and_if_else() -> None:
    """'else' belongs to the 'if' just above it; without it the otherwise branch is empty."""
    test = C(Op.EQUAL, Q("worker", "turn"), N(1))
    assert body("if worker turn = 1: take 1 fish") == (n.If(S, test, (E("take", 1, "fish"),), ()),)
    assert body("if worker turn = 1:", "  take 1 fish", "else:", "  take 1 wood") == (
        n.If(S, test, (E("take", 1, "fish"),), TAKE_WOOD),
    )


def test_let() -> None:
    """'let' names a number; later statements read it as a quantity of its name."""
    assert body("let removed = forests", "remove all forests", "take (removed) wood") == (
        n.Let(S, "removed", Q("forests")),
        E("remove", "all", "forests"),
        E("take", Q("removed"), "wood"),
    )


def test_nested_blocks() -> None:
    """Blocks nest by indentation: a choice inside a 'you may' inside an 'if'."""
    assert body("if elders > 1:", "  you may:", "    choose one:", "      - take 1 wood", "      - take 1 fish") == (
        n.If(
            S,
            C(Op.MORE_THAN, Q("elders"), N(1)),
            (n.May(S, (n.ChooseOne(S, (TAKE_WOOD, (E("take", 1, "fish"),))),)),),
            (),
        ),
    )


# Comments and normalisation ----------------------------------------------------------------------


def test_comments_are_ignored_everywhere() -> None:
    """Whole-line, trailing and blank-line comments change nothing, even with a '#' inside a name."""
    plain = program('building "A # B" (trout A001)\n  vp 1\n  when built:\n    take 1 wood\n')
    commented = program(
        "# header comment\n\n"
        'building "A # B" (trout A001)  # trailing\n'
        "  # own line\n"
        "  vp 1 # after an expression\n"
        "\n"
        "  when built:  # after a colon\n"
        "    # inside a block\n"
        "    take 1 wood\n"
        "# at the end"
    )
    assert commented == plain
    assert commented.cards[0].name == "A # B"


def test_case_is_kept_in_the_ast_and_ignored_by_the_checker() -> None:
    """'Take 1 WOOD' parses as written and means 'take 1 wood'; only building letters keep their case."""
    assert body("Take 1 WOOD") == (E("Take", 1, "WOOD"),)
    upper, lower = checked_calls("Take 1 WOOD", "take 1 wood")
    assert upper == lower
    assert [vocab.normalise(w) for w in ("A", "a", "B")] == ["A", "", "B"]


def checked_calls(*lines: str) -> list[n.Call]:
    compiled = compile_text(
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  when built:\n'
        + "".join("    " + line + "\n" for line in lines),
        "t",
    )
    assert compiled.diagnostics == ()
    return list(compiled.program.cards[0].abilities[0].body)


def test_plural_and_article_normalisation() -> None:
    """'1 guest' and '2 guests' match one entry; 'an', 'a' and 'the' are ignored."""
    one, two, extra, bare = checked_calls("take 1 guest", "take 2 guests", "take an extra turn", "take extra turn")
    assert one.entry is two.entry
    assert one.entry.pattern == "take {amount} {good}"
    assert [arg.value if isinstance(arg, n.Number) else arg for arg in one.args] == [1, "guest"]
    assert [arg.value if isinstance(arg, n.Number) else arg for arg in two.args] == [2, "guest"]
    assert extra.entry is bare.entry
    assert extra.entry.pattern == "take an extra turn"


def test_normalise() -> None:
    assert [vocab.normalise(w) for w in ("The", "an", "a", "Guests", "returns", "wood", "fish")] == [
        "",
        "",
        "",
        "guest",
        "return",
        "wood",
        "fish",
    ]


def test_third_person_event_matches_the_base_event() -> None:
    """'any player returns a guest' is the 'return a guest' event."""
    compiled = compile_text(
        'building "X" (trout A001)\n  cost 1 wood\n  vp 1\n  each time after any player returns a guest: take 1 wood\n',
        "t",
    )
    assert compiled.diagnostics == ()
    assert compiled.program.cards[0].abilities[0].trigger.entry.pattern == "return a guest"
