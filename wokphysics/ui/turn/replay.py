"""The replay viewer of the turn-based games: a recorded game, turn by turn, in its own scene.

A :class:`ReplayControl` drives a game's :class:`~wokphysics.ui.turn.scene.TurnScene` from a
record instead of from people and bots: the same presenter says each move (naming the cards),
the same drawing shows the table, with the hand of the player to act (a replay hides nothing).
Keys: Right or N the next turn, Left or P the previous one (replayed from the start), Space
plays and pauses (a turn every ``TURN_S`` seconds), Home the start, End the end; clicks on the
bar's two halves step back and forth. ``wokphysics replay GAME-autosave.json`` opens it; V on
a game's end screen replays that game.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from wokphysics.games.protocol import Action, GameState
from wokphysics.replay.turn_record import turn_starts
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, WHITE

if TYPE_CHECKING:
    from wokphysics.ui.turn.scene import TurnScene

TURN_S = 1.2
"""Seconds per turn while the replay plays."""


class ReplayControl:
    """Where a replay stands: ``index`` steps of ``actions`` applied to ``initial``."""

    def __init__(self, game: str, seats: Sequence[str], initial: GameState,
                 actions: Sequence[Action]) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.initial = initial.clone()
        self.actions = list(actions)
        state = initial.clone()
        players = []
        for action in self.actions:
            players.append(state.current_player)
            state.apply(action)
        self.starts = turn_starts(players)
        self.index = 0
        self.playing = False
        self._clock = 0.0
        self.bar = pygame.Rect(0, 0, 0, 0)

    @property
    def turn(self) -> int:
        """Turns fully shown (0 at the start)."""
        return sum(1 for start in self.starts if start < self.index)

    @property
    def turns(self) -> int:
        return len(self.starts)

    # ------------------------------------------------------------------ moving
    def session(self) -> TurnSession:
        """A fresh session at the start of the record (no autosave, nobody acts)."""
        return TurnSession(self.game, self.initial.clone(), self.seats, None,
                           self.initial.clone())

    def forward(self, scene: TurnScene) -> None:
        """Show the next turn (its steps said and animated)."""
        later = [start for start in self.starts if start > self.index]
        end = later[0] if later else len(self.actions)
        while self.index < end:
            scene.perform([self.actions[self.index]])
            self.index += 1

    def goto(self, scene: TurnScene, index: int) -> None:
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

    def back(self, scene: TurnScene) -> None:
        earlier = [start for start in self.starts if start < self.index]
        self.goto(scene, earlier[-1] if earlier else 0)

    def update(self, real_s: float, scene: TurnScene) -> None:
        if not self.playing:
            return
        self._clock += real_s
        if self._clock >= TURN_S and not scene.motions.busy:
            self._clock = 0.0
            if self.index >= len(self.actions):
                self.playing = False
            else:
                self.forward(scene)

    # ------------------------------------------------------------------ input
    def key(self, key: int, scene: TurnScene) -> None:
        if key in (pygame.K_RIGHT, pygame.K_n):
            self.forward(scene)
        elif key in (pygame.K_LEFT, pygame.K_p):
            self.back(scene)
        elif key == pygame.K_SPACE:
            self.playing = not self.playing
            self._clock = TURN_S
        elif key == pygame.K_HOME:
            self.goto(scene, 0)
        elif key == pygame.K_END:
            self.goto(scene, len(self.actions))

    def click(self, pos: tuple[int, int], scene: TurnScene) -> bool:
        """A click on the bar steps (left half back, right half on); True if it was on it."""
        if not self.bar.collidepoint(pos):
            return False
        if pos[0] < self.bar.centerx:
            self.back(scene)
        else:
            self.forward(scene)
        return True

    # ------------------------------------------------------------------ drawing
    def prompt(self) -> str:
        state = "playing" if self.playing else "paused"
        return f"Replay, turn {self.turn} of {self.turns} ({state})"

    def draw_bar(self, surface: pygame.Surface, scene: TurnScene) -> None:
        width, height = surface.get_size()
        size = max(16, height // 40)
        words = (f"Replay: turn {self.turn} of {self.turns}.  < P / Left: back     "
                 f"Space: {'pause' if self.playing else 'play'}     N / Right: on >")
        image = scene.text.render(words, size, WHITE, True)
        self.bar = pygame.Rect(0, 0, image.get_width() + 40, image.get_height() + 16)
        self.bar.midbottom = (width // 2, height - 6)
        shade = pygame.Surface(self.bar.size, pygame.SRCALPHA)
        shade.fill((*PANEL_BG, 235))
        surface.blit(shade, self.bar)
        pygame.draw.rect(surface, GOLD, self.bar, 2, border_radius=8)
        surface.blit(image, image.get_rect(center=self.bar.center))
        done = self.bar.width * self.index // max(1, len(self.actions))
        pygame.draw.rect(surface, DIM, pygame.Rect(self.bar.x, self.bar.bottom - 4, done, 3))


def run_turn_replay(path: str, args: argparse.Namespace) -> int:
    """Open the replay viewer on a saved turn-based game (``args``: max_frames, screenshot)."""
    from pathlib import Path

    from wokphysics.errors import UserError
    from wokphysics.games.registry import plugin
    from wokphysics.replay.turn_record import read_record
    from wokphysics.ui.app import App, WindowOptions
    from wokphysics.ui.front_ends import front_end

    record = read_record(path)
    window = front_end(plugin(record.game))
    if window is None or window.turn_maker is None:
        raise UserError(f"{path}: {record.game} has no window yet; check the file with "
                        f"wokphysics replay {path} --verify")
    maker = window.turn_maker()
    max_frames = getattr(args, "max_frames", None)
    if max_frames is not None and max_frames < 1:
        raise UserError(f"--max-frames must be at least 1, not {max_frames}")
    screenshot = getattr(args, "screenshot", None)
    options = WindowOptions(max_frames=max_frames,
                            screenshot=Path(screenshot) if screenshot else None,
                            title=f"{plugin(record.game).title} replay - {Path(path).name}")

    def new_scene(app: App) -> TurnScene:
        control = ReplayControl(record.game, record.seats, record.initial, record.actions)
        scene = maker(control.session(), app.text, app.sound, app.restart, None)
        scene.start_replay(control)
        return scene

    status = App(options, new_scene).run()
    if screenshot:
        print(f"screenshot saved to {screenshot}")
    return status
