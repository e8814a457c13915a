"""The operators of the language, each declared once: the grammar rule that makes it, how a card writes it, how the
reference says it, the Python operator it compiles to and its value on numbers. The parser, the AST builder, the
checker, the formatter, the English and the generator all read this enum."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from enum import StrEnum

from runtime.model.arithmetic import divide_down, divide_up


class Op(StrEnum):
    """An arithmetic or comparison operator; its value is the grammar rule's name (nus.lark's `-> add`)."""

    written: str  # as a card writes it, {left} and {right} filled in (the formatter)
    english: str  # as the reference says it (render.py)
    python: type[ast.operator | ast.cmpop] | None  # None: compiled by its own rule (generate.py)
    evaluate: Callable[[int, int], int | bool]  # on numbers alone: the checker's constants and printed ranges
    precedence: int  # arithmetic: 1 binds loosest; a comparison 0, looser than any arithmetic
    rounding: str  # a division's direction, 'up' or 'down'

    def __new__(
        cls,
        rule: str,
        written: str,
        english: str,
        python: type[ast.operator | ast.cmpop] | None,
        evaluate: Callable[[int, int], int | bool],
        precedence: int = 0,
        rounding: str = "",
    ) -> Op:
        member = str.__new__(cls, rule)
        member._value_ = rule
        member.written, member.english, member.python = written, english, python
        member.evaluate, member.precedence, member.rounding = evaluate, precedence, rounding
        return member

    CAPPED = ("capped", "{left} capped at {right}", "{left}, but at most {right}", None, min, 1)
    ADD = ("add", "{left} + {right}", "{left} plus {right}", ast.Add, operator.add, 2)
    SUBTRACT = ("subtract", "{left} - {right}", "{left} minus {right}", ast.Sub, operator.sub, 2)
    MULTIPLY = ("multiply", "{left} * {right}", "{left} times {right}", ast.Mult, operator.mul, 3)
    DIVIDE_UP = (
        "divide_up",
        "{left} / {right} rounded up",
        "{left} divided by {right}, rounded up",
        None,
        divide_up,
        3,
        "up",
    )
    DIVIDE_DOWN = (
        "divide_down",
        "{left} / {right} rounded down",
        "{left} divided by {right}, rounded down",
        ast.FloorDiv,
        divide_down,
        3,
        "down",
    )
    AT_LEAST = ("at_least", "{left} >= {right}", "{left} is at least {right}", ast.GtE, operator.ge)
    AT_MOST = ("at_most", "{left} <= {right}", "{left} is at most {right}", ast.LtE, operator.le)
    EQUAL = ("equal", "{left} = {right}", "{left} is exactly {right}", ast.Eq, operator.eq)
    NOT_EQUAL = ("not_equal", "{left} != {right}", "{left} is other than {right}", ast.NotEq, operator.ne)
    MORE_THAN = ("more_than", "{left} > {right}", "{left} is more than {right}", ast.Gt, operator.gt)
    LESS_THAN = ("less_than", "{left} < {right}", "{left} is less than {right}", ast.Lt, operator.lt)

    @property
    def compares(self) -> bool:
        return self.precedence == 0

    @property
    def divides(self) -> bool:
        return bool(self.rounding)
