"""The figures of a flips sweep, drawn from its summary (:mod:`wokphysics.studies.flip_summary`)
with matplotlib (imported when drawn: the command stays light)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wokphysics.batch.tasks import Plot
from wokphysics.studies.flip_bands import FLIP_SHARE
from wokphysics.studies.flip_summary import REST, SLIDE


def flip_plots(summary: Mapping[str, Any]) -> list[Plot]:
    """The P(flip) map over depth and speed per angle (one figure per variant), P(flip)
    against speed at each angle's best depth (variants overlaid), the slide-then-flick and
    the flick from rest, then the travel of flipped cards, P(leaving the wok) and the cards
    disturbed per stir against speed at the shared band's depth."""
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
            f"encloses {100 * FLIP_SHARE:g} % or more.",
            percent=True,
        ))
    plots.append(Plot(
        "flip_share",
        "P(flip) against flick speed at each angle's best depth",
        _best_depth_figure(variants),
        "A line per approach angle at the depth where its band is widest, with 95 % "
        "intervals; variants overlaid (dashed, dotted). Shaded: the shared band.",
        percent=True,
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
        ))
    for name, title, key, scale, limit, note in (
        ("travel", "How far a flipped card travels", "travel_flipped_median", 1.0,
         (1.5, "1.5 card lengths"),
         "Median straight distance from where a flipped card lay to where it came to rest, "
         "card lengths, every angle pooled, at the shared band's depth."),
        ("left_wok", "P(the card leaves the wok)", "left_wok", 100.0, (5.0, "5 %"),
         "Share of lone cards (from the inner half of the wok) whose centre ends outside the "
         "wok's edge, every angle pooled, at the shared band's depth, 95 % intervals."),
    ):
        plots.append(Plot(name, title, _speed_figure(variants, key, scale, limit, title), note,
                          percent=scale == 100.0))
    if any("disturbed" in v for v in variants):
        plots.append(Plot(
            "disturbed", "Cards disturbed per stir",
            _speed_figure(variants, "disturbed", 1.0, None, "Cards disturbed per stir"),
            "Cards that moved when the card nearest the centre of a freshly dealt wok is "
            "flicked, mean with 95 % intervals.",
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
                  limit: tuple[float, str] | None, title: str) -> Any:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.4), layout="constrained")
    axes = figure.subplots()
    axes.grid(alpha=0.3)
    if limit is not None:
        axes.axhline(limit[0], color="grey", linestyle="--", linewidth=1, label=limit[1])
    for number, (variant, colour) in enumerate(
            zip(variants, _colours(len(variants)), strict=True)):
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
    axes.set_xlabel("flick speed at release (mm/s)")
    axes.set_ylabel(title if scale == 1.0 else f"{title} (%)")
    axes.legend(fontsize=8)
    return figure


def _colours(count: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["viridis"]
    return [cmap(0.9 * i / max(1, count - 1)) for i in range(count)]
