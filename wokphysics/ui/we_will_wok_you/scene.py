"""We Will Wok You's scene: its presenter, input map and drawing, built on a shared TurnUi,
in the shared TurnScene."""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.games.protocol import GameState
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.sound import Sound
from wokphysics.ui.turn.motion import Motions
from wokphysics.ui.turn.scene import GameParts, TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.we_will_wok_you.drawing import WwwyDrawing
from wokphysics.ui.we_will_wok_you.faces import Faces
from wokphysics.ui.we_will_wok_you.input_map import WwwyInputs
from wokphysics.ui.we_will_wok_you.presenter import WwwyPresenter
from wokphysics.ui.we_will_wok_you.view import WwwyView, wwwy_state
from wokphysics.ui.widgets import Text

HELP_LINES = (
    ("Collect a coin", "click a coin set (upper: rows 1-2, lower: rows 3-4); its last coin "
                       "stays"),
    ("Buy a row", "click the row or its price tag: you pay the set's coin count"),
    ("Take a wok card", "click it, then the hand cards that pay (exactly 4 identical "
                        "symbols, stars wild), then Take or Enter"),
    ("Choose again", "click a chosen card or wok again; Clear, Backspace or a right click "
                     "forgets the choice"),
    ("Why not?", "a refused click says why, next to the pointer"),
    ("Your score", "the side shows your exact score if the game ended now; Arrangement or A "
                   "shows which cards go in which wok"),
    ("Details", "rest the pointer on a card, a wok, a coin set or a player"),
)


GUIDE_STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("your move: click a coin set (left) to take a coin, or a row's price tag to buy "
     "the row", ("collect", "buy")),
    ("a wok card: click one in the middle, then hand cards showing 4 identical symbols "
     "(stars wild), then Take", ("take",)),
)
"""The guided first turn (:mod:`wokphysics.ui.turn.guide`): each step's hint and the first
words of the actions that do it."""


def wwwy_parts(ui: TurnUi, text: Text, sound: Sound) -> GameParts:
    """The game's own parts of a We Will Wok You scene, built on the scene's shared ``ui``
    and sharing one view."""
    state = wwwy_state(ui)
    view = WwwyView(ui, Faces(state.data, text), text)
    presenter = WwwyPresenter(ui, view, sound, Motions())
    return GameParts(presenter, WwwyInputs(ui, view), WwwyDrawing(ui, view, presenter),
                     HELP_LINES,
                     turns_done=_turns_taken, guide_steps=GUIDE_STEPS)


def _turns_taken(state: GameState) -> int:
    assert isinstance(state, WeWillWokYouState)
    return state.turns_taken


def wwwy_scene(session: TurnSession, text: Text, sound: Sound,
               on_new_game: Callable[[], None] | None = None,
               on_home: Callable[[], None] | None = None) -> TurnScene:
    """A We Will Wok You game in the window."""
    ui = TurnUi.of(session)
    return TurnScene(ui, wwwy_parts(ui, text, sound), text, sound, on_new_game, on_home)
