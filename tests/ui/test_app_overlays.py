"""The window's overlays (pause, help, restart?) and the scene under them."""

from __future__ import annotations

import pygame
from wwwy_clicks import FRAME_S, centre_of

from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.wwwy.layout import Target
from wokphysics.ui.wwwy.scene import wwwy_scene


def _wwwy_app() -> tuple[App, TurnScene]:
    def make(app: App) -> TurnScene:
        session = TurnSession.new("we-will-wok-you", ["person", "greedy"], 3)
        return wwwy_scene(session, app.text, app.sound, app.restart)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    return app, scene


def _move(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))


def test_the_pointer_moved_while_paused_is_where_the_hover_is_after() -> None:
    app, scene = _wwwy_app()
    row = centre_of(scene, Target("row", 0))
    coins = centre_of(scene, Target("coin", 1))
    _move(row)
    app.frame(FRAME_S)
    assert scene.drawing.mouse == row
    _key(pygame.K_ESCAPE)
    app.frame(FRAME_S)
    assert app.paused
    _move(coins)  # under the pause box: the scene must not act on it yet
    app.frame(FRAME_S)
    assert scene.drawing.mouse == row
    _key(pygame.K_ESCAPE)  # go on, without touching the mouse
    app.frame(FRAME_S)
    assert not app.paused
    assert scene.drawing.mouse == coins and scene.presenter.pointer == coins
    # The same after the help overlay closed by a click (the click itself does nothing).
    steps = scene.session.steps
    _key(pygame.K_F1)
    app.frame(FRAME_S)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": row, "button": 1}))
    app.frame(FRAME_S)
    assert not app.help and scene.drawing.mouse == row and scene.session.steps == steps
    pygame.display.quit()
