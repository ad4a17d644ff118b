"""Driving the real window headless: posted mouse and key events, frames with a fixed length.

The window runs under SDL's dummy video driver (tests/conftest.py). Events carry ``t_ms`` so a
gesture's timing is the test's, not the machine's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.ui.app import App
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.play_scene import PlayScene

FRAME_S = 1 / 60


def solo_app(seed: int, size: str = "900x600") -> tuple[App, PlayScene, WokOnFireGame]:
    """A window with one person and no bot, not autosaving."""
    args = parse_play_args(["--seed", str(seed), "--players", "1", "--bots", "0", "--no-save",
                            "--size", size])
    app, _, _ = build_app(args)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return app, scene, scene.game


def screen_point(app: App, x: float, y: float) -> tuple[int, int]:
    sx, sy = app.renderer.map.to_screen(x, y)
    return round(sx), round(sy)


def post_drag(app: App, samples: Sequence[tuple[float, float, float]], t0_ms: int = 1000,
              button: int = 1) -> None:
    """Post press, motions and release along table-mm samples ``(t_s, x, y)``."""
    last = len(samples) - 1
    for index, (t, x, y) in enumerate(samples):
        data: dict[str, object] = {"pos": screen_point(app, x, y), "t_ms": t0_ms + round(t * 1000)}
        if index == 0:
            kind = pygame.MOUSEBUTTONDOWN
            data["button"] = button
        elif index == last:
            kind = pygame.MOUSEBUTTONUP
            data["button"] = button
        else:
            kind = pygame.MOUSEMOTION
            data.update(rel=(0, 0), buttons=(1, 0, 0))
        pygame.event.post(pygame.event.Event(kind, data))


def post_click(app: App, x: float, y: float, button: int = 1) -> None:
    post_drag(app, [(0.0, x, y), (0.05, x, y)], button=button)


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": ""}))


def run_until_still(app: App, scene: PlayScene, limit: int = 3000) -> int:
    """Frames until the cards are at rest again (after one frame to read the events)."""
    app.frame(FRAME_S)
    frames = 1
    while scene.playback is not None and frames < limit:
        app.frame(FRAME_S)
        frames += 1
    assert scene.playback is None, "the cards never came to rest"
    return frames


def flick_samples(cfg_length: float, x: float, y: float) -> list[tuple[float, float, float]]:
    """A flick along +y that enters 10 mm before the near edge of a card lying at (x, y) with
    its length along y: a slow approach, then 1700 mm/s over the last 40 ms."""
    y0 = y - cfg_length / 2.0 - 10.0
    approach = [(0.1 + 0.01 * i, x, y0 - 60.0 + 6.0 * i) for i in range(1, 11)]
    flick = [(0.2 + 0.01 * i, x, y0 + 17.0 * i) for i in range(1, 5)]
    return [(0.0, x, y0 - 60.0), *approach, *flick]
