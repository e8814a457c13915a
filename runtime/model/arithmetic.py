"""What the card language's arithmetic means where Python's differs, declared once: the compiler works out
numbers alone with it (compiler/syntax/ops.py) and compiled cards call it (`rt.divide_down`, `rt.by_rows`)."""

from __future__ import annotations

from collections.abc import Sequence


def divide_down(left: int, right: int) -> int:
    """A division by 0 gives 0: a divisor that comes out 0 at run time is no crash."""
    return left // right if right else 0


def divide_up(left: int, right: int) -> int:
    return -(-left // right) if right else 0


def by_rows(key: int, rows: Sequence[tuple[int, int | None, int]], otherwise: int) -> int:
    """A table (`by KEY [low-high: value, ...]`): the value of the first row the key falls in (high None: no upper
    bound), else `otherwise` (the `else` row's value, or 0)."""
    for low, high, value in rows:
        if low <= key and (high is None or key <= high):
            return value
    return otherwise
