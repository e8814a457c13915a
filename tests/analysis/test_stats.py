"""The statistics every balance figure rests on, checked against values worked out by hand."""

from __future__ import annotations

import itertools
import math
import operator
import random

import pytest

from runtime.analysis.stats import (
    RunningMean,
    adjust,
    bootstrap_interval,
    mean_interval,
    proportion_interval,
    seeds_to_resolve,
    sign_flip_p,
    t_quantile,
    t_quantile_95,
    t_sf,
    t_test_p,
)


def test_paired_differences_get_a_t_interval_and_the_sign_flip_p_value():
    # [1, 3, 2, 2]: mean 2, sd sqrt(2/3), se sqrt(2/3)/2; t(0.975, 3) = 3.182446. All four differences above 0:
    # of the 16 sign patterns only all-plus and all-minus reach |sum| 8, so p = 2 / 16 (the t test's 0.01628 would
    # claim more than four seeds can show)
    estimate = mean_interval([1.0, 3.0, 2.0, 2.0])
    half = 3.182446305284263 * math.sqrt(2 / 3) / 2
    assert estimate.mean == 2.0 and estimate.n == 4 and estimate.sd == pytest.approx(math.sqrt(2 / 3))
    assert estimate.low == pytest.approx(2.0 - half) and estimate.high == pytest.approx(2.0 + half)
    assert estimate.p == 0.125
    assert t_test_p([1.0, 3.0, 2.0, 2.0]) == pytest.approx(0.01628, abs=1e-5)


def brute_force_sign_flip_p(values: list[float]) -> float:
    observed = abs(sum(values))
    hits = sum(
        1
        for signs in itertools.product((1, -1), repeat=len(values))
        if abs(sum(map(operator.mul, signs, values))) >= observed
    )
    return hits / 2 ** len(values)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_the_sign_flip_p_value_is_the_exact_share_of_sign_patterns(seed):
    """Mostly-zero, lumpy differences (half VP steps), as an edit's paired differences are: the counted distribution
    gives exactly the share found by trying all 2^n patterns."""
    rng = random.Random(seed)
    values = [rng.choice([0.0] * 6 + [0.5, -0.5, 1.0, 2.0, -3.0, 4.5, -1.5]) for _ in range(15)]
    assert sign_flip_p(values) == pytest.approx(brute_force_sign_flip_p(values), abs=1e-12)


def test_on_plus_and_minus_ones_the_sign_flip_test_is_mcnemars_exact_test():
    """A card built in the new game of a pair and not the old (+1), the other way (-1), or alike (0): 9 against 2
    discordant pairs, McNemar's exact p = 2 * P(Bin(11, 1/2) <= 2)."""
    values = [1.0] * 9 + [-1.0] * 2 + [0.0] * 29
    mcnemar = 2 * sum(math.comb(11, k) for k in range(3)) / 2**11
    assert sign_flip_p(values) == pytest.approx(mcnemar, abs=1e-12)


@pytest.mark.slow
def test_large_samples_are_counted_exactly_and_values_off_the_grid_are_sampled_with_a_fixed_seed():
    rng = random.Random(5)
    many = [rng.choice(range(-20, 21)) / 2 for _ in range(2000)]
    from scipy import stats

    assert sign_flip_p(many) == pytest.approx(stats.ttest_1samp(many, 0.0).pvalue, rel=0.02)  # near the t test
    off_grid = [rng.gauss(0.4, 1.0) for _ in range(30)]
    assert sign_flip_p(off_grid) == sign_flip_p(list(off_grid))  # deterministic
    assert sign_flip_p(off_grid) == pytest.approx(brute_force_sign_flip_p_sampled(off_grid), abs=0.01)


def brute_force_sign_flip_p_sampled(values: list[float]) -> float:
    rng = random.Random(0)
    observed = abs(sum(values)) - 1e-12
    draws = 20_000
    return sum(abs(sum(v if rng.random() < 0.5 else -v for v in values)) >= observed for _ in range(draws)) / draws


@pytest.mark.slow
def test_the_sign_flip_test_holds_its_level_on_mostly_zero_differences_and_finds_a_shift():
    """2,000 nulls of 40 seeds each, 70% of differences exactly 0 and the rest symmetric lumps: the exact test rejects
    at most 1% at p < 0.01. The same lumps leaning to one side (19 in 20 above 0) are found in most runs."""
    rng = random.Random(2026)
    lumps = [0.5, 1.0, 1.5, 6.0, 9.0]
    runs = 2000

    def rejected(above: float) -> float:
        found = 0
        for _ in range(runs):
            values = [
                rng.choice(lumps) * (1 if rng.random() < above else -1) if rng.random() < 0.3 else 0.0
                for _ in range(40)
            ]
            found += sign_flip_p(values) < 0.01
        return found / runs

    assert rejected(0.5) <= 0.01
    assert rejected(0.95) > 0.5


def test_no_spread_gives_a_point_interval_and_the_sign_tests_p():
    same = mean_interval([0.0] * 5)
    assert (same.mean, same.low, same.high, same.p, same.n) == (0.0, 0.0, 0.0, 1.0, 5)
    shifted = mean_interval([3.0] * 5)  # five differences on one side: two-sided sign test 2 / 2 ** 5
    assert (shifted.low, shifted.high, shifted.p) == (3.0, 3.0, 0.0625)
    assert mean_interval([-2.0, -2.0]).p == 0.5  # two equal differences are no evidence


def test_wilson_interval_of_whole_counts_is_scipys():
    from scipy import stats

    for wins, games in [(0, 10), (3, 7), (12, 30), (50, 100), (10, 10)]:
        expected = stats.binomtest(wins, games).proportion_ci(0.95, method="wilson")
        found = proportion_interval(wins, games)
        assert (found.low, found.high) == (pytest.approx(expected.low), pytest.approx(expected.high))


def test_shared_wins_get_the_interval_of_their_fraction():
    # 12.5 and 11.5 wins of 30 (a tie shares a win): Wilson's score interval worked out by hand from 0.4167 and
    # 0.3833, z = 1.96; rounding the count gave both the interval of 12 of 30
    more, fewer = proportion_interval(12.5, 30), proportion_interval(11.5, 30)
    assert (more.low, more.high) == (pytest.approx(0.2598, abs=1e-4), pytest.approx(0.5925, abs=1e-4))
    assert (fewer.low, fewer.high) == (pytest.approx(0.2322, abs=1e-4), pytest.approx(0.5609, abs=1e-4))


def test_too_few_values_give_an_unbounded_interval():
    assert mean_interval([]).n == 0 and mean_interval([]).low == -math.inf
    one = mean_interval([2.5])
    assert one.mean == 2.5 and one.low == -math.inf and one.high == math.inf


def test_wilson_interval_stays_inside_zero_and_one():
    none = proportion_interval(0, 10)
    assert none.mean == 0.0 and none.low == 0.0 and none.high == pytest.approx(0.2775, abs=1e-4)
    every = proportion_interval(10, 10)
    assert every.high == pytest.approx(1.0) and every.low == pytest.approx(0.7225, abs=1e-4)
    half = proportion_interval(50, 100)
    assert half.low == pytest.approx(0.4038, abs=1e-4) and half.high == pytest.approx(0.5962, abs=1e-4)


def test_benjamini_hochberg_adjusts_by_rank():
    # sorted p 0.01, 0.02, 0.03, 0.5 with m = 4: 0.04, 0.04, 0.04, 0.5 (monotone from the top)
    assert adjust([0.03, 0.01, 0.5, 0.02]) == pytest.approx([0.04, 0.04, 0.5, 0.04])
    assert adjust([]) == []
    from scipy import stats

    rng = random.Random(1)
    for _ in range(20):
        p = [rng.random() ** 3 for _ in range(rng.randrange(1, 30))]
        assert adjust(p) == pytest.approx(list(stats.false_discovery_control(p, method="bh")), abs=1e-12)


@pytest.mark.slow
def test_benjamini_hochberg_over_exact_tests_keeps_the_false_discovery_rate_of_null_runs():
    """A/A in miniature: 1,000 runs of 12 tests each (a run's cards and values), every one a true null of
    mostly-zero paired differences; with all nulls true the false discovery rate is the share of runs that flag
    anything, and it stays at or below the rate asked for."""
    rng = random.Random(7)
    rate, runs, flagged = 0.05, 1000, 0
    for _ in range(runs):
        p = []
        for _ in range(12):
            values = [rng.choice((1, 2, 4)) * rng.choice((1, -1)) if rng.random() < 0.3 else 0 for _ in range(30)]
            p.append(sign_flip_p(values))
        flagged += any(q < rate for q in adjust(p))
    assert flagged / runs <= rate


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 10, 49, 1000])
def test_the_t_distribution_without_scipy_is_scipys(df):
    from scipy import stats

    for t in (0.1, 1.0, 2.5, 6.0):
        assert t_sf(t, df) == pytest.approx(float(stats.t.sf(t, df)), rel=1e-9)
    for probability in (0.6, 0.9, 0.975, 0.995):
        assert t_quantile(probability, df) == pytest.approx(float(stats.t.ppf(probability, df)), rel=1e-9)


def test_seeds_to_resolve_a_difference_follow_from_its_spread():
    # ((z 0.975 + z 0.8) * sd / difference)^2 = ((1.95996 + 0.84162) * 3 / 1)^2 = 70.64 -> 71 seeds
    assert seeds_to_resolve(3.0, 1.0, 0.05) == 71
    assert seeds_to_resolve(0.0, 1.0, 0.05) is None  # no spread seen: nothing to go on


def test_a_bootstrap_interval_is_fixed_by_its_seed():
    sample = [[float(i % 7) for i in range(30)]]
    first = bootstrap_interval(lambda samples: sum(samples[0]) / 30, sample)
    assert first == bootstrap_interval(lambda samples: sum(samples[0]) / 30, sample)
    assert first[0] < 3.0 < first[1]


def test_a_running_mean_gives_the_t_interval_of_its_whole_sample():
    # the sample of the paired-differences test above, streamed: the same mean and (to 0.13%) the same interval
    running = RunningMean()
    for value in (1.0, 3.0, 2.0, 2.0):
        running.add(value)
    estimate = running.estimate()
    half = 3.182446305284263 * math.sqrt(2 / 3) / 2
    assert estimate.mean == 2.0 and estimate.n == 4
    assert estimate.high - 2.0 == pytest.approx(half, rel=2e-3) and 2.0 - estimate.low == pytest.approx(half, rel=2e-3)


def test_one_value_has_no_interval():
    running = RunningMean()
    running.add(7.0)
    assert running.estimate() == mean_interval([7.0])


@pytest.mark.parametrize(
    ("df", "scipy_quantile"),
    [
        (1, 12.706204736174694),
        (2, 4.302652729749462),
        (3, 3.1824463052837078),
        (4, 2.7764451051977934),
        (10, 2.228138851986274),
        (49, 2.0095752371292392),
        (1000, 1.9623390808264083),
    ],
)
def test_the_t_quantile_without_scipy_is_within_a_seventh_of_a_percent(df, scipy_quantile):
    # scipy.stats.t.ppf(0.975, df)
    assert t_quantile_95(df) == pytest.approx(scipy_quantile, rel=1.3e-3)
