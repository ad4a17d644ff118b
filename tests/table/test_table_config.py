"""Every kind of bad config gives one clear line naming the file and key; exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wokphysics import load_config
from wokphysics.errors import ConfigError


def _write(tmp_path: Path, text: str, name: str = "my.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_defaults_load_and_describe_the_rulebook_game() -> None:
    cfg = load_config()
    assert cfg.physics.wok.width_mm == 610.0 and cfg.physics.wok.depth_mm == 610.0
    assert (cfg.physics.card.width_mm, cfg.physics.card.length_mm) == (63.5, 88.9)
    assert cfg.deck_size == 50
    assert (cfg.rules.setup.supply, cfg.rules.setup.wok) == (24, 26)
    counts = [
        cfg.rules.ingredients[name].count
        for name in (
            "chicken",
            "pork",
            "shrimp",
            "broccoli",
            "green_pepper",
            "mushroom",
            "onion",
            "chili_pepper",
            "garlic",
            "noodles",
            "rice",
        )
    ]
    assert counts == [6, 5, 3, 4, 4, 6, 7, 3, 4, 4, 4]


def test_an_override_file_changes_only_its_keys(tmp_path: Path) -> None:
    path = _write(tmp_path, "[card]\nmass_g = 2.5\n[rules]\npicks_per_turn = 3\n")
    cfg = load_config(path)
    assert cfg.physics.card.mass_g == 2.5 and cfg.rules.picks_per_turn == 3
    assert cfg.physics.card.width_mm == 63.5
    assert cfg.physics.physics == load_config().physics.physics


def test_an_override_folder_layers_files_of_the_same_name(tmp_path: Path) -> None:
    _write(tmp_path, "[wok]\nwidth_mm = 700.0\n", "physics.toml")
    cfg = load_config(tmp_path)
    assert cfg.physics.wok.width_mm == 700.0 and cfg.physics.wok.depth_mm == 610.0


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ("[card\nwidth_mm = 3", None, "not valid TOML"),
        ("[card]\nwidht_mm = 60.0\n", "card.widht_mm", "unknown key"),
        ("[colour]\nred = 1\n", "colour", "unknown key"),
        ('[card]\nwidth_mm = "wide"\n', "card.width_mm", "valid number"),
        ("[card]\nmass_g = -1.0\n", "card.mass_g", "greater than or equal to 0.1"),
        ("[physics]\nfriction = 9.0\n", "physics.friction", "less than or equal to 5"),
        (
            '[ingredients]\nchicken = { count = 7, category = "meat" }\n',
            "ingredients",
            "add up to 51",
        ),
        (
            '[ingredients]\npork = { count = 5, category = "fish" }\n',
            "ingredients.pork.category",
            "'meat'",
        ),
        ("[card]\ndot_inset_mm = 40.0\n", "card", "do not fit"),
    ],
)
def test_each_bad_config_names_the_file_and_key(
    tmp_path: Path, text: str, key: str | None, words: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "\n" not in message
    assert words in message
    if key is not None:
        assert key in message
    assert str(path) in message or "wok_on_fire.toml" in message


def test_a_missing_config_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "nope.toml")


def test_the_command_line_reports_bad_config_in_one_line_with_status_2(tmp_path: Path) -> None:
    path = _write(tmp_path, "[spatula]\nblade_width_mm = 0\n")
    done = subprocess.run(
        [sys.executable, "-m", "wokphysics.cli", "bench", "--config", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "spatula.blade_width_mm" in lines[0] and str(path) in lines[0]
    assert "Traceback" not in done.stderr


def test_a_card_that_cannot_fit_in_the_wok_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "[wok]\nwidth_mm = 105.0\ndepth_mm = 105.0\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert caught.value.key == "card" and "diagonal" in caught.value.problem


def test_the_circle_threshold_is_an_area(tmp_path: Path) -> None:
    path = _write(tmp_path, "[visibility]\ncircle_min_area_mm2 = 2.5\n")
    assert load_config(path).physics.visibility.circle_min_area_mm2 == 2.5
    with pytest.raises(ConfigError, match="visibility.circle_min_fraction"):
        load_config(_write(tmp_path, "[visibility]\ncircle_min_fraction = 0.02\n", "old.toml"))
