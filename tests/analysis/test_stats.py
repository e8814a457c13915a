"""The statistics every balance figure rests on, checked against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from runtime.analysis.stats import RunningMean, adjust, mean_interval, proportion_interval, t_quantile_95


def test_paired_differences_get_a_t_interval_and_p_value():
    # [1, 3, 2, 2]: mean 2, sd sqrt(2/3), se sqrt(2/3)/2; t(0.975, 3) = 3.182446; t = 4.899, two-sided p 0.01628
    estimate = mean_interval([1.0, 3.0, 2.0, 2.0])
    half = 3.182446305284263 * math.sqrt(2 / 3) / 2
    assert estimate.mean == 2.0 and estimate.n == 4
    assert estimate.low == pytest.approx(2.0 - half) and estimate.high == pytest.approx(2.0 + half)
    assert estimate.p == pytest.approx(0.01628, abs=1e-5)


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
