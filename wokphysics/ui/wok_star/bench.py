"""Frame times of Wok Star's window for ``wokphysics bench`` (never a timed test).

A 4-seat game of team bots runs through the real window loop (``App.frame``: events,
update, draw, flip) at 1280 x 800 under SDL's dummy video driver, 60 frames a second of game
time, with the pointer wandering over the table every frame (hover details). The setup is
played untimed; then ``FRAMES`` frames of the Action phase are timed: the sand runs, the
four bots place, give and serve on their own pace (about three steps a second between
them), dice and cards fly, the log grows. The wait for the frame cap is not counted.
"""

from __future__ import annotations

import math
import os
import statistics

from wokphysics.timing import FrameTimes, percentile

SIZE = (1280, 800)
FRAME_S = 1 / 60
FRAMES = 1800
"""Timed frames per run: 30 s of the Action phase."""


def _pointer(frame: int) -> tuple[int, int]:
    x = SIZE[0] / 2 + (SIZE[0] / 2 - 4) * math.sin(frame * 0.031)
    y = SIZE[1] / 2 + (SIZE[1] / 2 - 4) * math.sin(frame * 0.047 + 1.0)
    return round(x), round(y)


def frame_times(seed: int) -> tuple[list[float], list[float], int]:
    """Wall and thread-CPU milliseconds of each timed frame, and the engine steps taken."""
    import pygame

    from wokphysics.games.wok_star.model import Phase
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.pointer_clock import VirtualClock
    from wokphysics.ui.wok_star.play import StarSetup, star_factory
    from wokphysics.ui.wok_star.scene import StarScene

    app = App(WindowOptions(size=SIZE, mute=True),
              star_factory(StarSetup(("team",) * 4, seed)), VirtualClock())
    scene = app.scene
    assert isinstance(scene, StarScene)
    while scene.session.state.phase is not Phase.ACTION:
        app.frame(FRAME_S)
    steps = len(scene.session.state.history)
    frames = FrameTimes()
    for frame in range(FRAMES):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {
            "pos": _pointer(frame), "rel": (0, 0), "buttons": (0, 0, 0)}))
        frames.time(lambda: app.frame(FRAME_S))
    return frames.wall, frames.cpu, len(scene.session.state.history) - steps


THINKING_FRAMES = 240
"""Frames timed while the planner thinks, per run."""


def planner_frames(seed: int) -> tuple[list[float], list[float]]:
    """Frame times (wall, CPU ms) of a 2-seat game of planners from the first Purchase phase
    (team bots played the round before it off screen), counted only while a planner thinks
    in the worker process."""
    import pygame

    from wokphysics.games.wok_star.factory import new_wok_star
    from wokphysics.games.wok_star.model import Phase
    from wokphysics.games.wok_star.team_bot import TeamBot
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.pointer_clock import VirtualClock
    from wokphysics.ui.wok_star.scene import StarScene
    from wokphysics.ui.wok_star.session import StarSession

    state = new_wok_star(2, seed)
    initial = state.clone()
    bots = [TeamBot(0), TeamBot(1)]
    while state.phase is not Phase.PURCHASE:
        state.apply(bots[state.current_player].choose(state))
    times = [0.0] * len(state.history)

    def make(app: App) -> StarScene:
        session = StarSession(state, ("planner", "planner"), None, initial, times)
        return StarScene(session, app.text, app.sound)

    app = App(WindowOptions(size=SIZE, mute=True), make, VirtualClock())
    scene = app.scene
    assert isinstance(scene, StarScene)
    frames = FrameTimes()
    try:
        for frame in range(20 * THINKING_FRAMES):
            if (len(frames.wall) >= THINKING_FRAMES
                    or scene.session.state.phase is not Phase.PURCHASE):
                break
            thinking = scene.scheduler.thinking >= 0
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {
                "pos": _pointer(frame), "rel": (0, 0), "buttons": (0, 0, 0)}))
            frames.time(lambda: app.frame(FRAME_S), count=thinking)
    finally:
        scene.scheduler.thinker.close()
    return frames.wall, frames.cpu


def bench_figures(repeat: int) -> dict[str, float]:
    """``window.wok_star_frame_ms_median`` / ``_p99`` (wall ms per frame over every frame of
    ``repeat`` runs, seeds 1..repeat), the frame's CPU time (p99: what is left when other
    processes on a busy machine are not counted) and the engine steps per run."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    wall: list[float] = []
    cpu: list[float] = []
    steps: list[int] = []
    try:
        for run in range(max(1, repeat)):
            times, thread, taken = frame_times(seed=1 + run)
            wall.extend(times)
            cpu.extend(thread)
            steps.append(taken)
        thinking: list[float] = []
        thinking_cpu: list[float] = []
        for run in range(max(1, repeat)):
            pygame.display.quit()
            times, thread = planner_frames(seed=1 + run)
            thinking.extend(times)
            thinking_cpu.extend(thread)
    finally:
        pygame.display.quit()
    planner: dict[str, float] = {"window.wok_star_thinking_frames": float(len(thinking))}
    if thinking:
        planner["window.wok_star_thinking_frame_ms_median"] = statistics.median(thinking)
        planner["window.wok_star_thinking_frame_ms_p99"] = percentile(thinking, 0.99)
        planner["window.wok_star_thinking_frame_cpu_ms_p99"] = percentile(thinking_cpu, 0.99)
    return {
        **planner,
        "window.wok_star_frame_ms_median": statistics.median(wall),
        "window.wok_star_frame_ms_p99": percentile(wall, 0.99),
        "window.wok_star_frame_cpu_ms_median": statistics.median(cpu),
        "window.wok_star_frame_cpu_ms_p99": percentile(cpu, 0.99),
        "window.wok_star_steps_per_run": float(statistics.median(steps)),
    }
