"""Estimates with 95 % confidence intervals, for summaries and plots.

- A rate (win rate, share of stirs that flipped) uses the Wilson score interval: unlike
  ``p +- 1.96 sd`` it stays inside 0..1 and behaves for rates near 0 or 1 and small counts.
  A shared victory counts as ``1/k`` of a win for each of its ``k`` winners, so rates add up
  to 1 over the seats; the interval then treats the mean share as the observed rate.
- A mean (points, game length) uses Student's t interval, ``mean +- t * sd / sqrt(n)``.
- A median (how far flipped cards travel) uses the distribution-free interval between two
  order statistics (the sign test's: the count of values below the true median is
  Binomial(n, 1/2)); below 6 values there is none, and its ``n`` says how many values it
  came from.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t two-sided 95 % quantiles for 1 to 30 degrees of freedom (printed tables)."""


@dataclass(frozen=True)
class Estimate:
    """A value and its 95 % interval from ``n`` observations."""

    value: float
    low: float
    high: float
    n: int

    def to_data(self) -> dict[str, Any]:
        """JSON data, rounded to 6 significant digits (enough for any plot or table)."""
        return {
            "value": _round(self.value),
            "low": _round(self.low),
            "high": _round(self.high),
            "n": self.n,
        }


def _round(value: float) -> float | None:
    if math.isnan(value):
        return None
    return float(f"{value:.6g}")


def t95(degrees: int) -> float:
    """Student's t two-sided 95 % quantile for ``degrees`` degrees of freedom."""
    if degrees < 1:
        return math.inf
    if degrees <= len(_T95):
        return _T95[degrees - 1]
    # Cornish-Fisher expansion of t around the normal quantile: exact to 3 decimals here.
    z = Z95
    return z + (z**3 + z) / (4 * degrees) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * degrees**2)


def rate(successes: float, n: int) -> Estimate:
    """A rate of ``successes`` (may be fractional: shared wins) in ``n`` trials, Wilson 95 %."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = min(1.0, max(0.0, successes / n))
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At p = 0 (p = 1) the low (high) end is exactly 0 (1); computed, it was 6.9e-18.
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def mean(values: Iterable[float]) -> Estimate:
    """The mean of ``values`` (NaN left out), Student's t 95 %."""
    data = [float(v) for v in values if not math.isnan(float(v))]
    n = len(data)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = math.fsum(data) / n
    if n == 1:
        return Estimate(centre, math.nan, math.nan, 1)
    variance = math.fsum((v - centre) ** 2 for v in data) / (n - 1)
    half = t95(n - 1) * math.sqrt(variance / n)
    return Estimate(centre, centre - half, centre + half, n)


def count_mean(counts: Iterable[float]) -> Estimate:
    """The mean of independent counts (NaN left out; each a whole number >= 0, such as the
    cards one stir moved) with a 95 % interval that is never below 0 and never empty: the
    wider at each end of Student's t interval (which follows the counts' own spread, however
    overdispersed) and the exact Poisson interval for the mean (Garwood's, from the total:
    the least uncertainty a count carries, so that three stirs that each moved 5 cards do
    not read "5.00 [5.00, 5.00]" and none moving gives an upper end above 0).

    >>> found = count_mean([5, 5, 5])
    >>> found.value, round(found.low, 2), round(found.high, 2), found.n
    (5.0, 2.8, 8.25, 3)
    >>> found = count_mean([0, 0, 0, 0])
    >>> found.value, found.low, round(found.high, 3)
    (0.0, 0.0, 0.922)
    """
    from scipy import stats

    data = [float(v) for v in counts if not math.isnan(float(v))]
    n = len(data)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    total = math.fsum(data)
    low = float(stats.chi2.ppf(0.025, 2.0 * total)) / (2.0 * n) if total > 0 else 0.0
    high = float(stats.chi2.ppf(0.975, 2.0 * total + 2.0)) / (2.0 * n)
    spread = mean(data)
    if n > 1:
        low = min(low, max(0.0, spread.low))
        high = max(high, spread.high)
    return Estimate(total / n, low, high, n)


def median(values: Iterable[float]) -> Estimate:
    """The median of ``values`` (NaN left out) with its distribution-free 95 % interval
    ``[x(r), x(n + 1 - r)]`` of the sorted values, ``r`` the largest rank with
    ``P(Binomial(n, 1/2) < r) <= 2.5 %`` (at least 95 % coverage for any continuous
    distribution); NaN ends below 6 values, where even ``[x(1), x(n)]`` covers less.

    >>> median([3.0, 1.0, 2.0])
    Estimate(value=2.0, low=nan, high=nan, n=3)
    >>> found = median(range(20))
    >>> found.value, found.low, found.high, found.n
    (9.5, 5.0, 14.0, 20)
    """
    data = sorted(float(v) for v in values if not math.isnan(float(v)))
    n = len(data)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = (data[(n - 1) // 2] + data[n // 2]) / 2
    # Exactly, in whole numbers: P(Binomial(n, 1/2) <= rank) <= 1/40 while
    # 40 * (C(n, 0) + ... + C(n, rank)) <= 2^n.
    rank, term, total, whole = 0, 1, 1, 2**n
    while 40 * total <= whole:
        rank += 1
        term = term * (n - rank + 1) // rank
        total += term
    if rank == 0:
        return Estimate(centre, math.nan, math.nan, n)
    return Estimate(centre, data[rank - 1], data[n - rank], n)


POISSON_ZERO_95 = -math.log(0.025)
"""Garwood's exact two-sided 95 % upper bound for a Poisson count of 0, chi2(0.975, 2) / 2
= 3.69 (the "rule of three"'s exact form): after no event in an exposure of ``n``, the rate
may still be up to 3.69 / ``n``."""


def clustered_ratio(totals: Iterable[float], counts: Iterable[float]) -> Estimate:
    """``sum(totals) / sum(counts)`` with a 95 % interval that treats each *game* (a pair of
    ``totals[g]``, ``counts[g]``: the points of its seats and its seats, the stirs of a game
    that flipped a card and its stirs) as one independent observation, not each seat or stir.

    Measures taken several times within one game are not independent (the seats of a game
    share its deal, its stirs its table; 4 seats of which one wins are not 4 trials), so an
    interval over the seats or stirs as if they were is too narrow. The ratio's standard error
    is the cluster-robust one (by linearisation: the spread of ``totals[g] - ratio *
    counts[g]`` over the games), with Student's t on games - 1 degrees of freedom. Its ``n``
    is the number of games. Games with NaN or a count of 0 are left out.

    >>> round(clustered_ratio([3, 1, 2], [4, 4, 4]).value, 4)  # 6 of 12 seats
    0.5
    >>> clustered_ratio([2, 2, 2], [4, 4, 4]).high   # the same in every game: no spread
    0.5
    >>> round(clustered_ratio([0] * 200, [40] * 200).high, 6)  # no card in 8,000 stirs
    0.000461
    """
    # the games kept, as two arrays of doubles (16 bytes a game: a list of pairs of floats
    # took about 100, 10 MB of a 100,000-game study's driver)
    kept_t, kept_c = array("d"), array("d")
    for t, c in zip(totals, counts, strict=True):
        t, c = float(t), float(c)
        if not (math.isnan(t) or math.isnan(c)) and c > 0:
            kept_t.append(t)
            kept_c.append(c)
    games = len(kept_t)
    if games == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    total = math.fsum(kept_t)
    count = math.fsum(kept_c)
    value = total / count
    if total == 0 and all(t == 0 for t in kept_t):
        # nothing happened in any game: no spread to measure ([0, 0] would claim certainty);
        # the upper end is Garwood's exact Poisson bound for a count of 0
        return Estimate(0.0, 0.0, POISSON_ZERO_95 / count, games)
    if games == 1:
        return Estimate(value, math.nan, math.nan, 1)
    residuals = math.fsum((t - value * c) ** 2 for t, c in zip(kept_t, kept_c, strict=True))
    error = math.sqrt(residuals / (games - 1) / games) / (count / games)
    half = t95(games - 1) * error
    return Estimate(value, value - half, value + half, games)
