"""Driving the real window headless: a synthetic hand posts mouse events to the real event queue
as a virtual clock passes their moments; the window reads and stamps them itself.

The window runs under SDL's dummy video driver (tests/conftest.py). ``app.frame()`` waits for
the frame cap on the virtual clock (1/60 s), reading events as they arrive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from wokphysics.config.table import TableConfig
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.ui.app import App
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_on_fire.flip_band import FlipBands
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def solo_app(seed: int, size: str = "1024x640", extra: Sequence[str] = ()
             ) -> tuple[App, WokOnFireScene, WokOnFireGame]:
    """A window with one person and no bot, not autosaving, on a hand's virtual clock."""
    args = parse_play_args(["--seed", str(seed), "--players", "1", "--bots", "0", "--no-save",
                            "--size", size, *extra])
    app, _, _ = build_app(args, HandClock())
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    return app, scene, scene.game


def hand(app: App) -> HandClock:
    clock = app.clock
    assert isinstance(clock, HandClock)
    return clock


def screen_point(app: App, x: float, y: float) -> tuple[int, int]:
    sx, sy = app.renderer.map.to_screen(x, y)
    return round(sx), round(sy)


def post_drag(app: App, samples: Sequence[tuple[float, float, float]], button: int = 1) -> float:
    """The hand presses, moves through and releases along table-mm samples ``(t_s, x, y)``
    (from a moment after now); returns the release time on the app's clock."""
    points = [(t, screen_point(app, x, y)) for t, x, y in samples]
    return hand(app).drag(points, button, start_s=hand(app).now() + 0.001)


def post_click(app: App, x: float, y: float, button: int = 1) -> float:
    return post_drag(app, [(0.0, x, y), (0.05, x, y)], button=button)


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": ""}))


def frames_until_posted(app: App) -> int:
    """Frames until the hand has posted every scheduled event and the window read them."""
    frames = 0
    while hand(app).pending:
        app.frame()
        frames += 1
    app.frame()
    return frames + 1


def run_until_still(app: App, scene: WokOnFireScene, limit: int = 3000) -> int:
    """Frames until the hand is done and the cards are at rest again."""
    frames = frames_until_posted(app)
    while scene.playback is not None and frames < limit:
        app.frame()
        frames += 1
    assert scene.playback is None, "the cards never came to rest"
    return frames


def taught(bands: FlipBands, angle_deg: float) -> tuple[float, float]:
    """What the gauge teaches for a card at ``angle_deg`` to the flick: a depth in the middle
    of the longest run of depths that flip (mm; the depth bar's widest green stretch, so a
    hand a few millimetres off still has a band), and the middle of the speeds that flip
    there and at the measured depths beside it (or there alone, if they share none), mm/s."""
    runs = bands.depth_runs(angle_deg)
    assert runs, f"no depth flips a card at {angle_deg:.0f} degrees"
    first, last = max(runs, key=lambda run: (run[1] - run[0], run[1]))
    inside = [d for d in bands.depths if first <= d <= last]
    depth = inside[len(inside) // 2]
    near = [band for d in inside if abs(d - depth) <= 10.0
            for band in [bands.at(angle_deg, d)] if band is not None]
    low, high = max(b.low for b in near), min(b.high for b in near)
    if high < low:  # the depths beside share no speed: the band at the depth itself
        band = bands.at(angle_deg, depth)
        assert band is not None
        low, high = band.low, band.high
    return depth, math.sqrt(low * high)


def taught_flick() -> tuple[float, float]:
    """What the gauge teaches for a lengthwise flick with the shipped physics (:func:`taught`)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.ui.wok_on_fire.flip_band import bands_for

    bands = bands_for(load_config().physics.model_dump(mode="json"))
    assert bands is not None
    return taught(bands, 0.0)


FLICK_MS = 48
"""The test flick's fast part, ms: longer than the release window and a physics step, so the
table takes its speed from the fast part alone."""


def flick_samples(cfg_length: float, x: float, y: float) -> list[tuple[float, float, float]]:
    """A flick along +y at a card lying at (x, y) with its length along y, as the gauge
    teaches (:func:`taught_flick`): the blade slides under the near edge at 300 mm/s, then
    flicks at the band's middle over the last ``FLICK_MS`` and lets go at the taught depth;
    sampled every 4 ms as a mouse would report it."""
    depth, speed = taught_flick()
    edge = y - cfg_length / 2.0
    flick_from = edge + depth - speed * FLICK_MS / 1000.0
    start = min(flick_from, edge - 10.0) - 60.0
    samples = [(0.0, x, start)]
    t = 0.0
    while samples[-1][2] < flick_from - 1e-9:  # slide in at 300 mm/s
        t += 0.004
        samples.append((t, x, min(flick_from, start + 300.0 * t)))
    t_flick = samples[-1][0]
    for i in range(1, FLICK_MS // 4 + 1):  # the flick, at the band's middle
        samples.append((t_flick + 0.004 * i, x, flick_from + speed * 0.004 * i))
    return samples


def aimed_flick(app: App, x: float, y: float, card_angle: float, direction: float,
                speed: float, physics: TableConfig, under_mm: float = 15.0,
                lead_mm: float = 60.0, mouse_hz: float = 1000.0,
                ramp_s: float = 0.08) -> list[tuple[float, tuple[int, int]]]:
    """A hand's flick at a card lying at (x, y) turned ``card_angle``: moving along
    ``direction`` (rad), it speeds up over ``ramp_s`` to ``speed`` (mm/s), holds it over the
    last ``lead_mm`` and lets go with the blade's centre ``under_mm`` past the card's near
    edge. Mouse reports ``(t_s, pixel)`` at ``mouse_hz``."""
    rel = direction - card_angle
    half = (abs(physics.card.width_mm / 2.0 * math.cos(rel))
            + abs(physics.card.length_mm / 2.0 * math.sin(rel)))
    cx, cy = math.cos(direction), math.sin(direction)
    end = (x - cx * (half - under_mm), y - cy * (half - under_mm))
    ramp_mm = 0.5 * speed * ramp_s
    total = ramp_s + lead_mm / speed
    points = []
    for k in range(int(total * mouse_hz) + 1):
        t = k / mouse_hz
        s = 0.5 * speed * t * t / ramp_s if t <= ramp_s else ramp_mm + speed * (t - ramp_s)
        back = ramp_mm + lead_mm - s
        sx, sy = app.renderer.map.to_screen(end[0] - cx * back, end[1] - cy * back)
        points.append((t, (round(sx), round(sy))))
    return points
