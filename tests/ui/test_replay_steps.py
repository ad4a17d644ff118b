"""The replay viewers' shared keys, clicks and position (ui/replay_steps.py)."""

from __future__ import annotations

import pygame

from wokphysics.ui.replay_steps import TurnStepper
from wokphysics.ui.turn.replay import ReplayControl
from wokphysics.ui.wok_star.replay import StarReplay


class Shown:
    """A stand-in scene: the steps shown."""

    def __init__(self) -> None:
        self.index = 0


class Steps(TurnStepper[Shown]):
    def forward(self, scene: Shown) -> None:
        self.index = scene.index = self.next_start()

    def goto(self, scene: Shown, index: int) -> None:
        self.index = scene.index = max(0, min(self.steps, index))


def test_keys_and_bar_clicks_move_by_whole_turns() -> None:
    steps = Steps([0, 1, 4, 5, 9], 12)  # five turns of 1, 3, 1, 4 and 3 steps
    scene = Shown()
    assert steps.where() == "the start (of 5 turns)"
    for key, index, turn in ((pygame.K_RIGHT, 1, 1), (pygame.K_n, 4, 2), (pygame.K_RIGHT, 5, 3),
                             (pygame.K_LEFT, 4, 2), (pygame.K_END, 12, 5), (pygame.K_p, 9, 4),
                             (pygame.K_HOME, 0, 0)):
        steps.key(key, scene)
        assert (scene.index, steps.turn) == (index, turn), key
    assert steps.where() == "the start (of 5 turns)"
    steps.key(pygame.K_SPACE, scene)
    assert steps.playing and "playing" in steps.prompt()
    # The bar: its left half steps back, its right half on; elsewhere nothing happens.
    steps.bar = pygame.Rect(100, 700, 400, 40)
    assert steps.click((450, 720), scene) and scene.index == 1
    assert steps.click((450, 720), scene) and scene.index == 4
    assert steps.click((150, 720), scene) and scene.index == 1
    assert not steps.click((50, 720), scene) and scene.index == 1
    assert steps.where() == "turn 1 of 5" and "turn 1 of 5" in steps.bar_words()


def test_every_replay_viewer_uses_the_one_implementation() -> None:
    for viewer in (ReplayControl, StarReplay):
        assert issubclass(viewer, TurnStepper)
        for shared in ("key", "click", "back", "prompt", "bar_words", "paint_bar", "where"):
            assert shared not in vars(viewer), (viewer.__name__, shared)
