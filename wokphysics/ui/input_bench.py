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
"""

from __future__ import annotations

import math
import os
import statistics

import numpy as np

from wokphysics.timing import percentile

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


def release_speed_errors(fps: int, flicks: int, seed: int = 1,
                         follow_wall: bool = True) -> list[float]:
    """Relative errors (release speed / hand speed - 1) of ``flicks`` flicks at ``fps``.

    ``follow_wall``: the frames' real work takes the machine's time, as for a person (the
    bench); False: time passes only by the frames' waits, so the result does not depend on
    the machine's load (the unit test of the measurement itself)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.practice.scene import PracticeScene
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.synthetic_hand import HandClock
    from wokphysics.ui.widgets import Text

    cfg = load_config()
    rng = np.random.default_rng(seed)
    hand = HandClock(follow_wall=follow_wall)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> PracticeScene:
        return PracticeScene(cfg, seed, renderer, text, app)

    app = App(WindowOptions(size=SIZE, fps=fps), on_table(cfg, new_scene), hand)
    scene = app.scene
    assert isinstance(scene, PracticeScene)
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
    ``12 * repeat`` flicks each."""
    figures: dict[str, float] = {}
    for fps in (30, 60, 144):
        errors = [100.0 * e for e in release_speed_errors(fps, 12 * max(1, repeat))]
        name = f"window.input_speed_error_{fps}fps"
        figures[f"{name}_p5_pct"] = percentile(errors, 0.05)
        figures[f"{name}_median_pct"] = statistics.median(errors)
        figures[f"{name}_p95_pct"] = percentile(errors, 0.95)
    return figures

