"""The choices besides stirring and picking, made with the mouse and keys in the real loop:
a blind Chicken claim (right-click), the Chili Pepper, the Garlic gift's receiver and the
order of two bonuses. Each test lays a few cards face up (fixture), plays a seeded
three-player game with bots standing in for the person until the person faces that choice,
then makes it through the window and checks the input the engine recorded."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
from ui_helpers import frames_until_posted, post_click, post_key

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import WokBot, make_wof_bot
from wokphysics.games.wok_on_fire.engine import Expect, Pick, WokOnFireGame
from wokphysics.ui.app import App, WindowOptions, on_table
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

Goal = Callable[[WokOnFireGame], bool]


def _reach(goal: Goal, layout: list[tuple[str, float, float]],
           first_picks: Callable[[WokOnFireGame, list[int]], list[Pick] | None] | None = None,
           ) -> tuple[App, WokOnFireScene, WokOnFireGame, list[int]]:
    """A window on a three-player game (person = player 0) once player 0 faces ``goal``.

    Test fixture: before the first input, the wok cards named in ``layout`` are laid face up
    at those spots (mm) near the wok's corners, away from where the bots flick. Until the
    goal, bots stand in for everyone through the engine's inputs; at player 0's pick steps
    ``first_picks(game, placed)`` may name the picks instead (None: the bot chooses)."""
    cfg = load_config()
    game = WokOnFireGame(cfg, 3, 1, 0, ("person", "strong", "strong"))
    placed: list[int] = []
    for name, x, y in layout:
        card = next(c for c in game.table.wok_cards()
                    if c.ingredient == name and c.id not in placed)
        game.table.place(card.id, x, y, 0.0, True)
        placed.append(card.id)
    stand_in = [make_wof_bot(cfg, "strong", 10 + p) for p in range(3)]
    while not game.is_over and not (game.current_player == 0 and goal(game)):
        picks = None
        if game.current_player == 0 and game.expect is Expect.PICK and first_picks is not None:
            picks = first_picks(game, placed)
        if picks is not None:
            game.pick(picks)
        else:
            stand_in[game.current_player].act(game)
    assert not game.is_over, "the game reached the wanted choice"
    bots: dict[int, WokBot] = {1: stand_in[1], 2: stand_in[2]}
    app = App(WindowOptions(size=(1024, 640)), on_table(
        cfg, lambda renderer, text, _app: WokOnFireScene(cfg, game, bots, renderer, text)),
        HandClock())
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    app.frame()
    return app, scene, game, placed


def _named(wanted: list[int]) -> Callable[[WokOnFireGame, list[int]], list[Pick] | None]:
    """Player 0's first normal pick names ``wanted`` (by position in the layout) if it can."""
    def choose(game: WokOnFireGame, placed: list[int]) -> list[Pick] | None:
        picks = [Pick(placed[i]) for i in wanted]
        if game.turn_number == 0 and game.check_pick(picks) is None:
            return picks
        return None
    return choose


def _last_input(game: WokOnFireGame) -> dict[str, object]:
    inputs = game.current_inputs
    assert inputs, "the engine recorded an input this turn"
    return dict(inputs[-1])


def test_right_click_claims_a_partly_hidden_card_blind_as_chicken() -> None:
    # An Onion's edge lies 15 mm left of the Pork's centre: its circle is hidden, two corners
    # show.
    width = load_config().physics.card.width_mm
    app, scene, game, placed = _reach(
        lambda g: g.expect is Expect.PICK and bool(g.legal_picks().blind),
        [("pork", -230.0, -230.0), ("onion", -230.0 + width / 2 - 15.0, -230.0)])
    card_id = placed[0]
    assert card_id in game.legal_picks().blind
    card = game.table.card(card_id)
    seen = game.table.visibility()[card_id]
    corner = seen.corners_visible.index(True)
    # Click a visible corner dot of the card (its circle is hidden).
    cfg = scene.cfg.physics
    inset = cfg.card.dot_inset_mm + cfg.card.dot_diameter_mm / 2.0
    lx = (cfg.card.width_mm / 2.0 - inset) * (-1 if corner in (0, 3) else 1)
    ly = (cfg.card.length_mm / 2.0 - inset) * (-1 if corner in (0, 1) else 1)
    c, s = math.cos(card.angle), math.sin(card.angle)
    x, y = card.x + c * lx - s * ly, card.y + s * lx + c * ly
    top = app.renderer.card_at(game.table.cards, *app.renderer.map.to_screen(x, y))
    assert top is not None and top.id == card_id
    post_click(app, x, y, button=3)
    frames_until_posted(app)
    assert [(p.card_id, p.blind_chicken) for p in scene.ui.selection] == [(card_id, True)]
    legal = game.legal_picks()
    for other in legal.viable:  # name the rest of the picks if more must be named
        if game.check_pick(scene.ui.selection) is None:
            break
        seen_other = game.table.card(other)
        post_click(app, seen_other.x, seen_other.y)
        frames_until_posted(app)
    assert game.check_pick(scene.ui.selection) is None
    post_key(pygame.K_RETURN)
    app.frame()
    entry = _last_input(game)
    assert entry["kind"] == "pick"
    assert [card_id, True] in entry["picks"]


def test_c_discards_a_chili_for_one_more_pick() -> None:
    app, scene, game, placed = _reach(
        lambda g: g.expect is Expect.CHILI and bool(g.usable_chilis()),
        [("chili_pepper", 230.0, -230.0), ("pork", -230.0, -230.0)], _named([0, 1]))
    chili = game.usable_chilis()[0]
    post_key(pygame.K_c)
    app.frame()
    assert _last_input(game) == {"kind": "chili", "card": chili}
    assert chili in game.discarded
    assert game.expect is Expect.PICK or game.expect is Expect.CHOP


def test_clicking_an_opponents_aid_gives_them_the_garlic_gift() -> None:
    app, scene, game, placed = _reach(
        lambda g: g.expect is Expect.GIFT_OPPONENT,
        [("garlic", 230.0, -230.0), ("pork", -230.0, -230.0), ("onion", -230.0, 230.0),
         ("mushroom", 230.0, 230.0)], _named([0, 1]))
    receiver = game.legal_opponents()[-1]
    gift = game.gift_card
    aid = app.renderer.aid_rect(game.seat_of(receiver))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                         {"pos": aid.center, "button": 1}))
    app.frame()
    assert _last_input(game) == {"kind": "give_to", "opponent": receiver}
    assert gift in game.pile(receiver)


def test_keys_choose_which_bonus_comes_first() -> None:
    app, scene, game, placed = _reach(
        lambda g: g.expect is Expect.BONUS_ORDER,
        [("green_pepper", -230.0, -230.0), ("garlic", 230.0, -230.0)], _named([0, 1]))
    post_key(pygame.K_2)
    app.frame()
    assert _last_input(game) == {"kind": "bonus_order", "first": "garlic"}
    assert game.expect is Expect.STIR


def test_a_green_pepper_first_then_another_card() -> None:
    """While a Green Pepper is viable it must be named first; named first, the second pick may
    be any viable card, and naming the other card first says why not."""
    app, scene, game, placed = _reach(
        lambda g: g.expect is Expect.PICK,
        [("green_pepper", -230.0, -230.0), ("pork", 230.0, -230.0)])
    pepper, pork = placed
    legal = game.legal_picks()
    assert pepper in legal.viable and pork in legal.all_viable and pork not in legal.viable
    for card_id in (pork, pepper, pork):
        card = game.table.card(card_id)
        post_click(app, card.x, card.y)
        frames_until_posted(app)
        if card_id == pork and not scene.ui.selection:
            said = scene.presenter.bubbles[-1].text
            assert said == "a Green Pepper is viable and must be picked first"
    assert [p.card_id for p in scene.ui.selection] == [pepper, pork]
    post_key(pygame.K_RETURN)
    app.frame()
    assert {pepper, pork} <= set(game.pile(0))
