"""Wok Star's guided first round (issue 27): offered on a person's first game in the folder of
their files, each step moving on when the person (a synthetic hand: real mouse events through
the window's queue at human speed) does the thing, S, Esc or Skip ending it, F1 then G
opening it again, and a guided game recording the same game as an unguided one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
from star_hand import StarHand
from ui_helpers import post_key

from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.guide import GUIDE_EDGE, Guide
from wokphysics.ui.guide_seen import GuideFlags
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_star.play import GAME, StarSetup, star_factory
from wokphysics.ui.wok_star.scene import StarScene

FPS = 20


def _window(folder: Path, seats: tuple[str, ...] = ("person", "team"), seed: int = 3,
            name: str = "star.json") -> App:
    setup = StarSetup(seats, seed, save=folder / name)
    return App(WindowOptions(size=(1280, 800), fps=FPS, mute=True), star_factory(setup),
               HandClock())


def _scene(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


def _near(point: tuple[int, int] | None, rect: pygame.Rect) -> bool:
    return point is not None and rect.collidepoint(point)


def test_each_step_moves_on_when_the_person_does_it_and_points_at_the_control(
        tmp_path: Path) -> None:
    app = _window(tmp_path)
    scene = _scene(app)
    guide = app.guide
    assert guide is not None and guide.index == 0
    assert GuideFlags(tmp_path).seen() == {GAME}
    hand = StarHand(app, [0], seed=3)
    app.frame()
    # Step 1 points at a "to ..." button of the sharing-out screen.
    assert "give each starting preparation" in guide.shown
    buttons = [c.rect for c in scene.buttons if c.action is not None and c.action.verb ==
               "assign"]
    assert any(_near(guide.pointed_at, rect) for rect in buttons), (guide.pointed_at, buttons)
    seen: dict[int, tuple[str, tuple[int, int] | None]] = {}
    for _ in range(1500):
        hand.step()
        app.frame()
        if app.guide is None:
            break
        if guide.index not in seen and guide.step is not None and guide.step.ready():
            seen[guide.index] = (guide.shown, guide.pointed_at)
        if guide.index == 2 and guide.step is not None and guide.step.ready():
            lay = scene.layout()
            assert lay is not None
            mine = [rect for _, rect in lay.seats[0].dice]
            assert any(_near(guide.pointed_at, rect) for rect in mine), guide.pointed_at
        if guide.index == 3 and guide.step is not None and guide.step.ready():
            lay = scene.layout()
            assert lay is not None and _near(guide.pointed_at, lay.serve)
    assert guide.finished, (guide.index, guide.shown)
    assert set(seen) == {0, 1, 2, 3}
    assert "starting bonus" in seen[1][0] and "drag one of your dice" in seen[2][0]
    assert "click Serve" in seen[3][0]
    # Every step was the person's own doing, in the window, in order.
    verbs = [step.action.verb for step in scene.session.steps
             if step.seat == 0 and not step.bot and not step.passing]
    assert verbs.index("bonus_die") < verbs.index("place") < verbs.index("serve")
    for _ in range(10 * FPS):  # the farewell is said, then the guide is gone
        app.frame()
    assert app.guide is None and not guide.skipped
    app.close()


def test_offered_once_s_esc_and_skip_end_it_and_f1_then_g_reopens_it(tmp_path: Path) -> None:
    app = _window(tmp_path)
    guide = app.guide
    assert guide is not None
    post_key(pygame.K_s)
    app.frame()
    assert app.guide is None and guide.skipped
    assert not app.paused
    # F1 then G: the guide again, from its first step; Esc ends it without pausing.
    post_key(pygame.K_F1)
    app.frame()
    post_key(pygame.K_g)
    app.frame()
    again = app.guide
    assert again is not None and again.index == 0 and not app.help
    post_key(pygame.K_ESCAPE)
    app.frame()
    assert app.guide is None and not app.paused
    post_key(pygame.K_F1)
    app.frame()
    post_key(pygame.K_g)
    app.frame()
    third = app.guide
    assert third is not None and third.skip_rect is not None
    clock = app.clock
    assert isinstance(clock, HandClock)
    clock.click(third.skip_rect.center)
    for _ in range(4):
        app.frame()
    assert app.guide is None and third.skipped
    app.close()
    # The next game in this folder is not offered it; only bots at the table: none at all.
    later = _window(tmp_path, name="later.json")
    assert later.guide is None and later.make_guide is not None
    later.close()
    bots = tmp_path / "bots"
    bots.mkdir()
    alone = _window(bots, seats=("team", "team"))
    assert alone.guide is None and GuideFlags(bots).seen() == set()  # kept for a person
    alone.close()


def _play(app: App, frames: int) -> tuple[str, list[str], list[float]]:
    hand = StarHand(app, [0], seed=3)
    for _ in range(frames):
        hand.step()
        app.frame()
    session = _scene(app).session
    return (session.state.to_json(), [str(a) for a in session.actions()], list(session.times))


def test_a_guided_game_records_the_same_game_as_an_unguided_one(tmp_path: Path) -> None:
    guided_app = _window(tmp_path)
    assert guided_app.guide is not None
    guided = _play(guided_app, 500)
    assert guided_app.guide is not None and guided_app.guide.index >= 3
    assert _scene(guided_app).session.state.phase in (Phase.ACTION, Phase.LEFTOVER,
                                                      Phase.PURCHASE)
    guided_app.close()
    plain_folder = tmp_path / "plain"
    plain_folder.mkdir()
    GuideFlags(plain_folder).mark(GAME)
    plain_app = _window(plain_folder)
    assert plain_app.guide is None
    unguided = _play(plain_app, 500)
    plain_app.close()
    assert guided == unguided


def _at_step(tmp_path: Path, index: int, words: str, frames: int
             ) -> tuple[App, StarScene, Guide]:
    """A first game's window played by a synthetic hand (seed 3) until the guide's step
    ``index`` (saying ``words``) is ready, then held still: only the guide changes after."""
    app = _window(tmp_path)
    scene = _scene(app)
    guide = app.guide
    assert guide is not None
    hand = StarHand(app, [0], seed=3)
    for _ in range(frames):
        if guide.index == index and guide.step is not None and guide.step.ready():
            break
        hand.step()
        app.frame()
    assert guide.index == index and words in guide.shown, guide.shown
    scene.scheduler.hold = True  # the table still: only the guide differs below
    return app, scene, guide


def test_the_arrow_to_a_die_leaves_its_face_clear(tmp_path: Path) -> None:
    """Issue 27, part 4: at the step "drag one of your dice", the guide's ring and its gold
    dot were drawn on the die's centre, over its pips (a 2 read as a 3, a 4 as a 5). The
    arrow now ends at the die's top edge and nothing of the guide is drawn on the die."""
    app, scene, guide = _at_step(tmp_path, 2, "drag one of your dice", 1500)
    for _ in range(3):
        app.frame()
    lay = scene.layout()
    assert lay is not None
    die = lay.seats[0].dice[0][1]
    assert guide.pointed_at == die.midtop
    shown = pygame.surfarray.array3d(app.screen.subsurface(die)).copy()
    guide.skip()
    for _ in range(3):
        app.frame()
    assert app.guide is None or app.guide.closed
    after = scene.layout()
    assert after is not None and after.seats[0].dice[0][1] == die
    clear = pygame.surfarray.array3d(app.screen.subsurface(die))
    differ = (shown != clear).any(axis=2).nonzero()
    assert not len(differ[0]), ("the guide drew on the die's face", differ)


def test_the_arrow_to_serve_goes_round_the_customer_card(tmp_path: Path) -> None:
    """Issue 27: at the step "click Serve" the guide's arrow came straight down from the hint
    to Serve, across the customer card's lines (its dish, dollars, cook, ingredients). It now
    goes down the gap left of the card and ends at Serve's left edge: none of its pixels on
    the card, its head beside Serve."""
    app, scene, guide = _at_step(tmp_path, 3, "click Serve", 3000)
    app.frame()
    lay = scene.layout()
    assert lay is not None and guide.hint_rect is not None
    assert _near(guide.pointed_at, lay.serve)
    shown = pygame.surfarray.array3d(app.screen).copy()
    hint = guide.hint_rect.copy()
    guide.skip()
    app.frame()
    clear = pygame.surfarray.array3d(app.screen)
    edge = (shown == np.array(GUIDE_EDGE)).all(axis=2) & (shown != clear).any(axis=2)
    edge[hint.left:hint.right, hint.top:hint.bottom] = False
    xs, ys = edge.nonzero()
    assert len(xs) > 100, "the arrow is drawn"
    card = lay.card
    on_card = (xs >= card.left) & (xs < card.right) & (ys >= card.top) & (ys < card.bottom)
    assert not on_card.any(), ("the arrow crosses the customer card", int(on_card.sum()))
    serve = lay.serve
    head = (xs >= serve.left - 16) & (xs < serve.left) & (abs(ys - serve.centery) <= 8)
    assert head.sum() >= 20, "the arrow's head is beside Serve"
    app.close()
