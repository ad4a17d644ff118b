"""Frame times of the window for ``wokphysics bench`` (never a timed test).

The scene: all 50 cards lying in the wok (heavily overlapping, half face up), a flick through
the middle that launches several of them, drawn at 1280 x 800 under SDL's dummy video driver.
One frame is what the loop does per frame while the cards move: the physics steps that 1/60 s
of real time asks for (two at the shipped dt), the table and every card drawn (flying ones
squashed and scaled, with shadows), the spatula, and the display flip. The wait for the frame
cap is not counted.
"""

from __future__ import annotations

import os
import statistics
import time

from wokphysics.config.wok_on_fire import load_config
from wokphysics.table.gesture import Gesture
from wokphysics.timing import FrameTimes, percentile

FRAME_S = 1 / 60
SIZE = (1280, 800)


def flick_frame_times(seed: int = 1) -> tuple[list[float], list[float], list[float], int]:
    """Wall frame times (ms) of one flick through 50 cards until rest, the physics part of
    each (ms), the CPU time of each frame's thread (ms: without the time other processes
    took the core) and the most cards in the air at once."""
    import pygame

    from wokphysics.table.bench import crowded_table
    from wokphysics.ui.animation import LiveAction
    from wokphysics.ui.app import WindowOptions, load_sprites, open_window
    from wokphysics.ui.render import TableRenderer

    cfg = load_config()
    screen = open_window(WindowOptions(size=SIZE))
    renderer = TableRenderer(cfg.physics, load_sprites(cfg), screen.get_size())
    renderer.set_seats({0: "You", 2: "Bot 2 (strong)"}, None)
    table = crowded_table(cfg.physics, cfg.deck(), seed)
    # Warm the sprite caches the way a game's first frames do.
    renderer.draw(screen, table.cards)
    stroke = Gesture([(0.0, -40.0, -170.0), (0.25, -10.0, -80.0), (0.295, 0.0, -3.5)])
    action = LiveAction(table, table.begin_stir(stroke), stroke)
    times: list[float] = []
    physics: list[float] = []
    cpu: list[float] = []
    most_airborne = 0
    while not action.done:
        cpu_start = time.thread_time()
        start = time.perf_counter()
        action.advance(FRAME_S)
        physics.append(1000.0 * (time.perf_counter() - start))
        cards = action.cards()
        renderer.draw(screen, cards, spatula=action.spatula())
        pygame.display.flip()
        times.append(1000.0 * (time.perf_counter() - start))
        cpu.append(1000.0 * (time.thread_time() - cpu_start))
        most_airborne = max(most_airborne, sum(1 for c in cards if c.airborne))
    return times, physics, cpu, most_airborne


def live_drag_frame_times(seed: int = 1) -> tuple[list[float], list[float]]:
    """Wall times (ms) of the window's frames at 1280 x 800 while a hand drags the live blade
    slowly across a crowded wok (all 50 cards, heavily overlapping) for a second, pushing and
    sliding under cards as it goes, then flicks and lets go; the frames until rest included.

    The hand's clock follows the machine's during each frame's work and skips the waits for
    the frame cap, so a frame's time is its work: reading events, the physics steps the
    pointer's moments ask for, drawing, the flip. Returns the wall times and the frames'
    thread CPU times (ms: without the time other processes took the core)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.table.bench import crowded_table
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.practice.scene import PracticeScene
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.synthetic_hand import HandClock
    from wokphysics.ui.widgets import Text

    cfg = load_config()
    hand = HandClock(follow_wall=True)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> PracticeScene:
        table = crowded_table(cfg.physics, cfg.deck(), seed)
        return PracticeScene(cfg, seed, renderer, text, app,
                             table=table)

    app = App(WindowOptions(size=SIZE), on_table(cfg, new_scene), hand)
    scene = app.scene
    assert isinstance(scene, PracticeScene)
    for _ in range(3):  # warm the sprite caches as a game's first frames do
        app.frame()
    # 250 mm/s from the lower left across the middle, then 1.5 m/s over the last 60 mm.
    points: list[tuple[float, tuple[int, int]]] = []
    x, y, t = -220.0, -200.0, 0.0
    while t < 1.2:
        t += 0.001
        speed = 250.0 if t < 1.16 else 1500.0
        x += speed * 0.001 * 0.6
        y += speed * 0.001 * 0.8
        sx, sy = app.renderer.map.to_screen(x, y)
        points.append((t, (round(sx), round(sy))))
    hand.drag([(0.0, points[0][1]), *points], start_s=hand.now() + 0.005)
    times: list[float] = []
    cpu: list[float] = []
    while hand.pending or not scene.state.still:
        cpu_start = time.thread_time()
        start = time.perf_counter()
        app.frame()
        times.append(1000.0 * (time.perf_counter() - start))
        cpu.append(1000.0 * (time.thread_time() - cpu_start))
    return times, cpu


PLANNER_FRAMES = 240
"""Frames counted while Wok on Fire's planning bot thinks, per run (about four stirs)."""


def planner_thinking_frames(seed: int) -> tuple[list[float], list[float]]:
    """Frame times (wall, thread CPU ms) of a Wok on Fire window in which the planning bot
    (``plan``, its default budget) plays ``strong``, counted only while it thinks in the
    worker process (the pill drawn): its stirs and chops until :data:`PLANNER_FRAMES` were
    counted. The bots are hurried (Space), so the game moves on between its turns."""
    from wokphysics.ui.play import build_app, parse_play_args
    from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

    args = parse_play_args(["--seed", str(seed), "--players", "2", "--bots", "plan,strong",
                            "--no-save", "--mute", "--size", f"{SIZE[0]}x{SIZE[1]}"])
    app, _, _ = build_app(args)
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    scheduler = scene.scheduler
    frames = FrameTimes()
    try:
        for _ in range(40 * PLANNER_FRAMES):
            if len(frames.wall) >= PLANNER_FRAMES or scene.game.is_over:
                break
            scheduler.skip()
            thinking = scene.ui.bot_thinking_s is not None
            frames.time(lambda: app.frame(FRAME_S), count=thinking)
    finally:
        scheduler.close()
        app.close()
    return frames.wall, frames.cpu


def bench_figures(repeat: int) -> dict[str, float]:
    """``window.flick_50_cards_frame_ms_median`` / ``_p99`` (ms per frame, over all frames of
    ``repeat`` flicks, seeds 1..repeat), the physics part of a frame (median, p99), the
    drawing part (p99), the frame's CPU time (p99: what is left when other processes on a
    busy machine are not counted), the frame count of one flick and the most cards in the air;
    and the frames drawn while Wok on Fire's planning bot thinks
    (:func:`planner_thinking_frames`; ``window.wok_on_fire.thinking_frame_ms`` median, p99,
    CPU p99, and how many frames were counted)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    frames: list[float] = []
    physics: list[float] = []
    cpu: list[float] = []
    dragging: list[float] = []
    dragging_cpu: list[float] = []
    airborne = 0
    count = 0
    try:
        for run in range(max(1, repeat)):
            times, steps, thread, most = flick_frame_times(seed=1 + run)
            frames.extend(times)
            cpu.extend(thread)
            physics.extend(steps)
            airborne = max(airborne, most)
            count = len(times)
            wall, thread = live_drag_frame_times(seed=1 + run)
            dragging.extend(wall)
            dragging_cpu.extend(thread)
    finally:
        pygame.display.quit()
    planner: list[float] = []
    planner_cpu: list[float] = []
    try:
        for run in range(max(1, repeat)):
            wall, thread = planner_thinking_frames(seed=1 + run)
            planner.extend(wall)
            planner_cpu.extend(thread)
    finally:
        pygame.display.quit()
    from wokphysics.ui.input_bench import bench_figures as input_figures

    return {
        "window.wok_on_fire.thinking_frame_ms_median": statistics.median(planner),
        "window.wok_on_fire.thinking_frame_ms_p99": percentile(planner, 0.99),
        "window.wok_on_fire.thinking_frame_cpu_ms_p99": percentile(planner_cpu, 0.99),
        "window.wok_on_fire.thinking_frames": float(len(planner)),
        "window.live_drag_50_cards_frame_ms_median": statistics.median(dragging),
        "window.live_drag_50_cards_frame_ms_p99": percentile(dragging, 0.99),
        "window.live_drag_50_cards_frame_cpu_ms_p99": percentile(dragging_cpu, 0.99),
        **input_figures(repeat),
        "window.flick_50_cards_frame_ms_median": statistics.median(frames),
        "window.flick_50_cards_frame_ms_p99": percentile(frames, 0.99),
        "window.flick_50_cards_frame_cpu_ms_p99": percentile(cpu, 0.99),
        "window.flick_physics_ms_median": statistics.median(physics),
        "window.flick_physics_ms_p99": percentile(physics, 0.99),
        "window.flick_draw_ms_p99": percentile([f - p for f, p in zip(frames, physics,
                                                                       strict=True)], 0.99),
        "window.flick_frames_per_run": float(count),
        "window.flick_most_airborne_cards": float(airborne),
    }
