"""How faithfully the window passes a hand's speed to the table (``wokphysics bench``).

A synthetic hand (:class:`~wokphysics.ui.synthetic_hand.HandClock`) moves the mouse in a
straight line: it speeds up over ``RAMP_S`` to a steady speed, holds it for ``STEADY_S`` and
releases the button while still moving. Its events, whole pixels at ``MOUSE_HZ``, go through
the window's real event path (queue, stamping, the practice scene's live spatula) at 30, 60
or 144 frames per second; each frame's work takes the wall time it really took, during which
the hand's events queue up as they would (the hand's clock runs with the machine's during the
work and skips only the waits for the frame cap). The figure is the relative error between
the hand's steady speed and the blade's release speed on the table (``stroke.velocity()``),
over flicks at several speeds, directions and start phases (seeded).

The bursty figures (``window.bursty_flicks_*``, :func:`bursty_flicks`) replay delivery
patterns of a loaded machine around the release (frames busy up to 60 ms, events held up
before the window's queue and arriving at once) and count the flicks whose speed the window
read right, flagged as not read, or misread (more than 10 % off, not flagged): a panel that
never states a false speed has misread 0.
"""

from __future__ import annotations

import math
import os
import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from wokphysics.table.gesture import path_position
from wokphysics.timing import percentile

if TYPE_CHECKING:  # the window's parts are imported when a bench runs
    from wokphysics.config.wok_on_fire import WokOnFireConfig
    from wokphysics.ui.app import App
    from wokphysics.ui.practice.scene import PracticeScene
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.synthetic_hand import HandClock
    from wokphysics.ui.widgets import Text

MOUSE_HZ = 1000.0
RAMP_S = 0.08
STEADY_S = 0.2
SPEEDS_MM_S = (1000.0, 1500.0, 2000.0, 2500.0)
SIZE = (1280, 800)


def _hand_points(speed: float, direction: float, start: tuple[float, float],
                 to_screen: object) -> list[tuple[float, tuple[int, int]]]:
    """The hand's mouse reports (seconds from the press, whole pixels)."""
    assert callable(to_screen)
    points: list[tuple[float, tuple[int, int]]] = []
    total = RAMP_S + STEADY_S
    steps = int(total * MOUSE_HZ)
    cx, cy = math.cos(direction), math.sin(direction)
    for k in range(steps + 1):
        t = k / MOUSE_HZ
        if t <= RAMP_S:  # smooth start: distance of a linear speed ramp
            s = 0.5 * speed * t * t / RAMP_S
        else:
            s = 0.5 * speed * RAMP_S + speed * (t - RAMP_S)
        sx, sy = to_screen(start[0] + cx * s, start[1] + cy * s)
        points.append((t, (round(sx), round(sy))))
    return points


def _practice_window(seed: int, fps: int, follow_wall: bool) -> tuple[
    App, PracticeScene, HandClock, WokOnFireConfig
]:
    """The practice window of table ``seed`` on the dummy display at ``fps`` frames per
    second, its scene, the synthetic hand that drives it (``follow_wall``: see
    :func:`release_speed_errors`) and the config it plays."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.practice.scene import PracticeScene
    from wokphysics.ui.synthetic_hand import HandClock

    cfg = load_config()
    hand = HandClock(follow_wall=follow_wall)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> PracticeScene:
        return PracticeScene(cfg, seed, renderer, text, app)

    app = App(WindowOptions(size=SIZE, fps=fps), on_table(cfg, new_scene), hand)
    import pygame  # SDL's audio devices, announced to a process's 1st window only: not reports
    pygame.event.clear((pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED))
    scene = app.scene
    assert isinstance(scene, PracticeScene)
    return app, scene, hand, cfg


def release_speed_errors(fps: int, flicks: int, seed: int = 1,
                         follow_wall: bool = True) -> list[float]:
    """Relative errors (release speed / hand speed - 1) of ``flicks`` flicks at ``fps``.

    ``follow_wall``: the frames' real work takes the machine's time, as for a person (the
    bench); False: time passes only by the frames' waits, so the result does not depend on
    the machine's load (the unit test of the measurement itself)."""
    app, scene, hand, _ = _practice_window(seed, fps, follow_wall)
    rng = np.random.default_rng(seed)
    errors: list[float] = []
    try:
        for index in range(flicks):
            speed = SPEEDS_MM_S[index % len(SPEEDS_MM_S)]
            direction = float(rng.uniform(0.0, 2 * math.pi))
            # Start so the path stays on the table, away from the card in the middle.
            length = 0.5 * speed * RAMP_S + speed * STEADY_S
            start = (-math.cos(direction) * length / 2.0, -math.sin(direction) * length / 2.0)
            points = _hand_points(speed, direction, start, app.renderer.map.to_screen)
            phase = float(rng.uniform(0.0, 1.0 / fps))
            before = len(scene.state.log.flicks)
            hand.drag(points, start_s=hand.now() + phase)
            while hand.pending or not scene.state.still:
                app.frame()
            flicks_now = scene.state.log.flicks
            if len(flicks_now) > before:
                errors.append(flicks_now[-1].speed_mm_s / speed - 1.0)
    finally:
        import pygame

        pygame.display.quit()
    return errors


def bench_figures(repeat: int) -> dict[str, float]:
    """``window.input_speed_error_{30,60,144}fps_{p5,median,p95}`` (per cent) over
    ``12 * repeat`` flicks each, and ``window.bursty_flicks_{1000,125}hz_{right,flagged,
    misread}_pct`` over ``40 * repeat`` flicks of the bursty patterns (:func:`bursty_flicks`)
    from a 1000 Hz and a 125 Hz mouse."""
    figures: dict[str, float] = {}
    for fps in (30, 60, 144):
        errors = [100.0 * e for e in release_speed_errors(fps, 12 * max(1, repeat))]
        name = f"window.input_speed_error_{fps}fps"
        figures[f"{name}_p5_pct"] = percentile(errors, 0.05)
        figures[f"{name}_median_pct"] = statistics.median(errors)
        figures[f"{name}_p95_pct"] = percentile(errors, 0.95)
    for hz in (1000, 125):
        shares = bursty_shares(bursty_flicks(40 * max(1, repeat), mouse_hz=float(hz)))
        for key, value in shares.items():
            figures[f"window.bursty_flicks_{hz}hz_{key}"] = value
    return figures



# ---------------------------------------------------------------------- bursty delivery
BURSTY_SPEEDS_MM_S = (1000.0, 1400.0, 2000.0, 3000.0)
BUSY_MAX_S = 0.06
"""The most one frame's work takes around the release in the bursty patterns, s."""
BUSY_BEFORE_S = 0.3
BUSY_AFTER_S = 0.05
"""Frames from this long before the release to this long after it are busy, s."""
MISREAD = 0.10
"""A speed read more than this far (relative) from the hand's is misread, if not flagged."""



@dataclass(frozen=True)
class BurstyFlick:
    """One flick of the bursty patterns: the hand's speed as the table takes it (mm/s, from
    ``low`` to ``high``: see :func:`hand_speeds`), the speed the window read (mm/s), the
    longest batch among the samples that placed its release window (s), whether the window
    flagged the reading as unreliable, and the pattern (the frames' busy time around the
    release, s; the delivery stall before the window's queue, s)."""

    low_mm_s: float
    high_mm_s: float
    read_mm_s: float
    stall_s: float
    flagged: bool
    busy_s: float
    held_s: float

    @property
    def error(self) -> float:
        """How far (relative) the reading lies outside the hand's speeds (0 inside)."""
        if self.read_mm_s < self.low_mm_s:
            return self.read_mm_s / self.low_mm_s - 1.0
        if self.read_mm_s > self.high_mm_s:
            return self.read_mm_s / self.high_mm_s - 1.0
        return 0.0


def hand_speeds(points: list[tuple[float, tuple[int, int]]], start_s: float, release_s: float,
                grid_s: float, dt: float, window_s: float, to_table: object
                ) -> tuple[float, float]:
    """The hand's speed as the table takes it, from its reports at their true times: the
    blade's mean speed over the release window's physics steps (on the stroke's step grid,
    from ``grid_s``) ending at the last step before the true release, and ending one step
    earlier or later (a hand still speeding up at the release has no single speed: a release
    stamped a millisecond off moves the window by a step); (slowest, fastest), mm/s."""
    assert callable(to_table)
    samples: list[tuple[float, float, float]] = []
    previous = None
    for index, (t, pos) in enumerate(points):
        if pos != previous or index == len(points) - 1:  # a mouse reports new pixels
            samples.append((start_s + t, *to_table(*pos)))
        previous = pos
    window = max(1, round(window_s / dt))
    last = math.floor((release_s - grid_s) / dt + 1e-9)
    speeds = []
    for end in (last - 1, last, last + 1):
        x1, y1 = path_position(samples, grid_s + end * dt)
        x0, y0 = path_position(samples, grid_s + (end - window) * dt)
        speeds.append(math.hypot(x1 - x0, y1 - y0) / (window * dt))
    return min(speeds), max(speeds)


def _approach_and_flick(speed: float, ramp_s: float, hold_s: float, direction: float,
                        mouse_hz: float, to_screen: object
                        ) -> tuple[list[tuple[float, tuple[int, int]]], float]:
    """A person's flick: 150 ms of slow approach at 0.1 m/s, a speed-up over ``ramp_s`` to
    ``speed`` (mm/s; the speed rising linearly) and ``hold_s`` at it, let go while moving,
    across the table's middle; mouse reports of whole pixels at ``mouse_hz``. Returns the
    reports and the release's time from the press."""
    assert callable(to_screen)
    slow = 0.15
    total = slow + ramp_s + hold_s

    def distance(t: float) -> float:
        if t <= slow:
            return 100.0 * t
        if t <= slow + ramp_s:
            u = t - slow
            return 100.0 * slow + 100.0 * u + 0.5 * (speed - 100.0) * u * u / ramp_s
        return (100.0 * slow + 0.5 * (100.0 + speed) * ramp_s + speed * (t - slow - ramp_s))

    cx, cy = math.cos(direction), math.sin(direction)
    length = distance(total)
    start = (-cx * length / 2.0, -cy * length / 2.0)
    points = []
    steps = int(total * mouse_hz)
    for k in range(steps + 1):
        t = k / mouse_hz
        s = distance(t)
        sx, sy = to_screen(start[0] + cx * s, start[1] + cy * s)
        points.append((t, (round(sx), round(sy))))
    return points, points[-1][0]


def bursty_flicks(flicks: int, seed: int = 1, mouse_hz: float = 1000.0, fps: int = 60,
                  busy_max_s: float = BUSY_MAX_S, holds: bool = True) -> list[BurstyFlick]:
    """``flicks`` flicks through the window's real event path (practice scene, live spatula)
    on virtual time (a hand's slow approach, a speed-up of 30-60 ms to 1, 1.4, 2 or 3 m/s,
    0-60 ms at that speed, let go while moving: the speed-up often inside the release window),
    each with a seeded delivery pattern around its release: every frame from
    ``BUSY_BEFORE_S`` before the release to ``BUSY_AFTER_S`` after it takes up to
    ``busy`` longer (``busy`` drawn from 0 to ``busy_max_s``; the extra time falls in the
    frame's update or its drawing), and with ``holds`` for every second flick the events are
    held up before the window's queue (as an X server held off the cores delivers them) for up
    to ``BUSY_MAX_S`` somewhere in the last 100 ms, and then arrive at once. The figures do
    not depend on the machine's load."""
    app, scene, hand, cfg = _practice_window(seed, fps, follow_wall=False)
    import pygame

    rng = np.random.default_rng(seed)
    busy_window: list[float] = [0.0, 0.0, 0.0]  # from, to (hand clock), most busy time
    update, draw = scene.update, scene.draw

    def busy() -> float:
        now = hand.now()
        if busy_window[0] <= now <= busy_window[1]:
            return float(rng.uniform(0.0, busy_window[2]))
        return 0.0

    def busy_update(real_s: float, speed: float = 1.0) -> None:
        update(real_s, speed)
        hand.advance(busy() * float(rng.uniform(0.0, 1.0)))

    def busy_draw(surface: pygame.Surface) -> None:
        draw(surface)
        hand.advance(busy() * float(rng.uniform(0.0, 1.0)))

    scene.update = busy_update  # type: ignore[method-assign]
    scene.draw = busy_draw  # type: ignore[method-assign]
    results: list[BurstyFlick] = []
    try:
        for index in range(flicks):
            speed = BURSTY_SPEEDS_MM_S[index % len(BURSTY_SPEEDS_MM_S)]
            direction = float(rng.uniform(0.0, 2 * math.pi))
            ramp, hold_s = float(rng.uniform(0.03, 0.06)), float(rng.uniform(0.0, 0.06))
            points, release = _approach_and_flick(speed, ramp, hold_s, direction, mouse_hz,
                                                  app.renderer.map.to_screen)
            true_points = list(points)
            held = 0.0
            if holds and index % 2:
                held = float(rng.uniform(0.0, BUSY_MAX_S))
                ends = release - float(rng.uniform(0.0, 0.1)) + held
                points = [(max(t, ends) if ends - held <= t <= ends else t, pos)
                          for t, pos in points]
                points = _keep_order(points)
            start = hand.now() + float(rng.uniform(0.0, 1.0 / fps))
            most = float(rng.uniform(0.0, busy_max_s))
            busy_window[:] = [start + release - BUSY_BEFORE_S, start + release + BUSY_AFTER_S,
                              most]
            before = len(scene.state.log.flicks)
            hand.drag(points, start_s=start)
            grid = None  # when the window put the stroke's first physics step
            while hand.pending or not scene.state.still or scene.state.relay_in is not None:
                app.frame()
                live = scene.state.live
                if live is not None:
                    grid = live.track.start
            busy_window[:] = [0.0, 0.0, 0.0]
            reading = scene.state.last_reading
            if len(scene.state.log.flicks) > before and reading is not None and grid:
                physics = cfg.physics
                low, high = hand_speeds(true_points, start, start + release, grid,
                                        physics.physics.dt_s, physics.spatula.release_window_s,
                                        app.renderer.map.to_table)
                results.append(BurstyFlick(low, high, reading.speed_mm_s, reading.stall_s,
                                           not reading.reliable, most, held))
    finally:
        pygame.display.quit()
    return results


def _keep_order(points: list[tuple[float, tuple[int, int]]]
                ) -> list[tuple[float, tuple[int, int]]]:
    """Reports held up and released at once keep their order (a hair apart)."""
    kept: list[tuple[float, tuple[int, int]]] = []
    for t, pos in points:
        if kept and t <= kept[-1][0]:
            t = kept[-1][0] + 1e-6
        kept.append((t, pos))
    return kept


def bursty_shares(flicks: list[BurstyFlick]) -> dict[str, float]:
    """The shares (per cent) of flicks read right (within ``MISREAD`` of the hand, not
    flagged), flagged, and misread (off by more than ``MISREAD``, not flagged)."""
    count = max(1, len(flicks))
    right = sum(1 for f in flicks if not f.flagged and abs(f.error) <= MISREAD)
    flagged = sum(1 for f in flicks if f.flagged)
    misread = sum(1 for f in flicks if not f.flagged and abs(f.error) > MISREAD)
    return {"right_pct": 100.0 * right / count, "flagged_pct": 100.0 * flagged / count,
            "misread_pct": 100.0 * misread / count}
