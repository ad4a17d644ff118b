"""The figures of a flips sweep, drawn from its summary (:mod:`wokphysics.studies.flip_summary`)
with matplotlib (imported when drawn: the command stays light).

Every figure carries the numbers it draws as a table (``Plot.table``), shown under it in
``report.html``: the bands by angle and depth under each P(flip) map; P(flip) % [95 %] and
the flicks behind it by angle, speed and variant under the curves (with several variants,
one figure overlays them, a panel per angle); the medians of travel with their
distribution-free intervals and n (a median from fewer than ``FEW`` cards also labelled with
its n on the plot), the shares leaving the wok and the cards disturbed, each with its
interval and n.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wokphysics.batch.tasks import Plot
from wokphysics.studies.flip_bands import FLIP_SHARE
from wokphysics.studies.flip_summary import REST, SLIDE

FEW = 10
"""A median of travel from fewer flipped cards than this is labelled with its n on the plot."""

Table = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]


def flip_plots(summary: Mapping[str, Any]) -> list[Plot]:
    """The P(flip) map over depth and speed per angle (one figure per variant), P(flip)
    against speed at each angle's best depth (with several variants, a panel per angle and
    a line per variant), the slide-then-flick and the flick from rest, then the travel of
    flipped cards, P(leaving the wok) and the cards disturbed per stir against speed at the
    shared band's depth (a line per variant); each with its table."""
    variants = list(summary["variants"])
    plots: list[Plot] = []
    for number, variant in enumerate(variants):
        if "points" not in variant:
            continue
        suffix = "" if len(variants) == 1 else f"_{number + 1}"
        label = "" if len(variants) == 1 else f": {variant['label']}"
        plots.append(Plot(
            f"flip_map{suffix}",
            f"P(flip) by release depth and speed, per approach angle{label}",
            _map_figure(variant),
            "Lone face-down cards, a steady stroke released that far under the card's near "
            "edge; each cell is the share of flicks that flipped the card. The white line "
            f"encloses {100 * FLIP_SHARE:g} % or more; dotted: the angle's best depth. The "
            "table gives each angle's band (the widest run of swept speeds flipping at least "
            f"{100 * FLIP_SHARE:g} %) at each depth, mm/s; every cell's P(flip) is in "
            "summary.json (points).",
            percent=True,
            table=_bands_table(variant),
        ))
    several = sum("points" in v for v in variants) > 1
    plots.append(Plot(
        "flip_share",
        "P(flip) against flick speed at each angle's best depth"
        + (", the variants overlaid" if several else ""),
        _overlaid_figure(variants) if several else _best_depth_figure(variants),
        ("A panel per approach angle, a line per config variant at its depth where the "
         "angle's band is widest, with 95 % intervals (Wilson)." if several else
         "A line per approach angle at the depth where its band is widest, with 95 % "
         "intervals (Wilson). Shaded: the shared band.")
        + f" Dashed: {100 * FLIP_SHARE:g} %. The table gives P(flip) % [95 % interval] and "
        "the flicks behind it.",
        percent=True,
        table=_flip_table(variants),
    ))
    if any(SLIDE in v or REST in v for v in variants):
        plots.append(Plot(
            "hand_strokes",
            "The rulebook's slide-then-flick and a flick from rest",
            _hand_figure(variants),
            "Every approach angle pooled, 95 % intervals. Left: pushed slowly (0.3 m/s) this "
            "far under the card's edge, then a flick speeding up within 60 ms. Right: the "
            "blade at rest this far before the edge, speeding up within 60 ms.",
            percent=True,
            table=_hand_table(variants),
        ))
    for name, title, axis, key, scale, limit, note in (
        ("travel", "How far a flipped card travels, median at the shared band's depth",
         "median travel of flipped cards (card lengths)",
         "travel_flipped_median", 1.0, (1.5, "1.5 card lengths"),
         "Median straight distance from where a flipped card lay to where it came to rest, "
         "card lengths, every angle pooled, at the shared band's depth, with its "
         "distribution-free 95 % interval (none below 6 cards); a median of fewer than "
         f"{FEW} cards is labelled with its n."),
        ("left_wok", "P(the card leaves the wok) at the shared band's depth",
         "P(the card leaves the wok) (%)", "left_wok", 100.0, (5.0, "5 %"),
         "Share of lone cards (from the inner half of the wok) whose centre ends outside the "
         "wok's edge, every angle pooled, at the shared band's depth, 95 % intervals "
         "(Wilson)."),
    ):
        plots.append(Plot(name, title, _speed_figure(variants, key, scale, limit, axis), note,
                          percent=scale == 100.0, table=_speed_table(variants, key, scale)))
    if any("disturbed" in v for v in variants):
        plots.append(Plot(
            "disturbed", "Cards disturbed per stir in a dealt wok",
            _speed_figure(variants, "disturbed", 1.0, None, "cards moved per stir"),
            "Cards that moved when the card nearest the centre of a freshly dealt wok is "
            "flicked, mean with 95 % intervals (Student's t; each stir is its own dealt wok).",
            table=_speed_table(variants, "disturbed", 1.0),
        ))
    for plot in plots:  # each PNG says what it shows, read without the report
        plot.figure.suptitle(plot.title, fontsize=11)
    return plots


def _map_figure(variant: Mapping[str, Any]) -> Any:
    import numpy as np
    from matplotlib.figure import Figure

    angles = list(variant["angles"])
    depths = list(variant["depths"])
    speeds = sorted({p["speed_mm_s"] for p in variant["points"]})
    columns = min(4, len(angles))
    rows = (len(angles) + columns - 1) // columns
    figure = Figure(figsize=(3.2 * columns + 1.0, 2.8 * rows + 0.6), layout="constrained")
    axes = figure.subplots(rows, columns, squeeze=False)
    image = None
    for index, angle in enumerate(angles):
        ax = axes[index // columns][index % columns]
        grid = np.full((len(depths), len(speeds)), np.nan)
        for p in variant["points"]:
            if p["angle_deg"] == angle and p["flip"]["value"] is not None:
                grid[depths.index(p["depth_mm"]), speeds.index(p["speed_mm_s"])] = (
                    100.0 * p["flip"]["value"])
        image = ax.pcolormesh(
            _edges(speeds), _edges(depths), grid, vmin=0, vmax=100, cmap="viridis",
            shading="flat",
        )
        if np.nanmax(grid) >= 100 * FLIP_SHARE and len(depths) > 1 and len(speeds) > 1:
            ax.contour(speeds, depths, np.nan_to_num(grid), levels=[100 * FLIP_SHARE],
                       colors="white", linewidths=1.2)
        best = variant["best"].get(f"{angle:g}")
        if best is not None:
            ax.axhline(best["depth_mm"], color="white", linestyle=":", linewidth=0.8)
        ax.set_title(f"{angle:g} degrees", fontsize=9)
        ax.set_xlabel("speed at release (mm/s)", fontsize=8)
        ax.set_ylabel("depth under the edge (mm)", fontsize=8)
        ax.tick_params(labelsize=7)
    for index in range(len(angles), rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    if image is not None:
        figure.colorbar(image, ax=axes, label="flicks that flipped the card (%)", shrink=0.8)
    return figure


def _edges(values: Sequence[float]) -> list[float]:
    """Cell edges around sorted centres (half way between neighbours)."""
    if len(values) == 1:
        return [values[0] - 0.5, values[0] + 0.5]
    middles = [(a + b) / 2.0 for a, b in zip(values, values[1:], strict=False)]
    return [values[0] - (middles[0] - values[0]), *middles,
            values[-1] + (values[-1] - middles[-1])]


_STYLES = ("-", "--", ":", "-.")


def _best_depth_figure(variants: Sequence[Mapping[str, Any]]) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.8), layout="constrained")
    axes = figure.subplots()
    axes.grid(alpha=0.3)
    axes.axhline(100.0 * FLIP_SHARE, color="grey", linestyle="--", linewidth=1,
                 label=f"{100.0 * FLIP_SHARE:g} %")
    for number, variant in enumerate(variants):
        if "points" not in variant:
            continue
        style = _STYLES[number % len(_STYLES)]
        shared = variant.get("shared")
        if shared is not None and number == 0:
            axes.axvspan(shared["band"][0], shared["band"][1], color="tab:green", alpha=0.12,
                         label=f"shared band ({shared['depth_mm']:g} mm)")
        angles = variant["angles"]
        for angle, colour in zip(angles, _colours(len(angles)), strict=True):
            best = variant["best"].get(f"{angle:g}")
            if best is None:
                continue
            row = sorted((p for p in variant["points"] if p["angle_deg"] == angle
                          and p["depth_mm"] == best["depth_mm"]), key=lambda p: p["speed_mm_s"])
            speeds = [p["speed_mm_s"] for p in row]
            values = [100.0 * (p["flip"]["value"] or 0.0) for p in row]
            name = f"{angle:g} deg at {best['depth_mm']:g} mm"
            if len(variants) > 1:
                name = f"{variant['label']}: {name}"
            axes.plot(speeds, values, linestyle=style, marker="o", markersize=2.5,
                      color=colour, label=name)
            if number == 0:
                axes.fill_between(speeds, [100.0 * (p["flip"]["low"] or 0.0) for p in row],
                                  [100.0 * (p["flip"]["high"] or 0.0) for p in row],
                                  color=colour, alpha=0.12)
    axes.set_xlabel("flick speed at release (mm/s)")
    axes.set_ylabel("flicks that flipped the card (%)")
    axes.set_ylim(-2, 102)
    axes.legend(fontsize=7, ncol=2)
    return figure


def _overlaid_figure(variants: Sequence[Mapping[str, Any]]) -> Any:
    """A panel per approach angle, a line per variant (at its best depth for the angle)
    with its 95 % interval: the variants' curves read against each other."""
    from matplotlib.figure import Figure

    drawn = [v for v in variants if "points" in v]
    angles = sorted({a for v in drawn for a in v["angles"]})
    columns = min(4, len(angles))
    rows = (len(angles) + columns - 1) // columns
    figure = Figure(figsize=(3.3 * columns + 0.6, 3.0 * rows + 0.9), layout="constrained")
    panels = figure.subplots(rows, columns, squeeze=False, sharex=True, sharey=True)
    colours = _variant_colours(len(drawn))
    for index, angle in enumerate(angles):
        axes = panels[index // columns][index % columns]
        axes.grid(alpha=0.3)
        axes.axhline(100.0 * FLIP_SHARE, color="grey", linestyle="--", linewidth=1,
                     label=f"{100.0 * FLIP_SHARE:g} %")
        for number, (variant, colour) in enumerate(zip(drawn, colours, strict=True)):
            found = _best_rows(variant, angle)
            if not found:
                continue
            speeds = sorted(found)
            flips = [found[s]["flip"] for s in speeds]
            depth = found[speeds[0]]["depth_mm"]
            axes.plot(speeds, [100.0 * (f["value"] or 0.0) for f in flips],
                      linestyle=_STYLES[number % len(_STYLES)], marker="o", markersize=2.5,
                      color=colour, label=f"{variant['label']} ({depth:g} mm)")
            axes.fill_between(speeds, [100.0 * (f["low"] or 0.0) for f in flips],
                              [100.0 * (f["high"] or 0.0) for f in flips], color=colour,
                              alpha=0.15)
        axes.set_title(f"{angle:g} degrees to the long axis", fontsize=9)
        axes.set_ylim(-2, 102)
        axes.tick_params(labelsize=7)
        axes.legend(fontsize=6)
        if index % columns == 0:
            axes.set_ylabel("flicks that flipped (%)", fontsize=8)
        if index + columns >= len(angles):
            axes.set_xlabel("flick speed at release (mm/s)", fontsize=8)
            axes.tick_params(labelbottom=True)
    for index in range(len(angles), rows * columns):
        panels[index // columns][index % columns].set_visible(False)
    return figure


def _hand_figure(variants: Sequence[Mapping[str, Any]]) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(11.0, 4.4), layout="constrained")
    left, right = figure.subplots(1, 2, sharey=True)
    for ax, kind, name, unit in ((left, SLIDE, "slide_mm", "pushed under"),
                                 (right, REST, "gap_mm", "at rest before the edge")):
        ax.grid(alpha=0.3)
        ax.axhline(100.0 * FLIP_SHARE, color="grey", linestyle="--", linewidth=1)
        for number, variant in enumerate(variants):
            part = variant.get(kind)
            if part is None:
                continue
            settings = sorted({p[name] for p in part["points"]})
            for value, colour in zip(settings, _colours(len(settings)), strict=True):
                row = sorted((p for p in part["points"] if p[name] == value),
                             key=lambda p: p["speed_mm_s"])
                speeds = [p["speed_mm_s"] for p in row]
                label = f"{value:g} mm {unit}"
                if len(variants) > 1:
                    label = f"{variant['label']}: {label}"
                ax.plot(speeds, [100.0 * (p["flip"]["value"] or 0.0) for p in row],
                        linestyle=_STYLES[number % len(_STYLES)], marker="o", markersize=2.5,
                        color=colour, label=label)
                if number == 0:
                    ax.fill_between(speeds, [100.0 * (p["flip"]["low"] or 0.0) for p in row],
                                    [100.0 * (p["flip"]["high"] or 0.0) for p in row],
                                    color=colour, alpha=0.12)
        ax.set_xlabel("the hand's top speed (mm/s)")
        ax.set_title("slide, then flick" if kind == SLIDE else "flick from rest", fontsize=10)
        if ax.get_legend_handles_labels()[1]:
            ax.legend(fontsize=7)
        else:  # this sweep played no such strokes: say so rather than draw an empty chart
            ax.text(0.5, 0.5, "not in this sweep", transform=ax.transAxes, ha="center",
                    va="center", color="grey")
    left.set_ylabel("flicks that flipped the card (%)")
    left.set_ylim(-2, 102)
    return figure


def _speed_figure(variants: Sequence[Mapping[str, Any]], key: str, scale: float,
                  limit: tuple[float, str] | None, axis: str) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.4), layout="constrained")
    axes = figure.subplots()
    axes.grid(alpha=0.3)
    if limit is not None:
        axes.axhline(limit[0], color="grey", linestyle="--", linewidth=1, label=limit[1])
    for number, (variant, colour) in enumerate(
            zip(variants, _variant_colours(len(variants)), strict=True)):
        rows = variant.get("disturbed") if key == "disturbed" else variant.get("by_speed")
        if not rows:
            continue
        speeds, values, low, high = [], [], [], []
        for entry in rows:
            estimate = entry[key]
            if estimate["value"] is None:
                continue
            speeds.append(entry["speed_mm_s"])
            values.append(scale * estimate["value"])
            if "low" in estimate:
                low.append(scale * (estimate["low"] if estimate["low"] is not None
                                    else estimate["value"]))
                high.append(scale * (estimate["high"] if estimate["high"] is not None
                                     else estimate["value"]))
        name = variant["label"] if len(variants) > 1 else "measured"
        axes.plot(speeds, values, marker="o", markersize=3, color=colour, label=name,
                  linestyle=_STYLES[number % len(_STYLES)])
        if low and len(low) == len(speeds):
            axes.fill_between(speeds, low, high, color=colour, alpha=0.15)
        if key == "travel_flipped_median":  # a median of a few cards says so
            for entry in rows:
                estimate = entry[key]
                if estimate["value"] is not None and estimate["n"] < FEW:
                    axes.annotate(f"n={estimate['n']}", (entry["speed_mm_s"],
                                                         scale * estimate["value"]),
                                  textcoords="offset points", xytext=(0, 6 + 9 * number),
                                  ha="center",
                                  fontsize=7, color=colour)
    axes.set_xlabel("flick speed at release (mm/s)")
    axes.set_ylabel(axis)
    axes.legend(fontsize=8)
    return figure


def _variant_colours(count: int) -> list[Any]:
    """A colour per config variant, apart and dark enough for the labels drawn in them."""
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return [cmap(i % 10) for i in range(count)]


def _colours(count: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["viridis"]
    return [cmap(0.9 * i / max(1, count - 1)) for i in range(count)]


# ----------------------------------------------------------------------------- tables


def _estimate_text(estimate: Mapping[str, Any] | None, scale: float, digits: str) -> str:
    """``90 [60, 98]``: a value and its 95 % interval in the table's unit (``-`` for none)."""
    if estimate is None or estimate.get("value") is None:
        return "-"

    def shown(value: float) -> str:  # a percent under 1 keeps a decimal: [0, 0.4], not [0, 0]
        scaled = scale * value
        return format(scaled, ".1f" if digits == ".0f" and 0.0 < scaled < 1.0 else digits)

    text = shown(estimate["value"])
    if estimate.get("low") is not None and estimate.get("high") is not None:
        text += f" [{shown(estimate['low'])}, {shown(estimate['high'])}]"
    return text


def _bands_table(variant: Mapping[str, Any]) -> Table:
    """The map's white line in numbers: each angle's band (mm/s) at each depth."""
    depths = list(variant["depths"])
    header = ("angle (degrees)", *(f"{depth:g} mm" for depth in depths))
    rows = []
    for angle in variant["angles"]:
        found = variant["bands"].get(f"{angle:g}", {})
        cells = []
        for depth in depths:
            band = found.get(f"{depth:g}")
            cells.append("-" if band is None else f"{band[0]:.0f}-{band[1]:.0f}")
        rows.append((f"{angle:g}", *cells))
    return header, tuple(rows)


def _best_rows(variant: Mapping[str, Any], angle: float) -> dict[float, Mapping[str, Any]]:
    """The points of ``angle`` at its best depth in ``variant``, by speed."""
    best = variant.get("best", {}).get(f"{angle:g}")
    if best is None:
        return {}
    return {p["speed_mm_s"]: p for p in variant["points"]
            if p["angle_deg"] == angle and p["depth_mm"] == best["depth_mm"]}


def _flip_table(variants: Sequence[Mapping[str, Any]]) -> Table:
    """P(flip) % [95 %] and its flicks by angle and speed (rows) and variant (columns), each
    angle at the variant's best depth (the curves drawn)."""
    drawn = [v for v in variants if "points" in v]
    several = len(drawn) > 1
    header = ["angle (degrees)", "speed (mm/s)"]
    for variant in drawn:
        prefix = f"{variant['label']}: " if several else ""
        header += [f"{prefix}depth (mm)", f"{prefix}P(flip) % [95 %]", f"{prefix}flicks"]
    angles = sorted({a for v in drawn for a in v["angles"]})
    rows = []
    for angle in angles:
        by_variant = [_best_rows(v, angle) for v in drawn]
        speeds = sorted({s for found in by_variant for s in found})
        for speed in speeds:
            row = [f"{angle:g}", f"{speed:g}"]
            for found in by_variant:
                point = found.get(speed)
                if point is None:
                    row += ["-", "-", "-"]
                    continue
                row += [f"{point['depth_mm']:g}", _estimate_text(point["flip"], 100.0, ".0f"),
                        str(point["flip"]["n"])]
            rows.append(tuple(row))
    return tuple(header), tuple(rows)


def _hand_table(variants: Sequence[Mapping[str, Any]]) -> Table:
    """The hand strokes' P(flip) % [95 %] and flicks by stroke, setting and speed (rows) and
    variant (columns)."""
    several = len(variants) > 1
    header = ["stroke", "setting (mm)", "top speed (mm/s)"]
    for variant in variants:
        prefix = f"{variant['label']}: " if several else ""
        header += [f"{prefix}P(flip) % [95 %]", f"{prefix}flicks"]
    rows = []
    for kind, name, what in ((SLIDE, "slide_mm", "slide, then flick (pushed under)"),
                             (REST, "gap_mm", "flick from rest (gap before the edge)")):
        found = [{(p[name], p["speed_mm_s"]): p for p in v.get(kind, {}).get("points", [])}
                 for v in variants]
        for setting, speed in sorted({key for points in found for key in points}):
            row = [what, f"{setting:g}", f"{speed:g}"]
            for points in found:
                point = points.get((setting, speed))
                row += (["-", "-"] if point is None else
                        [_estimate_text(point["flip"], 100.0, ".0f"), str(point["flip"]["n"])])
            rows.append(tuple(row))
    return tuple(header), tuple(rows)


_UNITS = {
    "travel_flipped_median": ("median, card lengths [95 %]", "cards flipped", ".2f"),
    "left_wok": ("% [95 %]", "flicks", ".0f"),
    "disturbed": ("cards, mean [95 %]", "stirs", ".2f"),
}


def _speed_table(variants: Sequence[Mapping[str, Any]], key: str, scale: float) -> Table:
    """A line chart's values [95 %] and their n by speed, a pair of columns per variant."""
    unit, counted, digits = _UNITS[key]
    several = len(variants) > 1
    header = ["speed (mm/s)"]
    for variant in variants:
        prefix = f"{variant['label']}: " if several else ""
        header += [f"{prefix}{unit}", f"{prefix}{counted}"]
    found = [{e["speed_mm_s"]: e[key] for e in
              (v.get("disturbed") if key == "disturbed" else v.get("by_speed")) or []}
             for v in variants]
    rows = []
    for speed in sorted({s for entries in found for s in entries}):
        row = [f"{speed:g}"]
        for entries in found:
            estimate = entries.get(speed)
            row += (["-", "-"] if estimate is None else
                    [_estimate_text(estimate, scale, digits), str(estimate["n"])])
        rows.append(tuple(row))
    return tuple(header), tuple(rows)
