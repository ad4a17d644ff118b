"""What the turn games' roles share in the window (as Wok Star's roles share a ``StarUi``).

:class:`TurnUi` holds the session shown, the hand-over (whose hidden information may be
drawn), the replay watched, if any, and whether the end screen is up. A replay going back
puts a new session here (:meth:`~.scene.TurnScene.restart_session`), and a resumed game's
log is told on a copy put here for a moment, so the roles read the session from here each
time rather than keeping the one they were built with.

:class:`EndChoices` is the end screen's buttons: what each does (N, V, L) and where the
drawing put them last (the input mapping hit-tests those).

No role is handed the scene: each gets these and the other roles it works with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from wokphysics.ui.turn.handover import HandOver
from wokphysics.ui.turn.session import TurnSession

if TYPE_CHECKING:
    from wokphysics.ui.turn.replay import ReplayControl


@dataclass
class TurnUi:
    """The session shown, the hand-over, the replay watched (None: the game is played) and
    whether the end screen is up."""

    session: TurnSession
    handover: HandOver
    replay: ReplayControl | None = None
    end_shown: bool = False
    """The finished game's end screen is shown (after the last flights landed)."""
    mouse: tuple[int, int] = (0, 0)
    """Where the pointer was last seen moving (window px): the end screen's buttons light
    up under it."""
    replay_bar: tuple[int, int] | None = None
    """A replay laid out for the view's width (a UI scale): the bar's font size and the
    width its words wrap to (px), in its strip at the canvas's bottom (None: the bar's font
    from the surface's height, its words on one line)."""
    end_unit: float | None = None
    """The end screen is laid out for the view's width at this many window px per reference
    px (a UI scale; None: the design scaled to the surface)."""

    @classmethod
    def of(cls, session: TurnSession) -> TurnUi:
        """The shared state of a window that starts on ``session``."""
        return cls(session, HandOver(session.people), end_shown=session.state.is_terminal())

    @property
    def names(self) -> list[str]:
        """The seats' names, as people read them."""
        return self.session.names

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden information is drawn (None: nobody's)."""
        return self.handover.viewer

    @property
    def replaying(self) -> bool:
        """A recorded game is shown (nobody acts; every hand may be seen)."""
        return self.replay is not None

    @property
    def over(self) -> bool:
        """The game shown is finished."""
        return self.session.state.is_terminal()

    @property
    def curtain(self) -> bool:
        """The hand-over curtain covers the window."""
        return (not self.replaying and not self.over
                and self.handover.curtain_for(self.session.current))

    @property
    def person_to_act(self) -> bool:
        """A person may act now (their turn, curtain lifted)."""
        return (not self.replaying and self.session.person_to_act and not self.curtain
                and self.session.current == self.viewer)

    def heading_turn(self, turns_done: int) -> str:
        """The turn a game's heading names, given its count of finished turns: the turn in
        play, or in a replay the turn its bar names (the same words)."""
        if self.replay is not None:
            return "replay, " + self.replay.where()
        return f"turn {turns_done + 1}"


@dataclass
class EndChoices:
    """The end screen's choices, as (key, label, what it does): N a new game
    (``on_new_game``), V this game's replay (``on_replay``), L the launcher (``on_home``),
    those given."""

    on_replay: Callable[[], None]
    on_new_game: Callable[[], None] | None = None
    on_home: Callable[[], None] | None = None
    buttons: list[tuple[pygame.Rect, Callable[[], None]]] = field(default_factory=list)
    """Where the drawing put the buttons last (window px) and what each does."""

    def choices(self) -> list[tuple[int, str, Callable[[], None]]]:
        """The end screen's buttons: (key, label, what it does)."""
        found: list[tuple[int, str, Callable[[], None]]] = []
        if self.on_new_game is not None:
            found.append((pygame.K_n, "N: new game", self.on_new_game))
        found.append((pygame.K_v, "V: watch the replay", self.on_replay))
        if self.on_home is not None:
            found.append((pygame.K_l, "L: the launcher", self.on_home))
        return found
