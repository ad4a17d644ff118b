"""Charts: a study's figures of merit, computed the same way for its summary and its plots.

A :class:`Chart` turns any group of records into named estimates with 95 % intervals (win
rate per seat, mean points per ingredient...). A plain study draws each chart as bars with
error bars (or, if the chart has a distribution, as histograms); a sweep draws each chart
against the varied values, one line per estimate, with its interval.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wokphysics.batch.columns import Columns, FloatArray
from wokphysics.batch.stats import Estimate
from wokphysics.batch.tasks import Plot

VARIANT = "variant"
"""The column numbering a sweep's config variants (0, 1, ...)."""


@dataclass(frozen=True)
class Chart:
    """One figure of merit.

    Attributes:
        name: file name of its plot and key in ``summary.json``.
        title: what the plot shows, for people.
        axis: the value axis' label, with its unit.
        estimates: the estimates (series name -> estimate) from a group of records.
        distribution: optional: the raw values (series name -> values) a plain study draws as
            histograms instead of bars.
        percent: the estimates are rates, shown as percentages.
        note: one sentence under the plot in the report (how to read it).
        reference: optional: each series' reference value (a seat's fair share), drawn as a
            dashed line beside its estimate.
    """

    name: str
    title: str
    axis: str
    estimates: Callable[[Columns], dict[str, Estimate]]
    distribution: Callable[[Columns], dict[str, FloatArray]] | None = None
    percent: bool = False
    note: str = ""
    reference: Callable[[Columns], dict[str, float]] | None = None


@dataclass(frozen=True)
class ChartSet:
    """The charts of one kind of study, and the labels of its variants (for a sweep)."""

    charts: Sequence[Chart]
    variant_labels: Sequence[str] = ()
    variant_values: Sequence[Mapping[str, Any]] = ()
    """Each variant's varied config values (a sweep over one numeric key is plotted on a
    numeric axis)."""

    @property
    def sweep(self) -> bool:
        return len(self.variant_labels) > 1

    def groups(self, columns: Columns) -> list[tuple[str, Columns]]:
        """The records of each variant with its label (a plain study: one group)."""
        if not self.sweep:
            return [("all", columns)]
        by_variant = columns.group_by(VARIANT)
        return [
            (label, by_variant.get(number, Columns()))
            for number, label in enumerate(self.variant_labels)
        ]

    def summarise(self, columns: Columns) -> dict[str, Any]:
        """Each chart's estimates (per variant in a sweep) as JSON data."""

        def results(group: Columns) -> dict[str, Any]:
            return {
                chart.name: {key: est.to_data() for key, est in chart.estimates(group).items()}
                for chart in self.charts
            }

        if not self.sweep:
            return {"results": results(columns)}
        return {
            "variants": [
                {"label": label, "results": results(group) if len(group) else {}}
                for label, group in self.groups(columns)
            ]
        }

    def plots(self, columns: Columns, summary: dict[str, Any]) -> list[Plot]:
        """One figure per chart."""
        from wokphysics.batch import plots

        figures = []
        for chart in self.charts:
            if self.sweep and chart.distribution is not None and len(self.variant_labels) == 2:
                # two configs (``compare``, a sweep of two values): their distributions
                # overlaid, one outline per config and series
                overlaid = {
                    f"{label}: {series}": values
                    for label, group in self.groups(columns) if len(group)
                    for series, values in chart.distribution(group).items()
                }
                figure = plots.histograms(chart, overlaid)
            elif self.sweep:
                per_variant = [
                    (label, chart.estimates(group) if len(group) else {})
                    for label, group in self.groups(columns)
                ]
                reference: dict[str, float] = {}
                if chart.reference is not None:
                    for _, group in self.groups(columns):
                        reference.update(chart.reference(group) if len(group) else {})
                figure = plots.against_variants(chart, per_variant, self.variant_values,
                                                reference, chart.distribution is not None)
            elif chart.distribution is not None:
                figure = plots.histograms(chart, chart.distribution(columns))
            else:
                reference = chart.reference(columns) if chart.reference is not None else {}
                figure = plots.bars(chart, chart.estimates(columns), reference)
            figures.append(Plot(chart.name, chart.title, figure, chart.note, chart.percent))
        return figures
