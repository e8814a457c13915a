"""A random player's pick rests on the Mersenne Twister's bits alone, so a seed replays on any Python version."""

from __future__ import annotations

import random
from collections import Counter

from runtime.core.decisions import uniform_index


def test_a_seed_gives_the_same_picks_everywhere() -> None:
    """Pinned values: Random(0)'s first bits, rejection-sampled below 3 (2-bit draws of 3 are drawn again)."""
    rng = random.Random(0)
    assert [uniform_index(rng, 3) for _ in range(12)] == [1, 1, 0, 1, 2, 1, 1, 1, 1, 1, 2, 0]


def test_it_draws_what_randrange_draws_on_this_python() -> None:
    """The same stream as randrange(count), so games recorded before it was written out still replay."""
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for count in (1, 2, 3, 5, 8, 9, 16, 17, 100):
            assert uniform_index(ours, count) == theirs.randrange(count)


def test_every_index_below_the_count_comes_up_and_none_above() -> None:
    rng = random.Random(7)
    picks = Counter(uniform_index(rng, 5) for _ in range(5000))
    assert set(picks) == {0, 1, 2, 3, 4}
    assert all(900 < times < 1100 for times in picks.values())
    assert [uniform_index(rng, 1) for _ in range(3)] == [0, 0, 0]
