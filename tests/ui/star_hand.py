"""A person playing Wok Star in the headless window, with the mouse only.

:class:`StarHand` reads the table as a player sees it (the public state), decides what its
seat would do with the team bot's judgement (asked on a copy of the table where that seat
has the turn), and does it with a synthetic hand: real mouse events posted to the window's
event queue at human speed (a drag takes ~0.4 s, a reaction ~0.25 s) as the window's virtual
clock passes them. It never calls the engine: every move it makes goes through the window's
input mapping, which may refuse it (the table moved on meanwhile): refusals are counted.
"""

from __future__ import annotations

from collections import Counter

import pygame

from wokphysics.games.wok_star.actions import (
    WAIT,
    Combo,
    Give,
    Place,
    Serve,
    TurnAway,
    Use,
    Wait,
    WokStarAction,
)
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.ui.app import App
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_star.layout import free_dice_of
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.screens import screen_name

Point = tuple[int, int]
REACTION_S = 0.25
DRAG_S = 0.4
THINK_EVERY_S = 0.3


def centre(rect: pygame.Rect) -> Point:
    return (rect.centerx, rect.centery)


class StarHand:
    """The person at ``seats`` (one or several: hot seat) of the window ``app``."""

    def __init__(self, app: App, seats: list[int], seed: int) -> None:
        self.app = app
        self.seats = seats
        self.bots = {seat: TeamBot(seed + seat) for seat in seats}
        self.made: Counter[str] = Counter()
        self.refusals_seen = 0
        self._ready_at = 0.0
        self._thought_at = -1.0
        self._turn = 0

    @property
    def clock(self) -> HandClock:
        clock = self.app.clock
        assert isinstance(clock, HandClock)
        return clock

    @property
    def scene(self) -> StarScene:
        scene = self.app.scene
        assert isinstance(scene, StarScene)
        return scene

    # ------------------------------------------------------------------ deciding
    def advice(self, seat: int) -> WokStarAction | None:
        """What the team bot would do in ``seat`` now (None: nothing, or wait)."""
        session = self.scene.session
        state = session.state
        if state.is_terminal():
            return None
        if state.current_player == seat:
            probe = state.clone()
        elif session.free and session.busy(seat):
            probe = state.clone()
            for _ in range(2 * state.num_players):
                if probe.current_player == seat or WAIT not in probe.legal_wok_star_actions():
                    break
                probe.apply(WAIT)
            if probe.current_player != seat:
                return None
        else:
            return None
        action = self.bots[seat].choose(probe)
        assert isinstance(action, WokStarAction)
        return None if isinstance(action, Wait) else action

    def step(self) -> None:
        """Called before each frame: start the next gesture when the hand is free."""
        clock = self.clock
        now = clock.now()
        if clock.pending or now < self._ready_at:
            return
        scene = self.scene
        lay = scene.layout()
        if lay is None:
            return
        name = screen_name(scene.session, scene.presenter)
        if name == "end":
            return
        if name == "accounting":
            choice = next(c for c in scene.buttons if c.command == "continue")
            self._click(centre(choice.rect), "continue")
            return
        if now - self._thought_at < THINK_EVERY_S:
            return
        self._thought_at = now
        seats = self.seats[self._turn:] + self.seats[:self._turn]
        self._turn = (self._turn + 1) % len(self.seats)
        for seat in seats:
            action = self.advice(seat)
            if action is not None:
                self.do(seat, action)
                return

    # ------------------------------------------------------------------ doing
    def do(self, seat: int, action: WokStarAction) -> None:
        """Make ``action`` with the mouse."""
        scene = self.scene
        lay = scene.layout()
        assert lay is not None
        state = scene.session.state
        for choice in scene.buttons:
            if choice.action == action:
                self._click(centre(choice.rect), action.verb)
                return
        panel = lay.seats[seat]
        dice = {index: state.dice[index] for index, _ in free_dice_of(state, seat)}
        where = dict(panel.dice)
        # The die the engine uses (dice are named by face): on a teammate's preparation one
        # this seat was given, otherwise an own one first, so the drag moves that very die.
        def die_showing(face: int, prep: str = "", besides: int = -1) -> int:
            theirs = bool(prep) and state.prep_owner[prep] != seat
            found = sorted((d.given, i) for i, d in dice.items()
                           if d.face == face and i != besides and (d.given or not theirs))
            return found[0][1]

        if isinstance(action, Place | Combo):
            owner = state.prep_owner[action.prep]  # a teammate's: with a die it was given
            onto = centre(lay.seats[owner].preps[action.prep])
        if isinstance(action, Place):
            index = die_showing(action.face, action.prep)
            self._drag(centre(where[index]), onto, "place")
        elif isinstance(action, Combo):
            first = die_showing(action.low, action.prep)
            second = die_showing(action.high, action.prep, first)
            start = self._click(centre(where[first]), "select")
            self._drag(centre(where[second]), onto, "combo", start + 0.15)
        elif isinstance(action, Give):
            index = die_showing(action.face)
            self._drag(centre(where[index]), centre(lay.seats[action.seat].header), "give")
        elif isinstance(action, Serve):
            target = lay.recipes[action.recipe] if action.recipe else lay.card
            self._click(centre(target), "serve")
        elif isinstance(action, TurnAway):
            # Both ways the window offers: the button, and a right-click on the card.
            if self.made["turn_away"] % 2:
                self._click(centre(lay.card), "turn_away", button=3)
            else:
                self._click(centre(lay.turn_away), "turn_away")
        elif isinstance(action, Use):
            rect = dict(panel.family)[action.character]
            start = self._click(centre(rect), "use")
            if action.ingredient:
                self._click(centre(lay.counters[action.ingredient]), "use_on", start=start + 0.3)
        elif action.verb in ("next", "done", "wait"):
            self._click(centre(lay.extra), action.verb)
        else:
            raise AssertionError(f"no gesture for {action}")

    def _start(self, start: float | None) -> float:
        return self.clock.now() + REACTION_S if start is None else start

    def _click(self, at: Point, kind: str, button: int = 1, start: float | None = None
               ) -> float:
        t0 = self._start(start)
        end = self.clock.drag([(0.0, at), (0.08, at)], button, start_s=t0)
        self.made[kind] += 1
        self._ready_at = end + 0.05
        return end

    def _drag(self, start_at: Point, end_at: Point, kind: str, start: float | None = None
              ) -> float:
        t0 = self._start(start)
        steps = 12
        points = []
        for k in range(steps + 1):
            t = k / steps
            ease = t * t * (3 - 2 * t)
            x = round(start_at[0] + (end_at[0] - start_at[0]) * ease)
            y = round(start_at[1] + (end_at[1] - start_at[1]) * ease)
            points.append((DRAG_S * t, (x, y)))
        end = self.clock.drag(points, 1, start_s=t0)
        self.made[kind] += 1
        self._ready_at = end + 0.05
        return end
