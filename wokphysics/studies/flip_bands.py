"""Flip bands, and how sure their edges are.

An angle's *flip band* (at one release depth) is the widest run, by speed ratio, of
consecutive swept speeds where at least ``FLIP_SHARE`` of flicks flip the card. Read from 20
or 24 flicks a speed, a share of 0.75 or 0.85 is one flick either way, so an edge read from
the point estimates alone may sit a step or two from where the true curve crosses 80 %.

:func:`band_edges` says how far: it draws every speed's P(flip) from its Jeffreys posterior,
Beta(k + 1/2, n - k + 1/2) after k flips in n flicks (the distribution behind the Jeffreys
interval; every flick is a separate table, so the speeds' counts are independent and so are
their draws), finds the band of each draw, and gives each edge's 2.5 and 97.5 percentiles
over the draws that had a band (swept speeds, as the edges are), with the share of draws
that had one at all. :func:`shared_band_edges` does the same for the range several angles'
bands share: per draw, each angle's band from its own draws, then their overlap. The depth
is the one the measured curves chose (the interval says how far the edges at that depth may
move, not whether another depth would win). The draws come from a fixed seed, so
``summary.json`` is the same every time it is computed (a resumed sweep's report too).

>>> edges = band_edges([(1000.0, 2, 20), (1200.0, 19, 20), (1400.0, 20, 20),
...                     (1600.0, 17, 20), (1800.0, 3, 20)])
>>> edges.low.value, edges.high.value
(1200.0, 1600.0)
>>> edges.low.low <= 1200.0 <= edges.low.high and edges.high.low <= 1600.0 <= edges.high.high
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

FLIP_SHARE = 0.8
"""A speed is in an angle's flip band when at least this share of flicks flip the card."""
DRAWS = 2000
"""Posterior draws of every curve."""
SEED = 25
"""The draws' seed (fixed: a summary is the same however often it is computed)."""
FEWEST_WITH_BAND = 0.02
"""Below this share of draws with a band, an edge gets no interval (too few draws to place
its percentiles)."""

Cell = tuple[float, int, int]
"""One swept speed (mm/s), the flicks that flipped the card there, and the flicks."""


@dataclass(frozen=True)
class FlipBand:
    """The widest run of consecutive swept speeds (mm/s) flipping at least ``FLIP_SHARE``."""

    low: float
    high: float

    @property
    def ratio(self) -> float:
        return self.high / self.low

    @property
    def centre(self) -> float:
        """The geometric centre, mm/s."""
        return math.sqrt(self.low * self.high)

    def to_data(self) -> list[float]:
        return [self.low, self.high, round(self.ratio, 3)]


def band_of(speeds: Sequence[float], shares: Sequence[float]) -> FlipBand | None:
    """The widest (by speed ratio) run of consecutive speeds whose share is at least
    ``FLIP_SHARE``, or None (the first of equally wide runs)."""
    ordered = sorted(zip(speeds, shares, strict=True))
    inside = np.array([[share >= FLIP_SHARE for _, share in ordered]], dtype=bool)
    low, high = _widest([s for s, _ in ordered], inside)
    if math.isnan(low[0]):
        return None
    return FlipBand(float(low[0]), float(high[0]))


def shared_band(bands: Iterable[FlipBand | None]) -> FlipBand | None:
    """The speeds every band covers, or None."""
    found = list(bands)
    if not found or any(band is None for band in found):
        return None
    low = max(band.low for band in found if band is not None)
    high = min(band.high for band in found if band is not None)
    return FlipBand(low, high) if high >= low else None


def _widest(speeds: Sequence[float], inside: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``inside`` (rows x ascending ``speeds``), the low and high speed of its
    widest run of True by speed ratio (the first of equal ones); NaN for a row with none."""
    rows = inside.shape[0]
    values = np.asarray(speeds, dtype=float)
    start = np.full(rows, -1)
    best_low = np.full(rows, np.nan)
    best_high = np.full(rows, np.nan)
    best_ratio = np.zeros(rows)
    for column, speed in enumerate(values):
        here = inside[:, column]
        start = np.where(here, np.where(start < 0, column, start), -1)
        low = values[np.maximum(start, 0)]
        ratio = np.where(here, speed / low, 0.0)
        wider = here & (ratio > best_ratio)
        best_ratio = np.where(wider, ratio, best_ratio)
        best_low = np.where(wider, low, best_low)
        best_high = np.where(wider, speed, best_high)
    return best_low, best_high


@dataclass(frozen=True)
class Edge:
    """A band edge (mm/s): the measured one and its 95 % interval over the draws (None where
    the measured curve has no band, or too few draws had one)."""

    value: float | None
    low: float | None
    high: float | None

    def to_data(self) -> dict[str, float | None]:
        return {"value": self.value, "low": self.low, "high": self.high}

    def text(self) -> str:
        """``1200 [1100, 1300]``."""
        if self.value is None:
            return "none"
        if self.low is None or self.high is None:
            return f"{self.value:.0f}"
        return f"{self.value:.0f} [{self.low:.0f}, {self.high:.0f}]"


@dataclass(frozen=True)
class BandEdges:
    """Both edges of a band, and the share of posterior draws that had a band at all."""

    low: Edge
    high: Edge
    with_band: float

    def to_data(self) -> dict[str, Any]:
        return {"low": self.low.to_data(), "high": self.high.to_data(),
                "with_band": round(self.with_band, 4), "draws": DRAWS}


def band_edges(cells: Sequence[Cell]) -> BandEdges:
    """The band of one angle's ``cells`` (at one depth) with its edges' 95 % intervals."""
    return shared_band_edges([cells])


def shared_band_edges(angles: Sequence[Sequence[Cell]]) -> BandEdges:
    """The range every angle's band covers (each angle's ``cells``, at one depth), with its
    edges' 95 % intervals: per draw, every angle's band from its own draws, then their
    overlap."""
    none = Edge(None, None, None)
    if not angles or any(not cells for cells in angles):
        return BandEdges(none, none, 0.0)
    rng = np.random.default_rng(SEED)
    measured = shared_band(
        band_of([c[0] for c in cells], [c[1] / c[2] for c in cells]) for cells in angles
    )
    lows = np.full(DRAWS, -np.inf)
    highs = np.full(DRAWS, np.inf)
    for cells in angles:
        ordered = sorted(cells)
        flips = np.array([c[1] for c in ordered], dtype=float)
        trials = np.array([c[2] for c in ordered], dtype=float)
        drawn = rng.beta(flips + 0.5, trials - flips + 0.5, size=(DRAWS, len(ordered)))
        low, high = _widest([c[0] for c in ordered], drawn >= FLIP_SHARE)
        # a draw where any angle has no band has no shared band (np.maximum keeps its NaN)
        lows = np.maximum(lows, low)
        highs = np.minimum(highs, high)
    found = ~np.isnan(lows) & ~np.isnan(highs) & (highs >= lows)
    with_band = float(found.mean())
    if measured is None:
        return BandEdges(none, none, with_band)
    if with_band < FEWEST_WITH_BAND:
        return BandEdges(Edge(measured.low, None, None), Edge(measured.high, None, None),
                         with_band)
    return BandEdges(_edge(measured.low, lows[found]), _edge(measured.high, highs[found]),
                     with_band)


def _edge(value: float, drawn: np.ndarray) -> Edge:
    low, high = np.quantile(drawn, [0.025, 0.975], method="inverted_cdf")
    return Edge(value, float(low), float(high))
