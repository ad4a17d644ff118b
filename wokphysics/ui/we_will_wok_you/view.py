"""What the three parts of We Will Wok You's scene share: the person's half-made choice, the
hover, whose hand is shown, the cached layout and the "score if the game ended now".

The input map writes the choice (``chosen_wok``, ``selected``, ``show_arrangement``) and the
hover; the drawing and the presenter only read. The layout is rebuilt only when what it
depends on changes (window size, engine steps, the hand shown, the buttons).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wokphysics.games.we_will_wok_you.scoring import ScoreResult
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.reflow import Flow, flow_for
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.we_will_wok_you.faces import Faces
from wokphysics.ui.we_will_wok_you.layout import (
    LEAST_WIDTH,
    WwwyLayout,
    WwwyTarget,
    build_layout,
    flow_height,
)
from wokphysics.ui.we_will_wok_you.payment import is_complete
from wokphysics.ui.widgets import Text


def wwwy_state(ui: TurnUi) -> WeWillWokYouState:
    """The state shown, typed (a We Will Wok You window shows nothing else)."""
    state = ui.session.state
    assert isinstance(state, WeWillWokYouState)
    return state


def hand_seat(ui: TurnUi) -> int | None:
    """Whose hand the window shows: the viewer's; with no person at all (bots only), the
    player to act; in a replay, the player to act (everything may be seen afterwards)."""
    if ui.replaying or not ui.session.people:
        current = ui.session.current
        return current if current >= 0 else None
    return ui.viewer


@dataclass
class WwwyView:
    """The state of the picture, beside the state of the game (read from ``ui``: the
    session shown, whose view, the replay)."""

    ui: TurnUi
    faces: Faces
    text: Text
    size: tuple[int, int] = (1280, 800)
    chosen_wok: int | None = None
    selected: list[int] = field(default_factory=list)
    show_arrangement: bool = False
    hover: WwwyTarget | None = None
    pointer: tuple[int, int] | None = None
    """Where the pointer was last seen (window px; None: not over the window): the tooltip
    goes near it."""
    flow: Flow | None = None
    """At a UI scale above 1, the view's width the layout reflows to (:meth:`reflow`)."""
    _layout_key: tuple[object, ...] | None = None
    _layout: WwwyLayout | None = None
    _score_key: tuple[object, ...] | None = None
    _score: ScoreResult | None = None

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At UI ``scale`` above 1 in a window of ``window`` px: the layout reflowed for the
        window's width (the unit the scale times the window's fit); the canvas it needs (the
        window's width, the layout's height). At scale 1 (or ``None`` asked): None, the
        design scaled to the surface."""
        if scale <= 1.0:
            self.flow = None
            return None
        self.flow = flow_for(window, scale, LEAST_WIDTH)
        return window[0], max(window[1], round(flow_height(self.flow) * self.flow.unit))

    def reset(self) -> None:
        self.chosen_wok = None
        self.selected = []

    def buttons(self) -> tuple[str, ...]:
        """The side buttons shown now."""
        state = wwwy_state(self.ui)
        names: list[str] = []
        if self.ui.person_to_act:
            if self.chosen_wok is not None or self.selected:
                names += ["take", "clear"]
            legal = state.legal_actions()
            if len(legal) == 1 and str(legal[0]) == "pass":
                names.append("pass")
        if hand_seat(self.ui) is not None:
            names.append("arrangement")
        return tuple(names)

    def take_ready(self) -> bool:
        """A wok is chosen and the chosen cards are a complete payment."""
        state = wwwy_state(self.ui)
        return (self.chosen_wok is not None and self.chosen_wok in state.offer
                and is_complete(state.data, self.selected))

    def layout(self) -> WwwyLayout:
        """The layout of the state shown at the window size last drawn."""
        state = wwwy_state(self.ui)
        seat = hand_seat(self.ui)
        buttons = self.buttons()
        key = (self.size, self.ui.session.steps, seat, buttons, self.flow)
        if self._layout is None or key != self._layout_key:
            self._layout = build_layout(self.size, state, seat, buttons, self.flow)
            self._layout_key = key
        return self._layout

    @staticmethod
    def holdings(state: WeWillWokYouState, seat: int) -> tuple[object, ...]:
        """What ``seat``'s score depends on (its woks, hand, front and coins)."""
        return (seat, tuple(state.woks[seat]), tuple(sorted(state.hands[seat])),
                tuple(sorted(state.fronts[seat])), state.coins[seat])

    def score_now(self, seat: int) -> ScoreResult:
        """``seat``'s exact optimal score if the game ended now (computed again only when
        the seat's holdings change)."""
        state = wwwy_state(self.ui)
        key = self.holdings(state, seat)
        if self._score is None or key != self._score_key:
            self._score = state.scorer.score(state.woks[seat], state.hands[seat],
                                             state.fronts[seat], state.coins[seat])
            self._score_key = key
        return self._score
