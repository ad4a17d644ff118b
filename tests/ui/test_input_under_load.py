"""A flick's speed reaches the table when other processes hold the cores.

On a busy machine the window reads its queue seldom: a frame's work stretches to tens of
milliseconds and the hand's reports pile up meanwhile, so the batch holding the release also
holds the flick's last reports. Those are stamped from the start of the batch at the pointer's
recent gap between reports (``EventStamper``); played on this machine with four busy loops on
its two cores (load 7-10), a real X pointer driven at 1.4 m/s left the hand at 15 % less
speed in median and a third of flicks missed the flip band, because the gap was still the
slow approach's. Here the frames' extra work is on the hand's virtual clock, so the figures
do not depend on this machine's load.
"""

from __future__ import annotations

import math

import numpy as np
from ui_helpers import hand

from wokphysics.ui.app import App
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.practice.scene import PracticeScene
from wokphysics.ui.synthetic_hand import HandClock


def _busy_practice(busy_s: float) -> tuple[App, PracticeScene]:
    args = parse_play_args(["--practice", "--seed", "5", "--size", "1280x800", "--no-save"])
    app, _, _ = build_app(args, HandClock())
    scene = app.scene
    assert isinstance(scene, PracticeScene)
    update = scene.update

    def busy_update(elapsed: float, speed: float) -> None:
        update(elapsed, speed)
        hand(app).advance(busy_s)  # the frame's work, stretched by the other processes

    scene.update = busy_update  # type: ignore[method-assign]
    return app, scene


def _human_flick(app: App, direction: float, speed: float, mouse_hz: float
                 ) -> list[tuple[float, tuple[int, int]]]:
    """A person's flick: a slow approach (150 ms at 0.1 m/s), a quick speed-up (30 ms) and
    120 ms at ``speed`` (mm/s), let go while moving; reports of whole pixels at ``mouse_hz``,
    away from the practice card."""
    slow, ramp, fast = 0.15, 0.03, 0.12
    cx, cy = math.cos(direction), math.sin(direction)
    length = 100.0 * slow + 0.5 * (100.0 + speed) * ramp + speed * fast
    start = (-cx * length / 2.0, -cy * length / 2.0)
    points = []
    for k in range(int((slow + ramp + fast) * mouse_hz) + 1):
        t = k / mouse_hz
        if t <= slow:
            s = 100.0 * t
        elif t <= slow + ramp:
            u = t - slow
            s = 100.0 * slow + 100.0 * u + 0.5 * (speed - 100.0) * u * u / ramp
        else:
            s = 100.0 * slow + 0.5 * (100.0 + speed) * ramp + speed * (t - slow - ramp)
        sx, sy = app.renderer.map.to_screen(start[0] + cx * s, start[1] + cy * s)
        points.append((t, (round(sx), round(sy))))
    return points


def test_a_flick_leaves_the_hand_at_its_speed_while_frames_take_30_ms() -> None:
    """Frames whose work takes 30 ms (events read in batches of 30 ms or more): every flick
    at 1.4 m/s from a 1000 Hz mouse, after a slow approach, leaves the blade within 6 % of the
    hand's speed (it was 8-36 % slow: the release batch was stamped at the approach's gap).
    A 125 Hz mouse is not held to this: where its last reports fell within their 8 ms is not
    known (docs/ui.md, Known limits)."""
    mouse_hz = 1000.0
    app, scene = _busy_practice(0.03)
    rng = np.random.default_rng(3)
    errors = []
    for _ in range(8):
        points = _human_flick(app, float(rng.uniform(0, 2 * math.pi)), 1400.0, mouse_hz)
        before = len(scene.state.log.flicks)
        hand(app).drag(points, start_s=hand(app).now() + float(rng.uniform(0, 0.03)))
        while hand(app).pending or not scene.state.still:
            app.frame()
        assert len(scene.state.log.flicks) == before + 1
        errors.append(scene.state.log.flicks[-1].speed_mm_s / 1400.0 - 1.0)
    assert all(abs(error) < 0.06 for error in errors), [f"{e:+.1%}" for e in errors]
