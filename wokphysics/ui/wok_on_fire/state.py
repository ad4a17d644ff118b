"""What the roles of Wok on Fire's scene share besides the game itself.

The input mapping writes the selection, the pointer and the stroke being dragged; the
scheduler writes the running action and the bots' named picks; the drawing writes only the
layout of what it drew (where the buttons and panel rows are), which the input mapping reads
to know what a click hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from wokphysics.games.wok_on_fire.engine import EngineStroke, Pick
from wokphysics.ui.animation import LiveAction
from wokphysics.ui.input import GestureCapture
from wokphysics.ui.live_stroke import LiveSpatula, PointerTrack
from wokphysics.ui.widgets import Button
from wokphysics.ui.wok_on_fire.flick_words import FlickReading

Point = tuple[int, int]


@dataclass
class TableLayout:
    """Where the last frame put the clickable things (screen px)."""

    buttons: list[Button] = field(default_factory=list)
    """Every button drawn."""
    player_rows: dict[int, pygame.Rect] = field(default_factory=dict)
    """The panel row of each player (a Garlic gift goes to the one clicked)."""


@dataclass
class TableUi:
    """The scene's own state (see the module doc)."""

    mouse: Point = (0, 0)
    pointer_here: bool = True
    """The pointer rests on the table: False while an overlay covers it or it is outside
    the window (Scene.pointer_away), so no card label shows under it."""
    selection: list[Pick] = field(default_factory=list)
    """The cards the person has named in this pick step, in order."""
    bot_picks: list[Pick] | None = None
    """A bot's named picks, shown framed for a moment before they are taken."""
    bot_thinking_s: float | None = None
    """How long the planning bot has been thinking in the worker (s), None when it is not."""
    playback: LiveAction | None = None
    """The stir or chop being drawn as it runs."""
    press: PointerTrack | None = None
    """The pointer since the button went down in a stir step (until it has moved far enough
    to be a stir rather than a click)."""
    live: LiveSpatula[EngineStroke] | None = None
    """The stir being dragged: the blade on the table, following the pointer."""
    capture: GestureCapture | None = None
    """A chop being dragged (the throw happens at the release)."""
    flick: FlickReading | None = None
    """The person's last stir as released: its speed, whether it was read reliably, the card
    on the blade (told once the stir is over)."""
    layout: TableLayout = field(default_factory=TableLayout)
