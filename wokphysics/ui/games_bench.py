"""Frame times of the launcher and the turn-based games' windows, for ``wokphysics bench``.

Each figure runs the real window loop (``App.frame``: events, update, draw, flip) at
1280 x 800 under SDL's dummy video driver, with the pointer moving over the window every frame
(hover outlines and tooltips) and, in a game, bots playing at 6 steps a second so the still
picture is redrawn and cards and coins fly often: a busier window than a person's game. The
wait for the frame cap is not counted. Figures are in milliseconds per frame, over every frame
of ``repeat`` runs.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.timing import FrameTimes, percentile

if TYPE_CHECKING:
    from wokphysics.ui.front_ends import FrontEnd

SIZE = (1280, 800)
FRAME_S = 1 / 60
GAME_FRAMES = 900
LAUNCHER_FRAMES = 300


def _pointer(frame: int) -> tuple[int, int]:
    """A pointer wandering over the whole window (a Lissajous path, 1 px steps at least)."""
    x = SIZE[0] / 2 + (SIZE[0] / 2 - 4) * math.sin(frame * 0.031)
    y = SIZE[1] / 2 + (SIZE[1] / 2 - 4) * math.sin(frame * 0.047 + 1.0)
    return round(x), round(y)


def _time_frames(step: Callable[[int], None], frames: int) -> tuple[list[float], list[float]]:
    """Wall and thread-CPU milliseconds of ``frames`` calls of ``step(frame)``."""
    times = FrameTimes()
    for frame in range(frames):
        times.time(partial(step, frame))
    return times.wall, times.cpu


def _move(pos: tuple[int, int]) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))


def wwwy_frames(seed: int) -> tuple[list[float], list[float], int]:
    """Frame times of a 4-bot We Will Wok You game at 1280 x 800 (wall, CPU) and the engine
    steps taken."""
    from wokphysics.games.we_will_wok_you.info import INFO
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.turn.scene import TurnScene
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.we_will_wok_you.scene import wwwy_scene

    def make(app: App) -> TurnScene:
        session = TurnSession.new(INFO.name, ["greedy"] * 4, seed)
        scene = wwwy_scene(session, app.text, app.sound)
        scene.scheduler.turn_pause_s = scene.scheduler.step_pause_s = 1 / 6
        return scene

    app = App(WindowOptions(size=SIZE, mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)  # the first frame draws every card face once

    def step(frame: int) -> None:
        _move(_pointer(frame))
        app.frame(FRAME_S)

    wall, cpu = _time_frames(step, GAME_FRAMES)
    return wall, cpu, scene.session.steps


THINKING_FRAMES = 240
"""Frames timed while a search bot thinks, per run (about four seconds of thinking)."""
MOST_FRAMES = 6000
"""Frames a run may take to see that many (the bots' other steps are drawn meanwhile)."""


def search_windows() -> list[tuple[FrontEnd, str]]:
    """The turn games whose window seats a search bot, each with that bot's plain name (its
    default budget): every front end of the registry with a turn scene and a bot that takes
    a budget (Wok Star's window is timed by :mod:`wokphysics.ui.wok_star.bench`)."""
    from wokphysics.ui.front_ends import FRONT_ENDS

    found: list[tuple[FrontEnd, str]] = []
    for window in FRONT_ENDS:
        engine = window.game.turn_engine
        if window.turn_maker is not None and engine is not None and engine.budgeted:
            found.append((window, min(engine.budgeted)))
    return found


def thinking_frames(window: FrontEnd, bot: str, seed: int) -> tuple[list[float], list[float]]:
    """Frame times (wall, CPU ms) of a 2-bot game in ``window``, ``bot`` against the window's
    default bot, counted only while a bot thinks in the worker process (the pill drawn, the
    pointer moving)."""
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.turn.scene import TurnScene
    from wokphysics.ui.turn.session import TurnSession

    assert window.turn_maker is not None
    maker = window.turn_maker()
    game = window.game.name

    def make(app: App) -> TurnScene:
        session = TurnSession.new(game, [bot, window.default_bot], seed)
        scene = maker(session, app.text, app.sound, None, None)
        scene.scheduler.turn_pause_s = scene.scheduler.step_pause_s = 1 / 6
        return scene

    app = App(WindowOptions(size=SIZE, mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    frames = FrameTimes()
    try:
        for frame in range(MOST_FRAMES):
            if len(frames.wall) >= THINKING_FRAMES or scene.over:
                break
            thinking = scene.scheduler.thinking >= 0
            _move(_pointer(frame))
            frames.time(lambda: app.frame(FRAME_S), count=thinking)
    finally:
        scene.thinker.close()
    return frames.wall, frames.cpu


def launcher_frames() -> tuple[list[float], list[float]]:
    """Frame times of the launcher with the pointer moving and a choice changed every 20
    frames (the still picture redrawn)."""
    from wokphysics.ui.launcher.run import build_launcher
    from wokphysics.ui.launcher.scene import LauncherScene, Spot

    args = argparse.Namespace(size=f"{SIZE[0]}x{SIZE[1]}", fullscreen=False, mute=True,
                              max_frames=None, screenshot=None)
    app, _ = build_launcher(args, Path(os.devnull).parent)
    scene = app.scene
    assert isinstance(scene, LauncherScene)
    app.frame(FRAME_S)

    def step(frame: int) -> None:
        _move(_pointer(frame))
        if frame % 20 == 19:
            scene.click(Spot("game", (frame // 20) % len(scene.choices.games)))
        app.frame(FRAME_S)

    return _time_frames(step, LAUNCHER_FRAMES)


def bench_figures(repeat: int) -> dict[str, float]:
    """``window.wwwy.frame_ms_median`` / ``_p99`` / ``frame_cpu_ms_p99``, the engine steps in
    a run, and the same for the launcher; and the frames drawn while a search bot (at its
    default budget) thinks in each turn game's window that seats one
    (:func:`search_windows`; ``window.GAME.thinking_frame_ms`` median, p99, CPU p99, and how
    many frames were counted, GAME the game's name with underscores)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    game_wall: list[float] = []
    game_cpu: list[float] = []
    steps = 0
    launcher_wall: list[float] = []
    launcher_cpu: list[float] = []
    try:
        for run in range(max(1, repeat)):
            wall, cpu, steps = wwwy_frames(seed=1 + run)
            game_wall.extend(wall)
            game_cpu.extend(cpu)
            pygame.display.quit()
            wall, cpu = launcher_frames()
            launcher_wall.extend(wall)
            launcher_cpu.extend(cpu)
            pygame.display.quit()
    finally:
        pygame.display.quit()
    thinking: dict[str, float] = {}
    try:
        for window, bot in search_windows():
            short = window.game.name.replace("-", "_")
            frames: list[float] = []
            frames_cpu: list[float] = []
            for run in range(max(1, repeat)):
                wall, cpu = thinking_frames(window, bot, seed=1 + run)
                frames.extend(wall)
                frames_cpu.extend(cpu)
                pygame.display.quit()
            if frames:
                thinking[f"window.{short}.thinking_frame_ms_median"] = statistics.median(frames)
                thinking[f"window.{short}.thinking_frame_ms_p99"] = percentile(frames, 0.99)
                thinking[f"window.{short}.thinking_frame_cpu_ms_p99"] = percentile(
                    frames_cpu, 0.99)
            thinking[f"window.{short}.thinking_frames"] = float(len(frames))
    finally:
        pygame.display.quit()
    return {
        **thinking,
        "window.wwwy.frame_ms_median": statistics.median(game_wall),
        "window.wwwy.frame_ms_p99": percentile(game_wall, 0.99),
        "window.wwwy.frame_cpu_ms_p99": percentile(game_cpu, 0.99),
        "window.wwwy.steps_per_run": float(steps),
        "window.launcher.frame_ms_median": statistics.median(launcher_wall),
        "window.launcher.frame_ms_p99": percentile(launcher_wall, 0.99),
        "window.launcher.frame_cpu_ms_p99": percentile(launcher_cpu, 0.99),
    }
