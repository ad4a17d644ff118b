"""The turn games' guided first turn (issue 27): offered on a person's first game in the
folder of their files, each step moving on at the person's action of its kind (posted
clicks and keys through the real window), skipped with S, and never changing the game."""

from __future__ import annotations

from pathlib import Path

import pygame
from wwwy_clicks import FRAME_S, centre_of, post_click

from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.front_ends import _wok_and_roll_maker, _wwwy_maker
from wokphysics.ui.guide_seen import GuideFlags
from wokphysics.ui.turn.play import Setup, turn_factory
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.we_will_wok_you.layout import WwwyTarget


def _window(game: str, folder: Path, seed: int = 3, name: str = "g.json"
            ) -> tuple[App, TurnScene]:
    maker = _wwwy_maker() if game == "we-will-wok-you" else _wok_and_roll_maker()
    setup = Setup(game, ("person", "greedy"), seed, None, folder / name)
    app = App(WindowOptions(size=(1280, 800), mute=True), turn_factory(setup, maker))
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    return app, scene


def test_we_will_wok_you_first_game_guides_the_first_move(tmp_path: Path) -> None:
    app, scene = _window("we-will-wok-you", tmp_path)
    guide = app.guide
    assert guide is not None and guide.index == 0
    assert GuideFlags(tmp_path).seen() == {"we-will-wok-you"}
    assert "click a coin set" in guide.shown
    coin = centre_of(scene, WwwyTarget("coin", 0))
    assert guide.pointed_at is not None
    assert abs(guide.pointed_at[0] - coin[0]) < 80 and abs(guide.pointed_at[1] - coin[1]) < 80
    state = scene.session.state
    app.frame(FRAME_S)  # frames with no move: still the first step
    assert guide.index == 0 and not scene.session.events
    set_ = 0 if state.coin_sets[0] > 1 else 1
    post_click(centre_of(scene, WwwyTarget("coin", set_)))
    app.frame(FRAME_S)
    assert scene.session.events and scene.session.events[0].player == 0
    assert guide.index == 1 and "a wok card" in guide.steps[1].hint()
    assert "the others' turn" in guide.shown  # the bot plays now: the hint says so
    post_key_s()
    app.frame(FRAME_S)
    assert app.guide is None and guide.skipped
    app.close()
    again, _ = _window("we-will-wok-you", tmp_path, name="h.json")
    assert again.guide is None and again.make_guide is not None
    again.close()


def test_wok_and_roll_first_game_is_guided_and_the_guide_changes_nothing(
        tmp_path: Path) -> None:
    app, scene = _window("wok-and-roll", tmp_path)
    guide = app.guide
    assert guide is not None and guide.index == 0
    assert scene.session.person_to_act and "Re-roll" in guide.shown
    _lock_in_then_wait(app)
    assert guide.index == 1 and "Cook" in guide.steps[1].hint()
    assert [str(a.action).split(" ")[0] for a in scene.session.events][:1] == ["lock"]
    guided = (scene.session.state.to_json(), [str(a.action) for a in scene.session.events])
    app.close()
    # the same frames in a later game (no guide): the same bots' steps and dice
    later = tmp_path / "later"
    later.mkdir()
    GuideFlags(later).mark("wok-and-roll")
    plain, plain_scene = _window("wok-and-roll", later)
    assert plain.guide is None
    _lock_in_then_wait(plain)
    unguided = (plain_scene.session.state.to_json(),
                [str(a.action) for a in plain_scene.session.events])
    plain.close()
    assert guided == unguided


def _lock_in_then_wait(app: App) -> None:
    """The person locks the dice in at their market (L), then 40 frames pass."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_l, "mod": 0,
                                                          "unicode": "l"}))
    for _ in range(40):
        app.frame(FRAME_S)


def post_key_s() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_s, "mod": 0,
                                                          "unicode": "s"}))
