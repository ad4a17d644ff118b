"""How flicks flip cards: pure, seeded trials of the physics table, and their summary.

A trial (:func:`run_trial`) is one straight stroke of the spatula at constant speed, released
with the blade under a lone face-down card lying at a random place in the inner half of the
wok (``scenario="lone"``), or under the card nearest the centre of a wok dealt as a game starts
(``scenario="wok"``, which counts the cards one stir disturbs). The stroke approaches at
``angle_deg`` to the card's long axis from a random direction, starts at least ``lead_mm``
(and the release window plus two steps) before the card's near edge and is released when the
blade's edge is ``under_mm`` past it. Everything random in a trial (where the card lies, the
direction, the shuffle, the hand's tremor) comes from its seed, so a trial is a pure function
of its :class:`FlipTask` and config: any executor may run a grid of them in any order.

``wokphysics sweep flips`` (:mod:`wokphysics.studies.flip_sweep`) maps :func:`flip_trial` over
a grid of config variants, scenarios, angles, speeds and seeds on the batch runner;
:func:`summarise` reduces the records to the figures of ``docs/physics.md`` (per angle, the
widest run of speeds where at least 80 % of flicks flip the card; the range the angles share;
travel and cards leaving the wok at its centre; the slow push; the fair toss well above the
band) and :func:`flip_plots` draws them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from wokphysics.batch.stats import mean, rate
from wokphysics.batch.tasks import Plot, Task
from wokphysics.batch.values import Record
from wokphysics.config.wok_on_fire import WokOnFireConfig, load_config
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.studies import configs
from wokphysics.table.world import ActionReport, Table

if TYPE_CHECKING:
    from wokphysics.batch.columns import Columns

LONE = "lone"
WOK = "wok"
SCENARIOS = (LONE, WOK)
FLIP_SHARE = 0.8
"""A speed is in an angle's flip band when at least this share of flicks flip the card."""
BAND_ANGLES = (0.0, 45.0, 90.0)
"""The approach angles (degrees to the card's long axis) whose bands must share a range."""
SLOW_PUSH_MM_S = 500.0
"""The slow push of the figures: it must flip nothing and move a card at most its length."""
FAIR_SPEEDS = (3000.0, 4000.0)
"""Well above the band: P(flip) averaged over orientations should be a fair toss here."""


@dataclass(frozen=True)
class FlipTask:
    """One trial: a flick at ``speed_mm_s`` (mm/s) at ``angle_deg`` (degrees) to the card's
    long axis, seeded ``seed``, in ``scenario``, released ``under_mm`` (mm) under the card."""

    speed_mm_s: float
    angle_deg: float
    seed: int
    scenario: str = LONE
    under_mm: float = 15.0
    lead_mm: float = 40.0


@dataclass(frozen=True)
class FlipResult:
    """What one trial did to its target card (and, in the wok, to the others).

    ``travel_lengths`` is the target's straight travel from start to rest in card lengths;
    ``disturbed`` the number of cards that moved.
    """

    flipped: bool
    launched: bool
    half_turns: int
    travel_lengths: float
    left_wok: bool
    disturbed: int
    release_speed_mm_s: float


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
    report = flick_under(table, target, heading, task.speed_mm_s, task.under_mm, task.lead_mm)
    return FlipResult(
        flipped=target in report.flipped,
        launched=target in report.launched,
        half_turns=report.half_turns.get(target, 0),
        travel_lengths=report.travel.get(target, 0.0) / physics.card.length_mm,
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


# ----------------------------------------------------------------------------- the study


@dataclass(frozen=True)
class FlipContext:
    """What every trial of a sweep shares: each config variant's override document (TOML
    text layered over the shipped config; None for the shipped config itself)."""

    variants: tuple[str | None, ...]


def flip_trial(task: Task, context: FlipContext) -> Record:
    """The batch runner's task: one trial with the task's seed and parameters (``variant``,
    ``scenario``, ``angle_deg``, ``speed_mm_s``, ``under_mm``)."""
    params = task.params
    cfg = configs.load_text(load_config, context.variants[int(_number(params["variant"]))])
    result = run_trial(
        FlipTask(
            speed_mm_s=_number(params["speed_mm_s"]),
            angle_deg=_number(params["angle_deg"]),
            seed=task.seed,
            scenario=str(params["scenario"]),
            under_mm=_number(params["under_mm"]),
        ),
        cfg,
    )
    return {
        "flipped": result.flipped,
        "launched": result.launched,
        "half_turns": result.half_turns,
        "travel_lengths": round(result.travel_lengths, 9),
        "left_wok": result.left_wok,
        "disturbed": result.disturbed,
        "release_mm_s": round(result.release_speed_mm_s, 6),
    }


def _number(value: object) -> float:
    if not isinstance(value, int | float):
        raise TypeError(f"expected a number, not {value!r}")
    return float(value)


def flip_params(
    speeds: Sequence[float],
    angles: Sequence[float],
    seeds: int,
    wok_seeds: int,
    variants: int,
    under_mm: float,
) -> list[dict[str, int | float | str]]:
    """The grid as task parameters: every variant x scenario x angle x speed x trial. The
    wok scenario (cards disturbed per stir) runs at the band angles only."""
    grid: list[dict[str, int | float | str]] = []
    for variant in range(variants):
        for scenario, count, scenario_angles in (
            (LONE, seeds, angles),
            (WOK, wok_seeds, [a for a in angles if a in BAND_ANGLES] or list(angles)),
        ):
            for angle in scenario_angles:
                for speed in speeds:
                    grid.extend(
                        {
                            "variant": variant,
                            "scenario": scenario,
                            "angle_deg": float(angle),
                            "speed_mm_s": float(speed),
                            "under_mm": float(under_mm),
                        }
                        for _ in range(count)
                    )
    return grid


# ----------------------------------------------------------------------------- summaries


@dataclass(frozen=True)
class FlipBand:
    """The widest run of consecutive swept speeds (mm/s) flipping at least ``FLIP_SHARE``."""

    low: float
    high: float

    @property
    def ratio(self) -> float:
        return self.high / self.low

    @property
    def centre(self) -> float:
        """The geometric centre, mm/s."""
        return math.sqrt(self.low * self.high)


def band_of(speeds: Sequence[float], shares: Sequence[float]) -> FlipBand | None:
    """The widest (by speed ratio) run of consecutive speeds whose share is at least
    ``FLIP_SHARE``, or None."""
    best: FlipBand | None = None
    start: float | None = None
    for speed, share in sorted(zip(speeds, shares, strict=True)):
        if share >= FLIP_SHARE:
            start = speed if start is None else start
            band = FlipBand(start, speed)
            if best is None or band.ratio > best.ratio:
                best = band
        else:
            start = None
    return best


def shared_band(bands: Iterable[FlipBand | None]) -> FlipBand | None:
    """The speeds every band covers, or None."""
    found = list(bands)
    if not found or any(band is None for band in found):
        return None
    low = max(band.low for band in found if band is not None)
    high = min(band.high for band in found if band is not None)
    return FlipBand(low, high) if high >= low else None


def _points(group: Columns) -> list[dict[str, Any]]:
    """One point per (scenario, angle, speed): shares with 95 % intervals, travel, ..."""
    points = []
    for scenario, by_scenario in group.group_by("scenario").items():
        for angle, by_angle in by_scenario.group_by("angle_deg").items():
            for speed, rows in by_angle.group_by("speed_mm_s").items():
                n = len(rows)
                flipped = rows.numbers("flipped")
                travel = rows.numbers("travel_lengths")
                flipped_travel = travel[flipped > 0.5]
                points.append(
                    {
                        "scenario": scenario,
                        "angle_deg": angle,
                        "speed_mm_s": speed,
                        "trials": n,
                        "flip": rate(float(flipped.sum()), n).to_data(),
                        "travel_flipped_median": _median(flipped_travel),
                        "travel_max": _round(float(np.max(travel))) if n else None,
                        "left_wok": rate(float(rows.numbers("left_wok").sum()), n).to_data(),
                        "disturbed": mean(rows.numbers("disturbed")).to_data(),
                    }
                )
    return points


def _median(values: np.ndarray) -> float | None:
    return _round(float(np.median(values))) if len(values) else None


def _round(value: float) -> float | None:
    return None if math.isnan(value) else float(f"{value:.6g}")


def _lone(points: list[dict[str, Any]], angle: float | None = None) -> list[dict[str, Any]]:
    return [
        p for p in points
        if p["scenario"] == LONE and (angle is None or p["angle_deg"] == angle)
    ]


def summarise_variant(group: Columns) -> dict[str, Any]:
    """The figures of one config variant (see the module docstring)."""
    points = _points(group)
    angles = sorted({p["angle_deg"] for p in _lone(points)})
    bands: dict[str, list[float] | None] = {}
    found: dict[float, FlipBand | None] = {}
    for angle in angles:
        row = _lone(points, angle)
        band = band_of([p["speed_mm_s"] for p in row], [p["flip"]["value"] for p in row])
        found[angle] = band
        bands[f"{angle:g}"] = None if band is None else [band.low, band.high, round(band.ratio, 3)]
    chosen = [a for a in angles if a in BAND_ANGLES] or angles
    shared = shared_band(found[a] for a in chosen)
    summary: dict[str, Any] = {
        "points": points,
        "bands": bands,
        "band_angles": chosen,
        "shared": None if shared is None else [shared.low, shared.high, round(shared.ratio, 3)],
    }
    lone = group.where(lambda row: row["scenario"] == LONE)
    speeds = sorted({float(s) for s in lone.distinct("speed_mm_s") if isinstance(s, int | float)})
    if shared is not None and speeds:
        # The swept speed nearest the shared range's centre, every angle pooled.
        centre = min(speeds, key=lambda s: abs(math.log(s / shared.centre)))
        rows = _at_speed(lone, centre)
        flipped = rows.numbers("flipped") > 0.5
        travel = rows.numbers("travel_lengths")[flipped]
        summary["centre"] = {
            "speed_mm_s": centre,
            "shared_centre_mm_s": round(shared.centre, 1),
            "flip": rate(float(flipped.sum()), len(rows)).to_data(),
            "travel_flipped_median": _median(travel),
            "left_wok": rate(float(rows.numbers("left_wok").sum()), len(rows)).to_data(),
        }
    if SLOW_PUSH_MM_S in speeds:
        rows = _at_speed(lone, SLOW_PUSH_MM_S)
        summary["slow_push"] = {
            "speed_mm_s": SLOW_PUSH_MM_S,
            "trials": len(rows),
            "flipped": int(rows.numbers("flipped").sum()),
            "travel_max": _round(float(np.max(rows.numbers("travel_lengths")))),
        }
    summary["by_speed"] = _by_speed(group)
    fair = [s for s in speeds if FAIR_SPEEDS[0] <= s <= FAIR_SPEEDS[1]]
    summary["fair"] = []
    for speed in fair:
        rows = _at_speed(lone, speed)
        share = rate(float(rows.numbers("flipped").sum()), len(rows))
        summary["fair"].append({"speed_mm_s": speed, "flip": share.to_data()})
    return summary


def _at_speed(rows: Columns, speed: float) -> Columns:
    """The rows of one flick speed."""
    return rows.where(lambda row: row["speed_mm_s"] == speed)


def _by_speed(group: Columns) -> list[dict[str, Any]]:
    """Per speed, every angle pooled: P(flip) and P(leaving the wok) and the median travel of
    flipped cards (lone cards), and the cards disturbed per stir (in a dealt wok)."""
    rows: list[dict[str, Any]] = []
    by_scenario = group.group_by("scenario")
    lone, wok = by_scenario.get(LONE), by_scenario.get(WOK)
    speeds = sorted(
        {float(s) for part in (lone, wok) if part is not None for s in part.distinct("speed_mm_s")
         if isinstance(s, int | float)}
    )
    for speed in speeds:
        entry: dict[str, Any] = {"speed_mm_s": speed}
        if lone is not None:
            at = _at_speed(lone, speed)
            if len(at):
                flipped = at.numbers("flipped") > 0.5
                entry["flip"] = rate(float(flipped.sum()), len(at)).to_data()
                entry["travel_flipped_median"] = _median(at.numbers("travel_lengths")[flipped])
                entry["left_wok"] = rate(float(at.numbers("left_wok").sum()), len(at)).to_data()
        if wok is not None:
            at = _at_speed(wok, speed)
            if len(at):
                entry["disturbed"] = mean(at.numbers("disturbed")).to_data()
        rows.append(entry)
    return rows


def summarise(columns: Columns, labels: Sequence[str]) -> dict[str, Any]:
    """Every variant's figures, in variant order."""
    by_variant = columns.group_by("variant")
    return {
        "variants": [
            {"label": label, **summarise_variant(by_variant[number])}
            for number, label in enumerate(labels)
            if number in by_variant
        ]
    }


def table(summary: Mapping[str, Any]) -> str:
    """The figures as text, one block per variant."""
    lines: list[str] = []
    for variant in summary["variants"]:
        if len(summary["variants"]) > 1:
            lines.append(f"== {variant['label']} ==")
        lines.append("angle  flip band (P >= 80 %), mm/s   ratio")
        for angle, band in variant["bands"].items():
            text = (
                "none" if band is None else f"{band[0]:6.0f} .. {band[1]:6.0f}      {band[2]:.2f}"
            )
            lines.append(f"{angle:>4}   {text}")
        shared = variant["shared"]
        angles = "/".join(f"{a:g}" for a in variant["band_angles"])
        lines.append(
            f"shared by {angles} degrees: "
            + ("none" if shared is None else f"{shared[0]:.0f} .. {shared[1]:.0f} mm/s, "
               f"ratio {shared[2]:.2f}")
        )
        centre = variant.get("centre")
        if centre is not None:
            travel = centre["travel_flipped_median"]
            lines.append(
                f"at {centre['speed_mm_s']:.0f} mm/s (nearest the centre "
                f"{centre['shared_centre_mm_s']:.0f}): P(flip) {_pct(centre['flip'])}, flipped "
                f"cards travel a median {'-' if travel is None else f'{travel:.2f}'} card "
                f"lengths, {_pct(centre['left_wok'])} leave the wok"
            )
        slow = variant.get("slow_push")
        if slow is not None:
            lines.append(
                f"slow push at {slow['speed_mm_s']:.0f} mm/s: {slow['flipped']} of "
                f"{slow['trials']} flipped, moved at most {slow['travel_max']:.2f} card lengths"
            )
        if variant["fair"]:
            shares = ", ".join(
                f"{f['speed_mm_s']:.0f}: {_pct(f['flip'])}" for f in variant["fair"]
            )
            lines.append(f"P(flip) over every orientation, well above the band: {shares}")
    return "\n".join(lines)


def _pct(estimate: Mapping[str, Any]) -> str:
    value = estimate["value"]
    return "-" if value is None else f"{100.0 * value:.0f} %"


# ----------------------------------------------------------------------------- plots


def flip_plots(summary: Mapping[str, Any]) -> list[Plot]:
    """P(flip) against speed per angle (one figure per variant), then the travel of flipped
    cards, P(leaving the wok) and the cards disturbed per stir against speed."""
    plots = []
    variants = summary["variants"]
    for number, variant in enumerate(variants):
        suffix = "" if len(variants) == 1 else f"_{number + 1}"
        title = "P(flip) against flick speed" + (f": {variant['label']}" if suffix else "")
        plots.append(
            Plot(
                f"flip_share{suffix}",
                title,
                _flip_figure(variant, title),
                "Lone face-down cards flicked from any direction; a line per approach angle "
                "to the card's long axis, with 95 % intervals. Dashed: 80 %; shaded: the range "
                "of speeds every band angle flips at least 80 % of the time.",
            )
        )
    plots.append(
        Plot(
            "travel",
            "How far a flipped card travels",
            _lines_figure(
                variants, "travel", "median travel of flipped cards (card lengths)",
                (1.5, "1.5 card lengths"), "How far a flipped card travels (every angle pooled)",
            ),
            "Straight distance from where a flipped card lay to where it came to rest, median, "
            "every approach angle pooled. Dashed: 1.5 card lengths.",
        )
    )
    plots.append(
        Plot(
            "left_wok",
            "P(the card leaves the wok)",
            _lines_figure(
                variants, "left", "P(leaving the wok) (%)", (5.0, "5 %"),
                "P(the card leaves the wok) (every angle pooled, 95 % intervals)",
            ),
            "Share of lone cards (from the inner half of the wok) whose centre ends outside the "
            "wok's edge, every approach angle pooled, 95 % intervals. Dashed: 5 %.",
        )
    )
    plots.append(
        Plot(
            "disturbed",
            "Cards disturbed per stir",
            _lines_figure(
                variants, "disturbed", "cards moved per stir", None,
                "Cards disturbed per stir in a dealt wok (95 % intervals)",
            ),
            "Cards that moved when the card nearest the centre of a freshly dealt wok is "
            "flicked, mean with 95 % intervals.",
        )
    )
    return plots


def _flip_figure(variant: Mapping[str, Any], title: str) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.8), layout="constrained")
    axes = figure.subplots()
    axes.grid(alpha=0.3)
    lone = _lone(list(variant["points"]))
    angles = sorted({p["angle_deg"] for p in lone})
    band_angles = set(variant["band_angles"])
    shared = variant["shared"]
    if shared is not None:
        axes.axvspan(shared[0], shared[1], color="tab:green", alpha=0.12, label="shared band")
    axes.axhline(
        100.0 * FLIP_SHARE, color="grey", linestyle="--", linewidth=1,
        label=f"{100.0 * FLIP_SHARE:g} % (a band's threshold)",
    )
    colours = _colours(len(angles))
    for angle, colour in zip(angles, colours, strict=True):
        row = sorted(_lone(lone, angle), key=lambda p: p["speed_mm_s"])
        speeds = [p["speed_mm_s"] for p in row]
        values = [100.0 * (p["flip"]["value"] or 0.0) for p in row]
        low = [100.0 * (p["flip"]["low"] or 0.0) for p in row]
        high = [100.0 * (p["flip"]["high"] or 0.0) for p in row]
        main = angle in band_angles
        axes.plot(
            speeds, values, marker="o" if main else None, markersize=3, color=colour,
            linewidth=2.0 if main else 0.8, alpha=1.0 if main else 0.6,
            label=f"{angle:g} degrees",
        )
        if main:
            axes.fill_between(speeds, low, high, color=colour, alpha=0.15)
    axes.set_xlabel("flick speed at release (mm/s)")
    axes.set_ylabel("flicks that flipped the card (%)")
    axes.set_title(f"{title} (95 % intervals)")
    axes.set_ylim(-2, 102)
    axes.legend(fontsize=8, ncol=2)
    return figure


def _lines_figure(
    variants: Sequence[Mapping[str, Any]],
    what: str,
    label: str,
    limit: tuple[float, str] | None,
    title: str,
) -> Any:
    """One line per variant against flick speed; ``limit``: a dashed reference line and its
    legend entry."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.4), layout="constrained")
    axes = figure.subplots()
    axes.grid(alpha=0.3)
    if limit is not None:
        axes.axhline(limit[0], color="grey", linestyle="--", linewidth=1, label=limit[1])
    for variant, colour in zip(variants, _colours(len(variants)), strict=True):
        speeds, values, low, high = _series(variant, what)
        name = variant["label"] if len(variants) > 1 else "measured"
        axes.plot(speeds, values, marker="o", markersize=3, color=colour, label=name)
        if low and len(low) == len(speeds):
            axes.fill_between(speeds, low, high, color=colour, alpha=0.15)
    axes.set_xlabel("flick speed at release (mm/s)")
    axes.set_ylabel(label)
    axes.set_title(title)
    axes.legend(fontsize=8)
    return figure


def _series(
    variant: Mapping[str, Any], what: str
) -> tuple[list[float], list[float], list[float], list[float]]:
    """(speeds, values, low, high) of one figure's line (``low``/``high`` empty without an
    interval)."""
    speeds: list[float] = []
    values: list[float] = []
    low: list[float] = []
    high: list[float] = []
    for entry in variant["by_speed"]:
        if what == "travel":
            if entry.get("travel_flipped_median") is not None:
                speeds.append(entry["speed_mm_s"])
                values.append(entry["travel_flipped_median"])
            continue
        key, scale = ("left_wok", 100.0) if what == "left" else ("disturbed", 1.0)
        estimate = entry.get(key)
        if estimate is None or estimate["value"] is None:
            continue
        speeds.append(entry["speed_mm_s"])
        values.append(scale * estimate["value"])
        low.append(scale * (estimate["low"] if estimate["low"] is not None else estimate["value"]))
        high.append(
            scale * (estimate["high"] if estimate["high"] is not None else estimate["value"])
        )
    return speeds, values, low, high


def _colours(count: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["viridis"]
    return [cmap(0.05 + 0.8 * i / max(1, count - 1)) for i in range(count)]
