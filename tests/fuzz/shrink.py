"""A failing card made minimal: its recorded choices shortened and lowered while it still fails the same way.

The generator draws 0 as the plainest answer everywhere, so a shorter list of choices, or smaller values, writes a
card with fewer lines, plainer phrases and smaller numbers (draws.py). Each candidate is written, checked and played
again with the same game seed; it is kept when it fails with the same kind and signature (the same exception at the
same place, the same invariant) and is smaller: shortest list first, then the smaller values. The passes, boldest
first: the list cut short, runs of choices set to 0 (the plainest phrase in place, the choices after it still
aligned), runs cut out, single values lowered.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.fuzz.cards import Generated, generate
from tests.fuzz.draws import Replayed
from tests.fuzz.games import Outcome, play_card

TRIES = 400  # games played at most to shrink one card: a few seconds to half a minute
RUNS = (32, 16, 8, 4, 2, 1)


def drawn(values: list[int]) -> tuple[Generated, list[int]]:
    """The card the choices write, and the choices it actually used (the rest of a list cut short is dropped)."""
    draws = Replayed(values)
    return generate(draws), draws.drawn


class Shrinker:
    def __init__(self, values: list[int], play: Callable[[Generated], Outcome], failure: Outcome, tries: int):
        self.card, self.best = drawn(values)
        self.play, self.failure, self.outcome = play, failure, failure
        self.tries = tries
        self.seen: set[tuple[int, ...]] = set()

    def attempt(self, candidate: list[int]) -> bool:
        """Play the candidate if it is new and smaller; keep it if it fails the same way."""
        if self.tries <= 0:
            return False
        card, used = drawn(candidate)
        if tuple(used) in self.seen or (len(used), used) >= (len(self.best), self.best):
            return False
        self.seen.add(tuple(used))
        self.tries -= 1
        result = self.play(card)
        if (result.kind, result.signature) != (self.failure.kind, self.failure.signature):
            return False
        self.card, self.best, self.outcome = card, used, result
        return True

    def cut_short(self) -> bool:
        size, changed = 1, False
        while size < len(self.best):
            if self.attempt(self.best[:size]):
                changed = True
            else:
                size *= 2
        return changed

    def runs(self, replace: Callable[[list[int], int, int], list[int]]) -> bool:
        changed = False
        for size in RUNS:
            start = len(self.best) - size
            while start >= 0:
                changed |= self.attempt(replace(self.best, start, size))
                start = min(start - 1, len(self.best) - size)
        return changed

    def lower_values(self) -> bool:
        changed, place = False, 0
        while place < len(self.best):
            value = self.best[place]
            for lower in dict.fromkeys((0, value // 2, value - 1)):
                if 0 <= lower < value and self.attempt([*self.best[:place], lower, *self.best[place + 1 :]]):
                    changed = True
                    break
            place += 1
        return changed

    def shrink(self) -> tuple[Generated, Outcome]:
        changed = True
        while changed and self.tries > 0:
            changed = self.cut_short()
            changed |= self.runs(lambda values, start, size: [*values[:start], *[0] * size, *values[start + size :]])
            changed |= self.runs(lambda values, start, size: values[:start] + values[start + size :])
            changed |= self.lower_values()
        return self.card, self.outcome


def shrink(values: list[int], seed: int, failure: Outcome, tries: int = TRIES) -> tuple[Generated, Outcome]:
    """The smallest card found whose game (of the same seed) fails as `failure` did, and how it fails."""
    return Shrinker(values, lambda card: play_card(card, seed), failure, tries).shrink()
