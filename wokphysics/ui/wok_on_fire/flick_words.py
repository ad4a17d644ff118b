"""What a person's flick was, in words: its speed (or that the speed could not be read, or
that it was faster than a hand and flicked at the hand's limit), how deep the blade was under
the card, and after a miss which of speed and depth was off, by the measured flip bands
(:mod:`.flip_band`). Shared by the game's panel and the practice table. No pygame here."""

from __future__ import annotations

import math
from dataclasses import dataclass

from wokphysics.table.cards import Card
from wokphysics.ui.wok_on_fire.flip_band import Band, FlipBands, approach_angle

UNRELIABLE = "speed not read: the window was held up as you flicked"
"""Said instead of a speed when the pointer's samples stalled in the release window."""


@dataclass(frozen=True)
class FlickReading:
    """A released flick as the panel tells it.

    ``speed_mm_s``: the release speed the stroke measured; ``played_mm_s``: the speed the
    flick was made at (the hand's limit for a faster stroke); ``reliable``: the pointer's
    samples in the release window were not stalled (else the measured speed is not told);
    ``card_id``, ``angle_deg``, ``depth_mm``: the card the blade was under (None: none), the
    flick's angle to its long axis (degrees) and how far under it the blade's leading edge
    was (mm); ``stall_s``: the longest batch among the pointer's samples that placed the
    release window (s, what ``reliable`` was judged by)."""

    speed_mm_s: float
    played_mm_s: float
    reliable: bool
    card_id: int | None = None
    angle_deg: float | None = None
    depth_mm: float | None = None
    stall_s: float = 0.0

    @property
    def limited(self) -> bool:
        return self.played_mm_s < self.speed_mm_s


def aimed_card(cards: dict[int, Card], depths: dict[int, float],
               forward: tuple[float, float], x: float, y: float
               ) -> tuple[int, float, float] | None:
    """Of the cards the blade is under at the release (``depths``), the one the flick was
    aimed at (nearest the blade's middle, the lowest id of equally near): its id, the flick's
    angle to its long axis (degrees) and the depth (mm)."""
    fx, fy = forward
    under = [cards[i] for i in depths if i in cards]
    if not under:
        return None
    card = min(under, key=lambda c: (round(abs(-(c.x - x) * fy + (c.y - y) * fx), 6), c.id))
    return card.id, approach_angle(card, fx, fy), depths[card.id]


def speed_words(reading: FlickReading, limit_mm_s: float, digits: int = 2) -> str:
    """"1.45 m/s" (``digits`` after the point), "faster than a hand: flicked at the 6 m/s
    limit", or that the speed could not be read."""
    if reading.limited:
        return f"faster than a hand: flicked at the {limit_mm_s / 1000.0:.0f} m/s limit"
    if not reading.reliable:
        return UNRELIABLE
    return f"{reading.speed_mm_s / 1000.0:.{digits}f} m/s"


def where_words(reading: FlickReading) -> str:
    """"38 mm under at 45 deg", or "no card on the blade"."""
    if reading.angle_deg is None or reading.depth_mm is None:
        return "no card on the blade"
    return f"{reading.depth_mm:.0f} mm under at {reading.angle_deg:.0f} deg"


def advice(bands: FlipBands | None, reading: FlickReading, flipped: bool) -> str | None:
    """After a flick that did not flip its card: which of speed and depth was off, in one
    line ("too slow for 38 mm under at 45 deg: flips at 1.30-1.90 m/s" / "38 mm under lifts
    it flat at 45 deg: go 60-80 mm under, or 10-30"). None after a flip, with no card on the
    blade, or when the bands are unknown."""
    if flipped or bands is None or reading.angle_deg is None or reading.depth_mm is None:
        return None
    angle, depth = reading.angle_deg, reading.depth_mm
    band = bands.at(angle, depth)
    where = f"{depth:.0f} mm under at {angle:.0f} deg"
    if band is None:
        runs = bands.depth_runs(angle)
        if not runs:
            return f"no depth flips a card at {angle:.0f} deg"
        best = bands.best(angle)
        runs.sort(key=lambda run: (best is None or not run[0] <= best[0] <= run[1],
                                   min(abs(depth - run[0]), abs(depth - run[1]))))
        places = [_run_words(run) for run in runs]
        text = f"{where} lifts it flat: go {places[0]} mm under"
        if len(places) > 1:
            text += ", or " + ", or ".join(places[1:]) + " mm"
        return text
    speed = reading.played_mm_s
    if not reading.reliable and not reading.limited:
        return f"at {where} it flips at {_range(band)}"
    if speed < band.low:
        return f"too slow for {where}: flips at {_range(band)}"
    if speed > band.high:
        return f"too fast for {where}: flips at {_range(band)}"
    return (f"in the band for {where} ({_range(band)}): at least 4 in 5 such flicks flip, "
            "not every one")


def flick_line(bands: FlipBands | None, reading: FlickReading, flipped: bool, launched: bool,
               limit_mm_s: float) -> str:
    """The practice table's one line after a flick: what happened, and after a miss which
    of speed and depth was off ("Not flipped (pushed): too slow for 38 mm under at 45 deg:
    flips at 1.30-1.90 m/s (yours 1.05 m/s).")."""
    speed = speed_words(reading, limit_mm_s)
    if reading.angle_deg is None:
        return f"{_capital(speed)}: no card was on the blade (slide under a card's edge first)."
    result = ("Flipped" if flipped else "Not flipped (tossed, landed the same way up)"
              if launched else "Not flipped (pushed)")
    hint = advice(bands, reading, flipped)
    if hint is None:
        return f"{result}: {speed}, {where_words(reading)}."
    if hint.startswith(("too slow", "too fast")):
        yours = (f"yours {reading.speed_mm_s / 1000.0:.2f} m/s" if not reading.limited
                 else speed)
        return f"{result}: {hint} ({yours})."
    if hint.startswith("in the band"):
        return f"{result}: {speed}, {hint}."
    return f"{result}: {hint} ({speed})."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _run_words(run: tuple[float, float]) -> str:
    first, last = run
    return f"{first:.0f}" if math.isclose(first, last) else f"{first:.0f}-{last:.0f}"


def _range(band: Band) -> str:
    return f"{band.low / 1000.0:.2f}-{band.high / 1000.0:.2f} m/s"
