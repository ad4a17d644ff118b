"""Playing Wok and Roll through the window with posted mouse events (tests' helper).

A person's moves are chosen by a greedy bot playing for them, then made the way a person
makes them: by clicking what the window shows (dice and Re-roll or Lock in at the market; a
serving, skill, bonus or lock, then the dice, Fridge items, Chef's Hats, circles, Pantry
spaces or Recipes that pay for it, then Cook; Done cooking). Nothing is handed to the engine
directly.
"""

from __future__ import annotations

import pygame

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import (
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.ui.app import App
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.wok_and_roll.drawing import RollDrawing
from wokphysics.ui.wok_and_roll.layout import Hit, RollLayout
from wokphysics.ui.wok_and_roll.payment import RECIPE_TOKEN, Source, tokens_of
from wokphysics.ui.wok_and_roll.view import RollView

FRAME_S = 0.1


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    """A press and a release at ``pos``, as SDL delivers a real click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos,
                                                                  "button": button}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": button}))


def view(scene: TurnScene) -> RollView:
    drawing = scene.parts.drawing
    assert isinstance(drawing, RollDrawing)
    return drawing.view


def layout(scene: TurnScene) -> RollLayout:
    return view(scene).layout()


def centre_of(scene: TurnScene, target: Hit) -> tuple[int, int]:
    """A point on screen where ``target`` is the topmost thing (what a person would click)."""
    lay = layout(scene)
    for rect, found in lay.hits:
        if found == target:
            for dx, dy in ((0.5, 0.5), (0.3, 0.7), (0.7, 0.3), (0.2, 0.2), (0.8, 0.8)):
                point = (rect.x + int(rect.w * dx), rect.y + int(rect.h * dy))
                if lay.hit(point) == target:
                    return point
    raise AssertionError(f"{target} is not on screen")


def click(app: App, scene: TurnScene, target: Hit) -> None:
    post_click(centre_of(scene, target))
    app.frame(FRAME_S)


def state_of(scene: TurnScene) -> WokAndRollState:
    state = scene.session.state
    assert isinstance(state, WokAndRollState)
    return state


def _source_hit(source: Source) -> Hit:
    if source.kind == "pantry":
        return Hit("pantry", f"{source.index}.{source.slot}")
    if source.kind == "recipe":
        return Hit("recipe", "")
    return Hit(source.kind, str(source.index))


def _target_hit(action: Action, state: WokAndRollState) -> Hit:
    if isinstance(action, Cook):
        return Hit("serving", action.sid)
    if isinstance(action, Convert):
        return Hit("convert", state.sheet.codes[action.food])
    if isinstance(action, Rectangle):
        return Hit("rectangle", action.rid)
    assert isinstance(action, Unlock)
    return Hit("lock", action.gid)


def pay_by_clicks(app: App, scene: TurnScene, action: Action) -> None:
    """Choose ``action``'s target, take the proposal apart and click exactly the sources
    that pay as ``action`` does, then Cook."""
    state = state_of(scene)
    click(app, scene, _target_hit(action, state))
    roll_view = view(scene)
    assert roll_view.payment is not None, scene.presenter.status
    for source in list(roll_view.payment.chosen):
        click(app, scene, _source_hit(source))
    assert roll_view.payment is not None and not roll_view.payment.chosen
    wallet = roll_view.wallet(state.current_player)
    taken: list[Source] = []
    for token in tokens_of(action, state.sheet):
        if token == RECIPE_TOKEN:
            click(app, scene, Hit("recipe", "0"))
            taken.append(Source("recipe"))
            continue
        source = next(s for s, offers in wallet.offers.items()
                      if token in offers and s not in taken)
        taken.append(source)
        click(app, scene, _source_hit(source))
    click(app, scene, Hit("button", "cook"))


def play_step_by_clicks(app: App, scene: TurnScene, bot: WokAndRollGreedyBot) -> Action:
    """Make the person's next step with clicks; returns the step intended."""
    state = state_of(scene)
    action = bot.choose(state)
    if isinstance(action, Reroll):
        roll_view = view(scene)
        roll_view.follow(state)
        for position in roll_view.tray.positions(action.dice):
            click(app, scene, Hit("die", str(position)))
        click(app, scene, Hit("button", "reroll"))
    elif isinstance(action, Lock):
        click(app, scene, Hit("button", "lock"))
    elif isinstance(action, DoneCooking):
        click(app, scene, Hit("button", "done"))
    else:
        pay_by_clicks(app, scene, action)
    return action


def record_tooltips(scene: TurnScene) -> list[str]:
    """The words of every tooltip the scene's drawing shows from now on, in order (drawn as
    before)."""
    drawing = scene.parts.drawing
    assert isinstance(drawing, RollDrawing)
    shown: list[str] = []
    original = drawing._tooltip

    def record(surface: pygame.Surface, words: str, rect: pygame.Rect, lay: RollLayout) -> None:
        shown.append(words)
        original(surface, words, rect, lay)

    drawing._tooltip = record  # type: ignore[method-assign]
    return shown
