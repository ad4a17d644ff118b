"""What the roles of Wok on Fire's replay viewer share (as the game's roles share a
``TableUi``).

The scheduler writes the source shown (a fresh one when it goes back a turn), the running
action, play/pause, the speed and the problem that stopped the replay; the input mapping
writes the pointer; the drawing writes only where it put the buttons, which the input mapping
reads to know what a click hit. The presenter only reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wokphysics.ui.animation import LiveAction
from wokphysics.ui.widgets import Button
from wokphysics.ui.wok_on_fire.replay.sources import Source

Point = tuple[int, int]

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""The replay's speeds (x0.5 to x8)."""


@dataclass
class ReplayUi:
    """The replay's own state (see the module doc)."""

    source: Source
    """The record being played (replaced by a fresh one going back a turn)."""
    playing: bool = True
    speed_index: int = 1
    """The speed: an index into :data:`SPEEDS` (x1 at first)."""
    action: LiveAction | None = None
    """The stir or chop being drawn as it runs."""
    problem: str = ""
    """Why the replay stopped (a turn that diverged, a bad file); empty while it is fine."""
    mouse: Point = (0, 0)
    buttons: list[Button] = field(default_factory=list)
    """The buttons the last frame drew."""

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def ended(self) -> bool:
        """The replay is over: every input played, the last come to rest, nothing wrong."""
        return not self.problem and self.action is None and self.source.at_end()
