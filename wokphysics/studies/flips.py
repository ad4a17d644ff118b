"""How flicks flip cards: pure, seeded trials of the physics table, and their summary.

A trial (:func:`run_trial`) is one straight stroke of the spatula at constant speed, released
with the blade under a lone face-down card lying at a random place in the inner half of the
wok (``scenario="lone"``), or under the card nearest the centre of a wok dealt as a game starts
(``scenario="wok"``, which counts the cards one stir disturbs). The stroke approaches at
``angle_deg`` to the card's long axis from a random direction, starts ``lead_mm`` (at least
the release window plus two steps) before the card's near edge and is released when the
blade's edge is ``under_mm`` past it. Everything random in a trial (where the card lies, the
direction, the shuffle, the hand's tremor) comes from its seed, so a trial is a pure function
of its :class:`FlipTask`: any executor may run a grid of them in any order.

:func:`summarise` reduces results to one :class:`FlipPoint` per config variant, scenario,
angle and speed; :func:`flip_bands` finds, per angle, the widest run of speeds where at least
80 % of flicks flip the card, and the range the angles share.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from wokphysics.config.wok_on_fire import WokOnFireConfig, config_from_data, load_config
from wokphysics.errors import ConfigError
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.table.world import ActionReport, Table

LONE = "lone"
WOK = "wok"
SCENARIOS = (LONE, WOK)
FLIP_SHARE = 0.8
"""A speed is in an angle's flip band when at least this share of flicks flip the card."""

Override = tuple[str, float]


@dataclass(frozen=True)
class FlipTask:
    """One trial: a flick at ``speed_mm_s`` (mm/s) at ``angle_deg`` (degrees) to the card's
    long axis, seeded ``seed``, in ``scenario``, with config keys overridden (``section.key``,
    value) on top of the config at ``config_path`` (None: the shipped defaults)."""

    speed_mm_s: float
    angle_deg: float
    seed: int
    scenario: str = LONE
    overrides: tuple[Override, ...] = ()
    config_path: str | None = None
    under_mm: float = 15.0
    lead_mm: float = 40.0


@dataclass(frozen=True)
class FlipResult:
    """What one trial did to its target card (and, in the wok, to the others).

    ``travel_lengths`` is the target's straight travel from start to rest in card lengths;
    ``disturbed`` the number of cards that moved.
    """

    task: FlipTask
    flipped: bool
    launched: bool
    half_turns: int
    travel_lengths: float
    left_wok: bool
    disturbed: int
    release_speed_mm_s: float


def override_key(text: str) -> str:
    """Check a ``section.key`` of the config; returns it or raises ConfigError."""
    parts = text.split(".")
    if len(parts) != 2 or not all(parts):
        raise ConfigError("--vary", text, "name a config key as section.key, e.g. physics.friction")
    return text


@lru_cache(maxsize=64)
def task_config(config_path: str | None, overrides: tuple[Override, ...]) -> WokOnFireConfig:
    """The config of a task: the file (or the defaults) with ``overrides`` set; a bad key or
    value raises ConfigError naming it. Cached: a grid shares a handful of configs."""
    cfg = load_config(config_path)
    if not overrides:
        return cfg
    data: dict[str, Any] = cfg.to_data()
    for key, value in overrides:
        section, name = override_key(key).split(".")
        table = data.get(section)
        if not isinstance(table, dict) or name not in table:
            raise ConfigError("--vary", key, "no such config key")
        table[name] = value
    return config_from_data(data, "--vary")


def run_trial(task: FlipTask) -> FlipResult:
    """Run one trial (a pure function of ``task``)."""
    cfg = task_config(task.config_path, task.overrides)
    physics = cfg.physics
    rng = np.random.default_rng([task.seed, 1])
    heading = float(rng.uniform(0.0, 2.0 * math.pi))
    if task.scenario == LONE:
        table = Table(physics, task.seed, cfg.deck())
        reach_x, reach_y = physics.wok.width_mm / 4.0, physics.wok.depth_mm / 4.0
        x = float(rng.uniform(-reach_x, reach_x))
        y = float(rng.uniform(-reach_y, reach_y))
        # The card's long axis (its local y) lies at angle_deg to the stroke.
        angle = heading - math.pi / 2.0 + math.radians(task.angle_deg)
        table.place(0, x, y, angle, False)
        target = 0
    elif task.scenario == WOK:
        table = dealt_table(cfg, task.seed)
        card = min(table.wok_cards(), key=lambda c: math.hypot(c.x, c.y))
        target, x, y = card.id, card.x, card.y
        # Approach it at angle_deg to its long axis.
        heading = card.angle + math.pi / 2.0 - math.radians(task.angle_deg)
        heading += math.pi * float(rng.integers(2))
    else:
        raise ValueError(f"unknown scenario {task.scenario!r}; one of {', '.join(SCENARIOS)}")
    report = flick_under(table, target, heading, task.speed_mm_s, task.under_mm, task.lead_mm)
    length = physics.card.length_mm
    return FlipResult(
        task=task,
        flipped=target in report.flipped,
        launched=target in report.launched,
        half_turns=report.half_turns.get(target, 0),
        travel_lengths=report.travel.get(target, 0.0) / length,
        left_wok=target in report.left_wok,
        disturbed=len(report.moved),
        release_speed_mm_s=report.release_speed,
    )


def flick_under(
    table: Table,
    card_id: int,
    heading: float,
    speed: float,
    under_mm: float = 15.0,
    lead_mm: float = 40.0,
) -> ActionReport:
    """A straight stroke along ``heading`` (rad) at a constant ``speed`` (mm/s), driven live
    one physics step at a time, released with the blade's edge ``under_mm`` past the near edge
    of card ``card_id`` (through its centre); returns the stir's report."""
    cfg = table.cfg
    card = table.card(card_id)
    nx, ny = math.cos(heading), math.sin(heading)
    # Half the card's extent along the stroke: its near edge lies that far behind its centre.
    ux, uy = math.cos(card.angle), math.sin(card.angle)
    half = cfg.card.width_mm / 2.0 * abs(ux * nx + uy * ny) + cfg.card.length_mm / 2.0 * abs(
        -uy * nx + ux * ny
    )
    hop = speed * table.dt
    window = max(1, round(cfg.spatula.release_window_s / table.dt))
    # Whole steps from the start to the release point, enough for a full release window.
    reach = under_mm + max(lead_mm, (window + 2) * hop) + cfg.spatula.blade_thickness_mm / 2.0
    steps = max(window + 2, math.ceil(reach / hop))
    release = (card.x - nx * (half - under_mm), card.y - ny * (half - under_mm))
    start = (release[0] - nx * hop * steps, release[1] - ny * hop * steps)
    stroke = table.begin_stroke(*start)
    for k in range(1, steps + 1):
        stroke.move_to(start[0] + nx * hop * k, start[1] + ny * hop * k)
    return stroke.release()


def flip_grid(
    speeds: Sequence[float],
    angles: Sequence[float],
    seeds: int,
    scenario: str = LONE,
    variants: Sequence[tuple[Override, ...]] = ((),),
    config_path: str | None = None,
    under_mm: float = 15.0,
    first_seed: int = 0,
) -> list[FlipTask]:
    """Every combination of variant, angle, speed and seed, as tasks."""
    return [
        FlipTask(
            float(speed),
            float(angle),
            first_seed + seed,
            scenario,
            variant,
            config_path,
            under_mm,
        )
        for variant in variants
        for angle in angles
        for speed in speeds
        for seed in range(seeds)
    ]


@dataclass(frozen=True)
class FlipPoint:
    """The trials of one variant, scenario, angle and speed, summarised.

    ``flip_share``: share flipped; ``travel_median``: median travel of the flipped cards in
    card lengths (NaN if none flipped); ``left_share``: share whose centre left the wok;
    ``disturbed_mean``: mean cards moved per stir; ``release_median``: median release speed.
    """

    overrides: tuple[Override, ...]
    scenario: str
    angle_deg: float
    speed_mm_s: float
    trials: int
    flip_share: float
    travel_median: float
    travel_median_all: float
    left_share: float
    disturbed_mean: float
    release_median: float


def summarise(results: Iterable[FlipResult]) -> list[FlipPoint]:
    """One point per (overrides, scenario, angle, speed), in a stable order."""
    groups: dict[tuple[tuple[Override, ...], str, float, float], list[FlipResult]] = {}
    for result in results:
        t = result.task
        groups.setdefault((t.overrides, t.scenario, t.angle_deg, t.speed_mm_s), []).append(result)
    points = []
    for key in sorted(groups, key=lambda k: (k[0], k[1], k[2], k[3])):
        group = groups[key]
        flipped = [r.travel_lengths for r in group if r.flipped]
        points.append(
            FlipPoint(
                overrides=key[0],
                scenario=key[1],
                angle_deg=key[2],
                speed_mm_s=key[3],
                trials=len(group),
                flip_share=sum(r.flipped for r in group) / len(group),
                travel_median=statistics.median(flipped) if flipped else math.nan,
                travel_median_all=statistics.median(r.travel_lengths for r in group),
                left_share=sum(r.left_wok for r in group) / len(group),
                disturbed_mean=statistics.fmean(r.disturbed for r in group),
                release_median=statistics.median(r.release_speed_mm_s for r in group),
            )
        )
    return points


@dataclass(frozen=True)
class Band:
    """The widest run of consecutive swept speeds (mm/s) flipping at least ``FLIP_SHARE``."""

    low: float
    high: float

    @property
    def ratio(self) -> float:
        return self.high / self.low


def flip_bands(points: Iterable[FlipPoint]) -> dict[float, Band | None]:
    """Per angle (one variant and scenario's points), its flip band, or None."""
    by_angle: dict[float, list[FlipPoint]] = {}
    for point in points:
        by_angle.setdefault(point.angle_deg, []).append(point)
    bands: dict[float, Band | None] = {}
    for angle, row in sorted(by_angle.items()):
        row.sort(key=lambda p: p.speed_mm_s)
        best: Band | None = None
        start: float | None = None
        for point in row:
            if point.flip_share >= FLIP_SHARE:
                start = point.speed_mm_s if start is None else start
                band = Band(start, point.speed_mm_s)
                if best is None or band.ratio > best.ratio:
                    best = band
            else:
                start = None
        bands[angle] = best
    return bands


def shared_band(bands: Mapping[float, Band | None]) -> Band | None:
    """The speeds every angle's band covers, or None."""
    if not bands or any(band is None for band in bands.values()):
        return None
    low = max(band.low for band in bands.values() if band is not None)
    high = min(band.high for band in bands.values() if band is not None)
    return Band(low, high) if high >= low else None
