"""Where a generated card's choices come from: a seeded random stream that records what it drew, or a recorded list
drawn again. Every choice is an index below some count, and 0 is always the plainest answer (no extra line, the
first entry, the smallest number), so a shorter list or smaller values draw a smaller card: that is what shrinking
works on (shrink.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Draws(Protocol):
    def below(self, count: int) -> int:
        """An index from 0 to count - 1."""
        ...


class RandomDraws:
    """Seeded choices, each recorded in `drawn` (a choice among one option is no choice: nothing is drawn)."""

    def __init__(self, seed: int | str):
        self.rng = random.Random(seed)
        self.drawn: list[int] = []

    def below(self, count: int) -> int:
        if count <= 1:
            return 0
        value = self.rng.randrange(count)
        self.drawn.append(value)
        return value


class Replayed:
    """A recorded list of choices drawn again: a value too large for its count is the last option, and once the list
    runs out every choice is 0. `drawn` is what was actually used, so a shrunk list can be tidied to it."""

    def __init__(self, values: Sequence[int]):
        self.values = values
        self.drawn: list[int] = []

    def below(self, count: int) -> int:
        if count <= 1:
            return 0
        place = len(self.drawn)
        value = min(self.values[place], count - 1) if place < len(self.values) else 0
        self.drawn.append(value)
        return value


def pick(draws: Draws, options: Sequence[T]) -> T:
    return options[draws.below(len(options))]


def chance(draws: Draws, percent: int) -> bool:
    """True `percent` times in a hundred; the plainest draw (0) is False."""
    return draws.below(100) >= 100 - percent


def weighted(draws: Draws, options: Sequence[tuple[int, T]]) -> T:
    """One of (weight, option); the first option is the plainest."""
    value = draws.below(sum(weight for weight, _ in options))
    for weight, option in options:
        if value < weight:
            return option
        value -= weight
    raise AssertionError("unreachable: the weights add up to the count drawn below")
