"""Is B better than A? Paired differences of two configs played on the same seeds.

A comparison plays every game twice, once under each config, with the same seed (the same
deal, dice and bots' draws), so each game gives one *difference* B - A of every measure (a
seat's share of the win, the score per player, the game's length...). The mean difference
has a Student's t interval over the games (``scipy.stats``), which is much narrower than the
difference of two independent means when the configs share most of what happens (the paired
design's whole point). With it:

- the two-sided p-value of no difference (the paired t test, ``scipy.stats.ttest_1samp`` of
  the differences against 0);
- the smallest difference this many games would detect 4 times in 5 (80 % power at the 5 %
  level, from the differences' spread);
- the games that would detect the difference measured here as often.

>>> found = paired([10, 12, 9, 11, 10, 12], [11, 13, 10, 12, 11, 14])
>>> found.mean, found.games, round(found.p, 4)
(1.1666666666666667, 6, 0.0009)
>>> found.sentence("points")
'B - A = +1.17 points [0.738, 1.6], p < 0.001 (6 games)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ALPHA = 0.05
POWER = 0.8


@dataclass(frozen=True)
class Paired:
    """The mean of paired differences B - A with its 95 % interval, over ``games`` games.

    Attributes:
        mean_a, mean_b: each config's mean over the paired games.
        mean: the mean difference B - A; ``low``, ``high`` its 95 % interval.
        spread: the differences' standard deviation.
        p: the paired t test's two-sided p-value (1 when every difference is 0).
        detectable: the smallest difference ``games`` games would detect with 80 % power.
        games_needed: the games that would detect ``mean`` with 80 % power (None when the
            mean is 0).
    """

    mean_a: float
    mean_b: float
    mean: float
    low: float
    high: float
    spread: float
    games: int
    p: float
    detectable: float
    games_needed: int | None

    def to_data(self) -> dict[str, Any]:
        return {
            "a": _round(self.mean_a), "b": _round(self.mean_b),
            "difference": {"value": _round(self.mean), "low": _round(self.low),
                           "high": _round(self.high), "n": self.games},
            "spread": _round(self.spread), "p": _round(self.p),
            "detectable": _round(self.detectable), "games_needed": self.games_needed,
            "power": POWER,
        }

    def sentence(self, unit: str = "", scale: float = 1.0) -> str:
        """``B - A = +1.17 points [0.738, 1.6], p < 0.001 (6 games)``."""
        unit = f" {unit}" if unit else ""
        interval = "" if math.isnan(self.low) else (
            f" [{_short(self.low * scale)}, {_short(self.high * scale)}]")
        return (f"B - A = {self.mean * scale:+.3g}{unit}{interval}, {_p(self.p)} "
                f"({self.games} games)")


def paired(a: Sequence[float], b: Sequence[float]) -> Paired:
    """The paired comparison of ``b`` against ``a`` (the same games, in the same order);
    pairs with a NaN on either side are left out."""
    from scipy import stats

    pairs = [(float(x), float(y)) for x, y in zip(a, b, strict=True)
             if not (math.isnan(float(x)) or math.isnan(float(y)))]
    games = len(pairs)
    if games == 0:
        nan = math.nan
        return Paired(nan, nan, nan, nan, nan, nan, 0, nan, nan, None)
    differences = [y - x for x, y in pairs]
    mean_a = math.fsum(x for x, _ in pairs) / games
    mean_b = math.fsum(y for _, y in pairs) / games
    mean = math.fsum(differences) / games
    if games == 1:
        return Paired(mean_a, mean_b, mean, math.nan, math.nan, math.nan, 1, math.nan,
                      math.nan, None)
    spread = math.sqrt(math.fsum((d - mean) ** 2 for d in differences) / (games - 1))
    if spread == 0.0:  # every game moved by the same amount (0: the configs played alike)
        p = 1.0 if mean == 0.0 else 0.0
        return Paired(mean_a, mean_b, mean, mean, mean, 0.0, games, p, 0.0,
                      None if mean == 0.0 else 2)
    quantile = float(stats.t.ppf(1 - ALPHA / 2, games - 1))
    half = quantile * spread / math.sqrt(games)
    p = float(stats.ttest_1samp(differences, 0.0).pvalue)
    z = float(stats.norm.ppf(1 - ALPHA / 2) + stats.norm.ppf(POWER))
    detectable = z * spread / math.sqrt(games)
    needed = None if mean == 0.0 else max(2, math.ceil((z * spread / abs(mean)) ** 2))
    return Paired(mean_a, mean_b, mean, mean - half, mean + half, spread, games, p,
                  detectable, needed)


def _round(value: float) -> float | None:
    return None if math.isnan(value) else float(f"{value:.6g}")


def _short(value: float) -> str:
    return f"{value:.3g}"


def _p(p: float) -> str:
    if math.isnan(p):
        return "p = -"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
