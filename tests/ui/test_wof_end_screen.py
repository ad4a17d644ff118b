"""Wok on Fire's end screen offers what the other games' end screens offer: N a new game, V
the replay of the game just played, L the launcher (when the game came from it), each a
button and a key."""

from __future__ import annotations

from pathlib import Path

import pygame
from launcher_window import launcher_window
from ui_helpers import post_key
from wwwy_clicks import FRAME_S, post_click

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game
from wokphysics.ui.app import App
from wokphysics.ui.launcher.scene import LauncherScene, Spot
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def _finished_game(seed: int = 5) -> WokOnFireGame:
    """Two weak bots play a game to its end (about a second)."""
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, seed, 0, ("weak", "weak"))
    bots = [make_wof_bot(cfg, "weak", 1), make_wof_bot(cfg, "weak", 2)]
    while not game.is_over:
        bots[game.current_player].act(game)
    return game


def _end_buttons(scene: WokOnFireScene) -> list[str]:
    return [b.label for b in scene.ui.layout.buttons]


def _window_on(game: WokOnFireGame, tmp_path: Path) -> tuple[App, WokOnFireScene]:
    saved = tmp_path / "finished.json"
    save_game(game, saved)
    app, _, _ = build_app(parse_play_args(["--resume", str(saved), "--no-save",
                                           "--size", "1024x700", "--mute"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene) and scene.game.is_over
    app.frame()
    return app, scene


def test_the_end_screen_offers_a_new_game_and_the_replay(tmp_path: Path) -> None:
    game = _finished_game()
    app, scene = _window_on(game, tmp_path)
    # Not started from the launcher: no L.
    assert _end_buttons(scene) == ["N: new game", "V: watch the replay"]
    assert scene.drawing.panel.instructions() == (
        "The game is over: N new game, V watch the replay (keys or buttons).")
    # V (the key) opens the replay of this very game in the same window, from its start.
    post_key(pygame.K_v)
    app.frame()
    replay = app.scene
    assert isinstance(replay, ReplayScene) and app.screen is not None
    source_game = replay.source.game
    assert source_game is not None and source_game.turn_number == 0
    # The table shows the replay's collected cards, not the finished game's (seen by hand).
    assert app.renderer.piles == {}
    # Stepping through every turn (N in the replay: next turn) reaches the same end state.
    for _ in range(game.turn_number + 2):
        post_key(pygame.K_n)
        app.frame()
    assert not replay.problem, replay.problem
    assert replay.source.at_end()
    final = replay.source.game
    assert final is not None and final.is_over
    assert final.state_hash() == game.state_hash()
    seat = final.seat_of(0)
    assert sum(n for _, n in app.renderer.piles[seat]) == len(final.pile(0))
    app.close()


def test_the_new_game_and_replay_buttons_do_what_their_keys_do(tmp_path: Path) -> None:
    game = _finished_game()
    app, scene = _window_on(game, tmp_path)
    replay_button = next(b for b in scene.ui.layout.buttons if b.label.startswith("V:"))
    post_click(replay_button.rect.center)
    app.frame()
    assert isinstance(app.scene, ReplayScene)
    app.close()

    app, scene = _window_on(game, tmp_path)
    new_button = next(b for b in scene.ui.layout.buttons if b.label.startswith("N:"))
    post_click(new_button.rect.center)
    app.frame()
    assert isinstance(app.scene, WokOnFireScene) and app.scene is not scene
    assert not app.scene.game.is_over and app.scene.game.seed == game.seed + 1
    app.close()


def test_a_game_from_the_launcher_ends_with_l_back_to_it(tmp_path: Path) -> None:
    """The launcher shows a finished Wok on Fire save as 'See the last game's end': that
    end screen offers N, V and L, and L goes back to the launcher."""
    game = _finished_game()
    save_game(game, tmp_path / "wok-on-fire-autosave.json")
    app, launcher = launcher_window(tmp_path)
    rect = launcher.rect_of(Spot("resume"))
    assert rect is not None
    post_click(rect.center)
    app.frame(FRAME_S)
    scene = app.scene
    assert isinstance(scene, WokOnFireScene) and scene.game.is_over
    app.frame(FRAME_S)
    assert _end_buttons(scene) == ["N: new game", "V: watch the replay", "L: the launcher"]
    assert scene.drawing.panel.instructions() == (
        "The game is over: N new game, V watch the replay, L the launcher (keys or buttons).")
    button = next(b for b in scene.ui.layout.buttons if b.label.startswith("L:"))
    post_click(button.rect.center)
    app.frame(FRAME_S)
    assert isinstance(app.scene, LauncherScene)
    # And the key: back into the same finished game, L leaves it again.
    rect = app.scene.rect_of(Spot("resume"))
    assert rect is not None
    post_click(rect.center)
    app.frame(FRAME_S)
    assert isinstance(app.scene, WokOnFireScene)
    post_key(pygame.K_l)
    app.frame(FRAME_S)
    assert isinstance(app.scene, LauncherScene)
    pygame.display.quit()
