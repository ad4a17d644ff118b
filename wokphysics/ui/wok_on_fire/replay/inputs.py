"""The replay viewer's keys and buttons -> the scheduler's play/pause, speed and stepping."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wokphysics.ui.scene import OFF_SCREEN
from wokphysics.ui.wok_on_fire.replay.scheduler import ReplayScheduler
from wokphysics.ui.wok_on_fire.replay.state import SPEEDS, ReplayUi

Point = tuple[int, int]
ButtonSpec = tuple[str, Callable[[], None], bool]
"""A button offered: its label, what a click does, whether it may be clicked now."""

FASTER_KEYS = (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS)


class ReplayInputs:
    """Receives the shared :class:`ReplayUi` (the pointer, the buttons last drawn) and the
    scheduler, which does what the keys and buttons ask."""

    def __init__(self, ui: ReplayUi, scheduler: ReplayScheduler) -> None:
        self.ui = ui
        self.scheduler = scheduler

    def key(self, key: int) -> None:
        scheduler = self.scheduler
        if key == pygame.K_SPACE:
            scheduler.play_pause()
        elif key in (pygame.K_RIGHT, pygame.K_n):
            scheduler.next_turn()
        elif key in (pygame.K_LEFT, pygame.K_p):
            scheduler.previous_turn()
        elif key in FASTER_KEYS:
            scheduler.faster()
        elif key in SLOWER_KEYS:
            scheduler.slower()

    def buttons(self) -> list[list[ButtonSpec]]:
        """The rows of buttons the panel offers now (each does what its key does)."""
        ui, scheduler = self.ui, self.scheduler
        return [
            [("Pause (Space)" if ui.playing else "Play (Space)", scheduler.play_pause, True),
             ("Next turn (N)", scheduler.next_turn, True)],
            [("Slower (-)", scheduler.slower, ui.speed_index > 0),
             ("Faster (+)", scheduler.faster, ui.speed_index < len(SPEEDS) - 1)],
            [("Previous turn (P)", scheduler.previous_turn, scheduler.can_go_back)],
        ]

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        self.ui.mouse = pos
        if button == 1:
            for b in self.ui.buttons:
                if b.rect.collidepoint(pos) and b.enabled:
                    b.action()
                    return

    def mouse_move(self, pos: Point, t_s: float) -> None:
        self.ui.mouse = pos

    def pointer_away(self) -> None:
        self.ui.mouse = OFF_SCREEN  # only the buttons light up under the pointer

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        return None
