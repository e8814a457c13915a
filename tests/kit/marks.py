"""The inner loop (`python -m pytest -m "not slow"`) runs a sample of a long parametrized run, the rest of its cases
marked slow, so that a plain `python -m pytest` (CI) still runs every case."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import pytest

T = TypeVar("T")


def slow_unless(values: Iterable[T], fast: Callable[[T], bool]) -> list[object]:
    """`values` for `parametrize`, each one `fast` does not pick marked slow."""
    return [value if fast(value) else pytest.param(value, marks=pytest.mark.slow) for value in values]
