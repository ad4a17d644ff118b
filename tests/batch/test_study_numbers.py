"""A study's numbers mean what they say: its summary, tables and plots agree with the rows of
``tasks.csv`` they come from."""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path
from typing import Any

import pytest

from wokphysics.cli import main


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "tasks.csv").open() as handle:
        return list(csv.DictReader(handle))


def test_a_team_game_counts_its_score_once_per_game(tmp_path: Path) -> None:
    # Before: Wok Star's score estimate took every seat's copy of the team's score, so 6
    # four-player games were n=24 and the interval half as wide as the 6 games allow.
    folder = tmp_path / "team"
    argv = ["simulate", "wok-star", "--players", "4", "--games", "6", "--no-progress",
            "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    incomes = [float(row["income"]) for row in _rows(folder)]
    score = json.loads((folder / "summary.json").read_text())["results"]["scores"]["4 players"]
    assert score["n"] == 6
    assert score["value"] == pytest.approx(statistics.mean(incomes), rel=1e-5)
    half = 2.571 * statistics.stdev(incomes) / 6**0.5  # Student's t, 5 degrees of freedom
    assert score["high"] - score["value"] == pytest.approx(half, rel=1e-4)


def test_a_study_of_several_player_counts_prints_a_table_per_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: one table "12 games, 2 players" mixed the 2- and 3-player games, left seat 3
    # out and called every seat "(rotating)".
    folder = tmp_path / "counts"
    argv = ["sweep", "wok-and-roll", "--vary", "rules.menu=simple", "--players", "2,3",
            "--games", "6", "--bots", "greedy,random", "--no-progress", "--no-cluster",
            "--out", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    rows = _rows(folder)
    for players in (2, 3):
        games = [row for row in rows if row["players"] == str(players)]
        table = out.split(f"== {players} players ==\n")[1].split("==")[0]
        assert f"6 games, {players} players" in table and "(rotating)" not in table
        for seat in range(1, players + 1):
            wins = sum(int(row[f"seat{seat}_win"]) for row in games)
            bot = games[0][f"seat{seat}_bot"]
            # Wok and Roll breaks every tie, so the split wins are whole wins
            assert f"\n{seat:>4}  {bot:<12} {wins:>6.1f} {100 * wins / 6:>5.1f}%" in table


@pytest.mark.slow
@pytest.mark.parametrize(
    ("verb", "options", "named"),
    [
        (["simulate", "we-will-wok-you"], ["--games", "5", "--seed", "9"], "--seed --games"),
        (["sweep", "wok-star"], ["--vary", "rules.timer=true,false"], "--vary"),
        (["sweep", "flips"], ["--seeds", "7"], "--seeds"),
    ],
)
def test_resume_refuses_options_that_would_change_the_study(
    verb: list[str], options: list[str], named: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Before: `--resume DIR --games 5` printed the old study's table as if 5 games were asked.
    folder = tmp_path / "study"
    first = {
        "we-will-wok-you": ["--games", "3"],
        "wok-star": ["--vary", "rules.bad_publicity_limit=4,8", "--games", "2"],
        "flips": ["--speeds", "1400", "--angles", "0", "--seeds", "1", "--wok-seeds", "0"],
    }[verb[1]]
    assert main([*verb, *first, "--no-progress", "--no-cluster", "--out", str(folder)]) == 0
    before = (folder / "tasks.csv").read_bytes()
    capsys.readouterr()
    assert main([*verb, "--resume", str(folder), *options]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"drop {named} (or start a new study with --out)" in err
    assert main([*verb, "--resume", str(folder), "--no-progress", "--workers", "1"]) == 0
    assert (folder / "tasks.csv").read_bytes() == before


def test_a_rate_of_none_or_all_has_its_interval_end_exactly_at_0_or_100_percent() -> None:
    # Before: "low": 6.93889e-18 in summary.json for 0 of 50 games lost in round 1.
    from wokphysics.batch.stats import rate

    for n in range(1, 2001):
        assert rate(0, n).low == 0.0 and rate(0, n).high > 0.0
        assert rate(n, n).high == 1.0 and rate(n, n).low < 1.0


@pytest.mark.parametrize(("game", "players"), [("we-will-wok-you", 4), ("wok-on-fire", 4),
                                              ("wok-star", 2), ("wok-and-roll", 3)])
def test_a_sweep_plays_simulate_s_player_count_by_default(
    game: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `sweep wok-on-fire` played 2-player games (the window's default) beside the
    # 4-player games of `simulate wok-on-fire` with the same config.
    from wokphysics.games.registry import plugin
    from wokphysics.studies.commands import default_players

    assert default_players(plugin(game)) == players
    with pytest.raises(SystemExit):
        main(["sweep", game, "--help"])
    assert f"(default {players}, as simulate's;" in " ".join(capsys.readouterr().out.split())


def test_a_sweep_without_players_writes_simulate_s_count(tmp_path: Path) -> None:
    folder = tmp_path / "coins"
    argv = ["sweep", "we-will-wok-you", "--vary", "rules.leftover_coins_tie_break=fewer,more",
            "--games", "2", "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    assert {row["players"] for row in _rows(folder)} == {"4"}


def test_the_replays_folder_is_named_as_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `--replays replays/` (the README's spelling) printed "replays written to replays//".
    argv = ["simulate", "wok-on-fire", "--players", "1", "--games", "1", "--no-progress",
            "--no-cluster", "--replays", f"{tmp_path}/replays/"]
    assert main(argv) == 0
    assert f"replays written to {tmp_path}/replays/\n" in capsys.readouterr().out
    assert [p.name for p in (tmp_path / "replays").iterdir()] == ["wok-on-fire-1.json"]


@pytest.mark.parametrize(
    "verb",
    [["simulate", "we-will-wok-you", "--games", "3"],
     ["sweep", "flips", "--speeds", "1400", "--angles", "0", "--depths", "65", "--strokes",
      "steady", "--seeds", "3", "--wok-seeds", "0"]],
)
def test_a_study_whose_seeds_would_pass_the_largest_seed_is_refused(
    verb: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `--seed 2**63-1 --games 2` played seed 2**63 and wrote its Wok on Fire replay,
    # which `replay --verify` then refused ("seed must be 0 to 9223372036854775807").
    top = 2**63 - 1
    argv = [*verb, "--no-progress", "--no-cluster", "--out", str(tmp_path / "x"), "--seed"]
    assert main([*argv, str(top - 1)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"give a seed of at most {top - 2}" in err
    assert not (tmp_path / "x").exists()
    assert main([*argv, str(top - 2)]) == 0
    seeds = [row["seed"] for row in _rows(tmp_path / "x")]
    assert seeds == [str(top - 2), str(top - 1), str(top)]


def test_the_report_gives_rates_in_percent_as_the_plots_draw_them(tmp_path: Path) -> None:
    # Before: "Win rate by seat" was drawn 40.0 (%) and tabled 0.4 right under the plot.
    import re

    folder = tmp_path / "rates"
    argv = ["simulate", "we-will-wok-you", "--games", "5", "--no-progress", "--no-cluster",
            "--out", str(folder)]
    assert main(argv) == 0
    rows = _rows(folder)
    wins = sum(int(row["seat1_win"]) for row in rows)
    report = (folder / "report.html").read_text()
    section = report.split("<h2>Win rate by seat against a fair share</h2>")[1].split("<h2>")[0]
    assert "<th>value (%)</th><th>95 % interval (%)</th>" in section
    cell = re.search(r"<td>seat 1</td><td>([^<]+)</td>", section)
    assert cell is not None and float(cell.group(1)) == 100 * wins / 5
    points = report.split("<h2>Game length, by player count</h2>")[1].split("<h2>")[0]
    assert "<th>value</th>" in points  # a mean of turns stays in turns


def test_the_wok_star_table_says_what_its_columns_are_and_agrees_with_the_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "income", "bad pub" and "lost (bp)" were left for the reader to guess.
    folder = tmp_path / "star"
    argv = ["simulate", "wok-star", "--players", "3", "--games", "6", "--no-progress",
            "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "income: mean round-6 income in $ (0 after a Bad Publicity loss)" in out
    row = next(line for line in out.splitlines() if line.startswith("3p normal")).split()
    rows = _rows(folder)
    won = sum(r["outcome"] == "won" for r in rows)
    lost = sum(r["outcome"] == "bad publicity" for r in rows)
    assert row[3] == f"{100 * won / 6:.1f}%"
    assert row[4] == f"{statistics.mean(int(r['income']) for r in rows):.1f}"
    assert row[6] == f"{statistics.mean(int(r['bad_publicity']) for r in rows):.2f}"
    assert row[7] == f"{100 * lost / 6:.1f}%"


@pytest.mark.slow
def test_an_interrupt_after_the_last_game_says_resume_writes_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: Ctrl-C while the cluster closed after the last game said "interrupted: 180 of
    # 180 flicks finished; `--resume fi` runs the rest" (of nothing); and a study run with
    # --no-cluster "ran on this process".
    import wokphysics.batch as batch

    folder = tmp_path / "late"
    run = batch.run_study

    def stopped_at_the_end(study: Any, out: Any, options: Any) -> Any:
        results = run(study, out, options)
        results.interrupted = True  # Ctrl-C after the last task, as the cluster closed
        return results

    monkeypatch.setattr(batch, "run_study", stopped_at_the_end)
    argv = ["simulate", "wok-star", "--games", "3", "--no-progress", "--no-cluster",
            "--out", str(folder)]
    assert main(argv) == 130
    err = capsys.readouterr().err
    said = f"interrupted: 3 of 3 games finished; `--resume {folder}` writes the study's files"
    assert said in err
    monkeypatch.setattr(batch, "run_study", run)
    assert main(["simulate", "wok-star", "--resume", str(folder), "--no-progress"]) == 0
    fresh = tmp_path / "fresh"
    assert main([*argv[:-1], str(fresh)]) == 0
    assert "3 games ran in this process in" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("draw", "size"),
    [
        ("poisson 0.3", 3),  # few, mostly zero
        ("poisson 5", 3),  # three stirs that move about five cards each
        ("overdispersed 5", 8),  # negative binomial: variance 10 against a mean of 5
        ("overdispersed 5", 30),
    ],
)
def test_a_mean_count_s_interval_covers_the_mean_and_never_goes_below_zero(
    draw: str, size: int
) -> None:
    """count_mean's 95 % interval (the cards a stir disturbs): in 2,000 simulated samples it
    holds the true mean at least 95 % of the time (a one-sided binomial test could not tell
    its coverage below 95 % at the 1 % level), its low end is never below 0 and it is never
    empty, for Poisson counts (where Student's t alone collapses on equal counts) and for
    overdispersed ones (where the Poisson interval alone is too narrow). Measured beyond
    this test: with a variance five times the mean the coverage falls to 91 % at 8 stirs and
    94 % at 30 (Student's t on skewed counts); docs/physics.md says so."""
    import numpy as np
    from scipy import stats

    from wokphysics.batch.stats import count_mean

    rng = np.random.default_rng(7)
    kind, level = draw.split()
    true_mean = float(level)
    covered = 0
    for _ in range(2000):
        if kind == "poisson":
            sample = rng.poisson(true_mean, size)
        else:  # mean 5, variance 10: n = 5 successes, p = 1/2
            sample = rng.negative_binomial(5, 0.5, size)
        found = count_mean(sample.tolist())
        assert 0.0 <= found.low < found.high
        assert found.low <= found.value <= found.high
        covered += found.low <= true_mean <= found.high
    assert stats.binomtest(covered, 2000, 0.95, alternative="less").pvalue > 0.01
