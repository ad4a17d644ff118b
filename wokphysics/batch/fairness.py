"""Is it fair? Tests of seats (or bots) against equal chances, with scipy.stats.

Given, for each category (a seat, a bot), its share of the win in every game and the seats it
filled there, :func:`fairness` answers a game designer's question in numbers and words:

- an **omnibus** chi-square test of all categories against their fair shares (the wins each
  would have on equal chances: ``1/players`` of the seats it played);
- per category, its win rate, its **difference from the fair share** in percentage points
  with a 95 % interval, and a p-value **corrected for multiplicity** (Holm's step-down
  correction over the categories: a 4-seat game tests 4 seats, so one p below 0.05 among
  them is no news unless it survives the correction);
- the **smallest gap the study would likely see** (80 % power at the corrected level), so
  "no difference detected" says how large a difference could still hide;
- one plain sentence.

Each category's rate and test:

- one seat per game and whole wins (a seat; a bot that fills one seat): the exact binomial
  test (``scipy.stats.binomtest``) and the Wilson interval;
- otherwise (a bot in several seats of one game, or shared wins counted 1/k): the games are
  the independent units, not the seats, so the rate is wins over seats with a
  **cluster-robust** standard error by game (a bot in 2 of 4 seats wins at most one of them:
  its seats are not independent trials), Student's t on ``games - 1`` degrees of freedom.

>>> result = fairness("seat", [("seat 1", [1, 0, 0, 0] * 50, [1] * 200),
...                            ("seat 2", [0, 1, 1, 1] * 50, [1] * 200)], players=2)
>>> round(result.omnibus_p, 6) < 1e-6, result.categories[0].difference_points
(True, -25.0)
>>> for part in result.sentence.split("; "):
...     print(part)
seat 1 wins 25.0 points less than a fair share (25.0 % against 50.0 %), p < 0.001 after correction
seat 2 wins 25.0 points more (75.0 %), p < 0.001.
"""

from __future__ import annotations

import math
import textwrap
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from wokphysics.batch.stats import Estimate, clustered_ratio, rate, t95

ALPHA = 0.05
"""The level of every test (after correction)."""

POWER = 0.8
"""The power at which :attr:`Fairness.detectable_points` is given."""


@dataclass(frozen=True)
class CategoryTest:
    """One seat's (or bot's) result against its fair share.

    Attributes:
        name: "seat 1", "greedy".
        wins: its wins (a shared victory counts 1/k).
        seats: the seats it played (games, for a seat).
        games: the games it played in.
        fair: its fair share (1/players).
        rate: its win rate per seat played, with a 95 % interval.
        p: the two-sided p-value of its rate against ``fair``.
        p_corrected: ``p`` after Holm's correction over the categories.
        test: "binomial" (exact), "clustered t" (by game), or "binomial by game" (a bot
            whose share was the same in every game: its games as the trials).
    """

    name: str
    wins: float
    seats: int
    games: int
    fair: float
    rate: Estimate
    p: float
    p_corrected: float
    test: str

    @property
    def difference_points(self) -> float:
        """Its rate minus the fair share, in percentage points."""
        return _points(self.rate.value - self.fair)

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "wins": _round(self.wins),
            "seats": self.seats,
            "games": self.games,
            "fair": _round(self.fair),
            "rate": self.rate.to_data(),
            "difference_points": {
                "value": _round(self.difference_points),
                "low": _round(_points(self.rate.low - self.fair)),
                "high": _round(_points(self.rate.high - self.fair)),
            },
            "p": _round(self.p),
            "p_corrected": _round(self.p_corrected),
            "test": self.test,
        }


@dataclass(frozen=True)
class Fairness:
    """The seats' (or bots') chances against equal ones (see the module docstring)."""

    subject: str
    players: int
    games: int
    categories: tuple[CategoryTest, ...]
    chi_square: float
    degrees: int
    omnibus_p: float
    detectable_points: float
    sentence: str

    def to_data(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "players": self.players,
            "games": self.games,
            "omnibus": {"test": "chi-square", "statistic": _round(self.chi_square),
                        "degrees_of_freedom": self.degrees, "p": _round(self.omnibus_p)},
            "correction": "Holm",
            "detectable_points": _round(self.detectable_points),
            "power": POWER,
            "categories": [category.to_data() for category in self.categories],
            "sentence": self.sentence,
        }


Category = tuple[str, Sequence[float], Sequence[int]]
"""A category's name, its share of the win in each game, and its seats in each game (0 in a
game it did not play)."""


def fairness(subject: str, categories: Sequence[Category], players: int) -> Fairness:
    """Test ``categories`` (seats or bots of ``players``-player games) against equal chances:
    each should win ``1/players`` of the seats it played. ``subject`` ("seat", "bot") names
    them in the sentence."""
    from scipy import stats

    fair = 1.0 / players
    tests = [_category_test(name, wins, seats, fair) for name, wins, seats in categories]
    games = max((len(wins) for _, wins, _ in categories), default=0)
    observed = [t.wins for t in tests]
    expected = [t.seats * fair for t in tests]
    total = math.fsum(observed)
    chi_square, omnibus_p, degrees = math.nan, math.nan, len(tests) - 1
    if degrees >= 1 and total > 0 and all(e > 0 for e in expected):
        # equal chances given the wins there were (every game has a winner in these games;
        # scaling keeps the test exact if one had none)
        scale = total / math.fsum(expected)
        result = stats.chisquare(observed, [e * scale for e in expected])
        chi_square, omnibus_p = float(result.statistic), float(result.pvalue)
    corrected = holm([t.p for t in tests])
    tests = [_with_corrected(t, p) for t, p in zip(tests, corrected, strict=True)]
    detectable = _detectable(tests, fair, len(tests))
    found = Fairness(subject, players, games, tuple(tests), chi_square, degrees, omnibus_p,
                     detectable, "")
    return replace(found, sentence=sentence(found))


def _category_test(name: str, wins: Sequence[float], seats: Sequence[int],
                   fair: float) -> CategoryTest:
    from scipy import stats

    # the games it played, as arrays (16 bytes a game: a list of pairs took about 70)
    played_w, played_s = array("d"), array("q")
    for w, s in zip(wins, seats, strict=True):
        if s > 0:
            played_w.append(float(w))
            played_s.append(int(s))
    games = len(played_w)
    won = math.fsum(played_w)
    seats_played = sum(played_s)
    if games == 0:
        return CategoryTest(name, 0.0, 0, 0, fair, rate(0, 0), math.nan, math.nan, "none")
    whole = all(s == 1 and w in (0.0, 1.0) for w, s in zip(played_w, played_s, strict=True))
    if whole:
        p = float(stats.binomtest(round(won), seats_played, fair).pvalue)
        return CategoryTest(name, won, seats_played, games, fair, rate(won, seats_played), p,
                            p, "binomial")
    estimate = clustered_ratio(played_w, played_s)
    value = estimate.value
    spread = (estimate.high - value) / t95(games - 1) if games > 1 else math.inf
    if spread == 0.0:
        # every game the same share (a bot that never won): no spread to measure, so the
        # games alone are the trials (the fewest independent ones), Wilson and exact binomial
        by_games = rate(value * games, games)
        p = float(stats.binomtest(round(value * games), games, fair).pvalue)
        estimate = Estimate(value, by_games.low, by_games.high, seats_played)
        return CategoryTest(name, won, seats_played, games, fair, estimate, p, p,
                            "binomial by game")
    elif math.isfinite(spread):
        p = float(2 * stats.t.sf(abs(value - fair) / spread, games - 1))
        estimate = Estimate(value, max(0.0, estimate.low), min(1.0, estimate.high),
                            seats_played)
    else:
        p = math.nan
    return CategoryTest(name, won, seats_played, games, fair, estimate, p, p, "clustered t")


def _with_corrected(test: CategoryTest, p: float) -> CategoryTest:
    return replace(test, p_corrected=p)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down correction: the ``i``-th smallest of ``m`` p-values times ``m - i``,
    kept non-decreasing, at most 1 (NaN stays NaN). It controls the chance of any false
    finding among the ``m`` tests, as Bonferroni's does, and rejects at least as often.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    ranked = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(ranked)
    out = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, index) in enumerate(ranked):
        running = max(running, min(1.0, (m - rank) * p))
        out[index] = float(f"{running:.12g}")
    return out


def _detectable(tests: Sequence[CategoryTest], fair: float, count: int) -> float:
    """The gap from the fair share (points) that the smallest category would show with
    :data:`POWER` at the Bonferroni level (Holm's first step): gaps under it could go unseen."""
    from scipy import stats

    sizes = [t.seats for t in tests if t.seats > 0]
    if not sizes:
        return math.nan
    level = ALPHA / max(1, count)
    z = float(stats.norm.ppf(1 - level / 2) + stats.norm.ppf(POWER))
    return _points(z * math.sqrt(fair * (1 - fair) / min(sizes)))


def sentence(result: Fairness) -> str:
    """What the test says, in one sentence (see the module docstring)."""
    subject = result.subject
    found = [t for t in result.categories if t.p_corrected < ALPHA]
    if found:
        parts = []
        for number, test in enumerate(found):
            gap = test.difference_points
            side = "less" if gap < 0 else "more"
            if number == 0:
                parts.append(
                    f"{test.name} wins {abs(gap):.1f} points {side} than a fair share "
                    f"({_percent(test.rate.value)} against {_percent(test.fair)}), "
                    f"{_p(test.p_corrected)} after correction"
                )
            else:
                parts.append(f"{test.name} wins {abs(gap):.1f} points {side} "
                             f"({_percent(test.rate.value)}), {_p(test.p_corrected)}")
        return "; ".join(parts) + "."
    plural = f"{subject}s"
    unseen = (f"with {result.games} games a gap under {result.detectable_points:.1f} points "
              f"could go unseen")
    if result.omnibus_p < ALPHA:
        largest = max(result.categories, key=lambda t: abs(t.difference_points))
        return (f"the {plural} differ as a whole (chi-square {_p(result.omnibus_p)}), but no "
                f"single {subject}'s gap stands out after correction (the largest: "
                f"{largest.name}, {largest.difference_points:+.1f} points); {unseen}.")
    return f"no {subject} difference detected ({_p_omnibus(result)}); {unseen}."


def _p_omnibus(result: Fairness) -> str:
    if math.isnan(result.omnibus_p):
        return "too few games to test"
    return f"chi-square {_p(result.omnibus_p)}"


def _p(p: float) -> str:
    if math.isnan(p):
        return "p = -"
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.3f}"


def _percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def _points(value: float) -> float:
    return math.nan if math.isnan(value) else round(100 * value, 2)


def _round(value: float) -> float | None:
    if math.isnan(value):
        return None
    return float(f"{value:.6g}")


def table_lines(result: Fairness) -> list[str]:
    """The test as the text table prints it: a row per category, then the sentence."""
    omnibus = _p_omnibus(result)
    lines = [
        f"fairness of the {result.subject}s against {_percent(1 / result.players)} each "
        f"({omnibus}; p per {result.subject} Holm-corrected):",
        f"  {'':<12} {'win %':>6}  {'vs fair, points [95 %]':>24}  {'p':>7}",
    ]
    for test in result.categories:
        low = _points(test.rate.low - test.fair)
        high = _points(test.rate.high - test.fair)
        interval = f"{test.difference_points:+.1f} [{low:+.1f}, {high:+.1f}]"
        corrected = ("-" if math.isnan(test.p_corrected) else "<0.001"
                     if test.p_corrected < 0.001 else f"{test.p_corrected:.3f}")
        lines.append(f"  {test.name:<12} {100 * test.rate.value:>6.1f}  {interval:>24}  "
                     f"{corrected:>7}")
    # "p = 0.002" is never split over two lines (textwrap breaks at ASCII spaces only)
    glued = result.sentence.replace("p < ", "p\xa0<\xa0").replace("p = ", "p\xa0=\xa0")
    lines.extend(line.replace("\xa0", " ") for line in textwrap.wrap(
        glued, 78, initial_indent="  => ", subsequent_indent="     "))
    return lines

