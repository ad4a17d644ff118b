"""The launcher's input map: a click or a right click on a spot steps a choice, keys move
between games, type the seed and start."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wokphysics.errors import UserError
from wokphysics.ui.launcher.choices import Choices, GameChoices
from wokphysics.ui.launcher.presenter import LauncherPresenter
from wokphysics.ui.launcher.spots import LauncherSpots, Spot
from wokphysics.ui.sound import Sound


class LauncherInputs:
    """Clicks and keys -> the choices; ``start(game, resume)`` hands a game to the window,
    ``terminal(game, argv)`` a terminal-only game. ``hover`` is the spot the pointer rests on;
    ``seed_focus`` whether typed digits go to the seed."""

    def __init__(self, choices: Choices, spots: LauncherSpots, presenter: LauncherPresenter,
                 sound: Sound, start: Callable[[GameChoices, bool], None],
                 terminal: Callable[[GameChoices, list[str]], None],
                 rescale: Callable[[float], None] | None = None) -> None:
        self.choices = choices
        self._rescale = rescale
        """Applies a new UI scale to the window (None: nothing to apply it to)."""
        self.spots = spots
        self.presenter = presenter
        self.sound = sound
        self._start = start
        self._terminal = terminal
        self.hover: Spot | None = None
        self.mouse = (0, 0)
        self.seed_focus = False

    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        spot = self.spots.spot_at(pos)
        if spot is None:
            self.seed_focus = False
            return
        if button in (1, 3):
            self.click(spot, -1 if button == 3 else 1)

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        self.hover = self.spots.spot_at(pos)

    def pointer_away(self) -> None:
        self.hover = None

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos

    def key(self, key: int) -> None:
        choices = self.choices
        if self.seed_focus:
            if pygame.K_0 <= key <= pygame.K_9 and choices.seed < 10**8:
                choices.seed = choices.seed * 10 + (key - pygame.K_0)
                return
            if key == pygame.K_BACKSPACE:
                choices.seed //= 10
                return
        if key == pygame.K_UP:
            choices.selected = (choices.selected - 1) % len(choices.games)
        elif key == pygame.K_DOWN:
            choices.selected = (choices.selected + 1) % len(choices.games)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.click(Spot("start"))

    def click(self, spot: Spot, step: int = 1) -> None:
        """The meaning of a click on ``spot`` (``step`` -1 for a right click)."""
        choices = self.choices
        game = choices.game
        self.seed_focus = spot.kind == "seed"
        if spot.kind == "game":
            choices.selected = spot.index
        elif spot.kind == "players":
            game.set_players(game.players + spot.index)
        elif spot.kind == "seat":
            game.cycle_seat(spot.index, step)
        elif spot.kind == "option":
            problem = game.cycle_option(game.options[spot.index].key, step)
            if problem is not None:
                self.presenter.refuse(f"no other value fits the other choices: {problem}")
                return
        elif spot.kind == "defaults":
            game.reset_options()
        elif spot.kind == "new_seed":
            choices.new_seed()
        elif spot.kind == "scale":
            if not choices.cycle_scale(step):
                self.presenter.refuse("the UI scale could not be kept for the next launch "
                                      f"(cannot write in {choices.folder}); it applies now")
            if self._rescale is not None:
                self._rescale(choices.scale)
        elif spot.kind in ("start", "resume"):
            self._go(game, resume=spot.kind == "resume")
        elif spot.kind == "terminal":
            config = choices.config()
            self._terminal(game, game.terminal_argv(choices.seed, config))
        self.sound.play("card")

    def _go(self, game: GameChoices, resume: bool) -> None:
        if game.window is None:
            self.presenter.refuse(f"{game.plugin.title} has no window yet: use Play in the "
                                  "terminal")
            return
        if resume and game.saved() is None:
            self.presenter.refuse("there is no saved game to resume")
            return
        try:
            self._start(game, resume)
        except UserError as error:
            self.presenter.refuse(str(error))
