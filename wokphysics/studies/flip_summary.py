"""The figures of a flips sweep (:mod:`wokphysics.studies.flips`), from its records.

For the steady stroke, every (approach angle, release depth, speed) point gives P(flip) with
its Wilson 95 % interval; an angle's *band* at a depth is the widest run of consecutive swept
speeds flipping at least 80 % of lone cards (:mod:`wokphysics.studies.flip_bands`); its *best
depth* the depth with the widest band; the *shared band* the widest range every angle flips at
80 % at one depth. The best bands' and the shared band's edges each get a 95 % interval (from
draws of every speed's P(flip), :func:`~wokphysics.studies.flip_bands.band_edges`). At the
shared band's centre: P(flip), the median travel of flipped cards (with its distribution-free
95 % interval and n, as every median here), the share leaving the wok. Then the slow push,
the toss well above the band per angle, the slide-then-flick and the flick from rest (their
release depths, P(flip), cards leaving the wok and the table), and the cards a stir disturbs
in a dealt wok.

Every trial is a separate table, so trials are independent and a rate's interval is Wilson's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from wokphysics.batch.stats import count_mean, median, rate
from wokphysics.studies.flip_bands import (
    Cell,
    Edge,
    FlipBand,
    band_edges,
    band_of,
    shared_band,
    shared_band_edges,
)

if TYPE_CHECKING:
    from wokphysics.batch.columns import Columns

SLOW_PUSH_MM_S = 500.0
"""The slow push of the figures: it must flip nothing and move a card at most its length."""
FAIR_SPEEDS = (3000.0, 4000.0)
"""Well above the band: P(flip) at every orientation should be a gamble here."""
STEADY, SLIDE, REST = "steady", "slide", "rest"
LONE, WOK = "lone", "wok"


class Records:
    """A sweep's records as numpy columns (one row per trial), for quick masks."""

    def __init__(self, columns: Columns) -> None:
        self.scenario = np.array([str(v) for v in columns.values("scenario")])
        strokes = columns.values("stroke")
        self.stroke = np.array([STEADY if v is None else str(v) for v in strokes])
        self.angle = columns.numbers("angle_deg")
        self.speed = columns.numbers("speed_mm_s")
        depth = columns.numbers("depth_mm")
        under = columns.numbers("under_mm")  # a study from before depths had under_mm
        self.depth = np.where(np.isnan(depth), under, depth)
        self.slide = columns.numbers("slide_mm")
        self.gap = columns.numbers("gap_mm")
        self.flipped = columns.numbers("flipped") > 0.5
        self.travel = columns.numbers("travel_lengths")
        self.left_wok = columns.numbers("left_wok") > 0.5
        self.left_table = columns.numbers("left_table") > 0.5
        self.disturbed = columns.numbers("disturbed")
        self.release = columns.numbers("release_mm_s")
        self.release_depth = columns.numbers("release_depth_mm")

    def lone(self, stroke: str) -> np.ndarray:
        mask: np.ndarray = (self.scenario == LONE) & (self.stroke == stroke)
        return mask


def _values(array: np.ndarray, mask: np.ndarray) -> list[float]:
    return sorted({float(v) for v in array[mask] if not math.isnan(float(v))})


def _share(flags: np.ndarray, mask: np.ndarray) -> dict[str, Any]:
    return rate(float(flags[mask].sum()), int(mask.sum())).to_data()


def _median(values: np.ndarray) -> dict[str, Any]:
    """A median with its distribution-free 95 % interval (none below 6 values) and its n
    (value None when there is nothing to take it of)."""
    return median(values).to_data()


def _cell(flags: np.ndarray, mask: np.ndarray, speed: float) -> Cell:
    """(speed, flicks that flipped, flicks) of one point, for the bands' edges."""
    return (speed, int(flags[mask].sum()), int(mask.sum()))


def _round(value: float) -> float | None:
    return None if math.isnan(value) else float(f"{value:.6g}")


def summarise_variant(columns: Columns) -> dict[str, Any]:
    """The figures of one config variant (see the module docstring)."""
    r = Records(columns)
    summary: dict[str, Any] = {}
    steady = r.lone(STEADY)
    if steady.any():
        summary.update(_steady(r, steady))
    if r.lone(SLIDE).any():
        summary["slide"] = _hand(r, SLIDE, r.slide, "slide_mm", summary.get("shared"))
    if r.lone(REST).any():
        rest = _hand(r, REST, r.gap, "gap_mm", summary.get("shared"))
        rest["smoothness"] = _smoothness(rest["points"], "gap_mm")
        summary["rest"] = rest
    wok = r.scenario == WOK
    if wok.any():
        summary["disturbed"] = [
            {"speed_mm_s": speed,
             "disturbed": count_mean(r.disturbed[wok & (r.speed == speed)]).to_data()}
            for speed in _values(r.speed, wok)
        ]
    return summary


def _steady(r: Records, steady: np.ndarray) -> dict[str, Any]:
    angles = _values(r.angle, steady)
    depths = _values(r.depth, steady)
    speeds = _values(r.speed, steady)
    points: list[dict[str, Any]] = []
    bands: dict[float, dict[float, FlipBand | None]] = {a: {} for a in angles}
    cells: dict[tuple[float, float], list[Cell]] = {}
    for angle in angles:
        for depth in depths:
            shares = []
            for speed in speeds:
                mask = steady & (r.angle == angle) & (r.depth == depth) & (r.speed == speed)
                n = int(mask.sum())
                if n == 0:
                    continue
                flip = _share(r.flipped, mask)
                shares.append((speed, flip["value"] or 0.0))
                cells.setdefault((angle, depth), []).append(_cell(r.flipped, mask, speed))
                points.append({
                    "angle_deg": angle,
                    "depth_mm": depth,
                    "speed_mm_s": speed,
                    "flip": flip,
                    "travel_flipped_median": _median(r.travel[mask & r.flipped]),
                    "left_wok": _share(r.left_wok, mask),
                    "left_table": _share(r.left_table, mask),
                })
            bands[angle][depth] = band_of([s for s, _ in shares], [p for _, p in shares])
    best = {}
    for angle in angles:
        ranked = [(band.ratio, -depth, depth, band) for depth, band in bands[angle].items()
                  if band is not None]
        if ranked:
            _, _, depth, band = max(ranked, key=lambda item: (item[0], item[1]))
            best[angle] = (depth, band)
    shared_by_depth = {
        depth: shared_band([bands[a].get(depth) for a in angles]) for depth in depths
    }
    shared_ranked = [(band.ratio, -depth, depth, band) for depth, band in shared_by_depth.items()
                     if band is not None]
    shared: tuple[float, FlipBand] | None = None
    if shared_ranked:
        _, _, depth, band = max(shared_ranked, key=lambda item: (item[0], item[1]))
        shared = (depth, band)
    summary: dict[str, Any] = {
        "points": points,
        "angles": angles,
        "depths": depths,
        "bands": {
            f"{angle:g}": {f"{depth:g}": (None if band is None else band.to_data())
                           for depth, band in bands[angle].items()}
            for angle in angles
        },
        "best": {f"{angle:g}": {"depth_mm": depth, "band": band.to_data(),
                                "edges": band_edges(cells[(angle, depth)]).to_data()}
                 for angle, (depth, band) in best.items()},
        "shared": None if shared is None else {
            "depth_mm": shared[0], "band": shared[1].to_data(),
            "edges": shared_band_edges([cells.get((a, shared[0]), []) for a in angles])
            .to_data()},
    }
    if shared is not None:
        depth, band = shared
        centre = min(speeds, key=lambda s: abs(math.log(s / band.centre)))
        mask = steady & (r.depth == depth) & (r.speed == centre)
        summary["centre"] = {
            "depth_mm": depth,
            "speed_mm_s": centre,
            "shared_centre_mm_s": round(band.centre, 1),
            "flip": _share(r.flipped, mask),
            "travel_flipped_median": _median(r.travel[mask & r.flipped]),
            "left_wok": _share(r.left_wok, mask),
            "left_table": _share(r.left_table, mask),
        }
        summary["by_speed"] = [
            {
                "speed_mm_s": speed,
                "flip": _share(r.flipped, steady & (r.depth == depth) & (r.speed == speed)),
                "travel_flipped_median": _median(
                    r.travel[steady & (r.depth == depth) & (r.speed == speed) & r.flipped]
                ),
                "left_wok": _share(r.left_wok, steady & (r.depth == depth) & (r.speed == speed)),
            }
            for speed in speeds
        ]
    if SLOW_PUSH_MM_S in speeds:
        mask = steady & (r.speed == SLOW_PUSH_MM_S)
        summary["slow_push"] = {
            "speed_mm_s": SLOW_PUSH_MM_S,
            "trials": int(mask.sum()),
            "flipped": int(r.flipped[mask].sum()),
            "travel_max": _round(float(np.max(r.travel[mask]))) if mask.any() else None,
        }
    fair_speeds = [s for s in speeds if FAIR_SPEEDS[0] <= s <= FAIR_SPEEDS[1]]
    if fair_speeds:
        fair = steady & (r.speed >= FAIR_SPEEDS[0]) & (r.speed <= FAIR_SPEEDS[1])
        summary["fair"] = {
            "speeds": fair_speeds,
            "by_angle": {f"{angle:g}": _share(r.flipped, fair & (r.angle == angle))
                         for angle in angles},
            "by_angle_and_depth": {
                f"{angle:g}": {f"{depth:g}": _share(r.flipped, fair & (r.angle == angle)
                                                    & (r.depth == depth))
                               for depth in depths}
                for angle in angles
            },
        }
    return summary


def _hand(
    r: Records, stroke: str, setting: np.ndarray, name: str, shared: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The hand-like stroke's figures: per setting (slide or gap) and speed, every angle
    pooled; and per angle at the speed nearest the shared band's centre."""
    mask = r.lone(stroke)
    values = _values(setting, mask)
    speeds = _values(r.speed, mask)
    points = []
    for value in values:
        for speed in speeds:
            at = mask & (setting == value) & (r.speed == speed)
            if not at.any():
                continue
            points.append({
                name: value,
                "speed_mm_s": speed,
                "flip": _share(r.flipped, at),
                "left_wok": _share(r.left_wok, at),
                "left_table": _share(r.left_table, at),
                "release_mm_s": _median(r.release[at]),
                "release_depth_mm": _median(r.release_depth[at]),
            })
    result: dict[str, Any] = {"points": points}
    if shared is not None and speeds:
        centre = math.sqrt(shared["band"][0] * shared["band"][1])
        speed = min(speeds, key=lambda s: abs(math.log(s / centre)))
        at = mask & (r.speed == speed)
        result["at_band"] = {
            "speed_mm_s": speed,
            "flip": _share(r.flipped, at),
            "left_wok": _share(r.left_wok, at),
            "left_table": _share(r.left_table, at),
            "by_angle": {f"{angle:g}": _share(r.flipped, at & (r.angle == angle))
                         for angle in _values(r.angle, at)},
        }
    return result


def _smoothness(points: Sequence[Mapping[str, Any]], name: str) -> dict[str, Any]:
    """The largest change of P(flip) between neighbouring settings at one speed (a cliff
    shows as a jump near 1)."""
    by_speed: dict[float, list[tuple[float, float]]] = {}
    for point in points:
        value = point["flip"]["value"]
        if value is not None:
            by_speed.setdefault(point["speed_mm_s"], []).append((point[name], value))
    jump, where = 0.0, None
    for speed, row in by_speed.items():
        row.sort()
        for (a, pa), (b, pb) in zip(row, row[1:], strict=False):
            if abs(pb - pa) > jump:
                jump, where = abs(pb - pa), {"speed_mm_s": speed, "from": a, "to": b}
    return {"largest_jump": round(jump, 4), "where": where}


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
        lines.extend(_variant_lines(variant))
    return "\n".join(lines)


def _variant_lines(variant: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    if "bands" in variant:
        lines.append("angle  best depth  flip band (P >= 80 %), mm/s, "
                     "each edge [95 % interval]   ratio")
        for angle in variant["angles"]:
            best = variant["best"].get(f"{angle:g}")
            if best is None:
                lines.append(f"{angle:>5g}  none")
                continue
            lines.append(f"{angle:>5g}  {best['depth_mm']:>7g} mm  "
                         f"{_band(best):<34}  {best['band'][2]:.2f}")
        shared = variant["shared"]
        lines.append(
            "shared by every angle: " + (
                "none" if shared is None else
                f"{_band(shared, ' mm/s')} at {shared['depth_mm']:g} mm, "
                f"ratio {shared['band'][2]:.2f}")
        )
        centre = variant.get("centre")
        if centre is not None:
            lines.append(
                f"at {centre['speed_mm_s']:.0f} mm/s, {centre['depth_mm']:g} mm (nearest the "
                f"centre {centre['shared_centre_mm_s']:.0f}): P(flip) {_pct(centre['flip'])}, "
                f"flipped cards travel a median {_lengths(centre['travel_flipped_median'])}, "
                f"{_pct(centre['left_wok'])} leave the wok"
            )
        slow = variant.get("slow_push")
        if slow is not None:
            lines.append(
                f"slow push at {slow['speed_mm_s']:.0f} mm/s, every depth: {slow['flipped']} of "
                f"{slow['trials']} flipped, moved at most {slow['travel_max']:.2f} card lengths"
            )
        fair = variant.get("fair")
        if fair:
            shares = ", ".join(f"{a}: {_pct(s)}" for a, s in fair["by_angle"].items())
            lines.append(f"P(flip) at {fair['speeds'][0]:.0f}-{fair['speeds'][-1]:.0f} mm/s, "
                         f"by approach angle (every depth): {shares}")
    for kind, what in ((SLIDE, "slide then flick"), (REST, "flick from rest")):
        part = variant.get(kind)
        if part is None:
            continue
        at = part.get("at_band")
        if at is not None:
            lines.append(
                f"{what} at {at['speed_mm_s']:.0f} mm/s: P(flip) {_pct(at['flip'])}, "
                f"{_pct(at['left_wok'])} leave the wok, {_pct(at['left_table'])} the table"
            )
        if kind == REST:
            smooth = part["smoothness"]
            lines.append(f"flick from rest: largest change of P(flip) between neighbouring "
                         f"gaps {100.0 * smooth['largest_jump']:.0f} points")
    if "bands" in variant:
        lines.append(
            "[..] after a band edge: its 95 % interval, from 2,000 draws of every speed's "
            "P(flip) from its Jeffreys posterior at that depth; after a share or median: its "
            "95 % interval, then its n"
        )
    return lines


def _band(found: Mapping[str, Any], unit: str = "") -> str:
    """``1200 [1100, 1300] .. 1600 [1500, 1800]``: a band's edges with their intervals (the
    bare edges from a summary written before they had any), and how often the draws had a
    band at all when that was not nearly always."""
    low, high = found["band"][0], found["band"][1]
    edges = found.get("edges")
    if not edges or edges["low"]["value"] is None:
        return f"{low:.0f} .. {high:.0f}{unit}"
    text = f"{Edge(**edges['low']).text()} .. {Edge(**edges['high']).text()}{unit}"
    share = float(edges.get("with_band", 1.0))
    if share < 0.975:
        text += f" (a band in {100.0 * share:.0f} % of draws)"
    return text


def _lengths(estimate: Mapping[str, Any]) -> str:
    """``1.05 [0.98, 1.10] card lengths (n = 168)``: a median of travel, its interval (none
    below 6 cards) and n."""
    value = estimate["value"]
    if value is None:
        return f"- (n = {estimate['n']})"
    interval = "" if estimate.get("low") is None or estimate.get("high") is None else (
        f" [{estimate['low']:.2f}, {estimate['high']:.2f}]")
    return f"{value:.2f}{interval} card lengths (n = {estimate['n']})"


def _pct(estimate: Mapping[str, Any]) -> str:
    """``91 % [88, 93] of 504``: a share, its 95 % interval and n."""
    value = estimate["value"]
    if value is None:
        return "-"
    return (f"{_percent(value)} % [{_percent(estimate['low'])}, "
            f"{_percent(estimate['high'])}] of {estimate['n']}")


def _percent(share: float) -> str:
    """A share in whole percent, but one decimal below 1 % (an interval of 0 to 0.4 %
    read '[0, 0]', as if certain)."""
    return f"{100.0 * share:.1f}" if 0.0 < share < 0.01 else f"{100.0 * share:.0f}"
