"""Wok and Roll's scene: its presenter, input map and drawing, built on a shared TurnUi, in
the shared TurnScene."""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.games.protocol import GameState
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_and_roll.tray import DiceTray
from wokphysics.ui.sound import Sound
from wokphysics.ui.turn.motion import Motions
from wokphysics.ui.turn.scene import GameParts, TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_and_roll.drawing import RollDrawing
from wokphysics.ui.wok_and_roll.faces import DiceFaces
from wokphysics.ui.wok_and_roll.input_map import RollInputs
from wokphysics.ui.wok_and_roll.presenter import RollPresenter
from wokphysics.ui.wok_and_roll.view import RollView, roll_state

HELP_LINES = (
    ("At the market", "click dice to choose them (they lift), then Re-roll or Enter; Lock in "
                      "or L keeps them. Up to 2 re-rolls"),
    ("Which dice", "the player at the market cooks with all 6 dice, the others with the 4 "
                   "white ones"),
    ("Cook", "click a bright serving: the cheapest payment is proposed (dice first); click "
             "dice, Fridge items, Chef's Hats, circles or Pantry spaces to change it; then "
             "Cook, Enter, or the serving again"),
    ("Skills, bonuses, locks", "click a hexagon, an end-game bonus or a lock to pay for it "
                               "with Recipe Books (a lock: or click the Recipes)"),
    ("Dimmed servings", "cannot be cooked now: rest the pointer on one to read why"),
    ("Done cooking", "D or the button; Clear, Backspace or a right click forgets a choice"),
    ("Symbols", "R Rice (bowl), N Noodle (waves), V Vegetable (leaf), M Meat (drumstick), "
                "S Seafood (fish), B Recipe Book (book); P: circles a Pantry space"),
    ("Secret cooking", "the others' crossings of a turn are shown when the turn is over"),
)


GUIDE_STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("at your market: click dice to choose them, then Re-roll (Enter); or Lock in (L)",
     ("reroll", "lock")),
    ("cook: click a serving framed in teal on your sheet, then Cook (Enter)",
     ("cook", "convert", "rectangle")),
    ("when nothing more pays: Done cooking (D)", ("done",)),
)
"""The guided first turn (:mod:`wokphysics.ui.turn.guide`): each step's hint and the first
words of the actions that do it."""


def roll_parts(ui: TurnUi, text: Text, sound: Sound) -> GameParts:
    """The game's own parts of a Wok and Roll scene, built on the scene's shared ``ui`` and
    sharing one view."""
    view = RollView(ui, DiceFaces(text), text, DiceTray(roll_state(ui).sheet.dice))
    presenter = RollPresenter(ui, view, sound, Motions())
    return GameParts(presenter, RollInputs(ui, view, presenter),
                     RollDrawing(ui, view, presenter),
                     HELP_LINES,
                     turns_done=_turns_done, shown_turn=_turn_on_table,
                     guide_steps=GUIDE_STEPS)


def _turns_done(state: GameState) -> int:
    """Turns before the one in play (the heading names ``state.turn``)."""
    assert isinstance(state, WokAndRollState)
    return state.turn - 1


def _turn_on_table(state: GameState) -> int:
    """The turn a state shows: the last step of a turn rolls the next turn's dice."""
    assert isinstance(state, WokAndRollState)
    return state.turn


def wok_and_roll_scene(session: TurnSession, text: Text, sound: Sound,
                       on_new_game: Callable[[], None] | None = None,
                       on_home: Callable[[], None] | None = None) -> TurnScene:
    """A Wok and Roll game in the window."""
    ui = TurnUi.of(session)
    return TurnScene(ui, roll_parts(ui, text, sound), text, sound, on_new_game, on_home)
