"""How long the pointer's place may have been unknown (issue 30 part 8): each batch of
events may have taken its interval, or the time its reports took to make when they came in a
burst; between two reports of a moving pointer it was not seen. The live spatula judges a
release window by these."""

from __future__ import annotations

import pytest

from wokphysics.ui.live_stroke import STALL_SHARE, PointerTrack
from wokphysics.ui.pointer_clock import EventStamper

WINDOW_S = 0.03


def test_a_burst_of_reports_spans_at_least_a_millisecond_each() -> None:
    """A batch's events happened somewhere in its interval; a batch holding more reports
    than a 1000 Hz mouse makes in its interval, or several, was held up before the queue and
    came at once: it spans at least 1 ms per report, and several span the pointer's recent
    gap between reports each."""
    stamper = EventStamper(10.0)
    for k in range(1, 11):  # a 1000 Hz mouse read every 2 ms
        stamper.stamp(2, 10.0 + 0.002 * k)
    stamper.stamp(4, 10.024)
    assert stamper.batch_span_s == pytest.approx(0.004)
    stamper.stamp(30, 10.026)  # 30 reports read 2 ms after the last read
    assert stamper.batch_span_s == pytest.approx(0.030, rel=0.1)
    stamper.stamp(2, 10.066)  # a frame that held the window off for 40 ms
    assert stamper.batch_span_s == pytest.approx(0.040)
    # A 125 Hz mouse: its 5 reports held up and read at once stand for 40 ms.
    stamper = EventStamper(10.0)
    for k in range(1, 11):
        stamper.stamp(1, 10.0 + 0.008 * k)
        stamper.last_read += 0.002  # the empty reads in between
    stamper.stamp(5, stamper.last_read + 0.002)
    assert stamper.batch_span_s == pytest.approx(0.040, rel=0.1)


def _steady(track: PointerTrack, t0: float, t1: float, x0: float, speed: float,
            gap: float) -> float:
    """Reports every ``gap`` s from t0 to t1 at ``speed`` mm/s along x; returns the last x."""
    k = 1
    x = x0
    while t0 + k * gap <= t1 + 1e-12:
        x = x0 + speed * k * gap
        track.add(t0 + k * gap, x, 0.0, span_s=0.002)
        k += 1
    return x


def test_a_moving_pointers_stalled_reports_make_the_release_window_unknown() -> None:
    # A 1000 Hz mouse at 1.4 m/s, read every 2 ms: nothing stalls.
    track = PointerTrack(0.0, 0.0, 0.0, 0.002)
    _steady(track, 0.0, 0.2, 0.0, 1400.0, 0.001)
    assert track.stall(0.17, 0.2) == pytest.approx(0.002)
    # The same hand, its reports held up for 40 ms before the window's queue, then all at
    # once (stamped within 2 ms): the stall is the 40 ms beyond the mouse's rhythm.
    track = PointerTrack(0.0, 0.0, 0.0, 0.002)
    x = _steady(track, 0.0, 0.1, 0.0, 1400.0, 0.001)
    for k in range(1, 41):
        track.add(0.140 + k * 0.00005, x + 1.4 * k, 0.0, span_s=0.040)
    _steady(track, 0.142, 0.16, x + 56.0, 1400.0, 0.001)
    assert track.stall(0.13, 0.16) == pytest.approx(0.040, abs=0.002)
    assert track.stall(0.13, 0.16) > STALL_SHARE * WINDOW_S
    # A slow drag reported every 50 ms is a hand moving slowly, not a stall.
    track = PointerTrack(0.0, 0.0, 0.0, 0.002)
    _steady(track, 0.0, 0.8, 0.0, 80.0, 0.05)
    assert track.stall(0.7, 0.8) == pytest.approx(0.002)
