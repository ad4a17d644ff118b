"""What the window says on closing over its autosave: how to continue an unfinished game, and
for a finished one how to replay it (``--resume`` would only show its end again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wokphysics.cli import main
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.bots import RandomBot
from wokphysics.games.registry import new_game
from wokphysics.games.simulation import play_out
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game
from wokphysics.records.saving import saved_game_line
from wokphysics.replay.turn_record import write_record


def test_a_finished_turn_game_is_offered_for_replay_not_for_resuming(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved, out = tmp_path / "wwwy.json", tmp_path / "again.json"
    initial = new_game("we-will-wok-you", players=2, seed=3)
    state = play_out(initial.clone(), [RandomBot(1), RandomBot(2)])
    write_record(saved, "we-will-wok-you", ["random", "random"], initial, state)
    assert main(["play", "we-will-wok-you", "--resume", str(saved), "--max-frames", "3",
                 "--save", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"the finished game is saved in {out}; replay it with: wokphysics replay {out}" in said
    assert "--resume" not in said
    assert main(["replay", str(out), "--verify"]) == 0  # and that command works on it


def test_a_finished_wok_on_fire_game_is_offered_for_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved, out = tmp_path / "wof.json", tmp_path / "again.json"
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 5, 0, ("weak", "weak"))
    bots = [make_wof_bot(cfg, "weak", 1), make_wof_bot(cfg, "weak", 2)]
    while not game.is_over:
        bots[game.current_player].act(game)
    save_game(game, saved)
    assert main(["play", "--resume", str(saved), "--max-frames", "2", "--save", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"the finished game is saved in {out}; replay it with: wokphysics replay {out}" in said


def test_an_unfinished_game_says_how_to_continue_it_and_nothing_saved_says_nothing(
        tmp_path: Path) -> None:
    saved = tmp_path / "wwwy.json"
    initial = new_game("we-will-wok-you", players=2, seed=3)
    write_record(saved, "we-will-wok-you", ["person", "random"], initial, initial.clone())
    assert saved_game_line("we-will-wok-you", saved) == (
        f"the game is saved in {saved}; continue it with: wokphysics play we-will-wok-you "
        f"--resume {saved}")
    assert saved_game_line("wok-star", tmp_path / "none.json") is None
