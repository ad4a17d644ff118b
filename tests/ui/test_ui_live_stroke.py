"""The live spatula's clock: which physics steps run when, with the blade where the pointer
was at each step's moment (a recording stroke stands in for the table)."""

from __future__ import annotations

import pytest

from wokphysics.table.gesture import Gesture
from wokphysics.ui.live_stroke import LiveSpatula, PointerTrack

DT = 0.01


class Recorder:
    """A stroke that records where it was moved, one physics step per move."""

    def __init__(self, x: float, y: float) -> None:
        self.samples = [(0.0, x, y)]

    def move_to(self, x: float, y: float) -> None:
        self.samples.append((len(self.samples) * DT, x, y))

    @property
    def gesture(self) -> Gesture:
        return Gesture(self.samples)


def _live(t0: float = 5.0) -> tuple[LiveSpatula, Recorder]:
    stroke = Recorder(0.0, 0.0)
    return LiveSpatula(stroke, PointerTrack(t0, 0.0, 0.0), DT, 20000.0), stroke


def test_each_step_puts_the_blade_where_the_pointer_was_at_its_moment() -> None:
    live, stroke = _live()
    live.pointer(5.0 + 0.025, 25.0, 0.0)  # 1000 mm/s along x
    live.pointer(5.0 + 0.045, 45.0, 10.0)
    assert live.catch_up(5.045) == 4  # steps at 10, 20, 30, 40 ms; 50 ms has not come
    xs = [round(x, 9) for _, x, _ in stroke.samples]
    assert xs == [0.0, 10.0, 20.0, 30.0, 40.0]
    assert stroke.samples[3][2] == pytest.approx(2.5)  # 30 ms: between 25 and 45 ms


def test_a_still_pointer_keeps_the_physics_running_up_to_the_last_read() -> None:
    live, stroke = _live()
    live.pointer(5.01, 10.0, 0.0)
    assert live.catch_up(5.015) == 1
    assert live.catch_up(5.0 + 0.1) == 9  # steps at 20 .. 100 ms, the pointer held
    assert {x for _, x, _ in stroke.samples[1:]} == {10.0}
    # A late event (stamped before the committed steps) moves on from the held point.
    committed = live.committed
    live.pointer(committed - 0.02, 30.0, 0.0)
    assert live.track.samples[-2] == (committed, 10.0, 0.0)
    assert live.track.samples[-1][0] > committed


def test_the_release_runs_whole_steps_up_to_it_at_the_pointers_speed() -> None:
    live, stroke = _live()
    live.pointer(5.012, 12.0, 0.0)
    live.catch_up(5.012)
    live.finish(5.0335, 33.5, 0.0)
    # floor(33.5 ms / 10 ms) = 3 steps, each where the pointer was (1000 mm/s): no short last
    # step that would slow the release.
    assert [round(x, 9) for _, x, _ in stroke.samples] == [0.0, 10.0, 20.0, 30.0]
    assert live.recent_speed(0.03) == pytest.approx(1000.0)


def test_a_pointer_faster_than_a_hand_is_followed_at_the_limit() -> None:
    stroke = Recorder(0.0, 0.0)
    live = LiveSpatula(stroke, PointerTrack(0.0, 0.0, 0.0), DT, 1000.0)
    live.pointer(0.01, 100.0, 0.0)  # 10 m/s
    live.catch_up(0.01)
    assert live.slowed
    assert stroke.samples[-1][1] == pytest.approx(1000.0 * 0.999 * DT)
