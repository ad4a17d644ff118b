"""Ratings from matches: the Bradley-Terry model on the Elo scale, with 95 % intervals.

Bot *i* has a strength ``p_i``; it beats bot *j* with probability ``p_i / (p_i + p_j)``, and
its rating is ``400 log10 p_i`` (so 400 points are 10 to 1 odds, as in Elo), relative to an
anchor bot given a fixed rating. The strengths are the maximum-likelihood fit (Hunter's MM
algorithm, 2004) of every pair's results, a drawn game (a shared win) half a win each. Each
pair also counts one drawn game it did not play: without it a bot that won every game of a
pair would be rated infinitely above the other (this "prior" of one draw is BayesElo's
habit too, and moves a rating by a few points in 400 games). The intervals are 1.96
standard errors from the fit's observed information (the anchor's rating is fixed, so the
others' intervals say how well each is placed against it).

>>> fit = bradley_terry(["a", "b"], {("a", "b"): (300.0, 400)}, anchor="b", anchor_rating=1000)
>>> round(fit["a"].rating), round(fit["b"].rating)   # 300 of 400: about 190 points better
(1190, 1000)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from wokphysics.batch.stats import Z95

ELO = 400.0 / math.log(10.0)
"""Rating points per unit of the natural-log strength."""
PRIOR_DRAWS = 1.0
"""Drawn games each pair is given besides the ones played (see the module docstring)."""


@dataclass(frozen=True)
class Rating:
    """A bot's rating and its 95 % interval, and the games it played."""

    rating: float
    low: float
    high: float
    games: int

    def to_data(self) -> dict[str, float | int]:
        return {"rating": round(self.rating, 1), "low": round(self.low, 1),
                "high": round(self.high, 1), "games": self.games}


def bradley_terry(names: Sequence[str], results: Mapping[tuple[str, str], tuple[float, int]],
                  anchor: str, anchor_rating: float = 1500.0,
                  iterations: int = 10_000) -> dict[str, Rating]:
    """Fit ratings to ``results[(a, b)] = (a's wins, games)`` (a shared win half each).

    Every bot must be connected to the anchor through pairs that played; ``anchor`` gets
    ``anchor_rating``.
    """
    index = {name: i for i, name in enumerate(names)}
    count = len(names)
    wins = np.zeros((count, count))
    games = np.zeros((count, count))
    for (a, b), (won, played) in results.items():
        i, j = index[a], index[b]
        wins[i, j] += won + PRIOR_DRAWS / 2
        wins[j, i] += played - won + PRIOR_DRAWS / 2
        games[i, j] += played + PRIOR_DRAWS
        games[j, i] += played + PRIOR_DRAWS
    total_wins = wins.sum(axis=1)
    strength = np.ones(count)
    for _ in range(iterations):
        sums = strength[:, None] + strength[None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            denominator = np.where(games > 0, games / sums, 0.0).sum(axis=1)
        new = np.where(denominator > 0, total_wins / np.maximum(denominator, 1e-300), strength)
        new /= np.exp(np.mean(np.log(new)))
        if np.max(np.abs(np.log(new) - np.log(strength))) < 1e-12:
            strength = new
            break
        strength = new
    theta = np.log(strength)
    theta -= theta[index[anchor]]
    # observed information of the log-strengths, the anchor's row and column dropped
    chance = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    weight = games * chance * (1.0 - chance)
    information = np.diag(weight.sum(axis=1)) - weight
    keep = [i for i in range(count) if i != index[anchor]]
    variance = np.zeros(count)
    if keep:
        reduced = information[np.ix_(keep, keep)]
        covariance = np.linalg.inv(reduced)
        variance[keep] = np.diag(covariance)
    played = (games - PRIOR_DRAWS * (games > 0)).sum(axis=1)
    found = {}
    for name, i in index.items():
        rating = anchor_rating + ELO * float(theta[i])
        half = Z95 * ELO * math.sqrt(max(0.0, float(variance[i])))
        found[name] = Rating(rating, rating - half, rating + half, int(round(played[i])))
    return found
