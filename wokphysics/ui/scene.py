"""The shape of a game's scene: four roles around one engine, and the loop's view of them.

Every game's scene in the window is split the same way (issue 11, "Scenes"):

- :class:`Presenter`: turns the engine's typed events into what is shown and said (the log,
  the status line, notices, bubbles next to things). It reads each event once, in the order
  the engine appended them, and never changes the game.
- the **input mapping** (:class:`InputMapping`): people's clicks, drags and keys, turned into
  engine inputs through :class:`EngineGate` (and into the scene's own selection state).
- the **scheduler** (:class:`Scheduler`): time passing: running animations and the bots'
  turns (paced by :class:`BotPace`), and the scene's clock.
- the **drawing** (:class:`Drawing`): draws the game, the presenter's words and the selection;
  it only reads.

:class:`GameScene` holds the four and is what :class:`wokphysics.ui.app.App` drives (the
:class:`Scene` protocol). Pointer events carry ``t_s``: seconds on the window's clock
(:mod:`wokphysics.ui.pointer_clock`), the best estimate of when the pointer was there, never
simply the moment the frame read the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from wokphysics.errors import IllegalAction

Point = tuple[int, int]

OFF_SCREEN: Point = (-1, -1)
"""A pointer position on no part of any window (nothing lights up under it)."""

MESSAGE_S = 4.0
"""Seconds a bubble stays next to the thing it is about."""


class Scene(Protocol):
    """What the loop drives: a game being played, or a replay being watched."""

    def update(self, real_s: float, speed: float = 1.0) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def mouse_down(self, button: int, pos: Point, t_s: float) -> None: ...
    def mouse_move(self, pos: Point, t_s: float) -> None: ...
    def mouse_up(self, button: int, pos: Point, t_s: float) -> None: ...
    def key(self, key: int) -> None: ...

    def pointer_away(self) -> None:
        """The pointer no longer rests on the scene (an overlay opened over it, or it left
        the window): drop what is shown because of where it rests (tooltips, hover labels).
        A drag in progress is not touched: the next pointer event goes on with it."""
        ...


class InputMapping(Protocol):
    """People's input -> engine inputs (through an :class:`EngineGate`) and selection state."""

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None: ...
    def mouse_move(self, pos: Point, t_s: float) -> None: ...
    def mouse_up(self, button: int, pos: Point, t_s: float) -> None: ...
    def key(self, key: int) -> None: ...
    def pointer_away(self) -> None:
        """See :meth:`Scene.pointer_away`."""
        ...


class Scheduler(Protocol):
    """Time passing: animations, bots, the clock. ``speed`` scales game time (replays)."""

    def update(self, real_s: float, speed: float = 1.0) -> None: ...


class Drawing(Protocol):
    """Draws the scene; reads the game, the presenter and the selection, changes nothing."""

    def draw(self, surface: pygame.Surface) -> None: ...


@dataclass
class Bubble:
    """A short message next to a point on screen until ``until`` (scene clock, s)."""

    text: str
    at: Point
    until: float


@dataclass
class Notice:
    """A message over the table (e.g. cards that fell off) until ``until`` (scene clock, s)."""

    text: str
    until: float


class Presenter:
    """Engine events -> what is said. A game's presenter overrides :meth:`present`.

    ``clock_s`` is the scene's clock (the scheduler advances it); bubbles and notices expire
    by it. The log keeps the newest ``log_size`` lines, oldest first.
    """

    def __init__(self, log_size: int = 8) -> None:
        self.log_size = log_size
        self.clock_s = 0.0
        self.reset_words()

    def reset_words(self) -> None:
        """Nothing said yet and no event read (a scene showing another game from its
        start). The clock runs on: what is timed by it stays consistent."""
        self.log: list[str] = []
        self.status = ""
        self.status_is_error = False  # a refusal (red) rather than news (white)
        self.bubbles: list[Bubble] = []
        self.notice: Notice | None = None
        self._seen = 0

    # ------------------------------------------------------------------ events
    def catch_up(self, events: Sequence[object]) -> None:
        """Present the events appended since the last call, in the engine's order."""
        fresh = events[self._seen:]
        self._seen = len(events)
        for event in fresh:
            self.present(event)

    def skip_past(self, events: Sequence[object]) -> None:
        """Mark ``events`` as already told (a replay shown again from its start)."""
        self._seen = len(events)

    def present(self, event: object) -> None:
        """Say what one event means (add log lines, a notice, ...). Override."""

    # ------------------------------------------------------------------ words
    def add_line(self, line: str) -> None:
        if line:
            self.log.append(line)
            del self.log[:-self.log_size]

    def tell(self, text: str) -> None:
        """News in the status line."""
        self.status, self.status_is_error = text, False

    def refuse(self, reason: str) -> None:
        """A refused input: the reason in the status line, in red."""
        self.status, self.status_is_error = reason, True

    def clear_status(self) -> None:
        self.status, self.status_is_error = "", False

    def say_at(self, text: str, at: Point, seconds: float = MESSAGE_S) -> None:
        """A bubble next to ``at`` (one at a time)."""
        self.bubbles = [Bubble(text, at, self.clock_s + seconds)]

    def announce(self, text: str, seconds: float = MESSAGE_S) -> None:
        """A notice over the table."""
        self.notice = Notice(text, self.clock_s + seconds)

    def tick(self, real_s: float) -> None:
        """The scene's clock moves on; expired bubbles and notices go."""
        self.clock_s += real_s
        self.bubbles = [b for b in self.bubbles if b.until > self.clock_s]
        if self.notice is not None and self.notice.until <= self.clock_s:
            self.notice = None


class EngineGate:
    """The one way the input mapping and the scheduler change the game.

    :meth:`act` runs one engine input; an :class:`IllegalAction` (or another listed refusal)
    changes nothing and its reason goes to the presenter; an accepted input lets the
    presenter catch up with the events it produced.
    """

    def __init__(self, presenter: Presenter, events: Callable[[], Sequence[object]],
                 refusals: tuple[type[Exception], ...] = (IllegalAction,),
                 after: Callable[[], None] | None = None) -> None:
        self.presenter = presenter
        self.events = events
        self.refusals = refusals
        self.after = after

    def act(self, call: Callable[[], object]) -> bool:
        """Run ``call`` (an engine input); True if the engine accepted it."""
        try:
            call()
        except self.refusals as error:
            self.presenter.refuse(str(error))
            return False
        self.presenter.clear_status()
        self.caught_up()
        return True

    def caught_up(self) -> None:
        """Let the presenter read new events (after an action the scheduler finished)."""
        self.presenter.catch_up(self.events())
        if self.after is not None:
            self.after()


class BotPace:
    """Bots wait ``pause_s`` before each input so people can follow them; Space hurries them
    (``fast``) until a person must act."""

    def __init__(self, pause_s: float) -> None:
        self.pause_s = pause_s
        self.wait = pause_s
        self.fast = False

    def ready(self, real_s: float, speed: float = 1.0) -> bool:
        """Time passes for a waiting bot; True (and the wait starts over) when it may act."""
        self.wait -= real_s * speed
        if self.wait > 0 and not self.fast:
            return False
        self.wait = self.pause_s
        return True


class GameScene:
    """A scene made of the four roles; :class:`App` drives it through the :class:`Scene`
    protocol. ``help_lines`` (key, what it does) fill the F1 help."""

    help_lines: tuple[tuple[str, str], ...] = ()

    def __init__(self, presenter: Presenter, inputs: InputMapping, scheduler: Scheduler,
                 drawing: Drawing) -> None:
        self.presenter = presenter
        self.inputs = inputs
        self.scheduler = scheduler
        self.drawing = drawing

    def update(self, real_s: float, speed: float = 1.0) -> None:
        self.presenter.tick(real_s)
        self.scheduler.update(real_s, speed)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        self.inputs.mouse_down(button, pos, t_s)

    def mouse_move(self, pos: Point, t_s: float) -> None:
        self.inputs.mouse_move(pos, t_s)

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        self.inputs.mouse_up(button, pos, t_s)

    def key(self, key: int) -> None:
        self.inputs.key(key)

    def pointer_away(self) -> None:
        self.inputs.pointer_away()
