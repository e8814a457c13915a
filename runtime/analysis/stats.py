"""Intervals and tests for balance figures, from scipy: every estimate carries its sample size.

Paired differences (same seeds, one thing changed) get Student t intervals and a one-sample t test;
proportions get Wilson intervals, which stay inside [0, 1] near 0% and 100%; many p-values at once are
corrected with Benjamini-Hochberg, so a stated false discovery rate holds across all the cards compared.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval, the sample it came from, and (for a difference) the p-value against 0."""

    mean: float
    low: float
    high: float
    n: int
    p: float = 1.0

    @property
    def width(self) -> float:
        return self.high - self.low


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of paired differences (or any sample) with a t interval and the two-sided p-value of mean 0.

    A sample with no spread (every difference equal) has a zero-width interval and no t test; its p-value is the
    sign test's, 2 ** (1 - n) when the common value is not 0 (every one of n differences on the same side), 1 when
    it is: two equal differences are no evidence (p 0.5), where a p of 0 would flag the card at any rate. Fewer
    than two values give an unbounded interval.
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, float("-inf"), float("inf"), 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, float("-inf"), float("inf"), 1)
    if all(value == values[0] for value in values):
        return Estimate(mean, mean, mean, n, 1.0 if mean == 0 else 2.0 ** (1 - n))
    from scipy import stats

    result = stats.ttest_1samp(values, 0.0)
    interval = result.confidence_interval(CONFIDENCE)
    return Estimate(mean, float(interval.low), float(interval.high), n, float(result.pvalue))


class RunningMean:
    """A mean and its 95% t interval kept as values stream in (Welford's update), so a run of any length holds
    three numbers, not its sample. Needs no scipy: `nus simulate` runs on the core install."""

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.squares = 0.0  # sum of squared deviations from the running mean

    def add(self, value: float) -> None:
        self.n += 1
        step = value - self.mean
        self.mean += step / self.n
        self.squares += step * (value - self.mean)

    def estimate(self) -> Estimate:
        if self.n < 2:
            return Estimate(self.mean, float("-inf"), float("inf"), self.n)
        half = t_quantile_95(self.n - 1) * math.sqrt(self.squares / (self.n - 1) / self.n)
        return Estimate(self.mean, self.mean - half, self.mean + half, self.n)


T_95_FEW = {1: 12.706204736174694, 2: 4.302652729749462}  # scipy.stats.t.ppf(0.975, df)


def t_quantile_95(df: int) -> float:
    """Student's t two-sided 95% quantile: the Cornish-Fisher expansion around the normal quantile, within 0.13%
    of scipy's from 3 degrees of freedom (tests compare), the two smaller ones from a table."""
    if df in T_95_FEW:
        return T_95_FEW[df]
    z = NormalDist().inv_cdf(0.975)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / df**power for power, term in enumerate(terms, start=1))


def proportion_interval(successes: float, n: int) -> Estimate:
    """A rate with its Wilson score interval, worked out from the rate itself: a shared win counts as a fraction
    of one, so 12.5 wins of 30 and 11.5 of 30 get intervals of their own (rounding the count gave both 12's)."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    rate, z = successes / n, NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)
    shrink = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / shrink
    half = z / shrink * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # the ends exactly, where rounding leaves 1e-17
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(rate, low, high, n)


def adjust(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values: flag those below the false discovery rate you accept."""
    if not p_values:
        return []
    from scipy import stats

    return [float(p) for p in stats.false_discovery_control(list(p_values), method="bh")]
