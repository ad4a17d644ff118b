"""``wokphysics replay FILE`` in the window: a recorded game plays, steps turn by turn, and
the replayed world matches the recording's hashes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from wokphysics.cli import main
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A recorded bot game, saved after its first three turns."""
    path = tmp_path_factory.mktemp("replay") / "game.json"
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 11, 0, ("strong", "weak"))
    bots = [make_wof_bot(cfg, "strong", 1), make_wof_bot(cfg, "weak", 2)]
    while game.turn_number < 3:
        bots[game.current_player].act(game)
    save_game(game, path)
    return path


def test_replay_window_writes_its_last_frame(record: Path, tmp_path: Path) -> None:
    shot = tmp_path / "replay.png"
    assert main(["replay", str(record), "--max-frames", "20", "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)


def test_stepping_turn_by_turn_reaches_the_recorded_states(record: Path) -> None:
    import json

    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
    from wokphysics.ui.wok_on_fire.replay.sources import GameSource

    source = GameSource(str(record))
    recorded = [turn["hash"] for turn in json.loads(record.read_text())["turns"]]
    app = App(WindowOptions(size=(1024, 640)), on_table(
        source.cfg, lambda renderer, text, _app: ReplayScene(
            source, renderer, text, str(record), lambda: GameSource(str(record)))))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_SPACE, "mod": 0}))
    app.frame(1 / 60)
    assert not scene.ui.playing
    for turn, expected in enumerate(recorded, start=1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_n, "mod": 0}))
        app.frame(1 / 60)
        assert not scene.problem
        assert len(source.stepper.game.turn_records) == turn
        assert source.stepper.game.state_hash() == expected
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_p, "mod": 0}))
    app.frame(1 / 60)
    back = scene.source
    assert isinstance(back, GameSource) and back is not source, "replayed in a fresh world"
    assert len(back.stepper.game.turn_records) == len(recorded) - 1
    assert back.stepper.game.state_hash() == recorded[-2]
    for key in (pygame.K_UP,) * 5:
        scene.key(key)
    assert scene.ui.speed == 8.0
    for key in (pygame.K_DOWN,) * 5:
        scene.key(key)
    assert scene.ui.speed == 0.5


def test_a_table_recording_plays_to_its_end_with_matching_hashes(tmp_path: Path) -> None:
    from wokphysics.replay.table_record import TableRecorder
    from wokphysics.table.gesture import Gesture
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
    from wokphysics.ui.wok_on_fire.replay.sources import TableSource

    recorder = TableRecorder(load_config(), 5)
    card = recorder.table.wok_cards()[3]
    y0 = card.y - 54.5
    recorder.stir(Gesture([(0.0, card.x, y0 - 60.0), (0.1, card.x, y0), (0.14, card.x,
                                                                          y0 + 68.0)]))
    recorder.chop(Gesture([(0.0, 0.0, -400.0), (0.1, 0.0, -300.0)]), seat=0)
    path = tmp_path / "table.json"
    recorder.save(path)
    source = TableSource(str(path), __import__("json").loads(path.read_text()))
    app = App(WindowOptions(size=(1024, 640)), on_table(
        source.cfg, lambda renderer, text, _app: ReplayScene(source, renderer, text, str(path))))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.ui.speed_index = 4  # x8
    for _ in range(2000):
        app.frame(1 / 60)
        if scene.ui.action is None and source.at_end():
            break
    assert source.at_end() and not scene.problem
    assert source.table.state_hash() == recorder.table.state_hash()
    assert main(["replay", str(path), "--max-frames", "3"]) == 0


def test_a_game_saved_in_its_first_turn_counts_that_turn(tmp_path: Path) -> None:
    """A game closed during its first turn replays that turn's strokes: the panel said
    "turn 1 of 0" (the record's finished turns only); the unfinished turn is counted."""
    from wokphysics.ui.wok_on_fire.replay.sources import GameSource

    save = tmp_path / "first-turn.json"
    assert main(["play", "wok-on-fire", "--players", "2", "--bots", "2", "--seed", "3",
                 "--max-frames", "60", "--mute", "--save", str(save)]) == 0
    source = GameSource(str(save))
    assert source.stepper.turn_count == 0 and source.stepper.record.current
    assert source.progress() == (1, 1)
