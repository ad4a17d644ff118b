"""Game studies as a user sees them: the study folder, its plots and report, sweeps over
config keys, and the confidence intervals they are drawn with."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from wokphysics.batch.stats import mean, rate, t95
from wokphysics.cli import main


def test_wilson_and_t_intervals_match_the_textbook_values() -> None:
    half = rate(50, 100)
    assert (round(half.low, 4), round(half.high, 4)) == (0.4038, 0.5962)
    none = rate(0, 20)  # no success: the interval still reaches up to 16 %
    assert none.low == 0.0 and round(none.high, 4) == 0.1611
    assert t95(1) == 12.706 and round(t95(1000), 3) == 1.962
    estimate = mean([1.0, 2.0, 3.0, 4.0])
    assert estimate.value == 2.5 and round(estimate.high - 2.5, 3) == round(3.182 * 0.6455, 3)


@pytest.mark.slow
def test_a_wok_star_study_writes_its_folder_with_plots_and_a_self_contained_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "stars"
    argv = ["simulate", "wok-star", "--games", "8", "--difficulty", "all", "--no-progress",
            "--out", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2p easy" in out and "2p hard" in out and "study written to" in out
    names = {p.name for p in folder.iterdir()}
    # one team win rate chart (it was three one-bar charts of the same rate: by player
    # count, by bot, by difficulty)
    for plot in ("team_win_rate", "scores", "game_length", "how_games_end"):
        assert f"{plot}.png" in names
        assert (folder / f"{plot}.png").read_bytes()[:4] == b"\x89PNG"
    with (folder / "tasks.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 24 and {r["difficulty"] for r in rows} == {"easy", "normal", "hard"}
    # every difficulty plays the same 8 deals (seeds 1-8), so they differ only in the loan
    assert [int(r["seed"]) for r in rows] == list(range(1, 9)) * 3
    summary = json.loads((folder / "summary.json").read_text())
    labels = [v["label"] for v in summary["variants"]]
    assert labels == ["difficulty=easy", "difficulty=normal", "difficulty=hard"]
    endings = summary["variants"][0]["results"]["how_games_end"]
    assert abs(sum(e["value"] for e in endings.values()) - 1.0) < 1e-5  # every game ends once
    report = (folder / "report.html").read_text()
    assert report.count("data:image/png;base64,") == 4
    assert not names & {"win_rate_by_players.png", "win_rate_by_bot.png",
                        "win_rate_by_difficulty.png"}
    assert not re.search(r"(src|href)=\"(http|//|[^\"#d])", report), "no outside resources"


@pytest.mark.slow
def test_a_sweep_varies_a_config_key_and_plots_against_its_values(tmp_path: Path) -> None:
    folder = tmp_path / "sweep"
    argv = ["sweep", "wok-and-roll", "--vary", "rules.dishes_to_end=1,3", "--games", "10",
            "--players", "2,3", "--no-progress", "--out", str(folder)]
    assert main(argv) == 0
    summary = json.loads((folder / "summary.json").read_text())
    short, long = (v["results"]["game_length"] for v in summary["variants"])
    assert short["2 players"]["value"] < long["2 players"]["value"]  # fewer dishes: shorter
    with (folder / "tasks.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 40 and rows[0]["rules.dishes_to_end"] == "1"
    assert rows[-1]["rules.dishes_to_end"] == "3" and rows[-1]["players"] == "3"
    study = json.loads((folder / "study.json").read_text())
    assert 'dishes_to_end = 3' in study["definition"]["variants"][1]["config"]


@pytest.mark.parametrize(
    ("vary", "words"),
    [
        ("rules.no_such_rule=1,2", "rules.no_such_rule: unknown key"),
        ("rules.dishes_to_end=0,3", "--vary rules.dishes_to_end"),
        ("rules.dishes_to_end", "write KEY=V1,V2"),
    ],
)
def test_a_bad_vary_is_one_line_naming_the_key(
    vary: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", "wok-and-roll", "--vary", vary, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err


@pytest.mark.slow
def test_wok_on_fire_records_its_ingredients_stirs_and_cards_leaving_the_wok(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "wof"
    argv = ["simulate", "wok-on-fire", "--players", "2", "--games", "2", "--no-progress",
            "--out", str(folder), "--replays", str(tmp_path / "replays")]
    assert main(argv) == 0
    with (folder / "tasks.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        flips = sum(int(row[f"stirs_flipping_{k}"]) for k in ("0", "1", "2", "3plus"))
        assert flips == int(row["stirs"]) > 0
        cards = sum(int(v) for k, v in row.items() if k.startswith("cards_"))
        assert cards >= 4  # each player took at least two cards
        points = sum(float(v) for k, v in row.items() if k.startswith("points_"))
        assert round(points) == int(row["seat1_score"]) + int(row["seat2_score"])
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == [
        "wok-on-fire-1.json", "wok-on-fire-2.json"]
    for plot in ("points_by_ingredient", "flips_per_stir", "cards_leaving_the_wok"):
        assert (folder / f"{plot}.png").exists()


@pytest.mark.slow
def test_rotate_seats_moves_every_bot_through_every_seat(tmp_path: Path) -> None:
    folder = tmp_path / "rotate"
    argv = ["simulate", "wok-and-roll", "--players", "3", "--games", "6", "--bots",
            "greedy,random,random", "--rotate-seats", "--no-progress", "--out", str(folder)]
    assert main(argv) == 0
    with (folder / "tasks.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    greedy_seats = [next(s for s in (1, 2, 3) if r[f"seat{s}_bot"] == "greedy") for r in rows]
    assert greedy_seats == [1, 3, 2, 1, 3, 2]


def test_a_sweep_plays_the_same_games_under_every_variant(tmp_path: Path) -> None:
    # Before: the second variant played seeds 11..20, other deals than the first's 1..10.
    folder = tmp_path / "menus"
    argv = ["sweep", "wok-and-roll", "--vary", "rules.menu=simple,expert", "--games", "10",
            "--players", "2,3", "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    with (folder / "tasks.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    blocks = [[row["seed"] for row in rows[start:start + 10]] for start in range(0, 40, 10)]
    assert blocks == [[str(seed) for seed in range(1, 11)]] * 4
    assert "every block of 10 tasks (a variant or a player count) plays the same games" in (
        (folder / "report.html").read_text()
    )
    # A variant that changes nothing the bots meet plays the very same games.
    same = tmp_path / "same"
    argv = ["sweep", "wok-and-roll", "--vary", "rules.expert_dishes_to_end=3,4", "--games",
            "12", "--no-progress", "--no-cluster", "--out", str(same)]
    assert main(argv) == 0
    summary = json.loads((same / "summary.json").read_text())
    first, second = (v["results"]["scores"] for v in summary["variants"])
    assert first == second


def test_wok_and_roll_plots_name_the_sheet_sections_and_menus_in_the_rulebook_words(
    tmp_path: Path,
) -> None:
    # Before: "skills and fridge", "vegetable and meat" (ids) and one bar "score per player".
    folder = tmp_path / "expert"
    argv = ["simulate", "wok-and-roll", "--expert", "--games", "6", "--no-progress",
            "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    results = json.loads((folder / "summary.json").read_text())["results"]
    assert set(results["points_by_section"]) == {
        "Rice", "Noodle", "Vegetable and Meat", "Seafood", "Specialty Skills and Fridge",
        "House Special", "Pantry", "Recipes",
    }
    # "Simple against Expert" showed one side only (a study plays one menu side; a sweep or
    # `compare` of rules.menu draws the sides against each other in every chart)
    assert "score_by_menu" not in results


def test_resuming_a_finished_study_rewrites_its_files_and_says_nothing_ran(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "0 games ran on nowhere (every task was done) in 0.0 s".
    folder = tmp_path / "done"
    assert main(["simulate", "wok-star", "--games", "3", "--no-progress", "--no-cluster",
                 "--out", str(folder)]) == 0
    capsys.readouterr()
    (folder / "report.html").unlink()
    assert main(["simulate", "wok-star", "--resume", str(folder), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "every game was done before; none ran" in out and "nowhere" not in out
    assert (folder / "report.html").exists()


def test_game_length_is_told_in_actions_when_every_game_has_the_same_turns() -> None:
    # Before: a 4-player Wok on Fire study plotted "16 turns" for every game (one bar at 100 %).
    from wokphysics.batch.columns import Columns
    from wokphysics.studies.games import common_charts

    fixed = Columns(
        {"players": 4, "turns": 16, "actions": actions, "winners": 1,
         **{f"seat{s}_score": 10 for s in range(1, 5)}}
        for actions in (70, 88, 260)
    )
    chart = next(c for c in common_charts(fixed) if c.name == "game_length")
    assert chart.axis == "actions" and chart.distribution is not None
    assert list(chart.distribution(fixed)["4 players"]) == [70, 88, 260]
    varied = Columns(
        {"players": 2, "turns": turns, "actions": 3 * turns, "winners": 1,
         "seat1_score": 1, "seat2_score": 2} for turns in (60, 71)
    )
    chart = next(c for c in common_charts(varied) if c.name == "game_length")
    assert chart.axis == "turns" and round(chart.estimates(varied)["2 players"].value, 1) == 65.5


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": [0]}, "--players must be 1 to 4 for Wok Star, not 0"),
        ({"games": 10**12}, "--games must be at most 1000000, not 1000000000000"),
        ({"seed": -5}, "--seed must be 0 to"),
    ],
)
def test_a_hand_edited_study_definition_is_checked_as_the_command_line_is(
    change: dict[str, object], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: players [0] said only 'holds another study', and 10**12 games built every task in
    memory (the process was killed) before the fingerprint was compared."""
    folder = tmp_path / "edited"
    assert main(["simulate", "wok-star", "--games", "2", "--no-progress", "--no-cluster",
                 "--out", str(folder)]) == 0
    manifest = json.loads((folder / "study.json").read_text())
    manifest["definition"].update(change)
    (folder / "study.json").write_text(json.dumps(manifest))
    capsys.readouterr()
    assert main(["simulate", "wok-star", "--resume", str(folder), "--no-progress",
                 "--no-cluster"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "study.json: its definition is not one the command line gives" in err and words in err


def test_the_text_table_and_the_plots_give_a_bot_the_same_win_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table gave a bot's wins as a share of the games (greedy on two of three seats:
    '100.0% of games') while the plot and summary.json give them per seat played (50 %)."""
    folder = tmp_path / "mixed"
    argv = ["simulate", "we-will-wok-you", "--players", "3", "--games", "12", "--bots",
            "greedy,greedy,random", "--no-progress", "--no-cluster", "--out", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    plotted = json.loads((folder / "summary.json").read_text())["results"]["win_rate_by_bot"]
    assert set(plotted) == {"greedy", "random"}
    header = next(line for line in out.splitlines() if line.startswith("bot "))
    assert "win % per seat" in header
    for bot, estimate in plotted.items():
        row = next(line for line in out.splitlines() if line.startswith(bot + " "))
        seats, wins, percent = row.split()[1:4]
        assert int(seats) == estimate["n"]
        assert percent == f"{100 * estimate['value']:.1f}%", row
    assert float(plotted["greedy"]["value"]) + float(plotted["random"]["value"]) < 1.0
    assert "a fair game: 33.3%" in out


def test_a_sweep_over_numbers_is_plotted_on_a_numeric_axis() -> None:
    """Sweep plots put the variants at 0, 1, 2 as labels even for numbers: 0.25, 0.35 and
    0.6 stood evenly spaced. Numbers now sit on a numeric axis named by the key; text values
    and crossed keys keep their labels."""
    from wokphysics.batch.charts import Chart, ChartSet
    from wokphysics.batch.columns import Columns
    from wokphysics.batch.plots import against_variants

    chart = Chart("length", "Game length", "turns", lambda columns: {})
    estimates = [{"2 players": mean([v, v + 1.0, v + 2.0])} for v in (10.0, 12.0, 20.0)]
    labels = ["physics.friction=0.25", "physics.friction=0.35", "physics.friction=0.6"]
    values = [{"physics.friction": x} for x in (0.25, 0.35, 0.6)]
    axes = against_variants(chart, list(zip(labels, estimates, strict=True)), values).axes[0]
    assert axes.get_xlabel() == "physics.friction"
    line = axes.get_lines()[0]
    assert [round(float(x), 6) for x in line.get_xdata()] == [0.25, 0.35, 0.6]
    assert [float(y) for y in line.get_ydata()] == [11.0, 13.0, 21.0]
    # text values, and two keys crossed, stay labels at 0, 1, ...
    for texts in ([{"difficulty": "easy"}, {"difficulty": "hard"}],
                  [{"a": 1, "b": 2}, {"a": 2, "b": 1}]):
        pairs = list(zip(["one", "two"], estimates[:2], strict=True))
        axes = against_variants(chart, pairs, texts).axes[0]
        assert axes.get_xlabel() == "variant"
        assert [float(x) for x in axes.get_lines()[0].get_xdata()] == [0.0, 1.0]
        assert [t.get_text() for t in axes.get_xticklabels()] == ["one", "two"]
        # points without a joining line: labelled variants have no order a line could follow
        assert axes.get_lines()[0].get_linestyle() == "None"
    assert line.get_linestyle() == "-"  # a numeric axis joins its values
    # a study's chart set hands the variants' values to the plot
    charts = ChartSet([chart], labels, values)
    assert charts.variant_values == values and len(charts.plots(Columns(), {})) == 1
