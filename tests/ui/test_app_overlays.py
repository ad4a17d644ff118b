"""The window's overlays (pause, help, restart?) and the scene under them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from wwwy_clicks import FRAME_S, centre_of, click

from wokphysics.replay.turn_record import read_record
from wokphysics.ui.app import App, Terminated, WindowOptions
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.we_will_wok_you.layout import WwwyTarget
from wokphysics.ui.we_will_wok_you.scene import wwwy_scene
from wokphysics.ui.widgets import GOLD


def _turn_app(game: str, scene_of: Callable[..., TurnScene], seed: int) -> tuple[App, TurnScene]:
    """``game`` in the window at 1280x800, a person against a greedy bot, after one frame."""
    def make(app: App) -> TurnScene:
        session = TurnSession.new(game, ["person", "greedy"], seed)
        return scene_of(session, app.text, app.sound, app.restart)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    return app, scene


def _wwwy_app() -> tuple[App, TurnScene]:
    return _turn_app("we-will-wok-you", wwwy_scene, 3)


def _move(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))


def test_the_pointer_moved_while_paused_is_where_the_hover_is_after() -> None:
    app, scene = _wwwy_app()
    row = centre_of(scene, WwwyTarget("row", 0))
    coins = centre_of(scene, WwwyTarget("coin", 1))
    _move(row)
    app.frame(FRAME_S)
    assert scene.ui.mouse == row
    _key(pygame.K_ESCAPE)
    app.frame(FRAME_S)
    assert app.paused
    _move(coins)  # under the pause box: the scene must not act on it yet
    app.frame(FRAME_S)
    assert scene.ui.mouse == row
    _key(pygame.K_ESCAPE)  # go on, without touching the mouse
    app.frame(FRAME_S)
    assert not app.paused
    assert scene.ui.mouse == coins and scene.presenter.pointer == coins
    # The same after the help overlay closed by a click (the click itself does nothing).
    steps = scene.session.steps
    _key(pygame.K_F1)
    app.frame(FRAME_S)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": row, "button": 1}))
    app.frame(FRAME_S)
    assert not app.help and scene.ui.mouse == row and scene.session.steps == steps
    pygame.display.quit()


def test_sigterm_saves_and_stops_a_loop_that_drives_frames(tmp_path: Path) -> None:
    """A test looping on ``frame()`` once ignored SIGTERM (SDL made it a quit event nobody
    read) and had to be killed: now the next frame saves the game and raises Terminated."""
    save = tmp_path / "wwwy.json"

    def make(app: App) -> TurnScene:
        session = TurnSession.new("we-will-wok-you", ["person", "greedy"], 3, save=save)
        return wwwy_scene(session, app.text, app.sound, app.restart, None)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    click(app, scene, WwwyTarget("coin", 0))
    steps = scene.session.steps
    assert steps >= 1
    os.kill(os.getpid(), signal.SIGTERM)
    with pytest.raises(Terminated):
        for _ in range(1000):  # would loop for ever without the handler
            app.frame(FRAME_S)
    assert app.closed and not pygame.display.get_init()
    saved = read_record(save)
    assert len(saved.state.history) >= steps


def test_sigterm_closes_the_window_of_play_like_closing_it(tmp_path: Path) -> None:
    """``wokphysics play GAME`` in a window ends on SIGTERM with status 0, the game saved."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen(
        [sys.executable, "-m", "wokphysics.cli", "play", "we-will-wok-you", "--players", "2",
         "--bots", "1", "--seed", "4"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    lock = tmp_path / "we-will-wok-you-autosave.json.lock"
    try:
        for _ in range(600):  # the window is open once the save file is claimed
            if lock.exists() or child.poll() is not None:
                break
            time.sleep(0.1)
        assert lock.exists(), child.communicate()
        time.sleep(1.0)  # a few frames
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert "we-will-wok-you-autosave.json" in out and "Traceback" not in err
    assert read_record(tmp_path / "we-will-wok-you-autosave.json").seats == ("person", "greedy")


def test_the_controls_overlay_names_the_mute_key() -> None:
    """M mutes in every scene, and the pause box said so, but the F1 controls did not."""
    app, _ = _wwwy_app()
    try:
        assert "M: sound on (muted now)" in app.help_text()  # the window starts muted here
        _key(pygame.K_m)
        app.frame(FRAME_S)
        assert "M: mute the sound" in app.help_text()
    finally:
        app.close()


def _roll_app() -> tuple[App, TurnScene]:
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    return _turn_app("wok-and-roll", wok_and_roll_scene, 4)


def test_no_tooltip_shows_through_the_pause_box_or_after_the_pointer_left() -> None:
    """Seen in a Wok and Roll replay: the tooltip of the serving the pointer rested on stayed
    drawn under the (translucent) pause box, as the scene sees no pointer while paused."""
    from roll_clicks import centre_of as roll_centre
    from roll_clicks import record_tooltips

    from wokphysics.ui.wok_and_roll.layout import Hit

    app, scene = _roll_app()
    shown = record_tooltips(scene)
    serving = roll_centre(scene, Hit("serving", "R1.1"))
    _move(serving)
    app.frame(FRAME_S)
    assert shown and "R1.1" in shown[-1]
    for overlay in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_r):
        _move(serving)
        app.frame(FRAME_S)
        shown.clear()
        _key(overlay)
        app.frame(FRAME_S)
        assert app.overlay_open and not shown, overlay
        _key(pygame.K_ESCAPE if overlay != pygame.K_r else pygame.K_n)
        app.frame(FRAME_S)
        assert not app.overlay_open and not shown, overlay
    _move(serving)  # resting there again shows it again
    app.frame(FRAME_S)
    assert shown
    shown.clear()
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE, {"window": None}))
    app.frame(FRAME_S)
    assert not shown
    pygame.display.quit()


def test_no_card_label_under_the_pause_box_of_wok_on_fire() -> None:
    from ui_helpers import screen_point, solo_app

    import wokphysics.ui.wok_on_fire.drawing as wof_drawing

    app, scene, game = solo_app(seed=3)
    labels: list[str | None] = []
    original = wof_drawing.hover_text

    def record(*args: object) -> str | None:
        label = original(*args)  # type: ignore[arg-type]
        labels.append(label)
        return label

    wof_drawing.hover_text = record  # type: ignore[assignment]
    try:
        card = next(c for c in game.table.cards if c.location == "wok")
        _move(screen_point(app, card.x, card.y))
        app.frame(FRAME_S)
        assert labels
        labels.clear()
        _key(pygame.K_ESCAPE)
        app.frame(FRAME_S)
        assert app.paused and not labels
        _key(pygame.K_ESCAPE)
        app.frame(FRAME_S)
        _move(screen_point(app, card.x, card.y))
        app.frame(FRAME_S)
        assert labels
    finally:
        wof_drawing.hover_text = original  # type: ignore[assignment]
        pygame.display.quit()


def test_the_launcher_forgets_its_tooltip_under_an_overlay(tmp_path: Path) -> None:
    from launcher_window import launcher_window

    app, scene = launcher_window(tmp_path)
    _move(scene.spots.placed[0][0].center)
    app.frame(FRAME_S)
    assert scene.inputs.hover is not None
    _key(pygame.K_F1)
    app.frame(FRAME_S)
    assert app.help and scene.inputs.hover is None
    pygame.display.quit()


def test_wok_star_forgets_what_the_pointer_rested_on_when_paused() -> None:
    from wokphysics.ui.synthetic_hand import HandClock
    from wokphysics.ui.wok_star.play import StarSetup, star_factory
    from wokphysics.ui.wok_star.scene import StarScene

    app = App(WindowOptions(size=(1280, 800), mute=True),
              star_factory(StarSetup(("person", "team"), 3)), HandClock())
    scene = app.scene
    assert isinstance(scene, StarScene)
    app.frame(FRAME_S)
    lay = scene.layout()
    assert lay is not None and lay.hits
    _move(lay.hits[0][0].center)
    app.frame(FRAME_S)
    assert scene.inputs.hover is not None
    _key(pygame.K_ESCAPE)
    app.frame(FRAME_S)
    assert app.paused and scene.inputs.hover is None
    pygame.display.quit()


def test_m_is_said_in_the_pause_box_the_restart_box_and_the_help_clear_of_them() -> None:
    """M works wherever it is pressed (the restart box swallowed it) and its word is drawn
    over the window where no open box or help covers it (it was drawn under them)."""
    app, _ = _wwwy_app()
    was = app.sound.muted
    for opened, box in ((pygame.K_ESCAPE, "pause"), (pygame.K_r, "restart"),
                        (pygame.K_F1, "help")):
        _key(opened)
        app.frame(FRAME_S)
        _key(pygame.K_m)
        app.frame(FRAME_S)
        assert app.sound.muted != was, box
        was = app.sound.muted
        assert app.flash is not None and app.flash_rect is not None, box
        covering = app.rules_overlay.box if app.help else app._box_rect
        assert covering is not None, box
        assert not app.flash_rect.colliderect(covering), box
        assert app.screen.get_rect().contains(app.flash_rect)
        # The pill is on top: its gold rim shows where it was drawn.
        rim = app.screen.get_at((app.flash_rect.centerx, app.flash_rect.top + 1))[:3]
        assert rim == GOLD, (box, rim)
        _key(pygame.K_ESCAPE if box != "restart" else pygame.K_n)
        app.frame(FRAME_S)
        assert not (app.paused or app.help or app.confirm_restart), box
    pygame.display.quit()


def test_m_says_that_the_sound_is_off_and_on_again() -> None:
    """Issue 27: M muted with no word outside the pause box."""
    app, _ = _wwwy_app()
    _key(pygame.K_m)
    app.frame(FRAME_S)
    assert app.sound.muted != app.options.mute
    assert app.flash is not None
    words = app.flash[0]
    assert words.startswith("Sound off" if app.sound.muted else "Sound on")
    for _ in range(int(2.5 / FRAME_S)):
        app.frame(FRAME_S)
    assert app.flash is None  # gone after two seconds
    pygame.display.quit()


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-and-roll"])
def test_the_help_names_m_once(game: str) -> None:
    """Wok and Roll's help listed M twice."""
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    scene_of = wwwy_scene if game == "we-will-wok-you" else wok_and_roll_scene
    app, _ = _turn_app(game, scene_of, 3)
    lines = app.help_text()
    assert sum(line.startswith("M:") for line in lines) == 1, lines
    pygame.display.quit()
