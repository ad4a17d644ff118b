"""The launcher: the four games and their choices, in the window every game then plays in.

Left, the games (a picture, the one-line summary from the plugin, where it plays, whether a
saved game waits); right, the selected game's choices: the player count, each seat (a person,
or a bot and its strength), the rules options from the game's config (the default marked),
the seed, and Start / Resume (or Play in the terminal for a game with no window yet).
Clicking a value steps to the next choice, a right click to the previous one; the pointer
resting on anything says more.

The scene has the shape of every game's (:mod:`wokphysics.ui.scene`), its roles injected:
the presenter (:mod:`.presenter`: tooltips and refusals), the input map (:mod:`.inputs`),
the drawing (:mod:`.drawing`), sharing where things are (:mod:`.spots`); nothing runs by
itself, so its scheduler only waits.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wokphysics.ui.launcher.choices import Choices, GameChoices
from wokphysics.ui.launcher.drawing import LauncherDrawing
from wokphysics.ui.launcher.inputs import LauncherInputs
from wokphysics.ui.launcher.presenter import LauncherPresenter
from wokphysics.ui.launcher.spots import LauncherSpots, Spot
from wokphysics.ui.scene import GameScene
from wokphysics.ui.sound import Sound
from wokphysics.ui.widgets import Text

__all__ = ["HELP_LINES", "LauncherScene", "Spot"]

HELP_LINES = (
    ("Choose a game", "click its picture (or Up / Down)"),
    ("Players", "- and +: everyone at the table, people and bots"),
    ("Seats", "click a seat: person, then each bot strength (right click: back)"),
    ("Rules options", "click a value for the next one (right click: back); "
                      "(default) marks the shipped rules; Defaults resets them"),
    ("Seed", "click it and type digits (Backspace deletes), or New seed"),
    ("Start", "Enter or Start; Resume continues the last saved game"),
    ("UI scale", "click for larger text and controls (1x to 2x; right click: back); kept for "
                 "the next launch"),
    ("In a game", "Esc pauses; Q while paused comes back here"),
)


class Waiting:
    """The launcher's scheduler: nothing moves by itself (a refusal's notice expires on the
    presenter's clock)."""

    def update(self, real_s: float, speed: float = 1.0) -> None:
        pass


class LauncherScene(GameScene):
    """The launcher (the host's Scene protocol). ``start(game, resume)`` is how it hands a
    game to the window; ``terminal(game, argv)`` a terminal-only game."""

    help_lines = HELP_LINES
    is_menu = True
    """Esc here asks whether to quit (no game to pause)."""
    presenter: LauncherPresenter
    inputs: LauncherInputs
    drawing: LauncherDrawing

    def __init__(self, choices: Choices, text: Text, sound: Sound,
                 start: Callable[[GameChoices, bool], None],
                 terminal: Callable[[GameChoices, list[str]], None],
                 rescale: Callable[[float], None] | None = None) -> None:
        self.choices = choices
        self.spots = LauncherSpots()
        presenter = LauncherPresenter(choices, sound)
        inputs = LauncherInputs(choices, self.spots, presenter, sound, start, terminal,
                                rescale)
        drawing = LauncherDrawing(choices, self.spots, inputs, presenter, text)
        super().__init__(presenter, inputs, Waiting(), drawing)

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int]:
        """At a UI scale: the launcher laid out for the view's width (its tiles and settings
        stacked where the window is narrow); the canvas it needs (px)."""
        return self.spots.reflow(window, scale, len(self.choices.games))

    # ------------------------------------------------------------------ for tests and bench
    def click(self, spot: Spot, step: int = 1) -> None:
        """A click on ``spot`` (``step`` -1 for a right click)."""
        self.inputs.click(spot, step)

    def rect_of(self, spot: Spot) -> pygame.Rect | None:
        """Where ``spot`` was drawn last (tests click there)."""
        return self.spots.rect_of(spot)
