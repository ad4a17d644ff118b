"""The window driven headless through its real event loop with posted mouse and key events."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from ui_helpers import (
    flick_samples,
    frames_until_posted,
    hand,
    post_click,
    post_drag,
    post_key,
    run_until_still,
    solo_app,
    taught_flick,
)

from wokphysics.cli import main
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.table.gesture import Gesture
from wokphysics.ui.app import App
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def _upright_face_down(game: WokOnFireGame) -> list[int]:
    """Face-down cards lying with their length along y (a +y flick enters under an edge)."""
    return [c.id for c in game.table.wok_cards()
            if not c.face_up and abs(math.remainder(c.angle, math.pi)) < 0.2]


def _flick(app: App, scene: WokOnFireScene, card_id: int) -> None:
    card = scene.game.table.card(card_id)
    post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))
    run_until_still(app, scene)


def _stir_until_pick(app: App, scene: WokOnFireScene, avoid: set[int]) -> None:
    game = scene.game
    for card_id in _upright_face_down(game):
        if game.expect is not Expect.STIR:
            break
        if card_id not in avoid:
            _flick(app, scene, card_id)
    assert game.expect is Expect.PICK


def test_a_flick_over_a_face_down_card_flips_it() -> None:
    app, scene, game = solo_app(seed=1)
    target = _upright_face_down(game)[0]
    assert not game.table.card(target).face_up
    card = game.table.card(target)
    post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))
    frames_until_posted(app)
    assert scene.playback is not None, "the stir is drawn as it happens"
    seen_airborne = False
    for _ in range(600):
        if scene.playback is None:
            break
        seen_airborne |= any(c.airborne for c in scene.cards_now())
        app.frame()
    assert seen_airborne, "the flicked card was seen in the air"
    assert game.table.card(target).face_up, "the flick turned the card face up"
    assert game.stirs_this_step == 1 and game.flipped_this_step


def test_the_blade_moves_cards_while_the_button_is_held() -> None:
    """A live drag: the cards move with the blade before the release (a slow drag slides the
    blade under the card, which rides on it), and the release adds no replay of the path (the
    recorded stir is exactly the steps the blade took)."""
    app, scene, game = solo_app(seed=1)
    card = game.table.card(_upright_face_down(game)[0])
    y0 = card.y - scene.cfg.physics.card.length_mm / 2.0 - 30.0
    steps_before = game.table.steps
    # 200 mm/s for 0.5 s along +y through the card, then the hand rests with the button held.
    push = [(0.004 * i, card.x, y0 + 0.8 * i) for i in range(126)]
    rest = [(0.5 + 0.1 * i, card.x, y0 + 100.0) for i in range(1, 6)]
    release_at = post_drag(app, push + rest)
    while hand(app).now() < release_at - 0.2:
        app.frame()
    assert scene.ui.live is not None and game.stirs_this_step == 0, "still dragging"
    moved = game.table.card(card.id)
    assert moved.on_blade, "the blade slid under the card"
    assert moved.y - card.y > 20.0, "the card was carried along while the button was held"
    steps_dragging = game.table.steps - steps_before
    assert steps_dragging >= 0.55 / game.table.dt, "the physics ran with the pointer"
    run_until_still(app, scene)
    assert game.stirs_this_step == 1
    stir = game.current_inputs[-1]
    assert stir["kind"] == "stir"
    recorded = stir["gesture"]
    assert isinstance(recorded, list)
    # One sample per physics step the blade took while the button was held, none after.
    assert len(recorded) - 1 >= steps_dragging
    assert len(recorded) - 1 <= steps_dragging + round(0.2 / game.table.dt) + 1
    times = [sample[0] for sample in recorded]
    assert times == pytest.approx([k * game.table.dt for k in range(len(recorded))])


def test_a_lazy_drag_pushes_without_flipping() -> None:
    app, scene, game = solo_app(seed=1)
    card = game.table.card(_upright_face_down(game)[0])
    y0 = card.y - scene.cfg.physics.card.length_mm / 2.0 - 20.0
    slow = [(0.05 * i, card.x, y0 + 4.0 * i) for i in range(16)]  # 80 mm/s
    post_drag(app, slow)
    run_until_still(app, scene)
    assert not game.table.card(card.id).face_up
    assert game.stirs_this_step == 1 and not game.flipped_this_step
    # The player learns how fast the flick was (80 mm/s), how deep the blade was under the
    # card, and which was off (the speed, or a depth that lifts it flat).
    status = scene.status
    assert status.startswith("Your flick left the hand at 0.1 m/s, "), status
    assert " mm under at " in status and " deg: 0 cards flipped. " in status
    assert "Too slow for " in status or " lifts it flat: go " in status


def _hurry_to_the_end(app: App, scene: WokOnFireScene) -> None:
    """Space hurries the bots; frames until the game is over (at most 5,000)."""
    post_key(pygame.K_SPACE)
    frames = 0
    while not scene.game.is_over and frames < 5000:
        app.frame()
        frames += 1
    assert scene.game.is_over


def _place_face_up(game: WokOnFireGame, wanted: list[str], spots: list[tuple[float, float]]
                   ) -> list[int]:
    """Test fixture: lay wok cards of the wanted ingredients face up, flat, on top."""
    placed = []
    for name, (x, y) in zip(wanted, spots, strict=True):
        card = next(c for c in game.table.wok_cards()
                    if c.ingredient == name and c.id not in placed)
        game.table.place(card.id, x, y, 0.0, True)
        placed.append(card.id)
    return placed


def test_two_clicks_and_enter_take_two_viable_cards() -> None:
    app, scene, game = solo_app(seed=1)
    placed = _place_face_up(game, ["pork", "onion", "mushroom"],
                            [(-200.0, 200.0), (0.0, 215.0), (200.0, 200.0)])
    _stir_until_pick(app, scene, set(placed))
    legal = game.legal_picks()
    chosen = []
    for card_id in legal.viable:
        card = game.table.card(card_id)
        top = app.renderer.card_at(game.table.cards, *app.renderer.map.to_screen(card.x, card.y))
        if card.ingredient != "chicken" and top is not None and top.id == card_id:
            chosen.append(card_id)
    assert len(chosen) >= 2, f"two viable cards to click, found {chosen} of {legal.viable}"
    first, second = chosen[:2]
    for card_id in (first, second):
        card = game.table.card(card_id)
        post_click(app, card.x, card.y)
        frames_until_posted(app)
    assert [p.card_id for p in scene.ui.selection] == [first, second]
    assert game.pile(0) == ()
    post_key(pygame.K_RETURN)
    app.frame()
    assert set(game.pile(0)) == {first, second}
    for card_id in (first, second):
        assert game.table.card(card_id).location == "player"


def test_un_naming_the_green_pepper_drops_what_was_named_after_it() -> None:
    """Naming a Green Pepper, then a Garlic, then clicking the Pepper again (un-naming it)
    must not leave the Garlic named ahead of a viable Pepper: the window used to keep it, so
    Take stayed disabled and clicking the Pepper again was refused with "a Green Pepper is
    viable and must be picked first", until the player found Clear."""
    app, scene, game = solo_app(seed=1)
    # Behind the stirs' +y flicks (nothing they toss lands on these two).
    pepper, garlic = _place_face_up(game, ["green_pepper", "garlic"],
                                    [(-120.0, -230.0), (120.0, -230.0)])
    _stir_until_pick(app, scene, {pepper, garlic})
    legal = game.legal_picks()
    assert set(legal.viable) == {pepper} and garlic in legal.all_viable

    def click(card_id: int) -> None:
        card = game.table.card(card_id)
        post_click(app, card.x, card.y)
        frames_until_posted(app)

    click(pepper)
    click(garlic)
    assert [p.card_id for p in scene.ui.selection] == [pepper, garlic]
    click(pepper)  # un-named: the Garlic may not be first while the Pepper is viable
    assert scene.ui.selection == []
    click(pepper)
    click(garlic)
    assert [p.card_id for p in scene.ui.selection] == [pepper, garlic]
    post_key(pygame.K_RETURN)
    app.frame()
    assert set(game.pile(0)) == {pepper, garlic}


def test_a_refused_take_is_not_shown_once_the_named_cards_change() -> None:
    """Take with too few cards named says why in red ("name 2 cards (2 viable to pick), not
    0"); naming a card changes what Take would do, so that refusal goes (it stayed, in red,
    beside the card just named and an enabled Take button)."""
    app, scene, game = solo_app(seed=1)
    pepper, garlic = _place_face_up(game, ["green_pepper", "garlic"],
                                    [(-120.0, 200.0), (120.0, 200.0)])
    _stir_until_pick(app, scene, {pepper, garlic})
    post_key(pygame.K_RETURN)
    app.frame()
    assert scene.presenter.status_is_error and scene.presenter.status.startswith("Name 2 cards")
    card = game.table.card(pepper)
    post_click(app, card.x, card.y)
    frames_until_posted(app)
    assert [p.card_id for p in scene.ui.selection] == [pepper]
    assert not scene.presenter.status_is_error and scene.presenter.status == ""


def test_clicking_a_covered_card_says_why_and_takes_nothing() -> None:
    app, scene, game = solo_app(seed=1)
    width = scene.cfg.physics.card.width_mm
    # The cover's left edge lies 15 mm left of the hidden card's centre: the whole centre
    # circle (radius 12.7 mm) is under it, the hidden card's left strip and corners show.
    # (Behind the stirs' +y flicks: nothing they toss lands on these two.)
    spots = [(-200.0, -230.0), (-200.0 + width / 2 - 15.0, -230.0)]
    hidden, cover = _place_face_up(game, ["pork", "onion"], spots)
    _stir_until_pick(app, scene, {hidden, cover})
    seen = game.table.visibility()[hidden]
    assert not seen.circle_visible and hidden not in game.viable_cards()
    strip = game.table.card(hidden)
    post_click(app, strip.x - width / 2 + 6.0, strip.y)
    frames_until_posted(app)
    assert scene.presenter.bubbles, "a message appears near the card"
    # Face up with two corners showing, it may still be claimed blind: the bubble says how.
    assert scene.presenter.bubbles[0].text == ("its centre circle is covered "
                                     "(right-click to claim it blind as Chicken)")
    assert scene.ui.selection == []
    post_key(pygame.K_RETURN)
    app.frame()
    assert hidden not in game.pile(0)
    assert game.table.card(hidden).location == "wok"


def test_max_frames_and_screenshot_write_a_png_of_the_window(tmp_path: pytest.TempPathFactory
                                                           ) -> None:
    shot = tmp_path / "shot.png"
    status = main(["play", "--seed", "2", "--max-frames", "3", "--screenshot", str(shot),
                   "--size", "1024x640", "--no-save"])
    assert status == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3)
    assert len(np.unique(pixels, axis=0)) > 50, "a real picture, not one flat colour"


def test_no_display_is_one_clear_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    status = main(["play", "--no-save"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "no display" in err and "DISPLAY" in err
    assert "simulate" in err and "replay FILE --verify" in err and "bench" in err


def test_bad_arguments_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "9"]) == 2
    assert "1 to 4 players" in capsys.readouterr().err
    assert main(["play", "--players", "2", "--bots", "3"]) == 2
    assert main(["play", "--bots", "grandmaster"]) == 2
    assert ("--bots: unknown bot 'grandmaster' for wok-on-fire; choose from: plan, plan:N, "
            "strong, weak") in (
        capsys.readouterr().err)
    assert main(["play", "--size", "huge"]) == 2


def test_the_mapping_follows_a_resized_window() -> None:
    app, scene, game = solo_app(seed=1, size="1024x640")
    app.frame()
    before = app.renderer.map
    app.screen = pygame.display.set_mode((1200, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, {"size": (1200, 900), "w": 1200,
                                                             "h": 900}))
    app.frame()
    after = app.renderer.map
    assert after.scale > before.scale and after.area[3] == 900
    card = max(game.table.wok_cards(), key=lambda c: (c.layer, c.stack_order))
    found = app.renderer.card_at(game.table.cards, *after.to_screen(card.x, card.y))
    assert found is not None and found.id == card.id


def test_restart_asks_first() -> None:
    app, scene, game = solo_app(seed=1)
    post_key(pygame.K_r)
    app.frame()
    assert app.confirm_restart and app.scene is scene
    post_key(pygame.K_n)
    app.frame()
    assert not app.confirm_restart and app.scene is scene
    post_key(pygame.K_r)
    post_key(pygame.K_y)
    app.frame()
    assert app.scene is not scene
    assert isinstance(app.scene, WokOnFireScene) and app.scene.game.seed == game.seed + 1


@pytest.mark.slow
def test_bots_play_a_whole_game_on_screen_and_new_game_starts_another() -> None:
    from wokphysics.ui.play import build_app, parse_play_args

    app, _, _ = build_app(parse_play_args(["--seed", "4", "--players", "2", "--bots", "2",
                                           "--no-save", "--size", "1024x640"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    named_before_taking = False
    for _ in range(400):  # at x1: the first bot's picks are framed before they are taken
        app.frame()
        named_before_taking |= bool(scene.ui.bot_picks)
    assert named_before_taking
    _hurry_to_the_end(app, scene)
    app.frame()
    new_game = [b for b in scene.ui.layout.buttons if b.label == "N: new game"]
    assert new_game, "the end screen offers a new game"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {
        "pos": new_game[0].rect.center, "button": 1}))
    app.frame()
    assert isinstance(app.scene, WokOnFireScene) and app.scene is not scene
    assert not app.scene.game.is_over and app.scene.game.seed == 5


@pytest.mark.slow
def test_help_and_pause_stop_the_game_clock() -> None:
    from wokphysics.ui.play import build_app, parse_play_args

    app, _, _ = build_app(parse_play_args(["--seed", "4", "--players", "2", "--bots", "2",
                                           "--no-save", "--size", "1024x640"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    post_key(pygame.K_F1)
    app.frame()
    assert app.help
    post_key(pygame.K_ESCAPE)  # closes the help
    post_key(pygame.K_ESCAPE)  # pauses
    app.frame()
    assert not app.help and app.paused
    steps = scene.game.table.steps
    for _ in range(120):  # two seconds: a bot would have stirred by now
        app.frame()
    assert scene.game.table.steps == steps and scene.playback is None
    post_key(pygame.K_ESCAPE)
    for _ in range(120):
        app.frame()
    assert scene.game.table.steps > steps


def test_a_click_is_not_a_stir() -> None:
    app, scene, game = solo_app(seed=1)
    post_click(app, 0.0, 0.0)
    frames_until_posted(app)
    assert game.stirs_this_step == 0 and scene.playback is None
    assert scene.status == "Drag to stir: a click does nothing."


def test_a_flick_read_at_20_60_and_144_fps_flips_and_replays_exactly() -> None:
    """The same hand's flick, read by a window at 20, 60 and 144 frames per second: the card
    flips every time, the flick's speed reaches the table within 5 %, and the recorded stir,
    played on a fresh game with the same seed, gives the same table bit for bit."""
    frames_taken = []
    for fps in (20, 60, 144):
        app, scene, game = solo_app(seed=1)
        app.options.fps = fps
        card = game.table.card(_upright_face_down(game)[0])
        post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))
        frames_taken.append(run_until_still(app, scene))
        assert game.table.card(card.id).face_up, f"flipped at {fps} fps"
        said = scene.status.removeprefix("Your flick left the hand at ")
        assert float(said.split(" m/s")[0]) == pytest.approx(taught_flick()[1] / 1000.0,
                                                              abs=0.1)
        again = WokOnFireGame(game.cfg, 1, game.seed, 0, game.bots)
        again.stir(Gesture(game.current_inputs[-1]["gesture"]))
        assert again.state_hash() == game.state_hash()
    assert frames_taken[0] < frames_taken[1] < frames_taken[2], "more frames, same motion"


def test_a_new_game_in_the_window_keeps_the_finished_games_record(
        tmp_path: pytest.TempPathFactory) -> None:
    """N (New game) on the end screen starts the next game in the same window and save file:
    the finished game's record is kept as NAME.previous.json, as a new window keeps it, so
    it can still be replayed and verified (it was overwritten by the new game's first
    autosave)."""
    import json

    from wokphysics.games.wok_on_fire.record import verify_game_record
    from wokphysics.ui.play import build_app, parse_play_args

    save = tmp_path / "game.json"
    app, _, _ = build_app(parse_play_args(["--seed", "4", "--players", "2", "--bots", "2",
                                           "--save", str(save), "--size", "1024x640"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    _hurry_to_the_end(app, scene)
    app.frame()
    post_key(pygame.K_n)
    app.frame()
    assert isinstance(app.scene, WokOnFireScene) and app.scene.game.seed == 5
    post_key(pygame.K_SPACE)
    while len(app.scene.game.turn_records) < 1:
        app.frame()
    previous = save.with_name("game.previous.json")
    kept = json.loads(previous.read_text())
    assert kept["seed"] == 4 and kept["finished"] is True
    assert verify_game_record(previous)[0]
    assert json.loads(save.read_text())["seed"] == 5


def test_a_restart_says_where_the_game_it_replaced_is_kept(
        tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    """R then Y in a window that autosaves: leaving the game said "the game is saved in
    NAME.json; continue it with ... --resume NAME.json", and then the new game took NAME.json
    (the old one moved to NAME.previous.json), so that command would have opened the new game.
    The window now says where the game before is kept and how to continue it."""
    import json

    from wokphysics.ui.play import build_app, parse_play_args

    save = tmp_path / "game.json"
    app, _, _ = build_app(parse_play_args(["--seed", "4", "--players", "2", "--bots", "1",
                                           "--save", str(save), "--size", "1024x640"]))
    try:
        app.frame()
        post_key(pygame.K_r)
        post_key(pygame.K_y)
        app.frame()
        assert isinstance(app.scene, WokOnFireScene) and app.scene.game.seed == 5
        previous = save.with_name("game.previous.json")
        said = capsys.readouterr().out
        assert (f"a new game starts in {save}; the game before is kept in {previous} "
                f"(continue it with: wokphysics play wok-on-fire --resume {previous})") in said
        assert json.loads(previous.read_text())["seed"] == 4
    finally:
        app.close()
        from wokphysics.records.saving import release_save_file

        release_save_file(save)
