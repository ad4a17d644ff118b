"""Never a false speed (issue 30 part 8), and the hand's limit (part 5): when the pointer's
samples stall in the release window the flick is played as measured but the panel says the
speed was not read; a stroke faster than a hand is told as flicked at the hand's limit.

The frames' extra work is put on the hand's virtual clock, so nothing here depends on this
machine's load."""

from __future__ import annotations

import math
import re

import pygame
from ui_helpers import aimed_flick, hand, solo_app

from wokphysics.ui.app import App
from wokphysics.ui.live_stroke import STALL_SHARE
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.practice.chart import draw_chart
from wokphysics.ui.practice.record import Flick
from wokphysics.ui.practice.scene import PracticeScene
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.flick_words import UNRELIABLE
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

WINDOW_S = 0.03
NUMBER = re.compile(r"\d\.\d+ m/s(?! limit)")


def _busy(app: App, busy_s: float) -> None:
    """Every frame's work takes ``busy_s`` longer (on the hand's virtual clock)."""
    scene = app.scene
    update = scene.update

    def busy_update(real_s: float, speed: float = 1.0) -> None:
        update(real_s, speed)
        hand(app).advance(busy_s)

    scene.update = busy_update  # type: ignore[method-assign]


def _practice(seed: int = 5) -> tuple[App, PracticeScene]:
    args = parse_play_args(["--practice", "--seed", str(seed), "--size", "1280x800",
                            "--no-save"])
    app, _, _ = build_app(args, HandClock())
    scene = app.scene
    assert isinstance(scene, PracticeScene)
    return app, scene


def _flick(app: App, scene: PracticeScene, speed: float, direction: float = math.pi / 2,
           under_mm: float = 60.0) -> Flick:
    card = next(c for c in scene.state.table.cards if c.location == "wok")
    points = aimed_flick(app, card.x, card.y, card.angle, direction, speed,
                         scene.state.cfg.physics, under_mm=under_mm)
    hand(app).drag(points, start_s=hand(app).now() + 0.01)
    while hand(app).pending or not scene.state.still or scene.state.relay_in is not None:
        app.frame()
    return scene.state.log.flicks[-1]


def test_a_flick_read_in_40_ms_batches_is_told_as_not_read_never_as_a_number() -> None:
    """Frames whose work takes 40 ms: the flick is played (the card flew or was pushed as the
    blade moved) but the panel does not state its speed; the chart puts it in the "?"
    column; the CSV row says so. A quiet window states the speed."""
    app, scene = _practice()
    quiet = _flick(app, scene, 1500.0)
    assert quiet.speed_read and scene.state.last_reading is not None
    assert NUMBER.search(scene.presenter.status), scene.presenter.status
    _busy(app, 0.04)
    busy = _flick(app, scene, 1500.0)
    assert not busy.speed_read and busy.depth_mm is not None
    status = scene.presenter.status
    assert UNRELIABLE in status and not NUMBER.search(status), status
    reading = scene.state.last_reading
    assert reading is not None and reading.stall_s > STALL_SHARE * WINDOW_S
    # The chart: the unread flick is a ring in the "?" column at its depth.
    pygame.font.init()
    surface = pygame.Surface((400, 400))
    plot = draw_chart(surface, Text(), surface.get_rect(), [busy], None)
    column = pygame.Rect(plot.right + 4, plot.top, 400 - plot.right - 8, plot.height)
    y = plot.bottom - round(plot.height * busy.depth_mm / 90.0)
    row = [surface.get_at((x, y))[:3] for x in range(column.left + 1, column.right - 1)]
    assert any(colour != (28, 24, 22) for colour in row), "a ring in the ? column"
    inside = [surface.get_at((x, y))[:3] for x in range(plot.left + 2, plot.right - 2)]
    assert all(colour[0] < 120 for colour in inside), "no dot at a speed"


def test_a_stroke_faster_than_a_hand_is_told_as_flicked_at_the_limit() -> None:
    app, scene = _practice()
    flick = _flick(app, scene, 7500.0, under_mm=60.0)
    reading = scene.state.last_reading
    assert reading is not None and reading.limited
    assert reading.speed_mm_s > 6000.0 and reading.played_mm_s == 6000.0
    assert flick.speed_mm_s > 6000.0  # the record keeps what the hand did
    status = scene.presenter.status
    assert "faster than a hand: flicked at the 6 m/s limit" in status, status


def _game_flick(busy_s: float, speed: float) -> str:
    app, scene, game = solo_app(seed=1, size="1280x800")
    assert isinstance(scene, WokOnFireScene)
    card = next(c for c in game.table.wok_cards()
                if not c.face_up and abs(math.remainder(c.angle, math.pi)) < 0.2)
    if busy_s:
        _busy(app, busy_s)
    points = aimed_flick(app, card.x, card.y, card.angle, math.pi / 2, speed,
                         scene.cfg.physics, under_mm=60.0)
    hand(app).drag(points, start_s=hand(app).now() + 0.01)
    frames = 0
    while (hand(app).pending or scene.ui.live is not None or scene.playback is not None
           or scene.ui.flick is not None) and frames < 3000:
        app.frame()
        frames += 1
    return scene.status


def test_the_game_panel_says_the_speed_was_not_read_or_was_the_hands_limit() -> None:
    status = _game_flick(0.0, 1500.0)
    assert status.startswith("Your flick left the hand at 1.5 m/s, "), status
    status = _game_flick(0.04, 1500.0)
    assert status.startswith(f"Your flick: {UNRELIABLE}, "), status
    assert not NUMBER.search(status)
    status = _game_flick(0.0, 7500.0)
    assert status.startswith("Your flick: faster than a hand: flicked at the 6 m/s limit, ")
