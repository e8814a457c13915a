"""Intervals and tests for balance figures: every estimate carries its sample size.

Paired differences (same seeds, one thing changed) get a Student t interval of their mean and an exact sign-flip
permutation test: under "the change does nothing" each seed's difference is as likely to have either sign, so the
p-value is the share of the 2^n sign patterns whose sum lies at least as far from 0 as the observed one. It holds
for the differences a balance run makes, most of them exactly 0 (the seeds where the edited text never mattered)
and the rest lumpy, where a t test's normal tails do not; on ±1 differences (a card built in one game of a pair and
not the other) it is McNemar's exact test. Proportions get Wilson intervals, which stay inside [0, 1] near 0% and
100%; many p-values at once are corrected with Benjamini-Hochberg, so a stated false discovery rate holds across
the tests of a run. No scipy: importing scipy.stats costs 0.75 s of every run; tests compare these with it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
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
    sd: float = 0.0  # the sample's standard deviation (0 with fewer than two values)

    @property
    def width(self) -> float:
        return self.high - self.low


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of paired differences (or any sample) with a t interval and the exact sign-flip p-value of "no
    change" (sign_flip_p). A sample with no spread has a zero-width interval; its p-value is 2 ** (1 - n) when the
    common value is not 0 (every one of n differences on the same side), 1 when it is. Fewer than two values give an
    unbounded interval."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, float("-inf"), float("inf"), 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, float("-inf"), float("inf"), 1)
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    p = sign_flip_p(values)
    if sd == 0:
        return Estimate(mean, mean, mean, n, p)
    half = t_quantile(0.5 + CONFIDENCE / 2, n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, p, sd)


def t_test_p(values: Sequence[float]) -> float:
    """The one-sample t test's two-sided p-value of mean 0 (for comparison with the sign-flip test)."""
    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    if sd == 0:
        return 1.0 if mean == 0 else 0.0
    return 2 * t_sf(abs(mean) / (sd / math.sqrt(n)), n - 1)


# Sign-flip permutation test -------------------------------------------------------------------------------------

EXACT_CELLS = 50_000_000  # the exact count's work (differences times the span of their sums) before sampling
SAMPLED_FLIPS = 200_000
GRID_DENOMINATOR = 120  # scores are whole or half VP; any denominator dividing 120 is kept exact


def sign_flip_p(values: Sequence[float]) -> float:
    """Two-sided exact p-value of the sign-flip permutation test of "symmetric around 0".

    The differences are put on a whole-number grid (scores are whole or half VP), the zeros dropped (a 0 is the same
    under either sign), and the distribution of the sum under random signs counted exactly, value by value. Where
    that would be too much work, or a value lies off the grid, 200,000 sign patterns drawn from a fixed seed give it
    (deterministic: the same values, the same p)."""
    nonzero = [value for value in values if value != 0]
    if not nonzero:
        return 1.0
    scaled = on_grid(nonzero)
    if scaled is not None and len(scaled) * sum(scaled) <= EXACT_CELLS:
        observed = abs(sum(scaled))
        return exact_sign_flip_p([abs(value) for value in scaled], observed)
    return sampled_sign_flip_p(nonzero)


def on_grid(values: Sequence[float]) -> list[int] | None:
    """The values times the smallest denominator that makes them whole numbers, if one divides GRID_DENOMINATOR."""
    fractions = [Fraction(value).limit_denominator(GRID_DENOMINATOR) for value in values]
    if any(abs(float(fraction) - value) > 1e-9 for fraction, value in zip(fractions, values, strict=True)):
        return None
    scale = math.lcm(*(fraction.denominator for fraction in fractions))
    return [int(fraction * scale) for fraction in fractions]


def exact_sign_flip_p(sizes: Sequence[int], observed: int) -> float:
    """P(|sum of ±size| >= observed) under independent fair signs. With X the total size given a minus sign, the
    sum is T - 2X; X's distribution is built one size at a time (half the mass stays, half moves up by the size)."""
    import numpy

    total = sum(sizes)
    mass = numpy.zeros(total + 1)
    mass[0] = 1.0
    reach = 0
    for size in sorted(sizes):
        moved = mass[: reach + 1].copy()
        mass[: reach + 1] *= 0.5
        mass[size : size + reach + 1] += 0.5 * moved
        reach += size
    sums = total - 2 * numpy.arange(total + 1)
    return min(1.0, float(mass[numpy.abs(sums) >= observed].sum()))


def sampled_sign_flip_p(values: Sequence[float]) -> float:
    """The sign-flip p-value from random sign patterns of a fixed seed, counting the observed pattern itself (so
    never 0)."""
    import numpy

    generator = numpy.random.default_rng(20261206)
    data = numpy.asarray(values, dtype=float)
    observed = abs(data.sum()) * (1 - 1e-12)
    hits = 0
    for start in range(0, SAMPLED_FLIPS, 10_000):
        signs = generator.integers(0, 2, size=(min(10_000, SAMPLED_FLIPS - start), len(data))) * 2 - 1
        hits += int((numpy.abs(signs @ data) >= observed).sum())
    return (hits + 1) / (SAMPLED_FLIPS + 1)


# Student's t, without scipy --------------------------------------------------------------------------------------


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with df degrees of freedom (t >= 0), from the regularized incomplete beta function."""
    return 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t))


def t_quantile(probability: float, df: int) -> float:
    """The t quantile: Newton's method on t_sf from the normal quantile, to 1e-12."""
    if probability == 0.5:
        return 0.0
    if probability < 0.5:
        return -t_quantile(1 - probability, df)
    tail = 1 - probability
    t = max(NormalDist().inv_cdf(probability), t_quantile_95(df) if probability == 0.975 else 0.0)
    for _ in range(100):
        density = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)) * (
            1 + t * t / df
        ) ** (-(df + 1) / 2)
        step = (t_sf(t, df) - tail) / density
        t += step
        if abs(step) < 1e-12 * max(1.0, abs(t)):
            break
    return t


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1.0 - incomplete_beta(b, a, 1 - x)
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * result / a


class RunningMean:
    """A mean and its 95% t interval kept as values stream in (Welford's update), so a run of any length holds
    three numbers, not its sample."""

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
    """Student's t two-sided 95% quantile, quickly: the Cornish-Fisher expansion around the normal quantile, within
    0.13% of scipy's from 3 degrees of freedom (tests compare), the two smaller ones from a table. A streamed mean's
    interval (nus simulate) asks it once a line."""
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
    """Benjamini-Hochberg adjusted p-values: flag those below the false discovery rate you accept. The i-th smallest
    of m becomes p * m / i, made monotone from the largest down, at most 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda index: p_values[index])
    adjusted = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        index = order[rank - 1]
        running = min(running, p_values[index] * m / rank)
        adjusted[index] = running
    return adjusted


def seeds_to_resolve(sd: float, difference: float, alpha: float, power: float = 0.8) -> int | None:
    """Seeds whose paired differences, with this spread, would find a true `difference` at two-sided level `alpha`
    with the given power (the normal approximation): ((z_(1-alpha/2) + z_power) * sd / difference)^2. None without
    a spread to go on."""
    if sd <= 0 or difference <= 0:
        return None
    normal = NormalDist()
    z = normal.inv_cdf(1 - alpha / 2) + normal.inv_cdf(power)
    return max(2, math.ceil((z * sd / difference) ** 2))


def bootstrap_interval(
    statistic, samples: Sequence[Sequence[float]], draws: int = 2000, seed: int = 0
) -> tuple[float, float]:
    """A percentile bootstrap 95% interval of statistic(samples), resampling the seeds (the positions shared by every
    sample) with a fixed random stream, so the same data give the same interval."""
    rng = random.Random(seed)
    n = len(samples[0])
    found = []
    for _ in range(draws):
        picks = [rng.randrange(n) for _ in range(n)]
        found.append(statistic([[sample[pick] for pick in picks] for sample in samples]))
    found.sort()
    tail = (1 - CONFIDENCE) / 2
    return found[int(tail * draws)], found[min(draws - 1, int((1 - tail) * draws))]
