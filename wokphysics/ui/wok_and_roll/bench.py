"""Frame times of Wok and Roll's window, for ``wokphysics bench`` (``--only
window.wok-and-roll``).

The real window loop (``App.frame``: events, update, draw, flip) at 1280 x 800 under SDL's
dummy video driver, a person and three greedy bots on the Expert Menu (the larger sheet),
the pointer moving over the window every frame (hover outlines and tooltips, with the reason
a serving cannot be cooked), bots playing at 6 steps a second and the person's step (chosen
by a greedy bot standing in, taken through the scene) every 10 frames: a busier window than a
person's game, with dice tumbling often. The wait for the frame cap is not counted. Figures
are in milliseconds per frame, over every frame of ``repeat`` runs.
"""

from __future__ import annotations

import os
import statistics

from wokphysics.timing import percentile

FRAMES = 900


def roll_frames(seed: int) -> tuple[list[float], list[float], int]:
    """Frame times (wall, CPU) of one run, and the engine steps taken."""
    from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.games_bench import SIZE, _move, _pointer, _time_frames
    from wokphysics.ui.turn.scene import TurnScene
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    def make(app: App) -> TurnScene:
        session = TurnSession.new("wok-and-roll", ["person", "greedy", "greedy", "greedy"],
                                  seed, {"expert": True})
        scene = wok_and_roll_scene(session, app.text, app.sound, app.restart)
        scene.scheduler.turn_pause_s = scene.scheduler.step_pause_s = 1 / 6
        return scene

    app = App(WindowOptions(size=SIZE, mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    stand_in = WokAndRollGreedyBot(seed)
    app.frame(1 / 60)

    def step(frame: int) -> None:
        if scene.over:
            app.restart()
        current = app.scene
        assert isinstance(current, TurnScene)
        if frame % 10 == 0 and current.person_to_act:
            current.perform([stand_in.choose(current.session.state)])
        _move(_pointer(frame))
        app.frame(1 / 60)

    wall, cpu = _time_frames(step, FRAMES)
    final = app.scene
    assert isinstance(final, TurnScene)
    return wall, cpu, final.session.steps


def bench_figures(repeat: int) -> dict[str, float]:
    """``window.wok_and_roll.frame_ms_median`` / ``_p99`` / ``frame_cpu_ms_p99`` and the
    engine steps of the last run."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    wall: list[float] = []
    cpu: list[float] = []
    steps = 0
    try:
        for run in range(max(1, repeat)):
            run_wall, run_cpu, steps = roll_frames(seed=1 + run)
            wall.extend(run_wall)
            cpu.extend(run_cpu)
            pygame.display.quit()
    finally:
        pygame.display.quit()
    return {
        "window.wok_and_roll.frame_ms_median": statistics.median(wall),
        "window.wok_and_roll.frame_ms_p99": percentile(wall, 0.99),
        "window.wok_and_roll.frame_cpu_ms_p99": percentile(cpu, 0.99),
        "window.wok_and_roll.steps_per_run": float(steps),
    }
