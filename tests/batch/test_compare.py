"""Is house rule B better than A? ``compare GAME A B`` (and every sweep, against its first
variant) plays the same seeds under both configs and reports paired differences, with
intervals, p-values and the games a difference needs."""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from stream_helpers import keep_first

from wokphysics.batch.paired import paired
from wokphysics.cli import main


def test_the_paired_difference_is_scipy_s_paired_t_test() -> None:
    rng = np.random.default_rng(5)
    a = rng.normal(40, 8, 150)
    b = a + rng.normal(1.5, 3, 150)  # B scores 1.5 more on the same games, give or take 3
    found = paired(list(a), list(b))
    test = stats.ttest_rel(b, a)
    interval = test.confidence_interval()
    assert found.p == pytest.approx(test.pvalue)
    assert (found.low, found.high) == pytest.approx((interval.low, interval.high))
    # 80 % power at 5 %: (1.96 + 0.84) sd / sqrt(n), and the games for the measured mean
    z = stats.norm.ppf(0.975) + stats.norm.ppf(0.8)
    spread = float(np.std(b - a, ddof=1))
    assert found.detectable == pytest.approx(z * spread / np.sqrt(150))
    assert found.games_needed == int(np.ceil((z * spread / found.mean) ** 2))
    same = paired([3.0, 4.0], [3.0, 4.0])
    assert (same.mean, same.p, same.games_needed) == (0.0, 1.0, None)


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "tasks.csv").open() as handle:
        return list(csv.DictReader(handle))


def test_compare_plays_the_same_seeds_under_both_configs_and_pairs_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simple, expert = tmp_path / "simple.toml", tmp_path / "expert.toml"
    simple.write_text('[rules]\nmenu = "simple"\n')
    expert.write_text('[rules]\nmenu = "expert"\n')
    folder = tmp_path / "menus"
    assert main(["compare", "wok-and-roll", str(simple), str(expert), "--games", "8",
                 "--players", "2", "--bots", "greedy", "--no-progress", "--no-cluster",
                 "--out", str(folder)]) == 0
    out = capsys.readouterr().out
    rows = _rows(folder)
    a = [r for r in rows if r["config"] == "A"]
    b = [r for r in rows if r["config"] == "B"]
    assert [r["seed"] for r in a] == [r["seed"] for r in b] == [str(s) for s in range(1, 9)]
    assert {r["menu"] for r in a} == {"simple"} and {r["menu"] for r in b} == {"expert"}
    [comparison] = json.loads((folder / "summary.json").read_text())["versus_first"]
    assert comparison["label"] == f"B: {expert}" and comparison["against"] == f"A: {simple}"
    score = comparison["players"]["2 players"]["score per player"]
    each = [(int(y["seat1_score"]) + int(y["seat2_score"])) / 2
            - (int(x["seat1_score"]) + int(x["seat2_score"])) / 2
            for x, y in zip(a, b, strict=True)]
    assert score["difference"]["value"] == pytest.approx(statistics.mean(each), rel=1e-5)
    assert score["difference"]["n"] == 8
    assert f"== B: {expert} against A: {simple}, 2 players, the same seeds ==" in out
    assert "score per player" in out and "games to see it" in out and "detectable" in out
    report = (folder / "report.html").read_text()
    assert "<h2>Against the first variant</h2>" in report
    assert "<th>detectable</th>" in report
    assert "Wok and Roll comparison: 8 games" in report
    # the comparison is its own section, not repeated as raw data under "Other figures"
    assert "versus_first" not in report.split("<h2>Other figures</h2>")[1]
    assert "menu = &quot;expert&quot;" in report  # the Configs table shows what ran


def test_a_bad_config_to_compare_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[rules]\nmenu = 'gourmet'\n")
    assert main(["compare", "wok-and-roll", str(bad), str(bad), "--games", "2",
                 "--no-cluster"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "rules.menu" in err


def test_every_sweep_compares_its_variants_with_the_first(tmp_path: Path) -> None:
    folder = tmp_path / "sweep"
    assert main(["sweep", "wok-star", "--vary", "rules.difficulty=easy,normal,hard",
                 "--games", "6", "--players", "2", "--no-progress", "--no-cluster",
                 "--out", str(folder)]) == 0
    compared = json.loads((folder / "summary.json").read_text())["versus_first"]
    assert [c["label"] for c in compared] == ["difficulty=normal", "difficulty=hard"]
    wins = compared[1]["players"]["2 players"]["team wins"]
    assert wins["difference"]["value"] <= 0  # a harder loan is never easier to pay
    assert wins["unit"] == "points" and wins["scale"] == 100.0


def test_wok_on_fire_pairs_its_flips_and_the_cards_leaving_the_wok() -> None:
    from wokphysics.batch.columns import Columns
    from wokphysics.studies.wok_on_fire import measures

    games = Columns({"stirs": 40, "stirs_that_flipped": 10, "left_wok_stirs": 1,
                     "left_wok_chops": 2} for _ in range(3))
    found = measures(games)
    assert list(found["stirs that flipped a card"].values) == [0.25] * 3
    assert list(found["cards leaving the wok"].values) == [3.0] * 3


@pytest.mark.slow
def test_an_interrupted_comparison_resumes_to_the_files_of_one_run_in_one_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `compare GAME --resume DIR` (what the interrupted line says) was refused by
    # argparse (A and B required), and with A and B given too it printed a usage block.
    simple, expert = tmp_path / "simple.toml", tmp_path / "expert.toml"
    simple.write_text('[rules]\nmenu = "simple"\n')
    expert.write_text('[rules]\nmenu = "expert"\n')
    argv = ["compare", "wok-and-roll", str(simple), str(expert), "--games", "4", "--players",
            "2", "--bots", "greedy", "--no-progress", "--no-cluster"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*argv, "--out", str(whole)]) == 0
    assert main([*argv, "--out", str(cut)]) == 0
    keep_first(cut, 3)
    for name in ("report.html", "summary.json", "tasks.csv"):
        (cut / name).unlink()
    capsys.readouterr()
    assert main(["compare", "wok-and-roll", str(simple), "--resume", str(cut)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["compare", "wok-and-roll", "--resume", str(cut), "--no-progress"]) == 0
    for name in ("report.html", "summary.json", "tasks.csv", "scores.png"):
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name
    assert main(["compare", "wok-and-roll", str(simple), "--games", "2", "--no-cluster"]) == 2
    assert "compare needs two config files" in capsys.readouterr().err
