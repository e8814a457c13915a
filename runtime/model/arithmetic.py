"""What the card language's arithmetic means where Python's differs, declared once: the compiler works out
numbers alone with it (compiler/syntax/ops.py; compiled cards divide as divide_down does) and compiled cards call
`rt.by_rows` for a table and `rt.amount` for an amount worked out in play."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from runtime.model.errors import CardError

if TYPE_CHECKING:
    from runtime.model.cards import Context

MAX_NUMBER = 1000  # every number of the language: the checker's limit on one written (compiler/checking/numbers.py),
# and the run time's on an amount worked out in play (amount): the real cards' amounts are a few; one that feeds on
# what its effect brings (`put (goods in supply) fish on each elder`) grows geometrically, and the effect's work with
# it, which no budget of steps sees


def divide_down(left: int, right: int) -> int:
    """A division by 0 gives 0: a divisor that comes out 0 at run time is no crash (generate.py's guarded division)."""
    return left // right if right else 0


def divide_up(left: int, right: int) -> int:
    return -(-left // right) if right else 0


Value = int | Callable[[], int]  # a row's number, or a function working out a value that counts


def by_rows(key: int, rows: Sequence[tuple[int, int | None, Value]], otherwise: Value) -> int:
    """A table (`by KEY [low-high: value, ...]`): the value of the first row the key falls in (high None: no upper
    bound), else `otherwise` (the `else` row's value, or 0). A value given as a function is worked out only for the
    row chosen: a count in another row is never read."""
    chosen = next((value for low, high, value in rows if low <= key and (high is None or key <= high)), otherwise)
    return chosen() if callable(chosen) else chosen


class AmountTooLarge(CardError):
    """An amount worked out in play above MAX_NUMBER: the card's effect feeds on itself (docs/card-language.md)."""


def amount(ctx: Context, value: int) -> int:
    """An amount a card works out in play: below 0 counts as 0; above MAX_NUMBER stops the game with the card, its
    file and line (the generated code's line is the card's), the amount and the bound."""
    if value <= MAX_NUMBER:
        return max(0, value)
    code = sys._getframe(1)  # the card's compiled code, whose lines are the card file's
    raise AmountTooLarge(
        f'{code.f_code.co_filename}:{code.f_lineno}: card "{ctx.card.name if ctx.card else "effect"}" works out an '
        f"amount of {value:,}, above {MAX_NUMBER:,}, the most of every number; an amount must not grow with what its "
        "own effect brings"
    )
