"""``wokphysics play --resume FILE``: the window continues a saved game where it stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from wokphysics.cli import main
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.wok_on_fire.scene import PlayScene


def _saved_game(saved: Path, turns: int) -> WokOnFireGame:
    """A person and a weak bot after ``turns`` turns (bots standing in for the person), saved
    to ``saved``."""
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 21, 0, ("person", "weak"), saved)
    stand_in = [make_wof_bot(cfg, "strong", 1), make_wof_bot(cfg, "weak", 2)]
    while game.turn_number < turns:
        stand_in[game.current_player].act(game)
    game.save(saved)
    return game


def test_resume_opens_the_saved_game_and_keeps_autosaving(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    saved = tmp_path / "save.json"
    game = _saved_game(saved, 2)
    app, save, _ = build_app(parse_play_args(["--resume", str(saved), "--max-frames", "2"]))
    scene = app.scene
    assert isinstance(scene, PlayScene)
    assert save == saved
    assert scene.game.state_hash() == game.state_hash()
    assert scene.game.turn_number == 2
    assert set(scene.bots) == {1}, "the bot stays a bot, the person a person"
    assert app.run() == 0
    assert main(["play", "--resume", str(saved), "--config", "x.toml"]) == 2
    assert main(["play", "--resume", str(saved), "--bots", "weak"]) == 2
    assert "--resume" in capsys.readouterr().err


def test_a_resumed_game_s_log_shows_what_happened_last_without_sounds_or_notices(
        tmp_path: Path) -> None:
    saved = tmp_path / "save.json"
    _saved_game(saved, 3)
    app, _, _ = build_app(parse_play_args(["--resume", str(saved), "--max-frames", "2"]))
    scene = app.scene
    assert isinstance(scene, PlayScene)
    log = scene.presenter.log
    # the newest lines of the three turns played, then where the game picks up
    assert log[-1] == "Resumed at turn 4"
    assert any(line.startswith("You stirred: ") for line in log), log
    assert any(line.startswith("Bot 2 (weak) ") for line in log), log
    assert scene.presenter.notice is None
    assert app.run() == 0
