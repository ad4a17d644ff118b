"""What the parts of Wok and Roll's scene share: whose sheet is shown and how much of it, the
dice tray's order, the person's half-made choice (dice chosen for a re-roll, a payment being
put together), the hover and the cached layout.

The input map writes the choice and the hover; the presenter updates the tray after a
re-roll; the drawing only reads. The layout is rebuilt only when what it depends on changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.advice import options, public_menu
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_and_roll.tray import DiceTray
from wokphysics.ui.reflow import Flow, flow_for
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_and_roll.faces import DiceFaces
from wokphysics.ui.wok_and_roll.layout import (
    LEAST_WIDTH,
    Hit,
    RollLayout,
    build_layout,
    flow_height,
)
from wokphysics.ui.wok_and_roll.payment import Payment, Source, Wallet
from wokphysics.ui.wok_and_roll.sheet_drawing import name_room


def roll_state(ui: TurnUi) -> WokAndRollState:
    """The state shown, typed (a Wok and Roll window shows nothing else)."""
    state = ui.session.state
    assert isinstance(state, WokAndRollState)
    return state


def shown_seat(ui: TurnUi) -> int:
    """Whose sheet is drawn large: the person at the screen; in a replay or a game of bots
    only, the player to act (the player at the market between turns and at the end: the
    winner); in hot seat while nobody is at the screen, the next person to act."""
    state = roll_state(ui)
    if ui.replaying or not ui.session.people:
        if state.is_terminal():
            return state.winners()[0]
        return state.current_player
    if ui.viewer is not None:
        return ui.viewer
    people = ui.session.people
    current = state.current_player
    if current in people:
        return current
    order = [(state.roller + k) % state.num_players for k in range(state.num_players)]
    later = [seat for seat in order if seat in people]
    return later[0] if later else people[0]


def sees_all(ui: TurnUi, seat: int) -> bool:
    """The screen may show ``seat``'s sheet with this turn's crossings (its own person is at
    the screen, or a replay, or only bots play, or the game is over)."""
    state = roll_state(ui)
    return (ui.replaying or not ui.session.people or state.is_terminal()
            or seat == ui.viewer)


def menu_shown(ui: TurnUi, seat: int) -> Menu:
    """``seat``'s menu as the screen may show it."""
    state = roll_state(ui)
    if sees_all(ui, seat):
        return state.menus[seat]
    return public_menu(state, ui.viewer, seat)


@dataclass
class RollView:
    """The state of the picture, beside the state of the game (read from ``ui``: the
    session shown, whose view, the replay)."""

    ui: TurnUi
    faces: DiceFaces
    text: Text
    tray: DiceTray
    size: tuple[int, int] = (1280, 800)
    reroll: set[int] = field(default_factory=set)
    """Dice positions chosen for a re-roll."""
    payment: Payment | None = None
    hover: Hit | None = None
    pointer: tuple[int, int] | None = None
    """Where the pointer was last seen (window px; None: not over the window): the tooltip
    goes near it."""
    clicked_dice: dict[int, list[int]] = field(default_factory=dict)
    """Per seat, the dice positions a person paid with this turn (shown as the used ones)."""
    version: int = 0
    """Bumped whenever the person's choice changes (the picture depends on it)."""
    _turn: int = -1
    flow: Flow | None = None
    """At a UI scale above 1, the view's width the layout reflows to (:meth:`reflow`)."""
    _layout_key: tuple[object, ...] | None = None
    _layout: RollLayout | None = None
    _options_key: tuple[object, ...] | None = None
    _options: list[Action] = field(default_factory=list)

    def reset(self) -> None:
        """Forget a half-made choice."""
        self.reroll = set()
        self.payment = None
        self.version += 1

    def follow(self, state: WokAndRollState) -> None:
        """A new turn: the tray's order starts again and no dice are marked as clicked."""
        self.tray.follow(state)
        if state.turn != self._turn:
            self._turn = state.turn
            self.clicked_dice = {}

    def buttons(self) -> tuple[str, ...]:
        """The buttons shown now (only to the person to act)."""
        if not self.ui.person_to_act:
            return ()
        state = roll_state(self.ui)
        if state.phase == "roll":
            return ("reroll", "lock")
        names = ["done"]
        if self.payment is not None:
            names = ["cook", "clear", "done"]
        return tuple(names)

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At UI ``scale`` above 1 in a window of ``window`` px: the layout reflowed for the
        window's width (the unit the scale times the window's fit, smaller where the menu
        sheet would not fit); the canvas it needs (the window's width, the layout's
        height). At scale 1: None, the design scaled to the surface."""
        if scale <= 1.0:
            self.flow = None
            return None
        self.flow = flow_for(window, scale, LEAST_WIDTH)
        sheet = roll_state(self.ui).sheet
        height = flow_height(self.flow, sheet, name_room(self.text))
        return window[0], max(window[1], round(height * self.flow.unit))

    def layout(self) -> RollLayout:
        """The layout of the state shown at the window size last drawn."""
        state = roll_state(self.ui)
        seat = shown_seat(self.ui)
        buttons = self.buttons()
        key = (self.size, state.num_players, seat, buttons, id(state.sheet), self.flow)
        if self._layout is None or key != self._layout_key:
            tile = seat >= 0 and state.menus[seat].hs_tile >= 0
            self._layout = build_layout(self.size, state.sheet, state.num_players, seat,
                                        buttons, house_special=tile, flow=self.flow,
                                        room=name_room(self.text))
            self._layout_key = key
        return self._layout

    def options(self, seat: int) -> list[Action]:
        """What ``seat`` could do now (its legal actions while it cooks, else a preview),
        computed again only after an engine step."""
        state = roll_state(self.ui)
        key = (self.ui.session.steps, seat, id(state))
        if key != self._options_key:
            self._options = options(state, seat) if seat >= 0 else []
            self._options_key = key
        return self._options

    def wallet(self, seat: int) -> Wallet:
        state = roll_state(self.ui)
        self.follow(state)
        return Wallet(state, seat, self.tray)

    def used_positions(self, state: WokAndRollState, seat: int) -> set[int]:
        """The dice positions shown as used by ``seat`` this turn: the engine's used dice,
        shown where the person clicked them when they show the same faces."""
        if state.phase != "cook":
            return set()
        self.follow(state)
        menu = state.menus[seat]
        faces = self.tray.faces(state)
        wanted: dict[int, int] = {}
        engine_positions = []
        for position, engine in enumerate(self.tray.order):
            if menu.dice_used >> engine & 1:
                wanted[faces[position]] = wanted.get(faces[position], 0) + 1
                engine_positions.append(position)
        shown: set[int] = set()
        for position in self.clicked_dice.get(seat, []) + engine_positions:
            face = faces[position]
            if wanted.get(face, 0) and position not in shown:
                shown.add(position)
                wanted[face] -= 1
        return shown

    def remember_dice(self, seat: int, sources: list[Source]) -> None:
        """The person paid with these sources: remember the dice clicked."""
        self.clicked_dice.setdefault(seat, []).extend(s.index for s in sources if s.kind == "die")
