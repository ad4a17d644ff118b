"""The launcher: every game with its choices, and a game started in the same window."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

import pygame
import pytest
from launcher_window import launcher_window
from wwwy_clicks import FRAME_S, post_click

from wokphysics.cli import main
from wokphysics.games.registry import PLUGINS, plugin
from wokphysics.games.rules_options import rules_options
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.app import App
from wokphysics.ui.guide_seen import GuideFlags
from wokphysics.ui.launcher.choices import Choices
from wokphysics.ui.launcher.run import build_launcher
from wokphysics.ui.launcher.scene import LauncherScene, Spot
from wokphysics.ui.turn.scene import TurnScene


def _launcher(folder: Path, first_games: bool = False
              ) -> tuple[App, LauncherScene, Choices]:
    """The launcher as ``wokphysics`` opens it, its files in ``folder``: a returning
    player's, whose games start with no guided turn (Esc pauses at once), unless
    ``first_games``."""
    if not first_games:
        flags = GuideFlags(folder)
        for entry in PLUGINS:
            flags.mark(entry.name)
    app, scene = launcher_window(folder)
    return app, scene, scene.choices


def test_a_first_game_started_in_the_launcher_is_guided(tmp_path: Path) -> None:
    """The guide's flags live in the launcher's folder, beside the autosaves."""
    app, scene, _ = _launcher(tmp_path, first_games=True)
    _click(app, scene, Spot("game", 1))
    _click(app, scene, Spot("start"))
    assert isinstance(app.scene, TurnScene) and app.guide is not None
    assert GuideFlags(tmp_path).seen() == {app.scene.session.game}
    app.close()


def _click(app: App, scene: LauncherScene, spot: Spot, button: int = 1) -> None:
    rect = scene.rect_of(spot)
    assert rect is not None, f"{spot} is not on screen"
    post_click(rect.center, button)
    app.frame(FRAME_S)


def test_the_launcher_shows_every_game_with_its_summary(tmp_path: Path) -> None:
    app, scene, choices = _launcher(tmp_path)
    assert [g.plugin.name for g in choices.games] == [p.name for p in PLUGINS]
    for index, _ in enumerate(PLUGINS):
        assert scene.rect_of(Spot("game", index)) is not None
    # Resting the pointer on a game says its one line from the plugin.
    rect = scene.rect_of(Spot("game", 1))
    assert rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": rect.center,
                                                              "rel": (0, 0), "buttons": (0,)}))
    app.frame(FRAME_S)
    said = scene.presenter.tooltip(Spot("game", 1))
    assert said == f"We Will Wok You: {plugin('we-will-wok-you').summary}"
    pygame.display.quit()


def test_choosing_players_seats_options_and_seed_then_start(tmp_path: Path) -> None:
    app, scene, choices = _launcher(tmp_path)
    _click(app, scene, Spot("game", 1))
    game = choices.game
    assert game.plugin.name == "we-will-wok-you" and game.players == 3
    _click(app, scene, Spot("players", 1))
    _click(app, scene, Spot("players", 1))  # 4 is the most: stays 4
    assert game.players == 4
    _click(app, scene, Spot("players", -1))
    assert game.players == 3
    assert game.active_seats == ["person", "greedy", "greedy"]
    # the seat's next choice is the next level up: Medium (greedy) -> Hard (a search bot)
    _click(app, scene, Spot("seat", 2))
    assert game.active_seats == ["person", "greedy", game.plugin.levels[2].bot]
    _click(app, scene, Spot("seat", 2), button=3)  # back to greedy
    assert game.active_seats[2] == "greedy"
    keys = [o.key for o in game.options]
    index = keys.index("leftover_coins_tie_break")
    _click(app, scene, Spot("option", index))
    assert game.values["leftover_coins_tie_break"] == "more"
    assert not game.is_default("leftover_coins_tie_break")
    choices.seed = 77
    _click(app, scene, Spot("start"))
    game_scene = app.scene
    assert isinstance(game_scene, TurnScene)
    session = game_scene.session
    assert session.seats == ("person", "greedy", "greedy") and session.state.seed == 77
    # The rules option reached the game through a small override file.
    state = session.state
    assert isinstance(state, WeWillWokYouState)
    assert state.data.rules.leftover_coins_tie_break == "more"
    override = list(tmp_path.glob("we-will-wok-you-rules-*.toml"))
    assert len(override) == 1
    assert tomllib.loads(override[0].read_text()) == {
        "rules": {"leftover_coins_tie_break": "more"}}
    # Esc then Q comes back to the launcher, with the choices kept.
    for key in (pygame.K_ESCAPE, pygame.K_q):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))
    app.frame(FRAME_S)
    assert isinstance(app.scene, LauncherScene) and app.scene.choices is choices
    assert (tmp_path / "we-will-wok-you-autosave.json").is_file()  # saved on leaving
    app.frame(FRAME_S)
    # ... and Resume continues that game.
    _click(app, app.scene, Spot("resume"))
    resumed = app.scene
    assert isinstance(resumed, TurnScene)
    assert resumed.session.state.to_json() == session.state.to_json()
    pygame.display.quit()


def test_wok_on_fire_starts_from_the_launcher_in_the_same_window(tmp_path: Path) -> None:
    from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

    app, scene, choices = _launcher(tmp_path)
    window = app.screen
    choices.seed = 12
    _click(app, scene, Spot("start"))  # Wok on Fire is selected first
    assert isinstance(app.scene, WokOnFireScene) and app.scene.game.seed == 12
    assert app.screen is window
    pygame.display.quit()


def test_a_game_without_a_window_is_offered_in_the_terminal(tmp_path: Path) -> None:
    app, scene, choices = _launcher(tmp_path)
    names = [g.plugin.name for g in choices.games]
    windowless = [i for i, g in enumerate(choices.games) if g.window is None]
    for index in windowless:
        _click(app, scene, Spot("game", index))
        assert scene.rect_of(Spot("terminal")) is not None
        assert scene.rect_of(Spot("start")) is None
        argv = choices.game.terminal_argv(5, None)
        assert argv[:6] == ["--players", str(choices.game.players), "--bots",
                            str(choices.game.players - 1), "--seed", "5"]
    assert "we-will-wok-you" in names
    pygame.display.quit()


@pytest.mark.parametrize("entry", PLUGINS, ids=lambda p: p.name)
def test_rules_options_come_from_the_config_with_the_shipped_defaults(entry: object) -> None:
    from wokphysics.config.paths import default_config_dir
    from wokphysics.games.plugin import GamePlugin

    assert isinstance(entry, GamePlugin)
    shipped = tomllib.loads((default_config_dir() / entry.config_file).read_text())["rules"]
    options = rules_options(entry)
    assert [o.key for o in options] == [k for k, v in shipped.items()
                                        if isinstance(v, bool | int | float | str)]
    for option in options:
        assert option.default == shipped[option.key]
        assert option.default in option.choices and len(option.choices) >= 2
        assert option.help, f"{option.key} has no comment in {entry.config_file}"


def test_the_launcher_offers_only_values_the_game_accepts() -> None:
    from wokphysics.games.rules_options import check_values
    from wokphysics.ui.launcher.choices import GameChoices

    for entry in PLUGINS:
        game = GameChoices.for_plugin(entry)
        for option in game.options:
            seen = set()
            for _ in range(len(option.choices)):
                game.cycle_option(option.key)
                seen.add(game.values[option.key])
                assert check_values(entry, game.values) is None
            assert option.default in seen  # the cycle comes back to the default
            game.reset_options()


def test_a_value_the_game_refuses_is_skipped() -> None:
    from wokphysics.ui.launcher.choices import GameChoices

    star = GameChoices.for_plugin(plugin("wok-star"))
    keys = [o.key for o in star.options]
    if "rounds" in keys:  # the purchase track has one cost per round: other counts are refused
        problem = star.cycle_option("rounds")
        assert star.values["rounds"] == next(o.default for o in star.options
                                             if o.key == "rounds")
        assert problem is not None and "rounds" in problem


def test_the_command_line_opens_the_launcher(tmp_path: Path) -> None:
    shot = tmp_path / "launcher.png"
    assert main(["--max-frames", "2", "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)


def test_play_game_help_describes_that_game(capsys: pytest.CaptureFixture[str]) -> None:
    for entry in PLUGINS:
        with pytest.raises(SystemExit):
            main(["play", entry.name, "--help"])
        out = capsys.readouterr().out
        assert f"{entry.title}: {entry.summary}" in " ".join(out.split())
        assert "default: Wok on Fire" not in out


def test_terminal_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "we-will-wok-you", "--terminal", "--help"])
    assert "play in the terminal" in capsys.readouterr().out
    assert main(["play", "wok-on-fire", "--terminal"]) == 2
    assert "window only" in capsys.readouterr().err


def test_a_new_game_never_overwrites_an_unfinished_one(tmp_path: Path) -> None:
    app, scene, choices = _launcher(tmp_path)
    _click(app, scene, Spot("game", 1))
    _click(app, scene, Spot("start"))
    first = app.scene
    assert isinstance(first, TurnScene)
    for key in (pygame.K_ESCAPE, pygame.K_q):  # back to the launcher: the game is saved
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))
    app.frame(FRAME_S)
    saved = tmp_path / "we-will-wok-you-autosave.json"
    kept = saved.read_text()
    launcher = app.scene
    assert isinstance(launcher, LauncherScene)
    app.frame(FRAME_S)
    _click(app, launcher, Spot("start"))  # a second new game
    second = app.scene
    assert isinstance(second, TurnScene)
    assert second.session.save_path == tmp_path / "we-will-wok-you-autosave-2.json"
    assert saved.read_text() == kept
    pygame.display.quit()


def test_resume_offers_the_newest_unfinished_game_also_under_a_numbered_name(
        tmp_path: Path) -> None:
    """A game started while another was unfinished saves to NAME-2.json: Resume offers it
    (the newest), and continues it, not the older game."""
    app, scene, choices = _launcher(tmp_path)
    _click(app, scene, Spot("game", 1))
    choices.seed = 5
    _click(app, scene, Spot("start"))
    for key in (pygame.K_ESCAPE, pygame.K_q):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))
    app.frame(FRAME_S)
    launcher = app.scene
    assert isinstance(launcher, LauncherScene)
    app.frame(FRAME_S)
    choices.seed = 6
    _click(app, launcher, Spot("start"))
    second = app.scene
    assert isinstance(second, TurnScene)
    assert second.session.save_path == tmp_path / "we-will-wok-you-autosave-2.json"
    for key in (pygame.K_ESCAPE, pygame.K_q):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0}))
    app.frame(FRAME_S)
    launcher = app.scene
    assert isinstance(launcher, LauncherScene)
    app.frame(FRAME_S)
    game = choices.game
    assert game.resume_file() == tmp_path / "we-will-wok-you-autosave-2.json"
    saved = game.saved()
    assert saved is not None and saved.endswith(" (save 2)")
    button = launcher.rect_of(Spot("resume"))
    assert button is not None  # the label fits its button (a file name in it ran past)
    text = launcher.drawing.text
    assert text.font(launcher.spots.font(22)).size(f"Resume ({saved})")[0] < button.width
    assert launcher.presenter.tooltip(Spot("resume")).endswith("we-will-wok-you-autosave-2.json")
    _click(app, launcher, Spot("resume"))
    resumed = app.scene
    assert isinstance(resumed, TurnScene)
    assert resumed.session.state.seed == 6
    assert resumed.session.save_path == tmp_path / "we-will-wok-you-autosave-2.json"
    pygame.display.quit()


@pytest.mark.parametrize("size", ["1280x800", "1024x640", "1920x1080"])
def test_every_rules_option_shows_whole_inside_the_panel(tmp_path: Path, size: str) -> None:
    """Wok Star's 16 options once ran off the right edge ("Word of mouth", "New recipe")."""
    args = argparse.Namespace(size=size, fullscreen=False, mute=True, max_frames=None,
                              screenshot=None)
    app, _ = build_launcher(args, tmp_path)
    scene = app.scene
    assert isinstance(scene, LauncherScene)
    app.frame(FRAME_S)
    screen = app.screen.get_rect()
    for index, game in enumerate(scene.choices.games):
        _click(app, scene, Spot("game", index))
        game.set_players(game.plugin.info.max_players)  # the most seats: the least room
        app.frame(FRAME_S)
        seed = scene.rect_of(Spot("seed"))
        last_seat = scene.rect_of(Spot("seat", game.players - 1))
        assert seed is not None and last_seat is not None
        rects = [scene.rect_of(Spot("option", i)) for i in range(len(game.options))]
        for i, rect in enumerate(rects):
            assert rect is not None, f"{game.plugin.name}: option {i} is not drawn"
            # the gold default mark sits 2 + 22 px right of the button
            assert screen.contains(rect) and rect.right + 24 < screen.right, \
                (game.plugin.name, game.options[i].label, rect)
            assert rect.top > last_seat.bottom and rect.bottom < seed.top
            for other in rects[i + 1:]:
                assert other is not None and not rect.colliderect(other)
    pygame.display.quit()


def test_a_game_named_after_its_options_is_the_game_played(
        capsys: pytest.CaptureFixture[str]) -> None:
    """'play --players 3 wok-star' said "unrecognized arguments: wok-star" (it read as Wok on
    Fire's options); now it is 'play wok-star --players 3': Wok Star's own checks answer."""
    assert main(["play", "--players", "9", "wok-star"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized" not in err and "Wok Star" in err and "1 to 4" in err
    assert main(["play", "--players", "9"]) == 2  # no GAME: still Wok on Fire's options
    assert "Wok on Fire has 1 to 4 players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "wokphysics play --players 3 wok-star" in capsys.readouterr().out.replace("\n", " ")


def test_every_game_has_its_own_picture_in_the_launcher() -> None:
    """Each game's window entry paints its picture: none is left blank, no two are alike."""
    from wokphysics.ui.front_ends import FRONT_ENDS
    from wokphysics.ui.launcher.pictures import SIZE, Pictures

    pygame.init()
    pictures = Pictures()
    blank = pygame.image.tobytes(pictures.picture("blank", None, SIZE), "RGBA")
    painted = [pygame.image.tobytes(pictures.picture(front.game.name, front.picture, SIZE),
                                    "RGBA") for front in FRONT_ENDS]
    assert len(painted) == len(PLUGINS)
    assert all(picture != blank for picture in painted)
    assert len(set(painted)) == len(painted)


def _hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    app.frame(FRAME_S)


def _tip_box(app: App, scene: LauncherScene) -> pygame.Rect:
    """Where the tooltip was drawn: the pale box's bounding rectangle on the screen."""
    pixels = pygame.surfarray.pixels3d(app.screen)
    mask = (pixels[:, :, 0] == 255) & (pixels[:, :, 1] == 246) & (pixels[:, :, 2] == 214)
    xs, ys = mask.nonzero()
    del pixels
    assert len(xs), "no tooltip is drawn"
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
                       int(ys.max() - ys.min() + 1))


@pytest.mark.slow
def test_no_tooltip_covers_another_control(tmp_path: Path) -> None:
    """Issue 27: the game card's tooltip covered Seed and Start. Resting on every game,
    seat, option (its value and its name) and button, the tooltip covers no other control."""
    app, scene, choices = _launcher(tmp_path)
    for index in range(len(choices.games)):
        _click(app, scene, Spot("game", index))
        for rect, spot in list(scene.spots.placed):
            if not scene.presenter.tooltip(spot):
                continue
            for pos in (rect.center, (rect.left + 3, rect.bottom - 3),
                        (rect.right - 3, rect.top + 3)):
                _hover(app, pos)
                box = _tip_box(app, scene)
                covered = [s for r, s in scene.spots.placed
                           if s != spot and s.kind != "game" and box.colliderect(r)]
                assert not covered, (spot, pos, box, covered)
    pygame.display.quit()


def test_an_options_name_shows_its_tooltip_too(tmp_path: Path) -> None:
    app, scene, _ = _launcher(tmp_path)
    value = scene.rect_of(Spot("option", 0))
    assert value is not None
    name = next(r for r, s in scene.spots.placed if s == Spot("option", 0) and r != value)
    assert name.right <= value.left
    _hover(app, name.center)
    assert scene.inputs.hover == Spot("option", 0)
    assert _tip_box(app, scene).width > 100
    pygame.display.quit()


def test_large_whole_options_are_offered_in_steps_that_play_differently() -> None:
    """"Max stirs per step" offered 58 to 62: now steps of about a quarter of the default."""
    options = {o.key: o for o in rules_options(plugin("wok-on-fire"))}
    assert options["max_stirs_per_step"].choices == (30, 45, 60, 75, 90)
    assert options["pork_majority_bonus"].choices == (3, 4, 5, 6, 7, 10)


def test_a_finished_game_is_not_offered_as_one_to_resume(tmp_path: Path) -> None:
    save = tmp_path / "we-will-wok-you-autosave.json"
    app, scene, choices = _launcher(tmp_path)
    _click(app, scene, Spot("game", 1))
    game = choices.game
    # an unfinished game's save
    save.write_text('{"game": "we-will-wok-you", "finished": false}')
    game.look_again()
    app.frame(FRAME_S)
    assert game.saved() is not None and not game.finished()
    assert "Resume (" in _button_words(scene)
    save.write_text('{"game": "we-will-wok-you", "finished": true}')
    game.look_again()
    app.frame(FRAME_S)
    assert game.finished()
    assert _button_words(scene).startswith("See the last game's end")
    assert "is over" in scene.presenter.tooltip(Spot("resume"))
    pygame.display.quit()


def _button_words(scene: LauncherScene) -> str:
    game = scene.choices.game
    saved = game.saved()
    return ("Resume (no saved game)" if saved is None else
            f"See the last game's end ({saved})" if game.finished() else f"Resume ({saved})")


def test_esc_on_the_launcher_asks_to_quit_not_paused(tmp_path: Path) -> None:
    app, scene, _ = _launcher(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0}))
    shown: list[str] = []
    original = app._box
    app._box = lambda title, lines: shown.append(title) or original(title, lines)  # type: ignore[method-assign]
    app.frame(FRAME_S)
    assert shown == ["Quit wokphysics?"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_q, "mod": 0}))
    app.frame(FRAME_S)
    assert not app.running
    pygame.display.quit()
