"""Drawing charts with matplotlib: bars with 95 % intervals, histograms, sweeps.

Figures are built with matplotlib's object interface (``Figure``), never ``pyplot``: no
global state, no window, nothing that needs a display.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from wokphysics.batch.stats import Estimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from wokphysics.batch.columns import FloatArray


class ChartLabels(Protocol):
    """What a plot shows of a chart (:class:`wokphysics.batch.charts.Chart` is one; this
    module imports no charts, which draw themselves with it)."""

    @property
    def title(self) -> str: ...

    @property
    def axis(self) -> str: ...

    @property
    def percent(self) -> bool: ...

WIDE = 9.0
"""Inches; at the report's 100 dpi a figure is 900 pixels wide."""


def _figure(width: float = WIDE, height: float = 4.4) -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    axes = figure.subplots()
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    return figure, axes


def _scale(chart: ChartLabels) -> float:
    return 100.0 if chart.percent else 1.0


def _axis(chart: ChartLabels) -> str:
    """The value axis's label, wrapped at 40 characters (a long one ran past the axis and
    over the variants' labels: Wok Star's 'round 6 income ($; 0 when Bad Publicity ended
    the game)')."""
    import textwrap

    label = f"{chart.axis} (%)" if chart.percent and "%" not in chart.axis else chart.axis
    return "\n".join(textwrap.wrap(label, 40)) or label


def _errors(estimates: Sequence[Estimate], scale: float) -> tuple[list[float], np.ndarray]:
    values = [e.value * scale for e in estimates]
    # max(0, ...): rounding can put an interval's end a hair on the wrong side of its value
    below = [max(0.0, (e.value - e.low) * scale) if not math.isnan(e.low) else 0.0
             for e in estimates]
    above = [max(0.0, (e.high - e.value) * scale) if not math.isnan(e.high) else 0.0
             for e in estimates]
    return values, np.array([below, above])


def _title(text: str, figure: Figure) -> str:
    """``text`` wrapped to the figure's width (about 10 characters per inch at 12 pt)."""
    return textwrap.fill(text, max(30, int(figure.get_figwidth() * 10)))


def bars(chart: ChartLabels, estimates: Mapping[str, Estimate],
         reference: Mapping[str, float] | None = None) -> Figure:
    """One bar per estimate with its 95 % interval, the value printed above; a bar's
    ``reference`` (its fair share) a dashed line across it, named in the legend."""
    figure, axes = _figure(max(5.0, min(WIDE + 3, 1.0 + 0.75 * len(estimates))))
    names = list(estimates)
    scale = _scale(chart)
    values, errors = _errors([estimates[n] for n in names], scale)
    positions = np.arange(len(names))
    axes.bar(positions, values, yerr=errors, capsize=4, color="#d9822b", edgecolor="#8a4b12")
    for x, value, top in zip(positions, values, errors[1], strict=True):
        if not math.isnan(value):
            axes.annotate(
                _bar_label(value),
                (x, value + top),
                textcoords="offset points",
                xytext=(0, 3),
                ha="center",
                fontsize=8,
            )
    if len(names) > 6:
        axes.set_xticks(positions, names, rotation=30, ha="right")
    else:  # upright labels, wrapped to a bar's width so neighbours do not run together
        axes.set_xticks(positions, [textwrap.fill(name, 14) for name in names])
    _reference_marks(axes, positions, names, reference or {}, scale)
    axes.set_ylabel(_axis(chart))
    axes.set_title(_title(f"{chart.title} (95 % intervals)", figure))
    axes.axhline(0, color="black", linewidth=0.6)
    if all(v - below >= 0 for v, below in zip(values, errors[0], strict=True) if v == v):
        axes.set_ylim(bottom=0)  # nothing below zero: no empty negative half
    return figure


REFERENCE_STYLE: dict[str, Any] = {"color": "#333333", "linestyle": "--", "linewidth": 1.4}
"""How a reference value (a fair share) is drawn."""


def _reference_marks(axes: Axes, positions: Any, names: Sequence[str],
                     reference: Mapping[str, float], scale: float) -> None:
    """A dashed line across each bar at its reference value; one legend entry per value
    ("fair share 25.0 %")."""
    labelled: set[float] = set()
    for x, name in zip(positions, names, strict=True):
        if name not in reference:
            continue
        value = reference[name] * scale
        # matplotlib leaves a label starting with "_" out of the legend: one entry per value
        label = f"_{value}"
        if value not in labelled:
            labelled.add(value)
            label = f"fair share {value:.1f}{' %' if scale == 100.0 else ''}"
        axes.hlines(value, x - 0.45, x + 0.45, label=label, **REFERENCE_STYLE)
    if labelled:
        axes.legend(fontsize=8, loc="best")


def _bar_label(value: float) -> str:
    """The number over a bar: one decimal, but two significant digits below 1 (a rate of
    0.0078 cards per stir was printed "0.0")."""
    if value == 0 or abs(value) >= 1:
        return f"{value:.1f}" if abs(value) < 1000 else f"{value:.0f}"
    return f"{value:.2g}"


def histograms(chart: ChartLabels, distributions: Mapping[str, FloatArray]) -> Figure:
    """One outlined histogram per series, as shares of that series' count."""
    figure, axes = _figure()
    finite = [v[~np.isnan(v)] for v in distributions.values()]
    everything = np.concatenate(finite) if finite else np.array([])
    if everything.size:
        low, high = float(everything.min()), float(everything.max())
        integral = bool(np.all(everything == np.round(everything)))
        if integral:  # whole-number bins, at most about 30 of them
            width = max(1.0, math.ceil((high - low + 1) / 30))
            edges = np.arange(low - 0.5, high + width + 0.5, width)
        else:
            edges = np.linspace(low, high if high > low else low + 1, 31)
        for name, values in zip(distributions, finite, strict=True):
            if values.size:
                weights = np.full(values.size, 100.0 / values.size)
                axes.hist(
                    values,
                    bins=[float(edge) for edge in edges],
                    weights=weights,
                    histtype="step",
                    linewidth=1.6,
                    label=f"{name} (n={values.size}, mean {values.mean():.1f})",
                )
        axes.legend(fontsize=8)
        if integral:  # counts: whole-number ticks (one value alone was ticked -0.45 .. 0.45)
            from matplotlib.ticker import MaxNLocator

            if high - low < 5:
                axes.set_xticks(np.arange(low, high + 1))
            else:
                axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(chart.axis)
    axes.set_ylabel("share of the series (%)")
    axes.set_title(_title(chart.title, figure))
    return figure


def series_styles(count: int) -> list[dict[str, Any]]:
    """Line styles that tell ``count`` series of one figure apart: matplotlib's default cycle
    has 10 colours, so an 11th series (Wok on Fire's rice) took the first one's (chicken's)
    blue. The colours repeat from the 11th on, with dashed lines and square markers."""
    from matplotlib import colormaps

    palette = colormaps["tab10"]
    shapes = (("-", "o"), ("--", "s"), (":", "^"))
    return [
        {"color": palette(i % 10), "linestyle": shapes[i // 10 % 3][0],
         "marker": shapes[i // 10 % 3][1]}
        for i in range(count)
    ]


def numeric_axis(values: Sequence[Mapping[str, Any]]) -> tuple[str, list[float]] | None:
    """The one config key a sweep varies and its values as numbers, when exactly one key
    takes different values and every value of it is a number (not a boolean): a sweep over
    ``physics.friction=0.25,0.35,0.45`` is drawn on a numeric axis. None otherwise (text
    values such as ``difficulty=easy``, or several keys crossed): the variants are labels."""
    keys: list[str] = []
    for variant in values:
        keys.extend(key for key in variant if key not in keys)
    varied = [key for key in keys if len({repr(v.get(key)) for v in values}) > 1]
    if len(varied) != 1:
        return None
    key = varied[0]
    found = [v.get(key) for v in values]
    if not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
               for x in found):
        return None
    return key, [float(x) for x in found]  # type: ignore[arg-type]


MAX_SERIES = 12
"""At most this many series share one panel of a sweep's figure: a chart of 25 (We Will Wok
You's wok cards) is drawn as panels of 9, one above the other, on the same variants."""


def against_variants(
    chart: ChartLabels, per_variant: Sequence[tuple[str, Mapping[str, Estimate]]],
    values: Sequence[Mapping[str, Any]] = (), reference: Mapping[str, float] | None = None,
    means: bool = False,
) -> Figure:
    """A sweep: each estimate over the variants, with its 95 % interval (``means``: the
    estimates are the means of a distribution, and the title says so). Over one numeric key
    (``values``: each variant's varied values) the x axis is that key's numeric scale and a
    line joins the points; otherwise each variant is a label and the points stand alone.
    More than :data:`MAX_SERIES` series are split over panels."""
    from matplotlib.figure import Figure

    labels = [label for label, _ in per_variant]
    numeric = numeric_axis(values) if len(values) == len(per_variant) else None
    if numeric is None:
        positions = [float(x) for x in range(len(per_variant))]
        unit = 1.0
    else:
        positions = numeric[1]
        ordered = sorted(set(positions))
        unit = min((b - a for a, b in zip(ordered, ordered[1:], strict=False)), default=1.0)
    series: list[str] = []
    for _, estimates in per_variant:
        series.extend(name for name in estimates if name not in series)
    panels = max(1, math.ceil(len(series) / MAX_SERIES))
    per_panel = max(1, math.ceil(len(series) / panels))
    figure = Figure(figsize=(WIDE, 4.4 if panels == 1 else 3.2 * panels + 0.8),
                    layout="constrained")
    grid = figure.subplots(panels, 1, sharex=True, squeeze=False)
    scale = _scale(chart)
    styles = series_styles(per_panel)
    for panel in range(panels):
        axes = grid[panel][0]
        axes.grid(axis="y", alpha=0.3)
        axes.set_axisbelow(True)
        shown = series[panel * per_panel:(panel + 1) * per_panel]
        spread = 0.25 / max(1, len(shown)) * unit
        for number, name in enumerate(shown):
            xs, picked = [], []
            for x, (_, estimates) in zip(positions, per_variant, strict=True):
                if name in estimates and not math.isnan(estimates[name].value):
                    xs.append(x + (number - (len(shown) - 1) / 2) * spread)
                    picked.append(estimates[name])
            if not picked:
                continue
            order = np.argsort(xs, kind="stable")  # a line joins the values in their order
            values_, errors = _errors([picked[i] for i in order], scale)
            style = dict(styles[number])
            if numeric is None:
                # labelled variants (text values, crossed keys) have no order between them: a
                # line through them would suggest a trend across unrelated settings
                style["linestyle"] = "none"
            axes.errorbar([xs[i] for i in order], values_, yerr=errors[:, order], capsize=3,
                          label=name, **style)
        for value in sorted({(reference or {})[name] for name in shown
                             if name in (reference or {})}):
            axes.axhline(value * scale, label=f"fair share {value * scale:.1f}"
                         f"{' %' if scale == 100.0 else ''}", **REFERENCE_STYLE)
        axes.set_ylabel(_axis(chart))
        if len(shown) > 3:  # beside the axes: inside, a long legend covered points
            axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        elif shown:
            axes.legend(fontsize=8)
    axes = grid[-1][0]
    if numeric is None:
        # one line per varied key, so crossed --vary labels do not run into each other, and
        # slanted when they would still not fit side by side (about 90 characters across)
        ticks = [label.replace(", ", "\n") for label in labels]
        widest = max((len(line) for tick in ticks for line in tick.splitlines()), default=0)
        slanted = widest * len(ticks) > 80
        axes.set_xticks(range(len(labels)), ticks, rotation=30 if slanted else 0,
                        ha="right" if slanted else "center")
        axes.set_xlabel("variant")
    else:
        axes.set_xlabel(numeric[0])
    kind = ": means" if means else ""
    grid[0][0].set_title(_title(f"{chart.title}{kind} (95 % intervals)", figure))
    return figure
