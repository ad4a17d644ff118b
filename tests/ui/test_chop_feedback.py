"""A chop in the real window: the lit hand area shows the cards about to be chopped, and once
they settle the log and a notice over the table say where each landed (a weak chop's card
on the player's own collected cards was left there unsaid)."""

from __future__ import annotations

import pygame
from ui_helpers import post_drag, post_key, run_until_still

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import WokBot, make_wof_bot
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.ui.app import App, WindowOptions, on_table
from wokphysics.ui.sprite_cache import BACK
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.view import pile_spots
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def _at_your_chop() -> tuple[App, WokOnFireScene, WokOnFireGame]:
    """A window on a two-player game (you and a strong bot) at your second chop: a bot
    stands in for you until then, so you have collected cards by your aid."""
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 3, 0, ("person", "strong"))
    stand_in = [make_wof_bot(cfg, "strong", 10 + p) for p in range(2)]
    while not (game.current_player == 0 and game.expect is Expect.CHOP
               and game.turn_number >= 2):
        stand_in[game.current_player].act(game)
    assert game.pile(0), "you have collected cards"
    bots: dict[int, WokBot] = {1: stand_in[1]}
    app = App(WindowOptions(size=(1024, 700), mute=True), on_table(
        cfg, lambda renderer, text, _app: WokOnFireScene(cfg, game, bots, renderer, text)),
        HandClock())
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    app.frame()
    return app, scene, game


def test_the_hand_area_shows_the_cards_to_chop_and_a_weak_chop_says_where_they_fell() -> None:
    app, scene, game = _at_your_chop()
    renderer = app.renderer
    per_chop = game.cfg.rules.cards_per_chop
    assert game.table.out_of_wok() == []
    assert renderer.hand_seat == game.seat_of(0)
    assert renderer.to_chop == (BACK,) * per_chop  # the deck's next cards, face down
    # A weak chop: pressed over your own collected cards, a slow short push towards the wok.
    x, y, _ = pile_spots(game.cfg.physics, game.seat_of(0),
                         len(renderer.piles[game.seat_of(0)]))[0]
    app.frame()
    waiting = scene.drawing.to_chop_rect
    assert waiting is not None and renderer.hand_rect(game.seat_of(0)).contains(waiting)
    post_drag(app, [(0.05 * k, x, y + 3.0 * k) for k in range(8)])
    while scene.ui.capture is None or len(scene.ui.capture.samples) < 4:
        app.frame()
    held = scene.drawing.to_chop_rect  # in the hand, under the pointer
    hx, hy = renderer.map.to_screen(*scene.ui.capture.last)
    assert held is not None and held.collidepoint(hx, hy) and held != waiting
    run_until_still(app, scene)
    assert game.current_player == 1, "the chop ended your turn"
    assert renderer.hand_seat is None and renderer.to_chop == ()
    line = next(line for line in reversed(scene.log) if line.startswith("You chopped"))
    assert line.startswith(f"You chopped {per_chop} cards: ")
    thrown = [c for c in game.table.cards if c.id in game.table.out_of_wok()]
    assert thrown, "a chop this weak leaves cards outside the wok"
    assert "outside the wok, on your collected cards" in line
    notice = scene.presenter.notice
    assert notice is not None and notice.text.startswith("Your chop: ")
    assert "outside the wok, on your collected cards" in notice.text
    assert notice.text.endswith("chopped back in with the next chop")
    # The next chop (the bot's) shows them in the hand too: face as they lie.
    app.frame()
    assert len(scene.drawing.to_chop()) == len(thrown) + per_chop
    # M's word leaves the notice readable (both were drawn at the top centre).
    post_key(pygame.K_m)
    app.frame()
    notice_at = scene.drawing.notice_rect
    assert app.flash is not None and app.flash_rect is not None and notice_at is not None
    assert not app.flash_rect.colliderect(notice_at)
