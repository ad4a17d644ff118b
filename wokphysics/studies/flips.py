"""How flicks flip cards: pure, seeded trials of the physics table, and their summary.

A trial (:func:`run_trial`) is one hand-like stroke of the spatula
(:class:`~wokphysics.table.strokes.HandStroke`: ``steady`` at a constant speed, released
``depth_mm`` under the card; ``slide``, the rulebook's slow push under the card's edge then a
flick; ``rest``, a flick from rest ``gap_mm`` before the edge) at a lone face-down card lying
at a random place in the inner half of the wok (``scenario="lone"``), or at the card nearest
the centre of a wok dealt as a game starts (``scenario="wok"``, which counts the cards one stir
disturbs). The stroke approaches at ``angle_deg`` to the card's long axis from a random
direction, and the blade follows the hand as the window follows a pointer sampled at ``fps``
(0: exactly, once per physics step). Everything random in a trial (where the card lies, the
direction, the shuffle, the hand's noise) comes from its seed, so a trial is a pure function
of its :class:`FlipTask` and config: any executor may run a grid of them in any order.

``wokphysics sweep flips`` (:mod:`wokphysics.studies.flip_sweep`) maps :func:`flip_trial` over
a grid of config variants, scenarios, strokes, angles, depths, speeds and seeds on the batch
runner; :func:`summarise` reduces the records to the figures of ``docs/physics.md`` (per angle
and depth, the widest run of speeds where at least 80 % of flicks flip the card; each angle's
best depth; the band every angle shares at one depth, each band's edges with their 95 %
intervals (:mod:`wokphysics.studies.flip_bands`); travel and cards leaving the wok there; the
slow push; the toss well above the band; the rulebook's slide-then-flick and the flick from
rest) and :func:`flip_plots` draws them, each figure with its numbers as a table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wokphysics.batch.tasks import Task
from wokphysics.batch.values import Record
from wokphysics.config.wok_on_fire import WokOnFireConfig, load_config
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.studies import configs
from wokphysics.table.strokes import KINDS, SLIDE, STEADY, HandStroke, flick_card
from wokphysics.table.world import Table

LONE = "lone"
WOK = "wok"
SCENARIOS = (LONE, WOK)
BAND_ANGLES = (0.0, 45.0, 90.0)
"""The approach angles the help and README name (lengthwise, diagonal, crosswise)."""


@dataclass(frozen=True)
class FlipTask:
    """One trial: a ``stroke`` at ``speed_mm_s`` (mm/s) at ``angle_deg`` (degrees) to the
    card's long axis, seeded ``seed``, in ``scenario``; ``depth_mm`` (steady: released this
    far under the card), ``slide_mm`` (slide: pushed this far under before the flick),
    ``gap_mm`` (rest: put down this far before the edge); the pointer sampled at ``fps``."""

    speed_mm_s: float
    angle_deg: float
    seed: int
    scenario: str = LONE
    stroke: str = STEADY
    depth_mm: float = 15.0
    slide_mm: float = 10.0
    gap_mm: float = 10.0
    fps: float = 60.0
    lead_mm: float = 40.0

    def hand(self) -> HandStroke:
        return HandStroke(
            self.stroke,
            self.speed_mm_s,
            depth_mm=self.depth_mm,
            lead_mm=self.lead_mm,
            slide_mm=self.slide_mm,
            gap_mm=self.gap_mm,
        )


@dataclass(frozen=True)
class FlipResult:
    """What one trial did to its target card (and, in the wok, to the others).

    ``flipped``: its face changed (wherever it came to rest); ``travel_lengths`` its
    straight travel from start to rest in card lengths; ``left_wok`` its centre went from
    inside the wok's edge to outside it (or off the table); ``left_table`` it fell off the
    table; ``disturbed`` the number of cards that moved; ``depth_mm`` how far the blade was
    under it at release (None: not under it); ``release_speed_mm_s`` the blade's speed at
    release; ``peak_mm`` its centre's highest point in the air (0: it did not fly).
    """

    flipped: bool
    launched: bool
    half_turns: int
    travel_lengths: float
    left_wok: bool
    left_table: bool
    disturbed: int
    release_speed_mm_s: float
    depth_mm: float | None = None
    peak_mm: float = 0.0


def run_trial(task: FlipTask, cfg: WokOnFireConfig) -> FlipResult:
    """Run one trial with ``cfg`` (a pure function of both)."""
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
        target = card.id
        # Approach it at angle_deg to its long axis, from one side or the other.
        heading = card.angle + math.pi / 2.0 - math.radians(task.angle_deg)
        heading += math.pi * float(rng.integers(2))
    else:
        raise ValueError(f"unknown scenario {task.scenario!r}; one of {', '.join(SCENARIOS)}")
    face = table.card(target).face_up
    report = flick_card(table, target, heading, task.hand(), task.fps)
    after = table.card(target)
    return FlipResult(
        flipped=after.face_up != face,
        launched=target in report.launched,
        half_turns=report.half_turns.get(target, 0),
        travel_lengths=report.travel.get(target, 0.0) / physics.card.length_mm,
        left_wok=target in report.left_wok,
        left_table=after.location == "floor",
        disturbed=len(report.moved),
        release_speed_mm_s=report.release_speed,
        depth_mm=report.depths.get(target),
        peak_mm=report.peak_height.get(target, 0.0),
    )


# ----------------------------------------------------------------------------- the study


@dataclass(frozen=True)
class FlipContext:
    """What every trial of a sweep shares: each config variant's override document (TOML
    text layered over the shipped config; None for the shipped config itself)."""

    variants: tuple[str | None, ...]


def flip_trial(task: Task, context: FlipContext) -> Record:
    """The batch runner's task: one trial with the task's seed and parameters (``variant``,
    ``scenario``, ``stroke``, ``angle_deg``, ``speed_mm_s``, ``depth_mm``, ``slide_mm``,
    ``gap_mm``, ``fps``)."""
    params = task.params
    cfg = configs.load_text(load_config, context.variants[int(_number(params["variant"]))])
    result = run_trial(
        FlipTask(
            speed_mm_s=_number(params["speed_mm_s"]),
            angle_deg=_number(params["angle_deg"]),
            seed=task.seed,
            scenario=str(params["scenario"]),
            stroke=str(params.get("stroke", STEADY)),
            depth_mm=_number(params.get("depth_mm", params.get("under_mm", 15.0))),
            slide_mm=_number(params.get("slide_mm", 10.0)),
            gap_mm=_number(params.get("gap_mm", 10.0)),
            fps=_number(params.get("fps", 0.0)),
        ),
        cfg,
    )
    return {
        "flipped": result.flipped,
        "launched": result.launched,
        "half_turns": result.half_turns,
        "travel_lengths": round(result.travel_lengths, 9),
        "left_wok": result.left_wok,
        "left_table": result.left_table,
        "disturbed": result.disturbed,
        "release_mm_s": round(result.release_speed_mm_s, 6),
        "release_depth_mm": None if result.depth_mm is None else round(result.depth_mm, 6),
        "peak_mm": round(result.peak_mm, 6),
    }


def _number(value: object) -> float:
    if not isinstance(value, int | float):
        raise TypeError(f"expected a number, not {value!r}")
    return float(value)


@dataclass(frozen=True)
class Grid:
    """What a sweep varies: speeds (mm/s), angles (degrees), release depths of the steady
    stroke, slides of the slide-then-flick and gaps of the flick from rest (mm), the strokes
    to run, trials per point (lone cards and a dealt wok), and the pointer's rate."""

    speeds: Sequence[float]
    angles: Sequence[float]
    depths: Sequence[float]
    seeds: int
    wok_seeds: int
    strokes: Sequence[str] = (STEADY,)
    slides: Sequence[float] = (10.0,)
    gaps: Sequence[float] = (10.0,)
    fps: float = 60.0
    wok_depth: float = 40.0


def flip_params(grid: Grid, variants: int) -> list[dict[str, int | float | str]]:
    """The grid as task parameters: every variant x stroke x its own settings x angle x speed
    x trial, lone cards; and the cards a steady stroke disturbs in a dealt wok, at the band
    angles and ``wok_depth``."""
    rows: list[dict[str, int | float | str]] = []
    for variant in range(variants):
        for stroke in grid.strokes:
            if stroke not in KINDS:
                raise ValueError(f"unknown stroke {stroke!r}; one of {', '.join(KINDS)}")
            settings: list[dict[str, float]]
            if stroke == STEADY:
                settings = [{"depth_mm": float(d)} for d in grid.depths]
            elif stroke == SLIDE:
                settings = [{"slide_mm": float(d)} for d in grid.slides]
            else:
                settings = [{"gap_mm": float(g)} for g in grid.gaps]
            for setting in settings:
                for angle in grid.angles:
                    for speed in grid.speeds:
                        point: dict[str, int | float | str] = {
                            "variant": variant,
                            "scenario": LONE,
                            "stroke": stroke,
                            "angle_deg": float(angle),
                            "speed_mm_s": float(speed),
                            "fps": float(grid.fps),
                            **setting,
                        }
                        rows.extend(dict(point) for _ in range(grid.seeds))
        if STEADY in grid.strokes and grid.wok_seeds:
            angles = [a for a in grid.angles if a in BAND_ANGLES] or list(grid.angles)
            for angle in angles:
                for speed in grid.speeds:
                    point = {
                        "variant": variant,
                        "scenario": WOK,
                        "stroke": STEADY,
                        "angle_deg": float(angle),
                        "speed_mm_s": float(speed),
                        "fps": float(grid.fps),
                        "depth_mm": float(grid.wok_depth),
                    }
                    rows.extend(dict(point) for _ in range(grid.wok_seeds))
    return rows


# The summary and plots live beside this module; the sweep command imports them from here.
from wokphysics.studies.flip_plots import flip_plots  # noqa: E402
from wokphysics.studies.flip_summary import summarise, table  # noqa: E402

__all__ = [
    "FlipContext", "FlipResult", "FlipTask", "Grid", "flip_params", "flip_plots", "flip_trial",
    "run_trial", "summarise", "table",
]
