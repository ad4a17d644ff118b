"""``wokphysics score wok-on-fire``: the text and JSON reports and the one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wokphysics.cli import main
from wokphysics.games.wok_on_fire.bench import bench_figures


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["score", "wok-on-fire", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "--player", "chicken,garlic,rice,broccoli", "--player", "pork,pork,onion"
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Player 1: 5 points (4 ingredients)"
    assert "  Rice dish: Rice + Chicken + Broccoli = 15" in lines
    assert "  Garlic (unscored) = 0" in lines
    assert "  most Broccoli (1) = -10" in lines
    assert "Player 2: 12 points (3 ingredients)" in lines
    assert "  most Pork (2) = +5" in lines
    assert lines[-1] == "Winner: Player 2 (12 points)"


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "--player",
        "Noodles,GREEN_PEPPER,chili pepper,shrimp",
        "--player",
        "shrimp,garlic,Green-Pepper",
        "--json",
    )
    assert status == 0
    report = json.loads(out)
    first, second = report["players"]
    assert first["arrangement"] == [
        {
            "kind": "Noodle dish",
            "ingredients": ["Noodles", "Shrimp", "Green Pepper", "Chili Pepper"],
            "points": 25,
        }
    ]
    assert (first["total"], first["cards"]) == (25, 4)
    assert second["arrangement_points"] == 12 + 5
    assert second["total"] == 17
    assert report["winners"] == [1]


def test_tie_break_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--player", "chicken,chicken", "--player", "shrimp")
    assert out.splitlines()[-1] == (
        "Winner: Player 2 (4 points; tie broken by fewest ingredients: 1)"
    )
    _, out, _ = run(capsys, "--player", "shrimp", "--player", "shrimp")
    assert out.splitlines()[-1] == (
        "Shared victory: Player 1 and Player 2 (4 points, 1 ingredient each)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--player", "chicken,tofu"],
            "player 1: unknown ingredient 'tofu'; valid names: "
            "Chicken, Pork, Shrimp, Broccoli, Green Pepper, Mushroom, Onion, Chili Pepper, "
            "Garlic, Noodles, Rice",
        ),
        (
            ["--player", "shrimp,shrimp", "--player", "shrimp,shrimp"],
            "impossible piles: 4 Shrimp collected, but the deck has only 3",
        ),
        ([], "give at least one --player"),
        (["--player", "rice"] * 5, "5 players given; Wok on Fire has 1 to 4"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("wokphysics: ") and message in err


def test_the_installed_command_runs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "wokphysics.cli",
            "score",
            "wok-on-fire",
            "--player",
            "onion,onion,onion,onion,onion,onion,onion",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Player 1: 41 points (7 ingredients)"


def test_bench_figures_are_named_and_positive() -> None:
    figures = bench_figures(1)
    assert list(figures) == [
        "wok_on_fire.score_20_cards_ms",
        "wok_on_fire.game_4_bots_wall_s",
        "wok_on_fire.game_4_bots_x_simulated",
    ]
    assert all(value > 0 for value in figures.values())
