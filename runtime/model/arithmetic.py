"""What the card language's arithmetic means where Python's differs, declared once: the compiler works out
numbers alone with it (compiler/syntax/ops.py; compiled cards divide as divide_down does) and compiled cards call
`rt.by_rows` for a table."""

from __future__ import annotations

from collections.abc import Callable, Sequence


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
