"""Is it fair? Every game study tests its seats (and bots, where they differ) against equal
chances, in numbers that agree with scipy's own tests on the rows of ``tasks.csv``, and says
what it found in one sentence."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
from scipy import stats

from wokphysics.batch.fairness import fairness, holm
from wokphysics.cli import main


def test_the_tests_are_scipy_s_chi_square_and_exact_binomial_with_holm_s_correction() -> None:
    # 400 four-player games: seat 1 wins 80, seats 2-4 wins 100, 110, 110
    wins = [80, 100, 110, 110]
    winner = [seat for seat, count in enumerate(wins) for _ in range(count)]
    seats = [(f"seat {s + 1}", [1.0 if w == s else 0.0 for w in winner], [1] * 400)
             for s in range(4)]
    result = fairness("seat", seats, players=4)
    assert result.omnibus_p == pytest.approx(stats.chisquare(wins).pvalue)
    raw = [stats.binomtest(w, 400, 0.25).pvalue for w in wins]
    assert [t.p for t in result.categories] == pytest.approx(raw)
    assert [t.p_corrected for t in result.categories] == pytest.approx(holm(raw), rel=1e-9)
    first = result.categories[0]
    assert first.difference_points == -5.0 and first.test == "binomial"
    wilson = stats.binomtest(80, 400).proportion_ci(method="wilson")
    assert (first.rate.low, first.rate.high) == pytest.approx((wilson.low, wilson.high))
    # Holm: the smallest p times 4, then the next times 3, never decreasing
    assert holm([0.001, 0.02, 0.03, 0.5]) == pytest.approx([0.004, 0.06, 0.06, 0.5])


def test_nothing_detected_says_how_large_a_gap_could_hide() -> None:
    # 100 games, each seat of 2 winning 50: a fair game, and too few games to see 10 points
    seats = [(f"seat {s + 1}", [1.0 if g % 2 == s else 0.0 for g in range(100)], [1] * 100)
             for s in range(2)]
    result = fairness("seat", seats, players=2)
    gap = (stats.norm.ppf(1 - 0.05 / 4) + stats.norm.ppf(0.8)) * math.sqrt(0.25 / 100)
    assert result.detectable_points == pytest.approx(100 * gap, abs=0.01)
    assert result.sentence == (f"no seat difference detected (chi-square p = 1.000); with 100 "
                               f"games a gap under {100 * gap:.1f} points could go unseen.")


def test_a_bot_in_several_seats_of_a_game_is_tested_by_game_not_by_seat() -> None:
    """A bot in 2 of 4 seats wins in 30 of 60 games: 30 wins in 120 seats, 25 %, exactly a
    fair share. Its two seats of one game are not two trials (at most one of them wins), so
    the games are the units: its interval is the t interval of its 60 per-game shares, not
    Wilson's over 120 seats as if they were independent."""
    games = 60
    wins = [1.0 if g % 2 else 0.0 for g in range(games)]
    bot = fairness("bot", [("greedy", wins, [2] * games),
                           ("random", [1 - w for w in wins], [2] * games)], players=4)
    greedy = bot.categories[0]
    assert greedy.test == "clustered t" and greedy.rate.value == 0.25
    by_game = stats.ttest_1samp([w / 2 for w in wins], 0.25).confidence_interval()
    assert (greedy.rate.low, greedy.rate.high) == pytest.approx((by_game.low, by_game.high),
                                                                abs=1e-4)
    naive = stats.binomtest(30, 120).proportion_ci(method="wilson")
    assert (greedy.rate.low, greedy.rate.high) != pytest.approx((naive.low, naive.high),
                                                                abs=1e-3)
    assert greedy.p == pytest.approx(1.0)


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "tasks.csv").open() as handle:
        return list(csv.DictReader(handle))


@pytest.mark.slow
def test_simulate_tests_the_seats_prints_the_verdict_and_draws_the_fair_share(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "seats"
    argv = ["simulate", "we-will-wok-you", "--games", "24", "--bots", "greedy",
            "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    rows = _rows(folder)
    wins = [sum(float(r[f"seat{s}_win"]) / float(r["winners"]) for r in rows)
            for s in range(1, 5)]
    expected_p = stats.chisquare(wins).pvalue
    assert f"fairness of the seats against 25.0 % each (chi-square p = {expected_p:.3f}" in out
    test = json.loads((folder / "summary.json").read_text())["fairness"]["4 players"]["seats"]
    assert test["omnibus"]["p"] == pytest.approx(expected_p, rel=1e-5)
    assert [c["name"] for c in test["categories"]] == ["seat 1", "seat 2", "seat 3", "seat 4"]
    assert test["sentence"] in " ".join(out.split()).replace("=> ", "")
    assert "bots" not in json.loads((folder / "summary.json").read_text())["fairness"][
        "4 players"]  # one kind of bot: nothing to compare
    report = (folder / "report.html").read_text()
    assert "<h2>Fairness</h2>" in report and test["sentence"] in report
    # identical bots win 1/players by construction: no chart of it
    assert not (folder / "win_rate_by_bot.png").exists()


def test_the_seat_chart_draws_a_fair_share_line_named_in_its_legend() -> None:
    from wokphysics.batch.columns import Columns
    from wokphysics.studies.games import common_charts

    games = Columns({"players": 2, "winners": 1, "actions": 10, "seat1_bot": "greedy",
                     "seat2_bot": "greedy", "seat1_score": 3, "seat2_score": 1,
                     "seat1_win": int(g < 3), "seat2_win": int(g >= 3)} for g in range(5))
    [seat] = [chart for chart in common_charts(games) if chart.name == "win_rate_by_seat"]
    from wokphysics.batch.charts import ChartSet

    [plot] = ChartSet([seat]).plots(games, {})
    legend = [text.get_text() for text in plot.figure.axes[0].get_legend().get_texts()]
    assert legend == ["fair share 50.0 %"]


def test_different_bots_are_tested_and_their_fixed_seats_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "bots"
    argv = ["simulate", "wok-and-roll", "--games", "9", "--players", "3", "--bots",
            "greedy,random,random", "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    fair = json.loads((folder / "summary.json").read_text())["fairness"]["3 players"]
    assert [c["name"] for c in fair["bots"]["categories"]] == ["greedy", "random"]
    assert fair["bots"]["categories"][1]["test"] != "binomial"  # random sat in 2 seats a game
    assert "fairness of the bots against 33.3 % each" in out
    assert "the bots sat in the same seats in every game" in out and "--rotate-seats" in out


def test_a_cooperative_game_has_no_seat_to_test(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "team"
    assert main(["simulate", "wok-star", "--games", "4", "--no-progress", "--no-cluster",
                 "--out", str(folder)]) == 0
    assert "fairness" not in capsys.readouterr().out
    assert "fairness" not in json.loads((folder / "summary.json").read_text())
