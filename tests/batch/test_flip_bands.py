"""Flip bands as a tuner reads them (issue 25 parts 2 to 4): each band edge with a 95 %
interval that covers the true edge at least 95 % of the time and narrows with more flicks;
every median with its distribution-free interval and n; the variants' P(flip) curves overlaid
in one figure and tabulated with their intervals and flicks; a resumed report the page of the
sweep run in one go."""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats
from stream_helpers import keep_first

from wokphysics.batch.columns import Columns
from wokphysics.batch.stats import median
from wokphysics.cli import main
from wokphysics.studies.flip_bands import band_edges, band_of, shared_band_edges
from wokphysics.studies.flip_plots import flip_plots
from wokphysics.studies.flip_summary import summarise, table

# A true P(flip) curve: its band (at least 80 %) runs from 1200 to 1500 mm/s.
CURVE = [(1000.0, 0.1), (1100.0, 0.6), (1200.0, 0.9), (1300.0, 1.0), (1400.0, 0.95),
         (1500.0, 0.85), (1600.0, 0.5), (1700.0, 0.2)]
SPEEDS = [speed for speed, _ in CURVE]
TRUE = band_of(SPEEDS, [p for _, p in CURVE])


def _measured(flicks: int, rng: np.random.Generator) -> list[tuple[float, int, int]]:
    """One sweep of ``flicks`` flicks a speed drawn from the true curve."""
    return [(speed, int(rng.binomial(flicks, p)), flicks) for speed, p in CURVE]


def test_the_true_curve_s_band() -> None:
    assert TRUE is not None and (TRUE.low, TRUE.high) == (1200.0, 1500.0)


@pytest.mark.parametrize("flicks", [8, 20])
def test_each_edge_s_interval_covers_the_true_edge_at_least_95_percent_of_the_time(
    flicks: int,
) -> None:
    # 300 sweeps of the true curve: how often each edge's interval holds the true edge. A
    # sweep whose measured curve has no band gives no interval: it counts as a miss.
    assert TRUE is not None
    rng = np.random.default_rng(flicks)
    sweeps = 300
    low_hits = high_hits = 0
    for _ in range(sweeps):
        edges = band_edges(_measured(flicks, rng))
        low, high = edges.low, edges.high
        low_hits += low.low is not None and low.high is not None and (
            low.low <= TRUE.low <= low.high)
        high_hits += high.low is not None and high.high is not None and (
            high.low <= TRUE.high <= high.high)
    for hits in (low_hits, high_hits):
        # one-sided: is the coverage below 95 %? (p < 0.01 would say so)
        assert stats.binomtest(hits, sweeps, 0.95, alternative="less").pvalue > 0.01, hits


def test_more_flicks_narrow_the_edges_to_the_true_ones() -> None:
    rng = np.random.default_rng(5)
    widths = {}
    for flicks in (20, 400):
        found = [band_edges(_measured(flicks, rng)) for _ in range(40)]
        widths[flicks] = np.mean([
            (e.high.high or math.nan) - (e.high.low or math.nan) for e in found])
        if flicks == 400:  # each edge's interval within a step of the true edge
            for e in found:
                assert e.low.low is not None and e.low.high is not None
                assert e.high.low is not None and e.high.high is not None
                assert 1100.0 <= e.low.low <= 1200.0 <= e.low.high <= 1300.0
                assert 1400.0 <= e.high.low <= 1500.0 <= e.high.high <= 1600.0
    assert widths[20] > widths[400]


def test_each_edge_lies_in_its_interval_and_the_draws_are_seeded() -> None:
    cells = [(speed, round(p * 20), 20) for speed, p in CURVE]
    edges = band_edges(cells)
    assert (edges.low.value, edges.high.value) == (1200.0, 1500.0)
    for edge in (edges.low, edges.high):
        assert edge.low is not None and edge.high is not None and edge.value is not None
        assert edge.low <= edge.value <= edge.high
        assert edge.low in SPEEDS and edge.high in SPEEDS  # edges are swept speeds
    assert band_edges(cells) == edges  # the same summary every time it is computed


def test_no_band_has_no_edges_but_says_how_often_the_draws_found_one() -> None:
    # 7 of 10 everywhere: no measured band, yet 80 % is well within reach of 7 of 10
    edges = band_edges([(speed, 7, 10) for speed in SPEEDS])
    assert edges.low.value is None and edges.high.value is None
    # the share of draws with a band: P(Beta(7.5, 3.5) >= 0.8) at some speed of 8
    one = 1.0 - stats.beta(7.5, 3.5).cdf(0.8)
    assert edges.with_band == pytest.approx(1.0 - (1.0 - one) ** 8, abs=0.03)


def test_the_shared_range_is_the_overlap_of_the_angles_bands() -> None:
    cells = [(speed, round(p * 40), 40) for speed, p in CURVE]
    shifted = [(speed + 200.0, k, n) for speed, k, n in cells]
    edges = shared_band_edges([cells, shifted])
    assert (edges.low.value, edges.high.value) == (1400.0, 1500.0)
    for edge in (edges.low, edges.high):  # each within the overlap's reach, around its value
        assert edge.low is not None and edge.high is not None and edge.value is not None
        assert 1300.0 <= edge.low <= edge.value <= edge.high <= 1600.0
    # where the bands barely overlap, some draws have no shared band: it says how many
    apart = [(speed + 300.0, k, n) for speed, k, n in cells]
    assert shared_band_edges([cells, apart]).with_band < shared_band_edges(
        [cells, shifted]).with_band


def test_a_median_s_interval_is_the_sign_test_s_and_covers_95_percent() -> None:
    rng = np.random.default_rng(3)
    for n in (6, 7, 10, 19, 20, 51, 300):
        values = rng.exponential(size=n)
        found = median(values)
        expected = stats.quantile_test(values, q=float(np.median(values)), p=0.5)
        interval = expected.confidence_interval(0.95)
        assert (found.value, found.n) == (pytest.approx(float(np.median(values))), n)
        assert (found.low, found.high) == (interval.low, interval.high)
    # coverage of the true median (ln 2 for the unit exponential) from 15 values
    hits = 0
    for _ in range(2000):
        found = median(rng.exponential(size=15))
        hits += found.low <= math.log(2.0) <= found.high
    assert stats.binomtest(hits, 2000, 0.95, alternative="less").pvalue > 0.01
    few = median([3.0, 1.0, 2.0, math.nan, 5.0, 4.0])
    assert (few.value, few.n) == (3.0, 5) and math.isnan(few.low) and math.isnan(few.high)


# ----------------------------------------------------------------- the summary and plots


def _rows(variants: int, flicks: int = 10) -> list[dict[str, Any]]:
    """Records of a sweep at one depth: at each angle and speed the curve's share flips (the
    second variant one flick fewer at 1200 mm/s), flipped cards travel 0.2 + 0.01 * i."""
    rows = []
    for variant in range(variants):
        for angle in (0.0, 45.0, 90.0):
            for speed, share in CURVE:
                flips = round(share * flicks) - (variant == 1 and speed == 1200.0)
                for trial in range(flicks):
                    rows.append({
                        "variant": variant, "scenario": "lone", "stroke": "steady",
                        "angle_deg": angle, "depth_mm": 70.0, "speed_mm_s": speed,
                        "flipped": int(trial < flips), "travel_lengths": 0.2 + 0.01 * trial,
                        "left_wok": int(trial == 0), "left_table": 0, "disturbed": 0,
                        "release_mm_s": speed, "release_depth_mm": 70.0,
                    })
    return rows


def _wilson(k: int, n: int) -> tuple[float, float]:
    found = stats.binomtest(k, n).proportion_ci(0.95, method="wilson")
    return found.low, found.high


def test_two_variants_are_overlaid_in_one_figure_and_tabulated() -> None:
    # Before: one figure per variant, none overlaid, and no numbers of the curves.
    summary = summarise(Columns(_rows(2)), ["lift=1.1", "lift=1.4"])
    plots = {plot.name: plot for plot in flip_plots(summary)}
    overlaid = plots["flip_share"]
    assert overlaid.title.endswith("the variants overlaid")
    assert overlaid.figure.get_suptitle() == overlaid.title
    panels = [ax for ax in overlaid.figure.axes if ax.get_visible()]
    assert [ax.get_title() for ax in panels] == [
        "0 degrees to the long axis", "45 degrees to the long axis",
        "90 degrees to the long axis"]
    for ax in panels:
        assert [line.get_label() for line in ax.get_lines()][1:] == [
            "lift=1.1 (70 mm)", "lift=1.4 (70 mm)"]
    assert overlaid.table is not None
    header, rows = overlaid.table
    assert header == ("angle (degrees)", "speed (mm/s)", "lift=1.1: depth (mm)",
                      "lift=1.1: P(flip) % [95 %]", "lift=1.1: flicks",
                      "lift=1.4: depth (mm)", "lift=1.4: P(flip) % [95 %]", "lift=1.4: flicks")
    assert len(rows) == 3 * len(CURVE)  # angle x speed
    at = {(row[0], row[1]): row for row in rows}
    for variant, k in ((0, 9), (1, 8)):  # 9 and 8 of 10 at 1200 mm/s
        low, high = _wilson(k, 10)
        cell = at[("45", "1200")][2 + 3 * variant: 5 + 3 * variant]
        assert cell == ("70", f"{10 * k:.0f} [{100 * low:.0f}, {100 * high:.0f}]", "10")


def test_the_report_shows_the_curves_table_the_bands_and_each_variant_s_override(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "lift"
    argv = ["sweep", "flips", "--speeds", "1000,1400,1800", "--angles", "0,90", "--depths",
            "70", "--strokes", "steady", "--seeds", "3", "--wok-seeds", "0", "--vary",
            "spatula.lift_ratio=1.1,1.4", "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    capsys.readouterr()
    page = (folder / "report.html").read_text()
    summary = json.loads((folder / "summary.json").read_text())
    section = page.split("the variants overlaid</h2>")[1].split("<h2>")[0]
    assert "<th>lift_ratio=1.4: P(flip) % [95 %]</th>" in section
    # every cell of the table is the summary's point, in percent with its interval and n
    for number, variant in enumerate(summary["variants"]):
        for point in variant["points"]:
            flip = point["flip"]
            cells = (f"<td>{flip['value'] * 100:.0f} [{flip['low'] * 100:.0f}, "
                     f"{flip['high'] * 100:.0f}]</td><td>{flip['n']}</td>")
            assert cells in section, (number, point)
    configs = page.split("<h2>Configs</h2>")[1].split("<h2>")[0]
    assert "lift_ratio = 1.1" in configs and "lift_ratio = 1.4" in configs
    shown = html.unescape(page.split("<h2>Summary</h2>\n<pre>")[1].split("</pre>")[0])
    assert "each edge [95 % interval]" in shown


def test_every_median_of_travel_has_its_n_and_a_thin_one_is_labelled() -> None:
    # Before: travel medians had no n (one at 1000 mm/s came from 2 cards).
    summary = summarise(Columns(_rows(1)), ["defaults"])
    plots = {plot.name: plot for plot in flip_plots(summary)}
    travel = plots["travel"]
    assert travel.table is not None
    header, rows = travel.table
    assert header == ("speed (mm/s)", "median, card lengths [95 %]", "cards flipped")
    by_speed = {row[0]: row for row in rows}
    # 1 flip of 10 at each of 3 angles: 3 cards, no interval; 10 of 10: 30 cards
    assert by_speed["1000"] == ("1000", "0.20", "3")
    thirty = [0.2 + 0.01 * i for i in range(10)] * 3
    expected = stats.quantile_test(thirty, q=float(np.median(thirty))).confidence_interval()
    assert by_speed["1300"] == (
        "1300", f"{np.median(thirty):.2f} [{expected.low:.2f}, {expected.high:.2f}]", "30")
    labels = [text.get_text() for text in travel.figure.axes[0].texts]
    assert "n=3" in labels and "n=30" not in labels
    for name in ("left_wok", "flip_map", "flip_share"):
        assert plots[name].table is not None, name


def test_the_printed_bands_give_each_edge_its_interval_and_the_travel_its_n() -> None:
    summary = summarise(Columns(_rows(1)), ["defaults"])
    best = summary["variants"][0]["best"]["0"]
    edges = band_edges([(speed, round(p * 10), 10) for speed, p in CURVE])
    assert best["edges"] == edges.to_data()
    text = table(summary)
    assert f"{edges.low.text()} .. {edges.high.text()}" in text
    assert "flipped cards travel a median" in text and "card lengths (n = 30)" in text


@pytest.mark.slow
def test_a_resumed_sweep_writes_the_report_of_the_sweep_run_in_one_go(tmp_path: Path) -> None:
    argv = ["sweep", "flips", "--speeds", "1000,1400,1800", "--angles", "0,90", "--depths",
            "70", "--strokes", "steady", "--seeds", "3", "--wok-seeds", "1", "--vary",
            "spatula.lift_ratio=1.1,1.4", "--no-progress", "--no-cluster"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*argv, "--out", str(whole)]) == 0
    assert main([*argv, "--out", str(cut)]) == 0
    keep_first(cut, 17)  # cut mid-variant
    for found in cut.iterdir():
        if found.suffix in {".html", ".json", ".csv", ".png"} and found.name != "study.json":
            found.unlink()
    assert main(["sweep", "flips", "--resume", str(cut), "--no-progress", "--no-cluster"]) == 0
    for name in ("report.html", "summary.json", "tasks.csv", "flip_share.png", "travel.png"):
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name


def test_a_share_under_1_percent_keeps_a_decimal() -> None:
    # Before: none of 840 leaving the wok printed "0 % [0, 0] of 840", as if certain (its
    # upper end is 0.5 %).
    rows = [{**row, "left_wok": 0} for row in _rows(1, flicks=200)]
    summary = summarise(Columns(rows), ["defaults"])
    high = stats.binomtest(0, 600).proportion_ci(0.95, method="wilson").high
    assert f"0 % [0, {100 * high:.1f}] of 600 leave the wok" in table(summary)
    plots = {plot.name: plot for plot in flip_plots(summary)}
    assert plots["left_wok"].table is not None
    assert ("1300", f"0 [0, {100 * high:.1f}]", "600") in plots["left_wok"].table[1]
