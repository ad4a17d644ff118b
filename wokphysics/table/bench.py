"""Speed figures of the physics table for ``wokphysics bench`` (medians of repeated runs)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

import numpy as np

from wokphysics.config.table import TableConfig
from wokphysics.config.wok_on_fire import WokOnFireConfig, load_config
from wokphysics.table.gesture import Gesture
from wokphysics.table.visibility import compute_visibility
from wokphysics.table.world import Table


def crowded_table(cfg: TableConfig, deck: Sequence[str], seed: int = 1) -> Table:
    """Every card of ``deck`` (50 in the game) lying in the wok at random poses, heavily
    overlapping, half face up."""
    table = Table(cfg, seed, deck)
    rng = np.random.default_rng(seed)
    reach = cfg.wok.width_mm / 2.0 - cfg.card.length_mm / 2.0
    for card_id in range(len(table.cards)):
        x, y = rng.uniform(-reach, reach, 2)
        table.place(card_id, float(x), float(y), float(rng.uniform(0, np.pi)), bool(card_id % 2))
    return table


def steps_per_second(cfg: TableConfig, deck: Sequence[str], steps: int = 2000) -> float:
    """Physics steps per second with 50 cards while the spatula sweeps through them."""
    table = crowded_table(cfg, deck)
    # A slow sweep corner to corner through the crowd, one live stroke step at a time.
    x0, y0, x1, y1 = -300.0, -250.0, 300.0, 250.0
    stroke = table.begin_stroke(x0, y0)
    start = time.perf_counter()
    for k in range(1, steps + 1):
        share = k / steps
        stroke.move_to(x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)
    elapsed = time.perf_counter() - start
    stroke.release()
    return steps / elapsed


def stir_and_settle(game_cfg: WokOnFireConfig, seed: int) -> tuple[float, float]:
    """(wall seconds, simulated seconds) of one flick into a wok dealt as a game starts, run to
    rest (through the live stroke: ``stir`` drives one)."""
    table = Table(game_cfg.physics, seed, game_cfg.deck())
    setup = game_cfg.rules.setup
    table.setup(
        setup.supply,
        position_jitter_mm=setup.position_jitter_mm,
        angle_jitter_rad=setup.angle_jitter_rad,
    )
    cfg = game_cfg.physics
    target = table.wok_cards()[0]
    y_edge = target.y - cfg.card.length_mm / 2.0 - 2.0
    # A slow approach to just before a card's near edge, then a flick in the flip band
    # (1380 mm/s over the last 40 ms), released under the card.
    gesture = Gesture(
        [(0.0, target.x, y_edge - 80.0), (0.3, target.x, y_edge), (0.34, target.x, y_edge + 55.2)]
    )
    start = time.perf_counter()
    report = table.stir(gesture)
    return time.perf_counter() - start, report.simulated_s


def bench_figures(repeat: int) -> dict[str, float]:
    from wokphysics.timing import bench_config_path

    game_cfg = load_config(bench_config_path())
    cfg, deck = game_cfg.physics, game_cfg.deck()
    figures: dict[str, float] = {}
    figures["table.steps_per_s_50_cards_spatula"] = statistics.median(
        steps_per_second(cfg, deck) for _ in range(repeat)
    )
    table = crowded_table(cfg, deck)
    crowded = table.cards
    times = []
    for _ in range(max(repeat, 1) * 10):
        start = time.perf_counter()
        compute_visibility(cfg, crowded, table.shapes)
        times.append(time.perf_counter() - start)
    figures["table.visibility_50_cards_ms"] = 1000.0 * statistics.median(times)
    runs = [stir_and_settle(game_cfg, seed) for seed in range(max(repeat, 3))]
    wall = statistics.median(r[0] for r in runs)
    simulated = statistics.median(r[1] for r in runs)
    figures["table.stir_and_settle_wall_ms"] = 1000.0 * wall
    figures["table.stir_and_settle_simulated_ms"] = 1000.0 * simulated
    figures["table.stir_and_settle_x_real_time"] = statistics.median(r[1] / r[0] for r in runs)
    return figures
