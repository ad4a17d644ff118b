"""The replay viewer of the turn-based games: a recorded game, turn by turn, in its own scene.

A :class:`ReplayControl` drives a game's :class:`~wokphysics.ui.turn.scene.TurnScene` from a
record instead of from people and bots: the same presenter says each move (naming the cards),
the same drawing shows the table, with the hand of the player to act (a replay hides nothing).
A turn is the game's own (the number its heading shows; the game's ``GameParts.turns_done``);
the heading and the bar name the turns fully shown, or the turn on the table when a game says
which (``GameParts.shown_turn``: Wok and Roll's last step of a turn rolls the next one).
Keys and clicks are :class:`~wokphysics.ui.replay_steps.TurnStepper`'s (Space plays a turn
every ``TURN_S`` seconds). The bar sits in a strip the scene keeps free below the game's
picture. ``wokphysics replay GAME-autosave.json`` opens it (:mod:`.replay_window`); V on a
game's end screen replays that game.

The control drives any :class:`ReplayHost` (the turn scene is one): it imports no scene, so
the scene may hold a replay without an import cycle. It stands in for the people and the
bots: it loads the scene's sessions and takes their steps, so it is given the scene
(:meth:`ReplayControl.start`), as Wok Star's replay is; the scene's roles are not, they reach
the replay's keys, clicks and pace through it (``replay.key(key, replay.scene)``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from wokphysics.games.protocol import Action, GameState
from wokphysics.replay.turn_record import turn_starts
from wokphysics.ui.replay_steps import BAR_MARGIN, TURN_S, TurnStepper
from wokphysics.ui.turn.motion import Motions
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.widgets import PANEL_BG, Text


class Hushable(Protocol):
    """A presenter that can tell steps quietly (no sound, nothing flies)."""

    quiet: bool


class ReplayHost(Protocol):
    """What a replay drives: a turn-based game's scene
    (:class:`~wokphysics.ui.turn.scene.TurnScene`)."""

    end_shown: bool

    @property
    def presenter(self) -> Hushable: ...

    @property
    def motions(self) -> Motions: ...

    @property
    def over(self) -> bool: ...

    def perform(self, actions: Sequence[Action]) -> bool: ...

    def restart_session(self, session: TurnSession) -> None: ...

def game_turn_starts(initial: GameState, actions: Sequence[Action],
                     turns_done: Callable[[GameState], int] | None = None) -> list[int]:
    """Indices of the steps that begin a turn: where the game's own count of finished turns
    (``turns_done``, the number the game's heading shows) goes up, or without one, where the
    player to act changes."""
    state = initial.clone()
    if turns_done is None:
        players = []
        for action in actions:
            players.append(state.current_player)
            state.apply(action)
        return turn_starts(players)
    starts = [0] if actions else []
    for index, action in enumerate(actions[:-1]):
        done = turns_done(state)
        state.apply(action)
        if turns_done(state) != done:
            starts.append(index + 1)
    return starts


def shown_turns(initial: GameState, actions: Sequence[Action],
                shown_turn: Callable[[GameState], int] | None) -> list[int] | None:
    """The turn the game shows (``shown_turn``) at the start and after each step; None
    without a ``shown_turn``."""
    if shown_turn is None:
        return None
    state = initial.clone()
    shown = [shown_turn(state)]
    for action in actions:
        state.apply(action)
        shown.append(shown_turn(state))
    return shown


class ReplayControl(TurnStepper[ReplayHost]):
    """Where a replay stands: ``index`` steps of ``actions`` applied to ``initial``, cut into
    the game's turns (``turns_done``: see :func:`game_turn_starts`)."""

    def __init__(self, game: str, seats: Sequence[str], initial: GameState,
                 actions: Sequence[Action],
                 turns_done: Callable[[GameState], int] | None = None,
                 shown_turn: Callable[[GameState], int] | None = None) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.initial = initial.clone()
        self.actions = list(actions)
        super().__init__(game_turn_starts(self.initial, self.actions, turns_done),
                         len(self.actions), shown_turns(self.initial, self.actions, shown_turn))
        self._clock = 0.0
        self._scene: ReplayHost | None = None

    @property
    def scene(self) -> ReplayHost:
        """The scene this replay drives (since :meth:`start`)."""
        if self._scene is None:
            raise RuntimeError("the replay has not been started in a scene")
        return self._scene

    def start(self, scene: ReplayHost) -> None:
        """Drive ``scene`` from the record's start."""
        self._scene = scene
        self.goto(scene, 0)

    # ------------------------------------------------------------------ moving
    def session(self) -> TurnSession:
        """A fresh session at the start of the record (no autosave, nobody acts)."""
        return replay_session(self.game, self.seats, self.initial)

    def forward(self, scene: ReplayHost) -> None:
        """Show the next turn (its steps said and animated)."""
        end = self.next_start()
        while self.index < end:
            scene.perform([self.actions[self.index]])
            self.index += 1

    def goto(self, scene: ReplayHost, index: int) -> None:
        """Show the game after ``index`` steps (replayed from the start, said but not
        animated)."""
        index = max(0, min(len(self.actions), index))
        scene.restart_session(self.session())
        scene.presenter.quiet = True
        try:
            for step in range(index):
                scene.perform([self.actions[step]])
        finally:
            scene.presenter.quiet = False
        self.index = index
        scene.motions.skip()
        scene.end_shown = scene.over

    def toggle(self) -> None:
        super().toggle()
        self._clock = TURN_S  # the next turn comes at once

    def update(self, real_s: float, scene: ReplayHost) -> None:
        if not self.playing:
            return
        self._clock += real_s
        if self._clock >= TURN_S and not scene.motions.busy:
            self._clock = 0.0
            if self.index >= len(self.actions):
                self.playing = False
            else:
                self.forward(scene)

    # ------------------------------------------------------------------ drawing
    def draw_bar(self, surface: pygame.Surface, text: Text,
                 fixed: tuple[int, int] | None = None) -> None:
        """The bar at the bottom of ``surface``, in the strip the drawing keeps free; with
        ``fixed`` (a replay laid out for the view's width), in that font size (px) and its
        words wrapped to that width (px)."""
        width, height = surface.get_size()
        image = (self.bar_image(text, *fixed) if fixed is not None
                 else self.bar_image(text, bar_font(surface)))
        self.paint_bar(surface, image, (width // 2, height - BAR_MARGIN), (*PANEL_BG, 235))


def replay_session(game: str, seats: Sequence[str], initial: GameState) -> TurnSession:
    """A session at ``initial`` that saves nothing (a replay's)."""
    return TurnSession(game, initial.clone(), seats, None, initial.clone())


def bar_font(surface: pygame.Surface) -> int:
    """The bar's font size in a window of ``surface``'s height."""
    return max(16, surface.get_height() // 40)
