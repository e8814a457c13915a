"""Intervals and tests for balance figures, from scipy: every estimate carries its sample size.

Paired differences (same seeds, one thing changed) get Student t intervals and a one-sample t test;
proportions get Wilson intervals, which stay inside [0, 1] near 0% and 100%; many p-values at once are
corrected with Benjamini-Hochberg, so a stated false discovery rate holds across all the cards compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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

    A sample with no spread (every difference equal) has a zero-width interval; its p-value is 0 unless
    the common value is 0. Fewer than two values give an unbounded interval.
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, float("-inf"), float("inf"), 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, float("-inf"), float("inf"), 1)
    if all(value == values[0] for value in values):
        return Estimate(mean, mean, mean, n, 1.0 if mean == 0 else 0.0)
    from scipy import stats

    result = stats.ttest_1samp(values, 0.0)
    interval = result.confidence_interval(CONFIDENCE)
    return Estimate(mean, float(interval.low), float(interval.high), n, float(result.pvalue))


def proportion_interval(successes: float, n: int) -> Estimate:
    """A rate with its Wilson interval. Shared wins count as fractions; the interval uses the rounded count."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    from scipy import stats

    interval = stats.binomtest(round(successes), n).proportion_ci(CONFIDENCE, method="wilson")
    return Estimate(successes / n, float(interval.low), float(interval.high), n)


def adjust(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values: flag those below the false discovery rate you accept."""
    if not p_values:
        return []
    from scipy import stats

    return [float(p) for p in stats.false_discovery_control(list(p_values), method="bh")]
