"""A study's PNG plots as a tuner reads them without the report: a title, units on the
axes, a legend naming every line (reference lines too), and numbers that say something."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from stream_helpers import keep_first

from wokphysics.batch.charts import Chart, ChartSet
from wokphysics.batch.columns import Columns
from wokphysics.batch.plots import against_variants, bars, histograms
from wokphysics.batch.stats import Estimate, mean


def _legend(figure: Any) -> list[str]:
    return [text.get_text() for text in figure.axes[0].get_legend().get_texts()]


def test_every_flip_sweep_plot_has_a_title_and_names_its_reference_lines() -> None:
    # Before: the four PNGs had no title, and their dashed lines (80 %, 1.5 card lengths, 5 %)
    # and the pooled travel / leaving / disturbed lines no legend.
    from wokphysics.studies.flips import flip_plots, summarise

    rows = [
        {"variant": 0, "scenario": scenario, "stroke": "steady", "angle_deg": angle,
         "depth_mm": depth, "speed_mm_s": speed, "flipped": int(speed == 1400.0),
         "travel_lengths": 0.2, "left_wok": 0, "left_table": 0, "disturbed": 2,
         "release_mm_s": speed, "release_depth_mm": depth}
        for scenario in ("lone", "wok") for angle in (0.0, 45.0, 90.0)
        for depth in (15.0, 65.0) for speed in (1000.0, 1400.0, 1800.0) for _ in range(3)
    ]
    plots = {plot.name: plot for plot in flip_plots(summarise(Columns(rows), ["defaults"]))}
    assert set(plots) == {"flip_map", "flip_share", "travel", "left_wok", "disturbed"}
    for plot in plots.values():
        assert plot.figure.get_suptitle() == plot.title
    assert "80 %" in _legend(plots["flip_share"].figure)
    assert "0 deg at 15 mm" in _legend(plots["flip_share"].figure)
    assert _legend(plots["travel"].figure) == ["1.5 card lengths", "measured"]
    assert _legend(plots["left_wok"].figure) == ["5 %", "measured"]
    assert _legend(plots["disturbed"].figure) == ["measured"]
    titles = [ax.get_title() for ax in plots["flip_map"].figure.axes if ax.get_title()]
    assert titles == ["0 degrees", "45 degrees", "90 degrees"]


def test_a_sweep_of_eleven_series_draws_eleven_different_lines() -> None:
    # Before: matplotlib's 10-colour cycle drew rice in chicken's blue.
    names = [f"ingredient {i}" for i in range(11)]
    chart = Chart("points", "Points", "points", lambda columns: {})
    per_variant = [(label, {name: Estimate(i, i - 1, i + 1, 9) for i, name in enumerate(names)})
                   for label in ("a=1", "a=2")]
    drawn = against_variants(chart, per_variant).axes[0].containers  # one per errorbar series
    assert [series.get_label() for series in drawn] == names
    looks = {(str(line.get_color()), line.get_linestyle(), line.get_marker())
             for line in (series.lines[0] for series in drawn)}
    assert len(looks) == 11


def test_cards_leaving_the_wok_per_stir_is_not_drawn_on_the_per_game_axis() -> None:
    # Before: "per stir" (0.008) was a third line on the "cards per game" axis.
    from wokphysics.studies.wok_on_fire import charts

    games = Columns(
        {"players": 2, "winners": 1, "actions": 60, "seat1_score": 5, "seat2_score": 3,
         "seat1_win": 1, "seat2_win": 0, "seat1_bot": "strong", "seat2_bot": "weak",
         "stirs": 40, "left_wok_stirs": left, "left_wok_chops": 0}
        for left in (0, 1, 0, 1)
    )
    found = {chart.name: chart for chart in charts(games)}
    per_game = found["cards_leaving_the_wok"]
    assert per_game.axis == "cards per game"
    assert set(per_game.estimates(games)) == {"during stirs", "during chops"}
    per_stir = found["cards_leaving_per_stir"]
    assert per_stir.axis == "cards per stir"
    assert per_stir.estimates(games)["during stirs"].value == 2 / 160


def test_counts_are_ticked_in_whole_numbers_and_small_rates_keep_their_digits() -> None:
    # Before: six games with no card leaving the wok were ticked -0.45 ... 0.45, and a bar of
    # 0.0078 cards per stir was labelled "0.0".
    chart = Chart("left", "Cards leaving the wok per game", "cards per game",
                  lambda columns: {})
    figure = histograms(chart, {"during stirs": np.zeros(6), "during chops": np.zeros(6)})
    ticks = figure.axes[0].get_xticks()
    assert list(ticks) == [0.0]
    figure = bars(chart, {"during stirs": mean([0.0078] * 5 + [0.0079] * 5)})
    labels = [text.get_text() for text in figure.axes[0].texts]
    assert labels == ["0.0078"]
    assert figure.axes[0].get_ylim()[0] == 0.0  # nothing negative: the axis starts at 0


def test_chart_sets_without_a_sweep_draw_one_figure_per_chart() -> None:
    charts = [Chart("a", "A", "points", lambda columns: {"x": mean([1.0, 2.0])})]
    plots = ChartSet(charts).plots(Columns([{"players": 2}]), {})
    assert [plot.name for plot in plots] == ["a"]
    assert plots[0].figure.axes[0].get_title() == "A (95 % intervals)"


@pytest.mark.slow
def test_a_resumed_report_is_the_page_of_the_study_run_in_one_go(tmp_path: Path) -> None:
    # Before: the resumed page listed its definition sorted (read back from study.json) and
    # had a second row of runs with other timings.
    from wokphysics.cli import main

    argv = ["simulate", "we-will-wok-you", "--games", "6", "--no-progress", "--no-cluster"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*argv, "--out", str(whole)]) == 0
    assert main([*argv, "--out", str(cut)]) == 0
    keep_first(cut, 3)
    for name in ("report.html", "summary.json", "tasks.csv"):
        (cut / name).unlink()
    assert main(["simulate", "we-will-wok-you", "--resume", str(cut), "--no-progress"]) == 0
    for name in ("report.html", "summary.json", "tasks.csv", "win_rate_by_seat.png"):
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name


def test_the_flips_report_shows_each_variant_s_config(tmp_path: Path) -> None:
    # Before: the Configs table was empty for every variant of a sweep of flips (the report
    # read the key `config`, the sweep stores `override`).
    from wokphysics.cli import main

    folder = tmp_path / "flips"
    assert main(["sweep", "flips", "--speeds", "1400", "--angles", "0", "--seeds", "1",
                 "--wok-seeds", "0", "--vary", "physics.friction=0.3,0.4", "--no-progress",
                 "--no-cluster", "--out", str(folder)]) == 0
    configs = (folder / "report.html").read_text().split("<h2>Configs</h2>")[1].split("<h2>")[0]
    assert "friction = 0.3" in configs and "friction = 0.4" in configs


def test_a_long_value_axis_label_is_wrapped_not_run_over_the_variants() -> None:
    # Before: Wok Star's 'round 6 income ($; 0 when Bad Publicity ended the game)' ran past
    # the axis's height and over the variants' names in a sweep's plot of means.
    label = "round 6 income ($; 0 when Bad Publicity ended the game)"
    chart = Chart("scores", "The team's final score", label, lambda columns: {})
    per_variant = [(name, {"2 players": Estimate(30.0, 25.0, 35.0, 10)})
                   for name in ("a=1", "a=2")]
    drawn = against_variants(chart, per_variant).axes[0].get_ylabel()
    assert drawn.replace("\n", " ") == label
    assert max(len(line) for line in drawn.splitlines()) <= 40
