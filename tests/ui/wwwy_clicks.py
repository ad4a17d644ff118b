"""Playing We Will Wok You through the window with posted mouse events (tests' helper).

A person's moves are chosen by a greedy bot playing for them, then made the way a person
makes them: by clicking what the window shows (a coin set, a row, a wok card, the hand cards
that pay, the Take button, Pass). Nothing is handed to the engine directly.
"""

from __future__ import annotations

import pygame

from wokphysics.games.protocol import Action
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.app import App
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.we_will_wok_you.drawing import WwwyDrawing
from wokphysics.ui.we_will_wok_you.layout import BUTTONS, WwwyLayout, WwwyTarget

FRAME_S = 0.1


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    """A press and a release at ``pos``, as SDL delivers a real click."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos,
                                                                  "button": button}))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": button}))


def layout(scene: TurnScene) -> WwwyLayout:
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    return drawing.view.layout()


def centre_of(scene: TurnScene, target: WwwyTarget) -> tuple[int, int]:
    """A point on screen where ``target`` is the topmost thing (what a person would click)."""
    lay = layout(scene)
    for rect, found in lay.hits:
        if found == target:
            for dx, dy in ((0.5, 0.5), (0.15, 0.5), (0.1, 0.2), (0.5, 0.15)):
                point = (rect.x + int(rect.w * dx), rect.y + int(rect.h * dy))
                if lay.hit(point) == target:
                    return point
    raise AssertionError(f"{target} is not on screen")


def click(app: App, scene: TurnScene, target: WwwyTarget) -> None:
    post_click(centre_of(scene, target))
    app.frame(FRAME_S)


def greedy_turn(state: WeWillWokYouState, bot: WeWillWokYouGreedyBot) -> list[Action]:
    """The steps a greedy bot would take this turn (a wok card and its payment: several)."""
    trial = state.clone()
    player = trial.current_player
    steps: list[Action] = []
    while not trial.is_terminal() and trial.current_player == player:
        action = bot.choose(trial)
        steps.append(action)
        trial.apply(action)
    return steps


def play_turn_by_clicks(app: App, scene: TurnScene, bot: WeWillWokYouGreedyBot) -> list[Action]:
    """Make the person's next move with clicks; returns the steps intended."""
    state = scene.session.state
    assert isinstance(state, WeWillWokYouState)
    steps = greedy_turn(state, bot)
    first = steps[0]
    if isinstance(first, CollectCoin):
        click(app, scene, WwwyTarget("coin", first.coin_set))
    elif isinstance(first, BuyRow):
        click(app, scene, WwwyTarget("row", first.row))
    elif isinstance(first, Pass):
        click(app, scene, WwwyTarget("button", BUTTONS.index("pass")))
    elif isinstance(first, TakeWok):
        data = state.data
        wok = data.wok_index(first.wok)
        click(app, scene, WwwyTarget("offer", wok))
        hand = list(state.hands[state.current_player])
        for step in steps[1:]:
            assert isinstance(step, Pay)
            card = min(c for c in hand if data.kind_text(data.card_kind[c]) == step.kind)
            hand.remove(card)
            click(app, scene, WwwyTarget("hand", card))
        click(app, scene, WwwyTarget("button", BUTTONS.index("take")))
    return steps
