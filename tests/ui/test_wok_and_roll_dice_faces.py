"""A Wok and Roll die's letter reads on its die: on a red die the cream letter sat on the cream
well of the symbol and half of it vanished (issue 27, seen at 2x in 1024 x 640)."""

from __future__ import annotations

import pygame
import pytest

from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_and_roll.faces import RED_DIE, WHITE_DIE, DiceFaces


@pytest.mark.parametrize("size", [44, 64, 88, 120])
@pytest.mark.parametrize("red", [True, False])
def test_around_its_letter_a_die_shows_its_own_colour(size: int, red: bool) -> None:
    pygame.init()
    text = Text()
    die = DiceFaces(text).die("R", red, size)
    letter = text.render("R", max(11, size * 2 // 5), (250, 240, 226) if red else (44, 34, 26),
                         True)
    corner = letter.get_rect(topleft=(max(2, size // 14), max(1, size // 28)))
    body = RED_DIE if red else WHITE_DIE
    around = [(x, y) for x in range(corner.left, corner.right)
              for y in range(corner.top, corner.bottom)
              if letter.get_at((x - corner.left, y - corner.top)).a == 0
              and die.get_at((x, y)).a == 255]  # inside the die's rounded corner
    assert len(around) > corner.w * corner.h // 3
    others = [(x, y) for x, y in around if tuple(die.get_at((x, y)))[:3] != body]
    assert not others, (len(others), len(around))
