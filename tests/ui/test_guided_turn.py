"""The guided first turn (issue 27): offered on a person's first game of Wok on Fire in the
folder of their files, each step moving on when the person does the thing, skipped with one
key or button, re-opened from F1, and never changing the game (same record as unguided)."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
from ui_helpers import (
    flick_samples,
    frames_until_posted,
    hand,
    post_click,
    post_drag,
    post_key,
    run_until_still,
)

from wokphysics.games.wok_on_fire.engine import ChopEvent, Expect, PickEvent, StirEvent
from wokphysics.games.wok_on_fire.record import build_record, verify_game_record
from wokphysics.ui.app import App
from wokphysics.ui.guide import FAREWELL_S, Guide
from wokphysics.ui.guide_seen import FILE_NAME, GuideFlags
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def _window(folder: Path | None, *extra: str, seed: int = 1, name: str = "g.json"
            ) -> tuple[App, WokOnFireScene]:
    """One person alone at the table (no bot: every turn is theirs), saving in ``folder``
    (None: --no-save), on a hand's virtual clock."""
    save = ["--save", str(folder / name)] if folder is not None else ["--no-save"]
    args = parse_play_args(["--seed", str(seed), "--players", "1", "--bots", "0",
                            "--size", "1024x640", *save, *extra])
    app, _, _ = build_app(args, HandClock())
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    return app, scene


def _guide(app: App) -> Guide:
    assert app.guide is not None, "no guide shown"
    return app.guide


def _stir_at_guided_card(app: App, scene: WokOnFireScene) -> None:
    """A flick along +y at the face-down card the guide points at (its ring is just before
    the card's near edge, the pointer's press)."""
    guide = _guide(app)
    target = guide.steps[guide.index].target()
    assert target is not None
    x, y = app.renderer.map.to_table(*target)
    cards = [c for c in scene.game.table.wok_cards() if not c.face_up]
    card = min(cards, key=lambda c: math.hypot(c.x - x, c.y - y - 80.0))
    post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))


def _click_card(app: App, scene: WokOnFireScene, card_id: int) -> None:
    """Click a point of the card where it lies on top (its centre circle shows: it is
    viable), as a person aims at the card they see."""
    card = scene.game.table.card(card_id)
    cards = scene.game.table.cards
    for dx, dy in [(0.0, 0.0)] + [(r * math.cos(a), r * math.sin(a)) for r in (8.0, 16.0)
                                  for a in (0.0, 1.57, 3.14, 4.71)]:
        sx, sy = app.renderer.map.to_screen(card.x + dx, card.y + dy)
        top = app.renderer.card_at(cards, sx, sy)
        if top is not None and top.id == card_id:
            post_click(app, card.x + dx, card.y + dy)
            frames_until_posted(app)
            return
    raise AssertionError(f"no point of card {card_id} on top to click")


def _play_first_turn(app: App, scene: WokOnFireScene, watch: list[tuple[str, int]]) -> None:
    """The person's whole first turn through posted events only: stirs at the card the guide
    points at (or any face-down card), viable cards clicked and Enter, the chop dragged from
    the hand area into the wok. ``watch`` gets (what was done, the guide's step after it)."""
    game = scene.game

    def step() -> int:
        return app.guide.index if app.guide is not None else -1

    while game.expect is not Expect.CHOP and game.current_player == 0:
        if game.expect is Expect.STIR:
            if app.guide is not None and app.guide.step is not None \
                    and app.guide.step.ready() and app.guide.step.target() is not None:
                _stir_at_guided_card(app, scene)
            else:
                card = next(c for c in game.table.wok_cards() if not c.face_up)
                post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x,
                                             card.y))
            while scene.ui.live is None and hand(app).pending:
                app.frame()
            watch.append(("blade down", step()))
            run_until_still(app, scene)
            app.frame()
            watch.append(("stir", step()))
        elif game.expect is Expect.PICK:
            legal = game.legal_picks()
            for card_id in legal.viable[:legal.max_picks]:
                _click_card(app, scene, card_id)
            post_key(pygame.K_RETURN)
            app.frame()
            app.frame()
            watch.append(("pick", step()))
        else:  # a bonus's order or the Chili: the first choice, by its key
            post_key(pygame.K_1 if game.expect is Expect.BONUS_ORDER else pygame.K_n)
            app.frame()
            watch.append((game.expect.value, step()))
    assert game.expect is Expect.CHOP, game.expect
    rect = app.renderer.hand_rect(0)
    x0, y0 = app.renderer.map.to_table(*rect.center)
    post_drag(app, [(0.0, x0, y0), (0.1, x0, y0 + 60.0), (0.2, x0, y0 + 200.0),
                    (0.25, x0, y0 + 260.0)])
    run_until_still(app, scene)
    app.frame()
    watch.append(("chop", step()))


def test_offered_on_the_first_game_only_and_the_flag_persists(tmp_path: Path) -> None:
    app, _ = _window(tmp_path)
    guide = _guide(app)
    assert guide.index == 0 and not guide.closed
    assert GuideFlags(tmp_path).seen() == {"wok-on-fire"}
    assert (tmp_path / FILE_NAME).is_file()
    app.frame()
    assert "press on the table just before a face-down card's near edge" in guide.shown
    assert guide.skip_rect is not None and guide.pointed_at is not None
    app.close()
    # A second game in the same folder (another save file there): no guide, but F1 offers it.
    again, _ = _window(tmp_path, name="h.json")
    assert again.guide is None and again.make_guide is not None
    again.close()
    # Another folder is another user's files: offered there.
    other = tmp_path / "other"
    other.mkdir()
    third, _ = _window(other)
    assert third.guide is not None
    third.close()


def test_no_guide_without_user_files_or_without_a_person(tmp_path: Path) -> None:
    unsaved, _ = _window(None)
    assert unsaved.guide is None and unsaved.make_guide is not None
    unsaved.close()
    args = parse_play_args(["--seed", "2", "--players", "2", "--bots", "2", "--size",
                            "1024x640", "--save", str(tmp_path / "bots.json")])
    bots, _, _ = build_app(args, HandClock())
    assert bots.guide is None  # nobody to guide
    bots.close()


def test_a_damaged_flags_file_is_read_as_none_seen(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{not json", encoding="utf-8")
    assert GuideFlags(tmp_path).first_game("wok-on-fire")
    app, _ = _window(tmp_path)
    assert app.guide is not None
    assert GuideFlags(tmp_path).seen() == {"wok-on-fire"}
    app.close()


def test_each_step_moves_on_when_the_person_does_it(tmp_path: Path) -> None:
    app, scene = _window(tmp_path, seed=3)  # a first pick with no bonus: Chicken, Noodles
    game = scene.game
    guide = _guide(app)
    # Wrong things do not move it on: a click (no drag) on the table, a key it does not know.
    post_click(app, 0.0, 0.0)
    frames_until_posted(app)
    post_key(pygame.K_BACKSPACE)
    app.frame()
    assert guide.index == 0 and not game.events
    watch: list[tuple[str, int]] = []
    _play_first_turn(app, scene, watch)
    stirs = [e for e in game.events if isinstance(e, StirEvent)]
    assert len(stirs) >= 2
    # press: the blade going down moves on to the flick; the first stir to "stir again";
    # the stir step's end to the pick; the pick to the chop; the chop ends the steps.
    assert watch[0] == ("blade down", 1)
    assert watch[1] == ("stir", 2)
    kinds = [what for what, _ in watch]
    assert kinds[-1] == "chop" and watch[-1][1] == len(guide.steps)
    assert kinds == ["blade down", "stir", "blade down", "stir", "pick", "chop"]
    assert watch[2:5] == [("blade down", 2), ("stir", 3), ("pick", 4)]
    assert any(isinstance(e, PickEvent) and e.player == 0 for e in game.events)
    assert any(isinstance(e, ChopEvent) for e in game.events)
    assert guide.finished and app.guide is guide
    app.frame()
    assert "that was a whole turn" in guide.shown
    for _ in range(int(FAREWELL_S * 60) + 5):
        app.frame()
    assert app.guide is None and guide.closed and not guide.skipped
    app.close()


def test_the_pick_step_points_at_take_and_the_chop_step_at_the_hand_area(
        tmp_path: Path) -> None:
    app, scene = _window(tmp_path, seed=3)
    guide = _guide(app)
    game = scene.game
    while game.expect is Expect.STIR:
        card = next(c for c in game.table.wok_cards() if not c.face_up)
        post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))
        run_until_still(app, scene)
        app.frame()
    assert guide.index == 3  # the stir step is over: the pick step
    if game.expect is Expect.PICK:
        app.frame()
        take = next(b for b in scene.ui.layout.buttons if b.label.startswith("Take"))
        assert guide.pointed_at == take.rect.center
        assert "then Take" in guide.shown
        legal = game.legal_picks()
        for card_id in legal.viable[:legal.max_picks]:
            _click_card(app, scene, card_id)
        assert guide.index == 3  # naming cards is not yet the pick
        post_key(pygame.K_RETURN)
        app.frame()
        app.frame()
    assert game.expect is Expect.CHOP and guide.index == 4, (scene.status, [
        game.table.card(i).ingredient for i in game.legal_picks().viable])
    app.frame()
    hand_area = app.renderer.hand_rect(0)
    assert guide.pointed_at is not None and hand_area.collidepoint(guide.pointed_at)
    assert "chop: press in your lit hand area" in guide.shown
    app.close()


def test_s_esc_and_the_skip_button_end_it(tmp_path: Path) -> None:
    app, scene = _window(tmp_path)
    guide = _guide(app)
    post_key(pygame.K_s)
    app.frame()
    assert app.guide is None and guide.skipped and not app.paused
    # Esc ends the guide instead of pausing; once it is gone Esc pauses again.
    app.show_guide()
    second = _guide(app)
    post_key(pygame.K_ESCAPE)
    app.frame()
    assert app.guide is None and second.skipped and not app.paused
    post_key(pygame.K_ESCAPE)
    app.frame()
    assert app.paused
    post_key(pygame.K_ESCAPE)
    app.frame()
    # The button: its click is the guide's, the table never sees it.
    app.show_guide()
    third = _guide(app)
    app.frame()
    assert third.skip_rect is not None
    x, y = app.renderer.map.to_table(*third.skip_rect.center)
    post_click(app, x, y)
    frames_until_posted(app)
    assert app.guide is None and third.skipped
    assert scene.ui.press is None and scene.ui.live is None and not scene.game.events
    app.close()


def test_f1_then_g_opens_it_again_from_its_first_step(tmp_path: Path) -> None:
    app, _ = _window(tmp_path)
    post_key(pygame.K_s)
    app.frame()
    assert app.guide is None
    post_key(pygame.K_F1)
    app.frame()
    assert app.help
    assert any("G: the guided first turn" in line for line in app.help_text())
    post_key(pygame.K_g)
    app.frame()
    assert not app.help
    guide = _guide(app)
    assert guide.index == 0 and not guide.closed
    app.close()


def test_a_guided_game_records_the_same_game_as_an_unguided_one(tmp_path: Path) -> None:
    """The same posted events in a first game (guided) and in a later one (no guide): the
    same record, input for input, hash for hash; and the guided save verifies."""
    records = []
    for folder, guided in ((tmp_path / "first", True), (tmp_path / "later", False)):
        folder.mkdir()
        if not guided:
            GuideFlags(folder).mark("wok-on-fire")
        app, scene = _window(folder, seed=5)
        assert (app.guide is not None) is guided
        # the same hand either way: every stir at the first face-down card lying lengthwise
        while scene.game.expect is Expect.STIR:
            card = next(c for c in scene.game.table.wok_cards() if not c.face_up
                        and abs(math.remainder(c.angle, math.pi)) < 0.3)
            post_drag(app, flick_samples(scene.cfg.physics.card.length_mm, card.x, card.y))
            run_until_still(app, scene)
            app.frame()
        if scene.game.expect is Expect.PICK:
            legal = scene.game.legal_picks()
            for card_id in legal.viable[:1]:
                card = scene.game.table.card(card_id)
                post_click(app, card.x, card.y)
                frames_until_posted(app)
            post_key(pygame.K_RETURN)
            app.frame()
        records.append((build_record(scene.game), scene.game.state_hash(),
                        list(scene.game.events)))
        if guided:
            assert app.guide is not None and app.guide.index >= 3  # it followed along
        app.close()
    guided_record, guided_hash, guided_events = records[0]
    plain_record, plain_hash, plain_events = records[1]
    assert guided_record == plain_record
    assert guided_hash == plain_hash
    assert len(guided_events) == len(plain_events) > 0


def test_a_guided_game_s_save_replays_exactly(tmp_path: Path) -> None:
    app, scene = _window(tmp_path, seed=3)
    assert app.guide is not None
    watch: list[tuple[str, int]] = []
    _play_first_turn(app, scene, watch)
    assert app.guide is not None and app.guide.finished
    assert app.on_leave is not None
    app.on_leave()  # what closing the window does: the save written
    ok, words = verify_game_record(tmp_path / "g.json")
    assert ok, words
    app.close()
