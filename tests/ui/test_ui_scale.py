"""The UI scale (issue 27, "a UI scale setting"): ``--scale`` on every play command and the
launcher's, the launcher's own "UI scale" option kept for the next launch, and the pan bar that
shows a scene larger than the window a part at a time. The windows run headless."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pygame
import pytest
from readable_windows import controls, on_window, open_window

from wokphysics.cli import main
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.launcher.run import build_launcher
from wokphysics.ui.launcher.scene import LauncherScene, Spot
from wokphysics.ui.readable import MIN_TEXT_PX, SCALES, parse_scale
from wokphysics.ui.settings import FILE_NAME, WindowSettings
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.widgets import GOLD, Text

GAMES = ("wok-on-fire", "we-will-wok-you", "wok-star", "wok-and-roll")


def _launcher(folder: Path, scale: str | None = None, size: str = "1280x800"
              ) -> tuple[pygame.Surface, LauncherScene, object]:
    args = argparse.Namespace(size=size, fullscreen=False, mute=True, max_frames=None,
                              screenshot=None, scale=scale)
    app, _ = build_launcher(args, folder)
    app.frame()
    scene = app.scene
    assert isinstance(scene, LauncherScene)
    return app.screen, scene, app


def _click(pos: tuple[int, int], button: int = 1) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, {"pos": pos, "button": button}))


@pytest.mark.parametrize("value", ["3", "0.5", "1.1", "big", "nan", "-1"])
@pytest.mark.parametrize("command", [[], ["play", "wok-on-fire"], ["play", "we-will-wok-you"],
                                     ["play", "wok-star"], ["play", "wok-and-roll"]],
                         ids=["launcher", *GAMES])
def test_a_scale_not_offered_is_refused_in_one_line(
        command: list[str], value: str, capsys: pytest.CaptureFixture[str]) -> None:
    saving = ["--no-save"] if command else []  # the launcher saves no game
    assert main([*command, "--scale", value, "--max-frames", "1", *saving]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"--scale {value!r}" in lines[0] and "1, 1.25, 1.5, 1.75, 2" in lines[0], lines


def test_the_scales_offered_are_read_as_written() -> None:
    assert [parse_scale(f"{s:g}") for s in SCALES] == list(SCALES)
    assert parse_scale("1.50") == 1.5 and parse_scale("2.0") == 2.0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_game_opens_at_a_scale_with_its_pan_bar(game: str, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    assert main(["play", game, "--scale", "1.5", "--size", "1024x640", "--max-frames", "3",
                 "--no-save", "--mute", "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    # the pan bar's dark strip along the bottom (the scene's view above it)
    assert image.get_at((512, 636))[:3] == (40, 34, 32)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_games_replay_opens_at_a_scale_and_size_with_its_pan_bar(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay FILE --scale S --size WxH`` as ``play`` takes them (replays opened at scale 1
    and 1280 x 800 before); a scale or size not offered is one line, exit 2."""
    save = tmp_path / "game.json"
    assert main(["play", game, "--players", "2", "--bots", "2", "--seed", "3", "--max-frames",
                 "120", "--mute", "--save", str(save)]) == 0
    shot = tmp_path / "replay.png"
    assert main(["replay", str(save), "--scale", "1.5", "--size", "1024x640", "--max-frames",
                 "3", "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    assert image.get_at((512, 636))[:3] == (40, 34, 32)  # the pan bar, as in play
    capsys.readouterr()
    for option, value, words in (("--scale", "3", "1, 1.25, 1.5, 1.75, 2"),
                                 ("--size", "800x600", "width 1024..10000")):
        assert main(["replay", str(save), option, value, "--max-frames", "1"]) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and f"{option} {value!r}" in lines[0] and words in lines[0], lines


def test_text_at_a_scale_is_never_smaller_than_the_scale_times_the_least() -> None:
    pygame.font.init()
    text = Text()
    at_one = text.render("Hg 0123", 6).get_height()
    font_at_one = text.font(6).get_height()
    assert at_one >= MIN_TEXT_PX
    text.set_scale(2.0)
    assert text.render("Hg 0123", 6).get_height() >= 1.8 * at_one
    assert text.font(6).get_height() >= 1.8 * font_at_one  # measured as drawn


def test_the_launchers_scale_is_kept_for_the_next_launch(tmp_path: Path) -> None:
    _, scene, app = _launcher(tmp_path)
    assert app.viewport.scale == 1.0 and not (tmp_path / FILE_NAME).exists()
    rect = scene.rect_of(Spot("scale"))
    assert rect is not None
    _click(rect.center)
    app.frame()
    assert app.viewport.scale == 1.25 and app.text.least > 18  # at once, in this window
    assert json.loads((tmp_path / FILE_NAME).read_text()) == {"scale": 1.25}
    scene.click(Spot("scale"), -1)  # a right click: back (the button has moved meanwhile)
    assert app.viewport.scale == 1.0
    for _ in range(4):
        scene.click(Spot("scale"))
    assert app.viewport.scale == 2.0
    app.close()

    _, scene, app = _launcher(tmp_path)  # the next launch: at 2x, the option says so
    assert app.viewport.scale == 2.0 and scene.choices.scale == 2.0
    app.close()
    _, scene, app = _launcher(tmp_path, scale="1.5")  # --scale: for this run only
    assert app.viewport.scale == 1.5 and scene.choices.scale == 1.5
    assert WindowSettings(tmp_path).scale() == 2.0
    app.close()


@pytest.mark.parametrize("written", ['{"scale": 7}', '{"scale": "2"}', "[1]", "not json",
                                     '{"scale": true}'])
def test_a_damaged_settings_file_means_scale_1(tmp_path: Path, written: str) -> None:
    (tmp_path / FILE_NAME).write_text(written)
    assert WindowSettings(tmp_path).scale() == 1.0


def test_the_launcher_reflows_to_the_views_width_and_pans_up_and_down_only(
        tmp_path: Path) -> None:
    """At 2x in the smallest window the launcher is laid out for the view's width (its game
    tiles above its settings, the canvas as wide as the window): the bar offers Up and Down
    only, and the arrows, the wheel and PgUp / PgDn move the view up and down."""
    _, scene, app = _launcher(tmp_path, scale="2", size="1024x640")
    viewport = app.viewport
    window = (1024, 640)
    view = viewport.view(window)
    canvas = viewport.canvas_size(window)
    assert canvas[0] == 1024 and canvas[1] > 2 * view.height, canvas
    assert scene.spots.stacked
    assert "left" not in viewport.buttons and "right" not in viewport.buttons
    assert {x for x, _ in viewport.positions(window)} == {0}
    assert viewport.offset == (0, 0)
    down = viewport.buttons["down"]
    _click(down.center)
    app.frame()
    assert viewport.offset == (0, view.height // 3)  # a third of the view
    for _ in range(12):  # never past the canvas's far edge
        _click(down.center)
        app.frame()
    assert viewport.offset == (0, canvas[1] - view.height)  # the bottom
    # a click on the bar is the bar's: the scene saw none (no choice changed)
    assert scene.choices.selected == 0 and scene.inputs.hover is None
    # the scale button, at the canvas's bottom, is under the pointer where it shows
    button = scene.rect_of(Spot("scale"))
    assert button is not None
    shown = viewport.rect_to_window(button)
    assert view.contains(shown)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": shown.center,
                                                              "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    app.frame()
    assert scene.inputs.hover == Spot("scale")
    assert ("pan", "up") in [target for _, target in on_window(app)]
    # the Rules button is in the bar, not over the scene
    assert app.rules_button is None or viewport.bar.contains(app.rules_button)
    # the wheel and PgUp / PgDn pan too; Shift + wheel (sideways) has nowhere to go
    _, step_y = viewport.steps(window)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_PAGEUP, "mod": 0,
                                                          "unicode": "", "scancode": 0}))
    app.frame()
    assert 0 < canvas[1] - view.height - viewport.offset[1] <= step_y + step_y // 4
    assert viewport.offset[1] % step_y == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": -1, "y": 0, "flipped": False}))
    app.frame()
    assert viewport.offset[0] == 0
    for _ in range(14):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1,
                                                                 "flipped": False}))
    app.frame()
    assert viewport.offset == (0, 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_PAGEDOWN, "mod": 0,
                                                          "unicode": "", "scancode": 0}))
    app.frame()
    assert viewport.offset == (0, step_y)
    assert scene.choices.selected == 0  # the scene saw no click meanwhile
    app.close()


def test_a_magnified_scene_pans_both_ways(tmp_path: Path) -> None:
    """A scene that does not reflow (every window's does now: a blank scene without
    ``reflow``) is drawn on a canvas twice the window at 2x, shown a part at a time: the
    arrows move the view a third of it, both ways."""
    from test_readable_sizes import _Blank

    app = App(WindowOptions(size=(1024, 640), mute=True, fps=20, scale=2.0),
              lambda _app: _Blank(), HandClock())
    for _ in range(3):
        app.frame()
    viewport = app.viewport
    window = (1024, 640)
    view = viewport.view(window)
    assert viewport.canvas_size(window) == (2048, 1280)
    right = viewport.buttons["right"]
    down = viewport.buttons["down"]
    _click(right.center)
    app.frame()
    assert viewport.offset == (view.width // 3, 0)
    for _ in range(6):
        _click(viewport.buttons["right"].center)
        _click(down.center)
        app.frame()
    assert viewport.offset == (2048 - view.width, 1280 - view.height)  # the bottom right
    app.close()


def test_at_scale_1_there_is_no_canvas_and_no_bar(tmp_path: Path) -> None:
    app = open_window("we-will-wok-you", (1024, 640), tmp_path)
    assert not app.viewport.active and app.viewport.buttons == {}
    assert app.scene_surface() is app.screen
    assert app.viewport.view((1024, 640)) == app.screen.get_rect()
    assert len(controls(app)) == len(on_window(app))
    app.close()


def test_a_panel_drawn_out_of_view_shows_when_the_view_comes_to_it(tmp_path: Path) -> None:
    """Wok on Fire's panel keeps a copy of its picture: copied while the view was elsewhere
    (nothing drawn there), it must be drawn anew once the view shows it. At 2x it is below
    the table, as wide as the window (reflowed)."""
    app = open_window("wok-on-fire", (1024, 640), tmp_path, 2.0)
    for _ in range(3):
        app.frame()
    window = app.screen.get_size()
    panel = pygame.Rect(app.renderer.map.panel)
    assert panel.width == 1024 and panel.top > 0  # below the table
    app.viewport.show_at((0, 0), window)  # the table: the panel out of view
    app.frame()
    app.viewport.show_at((0, panel.top), window)  # the panel's title at the view's top
    app.frame()
    view = app.viewport.view(window)
    pixels = pygame.surfarray.pixels3d(app.screen)
    gold = ((pixels[:, : view.height, 0] == GOLD[0]) & (pixels[:, : view.height, 1] == GOLD[1])
            & (pixels[:, : view.height, 2] == GOLD[2])).sum()
    del pixels
    assert gold > 200, gold  # "Wok on Fire" in gold letters
    app.close()


def test_a_help_page_longer_than_its_box_scrolls(tmp_path: Path) -> None:
    """At 2x in the smallest window Wok and Roll's controls page does not fit its box: Up /
    Down and the wheel scroll it to its last line, and the hint says which lines show."""
    app = open_window("wok-and-roll", (1024, 640), tmp_path, 2.0)

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": code, "mod": 0,
                                                              "unicode": "", "scancode": 0}))
        app.frame()

    key(pygame.K_F1)
    overlay = app.rules_overlay
    assert app.help and overlay.page == 0 and overlay.scroll == 0
    assert overlay.more > 0  # lines below the box
    assert overlay.box is not None and app.screen.get_rect().contains(overlay.box)
    for _ in range(40):
        if overlay.more == 0:
            break
        key(pygame.K_DOWN)
    assert overlay.more == 0 and overlay.scroll > 0  # the last line reached
    last = overlay.scroll
    key(pygame.K_DOWN)
    assert overlay.scroll == last  # no further
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    app.frame()
    assert overlay.scroll == last - 3
    key(pygame.K_RIGHT)  # the next page starts at its top
    assert overlay.page == 1 and overlay.scroll == 0
    app.close()


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-and-roll"])
@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_the_hand_over_curtain_is_laid_out_on_the_view(game: str, scale: float,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Hot seat at a UI scale in the smallest window: the curtain is drawn on the view alone
    (no pan; it was centred on a canvas twice the window, its title cut at the view's
    edge), each of its lines whole and inside it, none running into the next."""
    from text_cuts import TextCuts

    from wokphysics.ui.front_ends import _wok_and_roll_maker, _wwwy_maker
    from wokphysics.ui.turn.play import Setup, turn_factory
    from wokphysics.ui.turn.scene import TurnScene

    cuts = TextCuts()
    with cuts.recording():
        maker = _wwwy_maker() if game == "we-will-wok-you" else _wok_and_roll_maker()
        app = App(WindowOptions(size=(1024, 640), mute=True, fps=20, scale=scale),
                  turn_factory(Setup(game, ("person", "person"), 3, None, None), maker),
                  HandClock())
        for _ in range(3):
            app.frame()
        scene = app.scene
        assert isinstance(scene, TurnScene) and scene.ui.curtain
        window = (1024, 640)
        view = app.viewport.view(window)
        assert app.viewport.canvas_size(window) == view.size
        assert app.viewport.positions(window) == [(0, 0)]
        whole = cuts.whole_surface(view.size)
        monkeypatch.setattr(App, "scene_surface", lambda _app: whole)
        cuts.reset()
        app.frame()
        app.close()
    lines = [(text, rect) for text, rect in cuts.placed if rect.width]
    assert any(text.startswith("Pass to") for text, _ in lines), lines
    assert not cuts.cuts, cuts.cuts
    assert not cuts.shortened, cuts.shortened
    crossing = [(a, b) for i, a in enumerate(lines) for b in lines[i + 1:]
                if a[1].colliderect(b[1])]
    assert not crossing, crossing
