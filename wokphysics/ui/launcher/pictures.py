"""A picture of each game for the launcher, drawn with pygame (Wok on Fire uses its sprites).

Each game's window entry (:class:`~wokphysics.ui.front_ends.FrontEnd`) names its painter;
:class:`Pictures` draws each once at the reference size (150 x 130 px) and scales it with the
window.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from wokphysics.config.paths import sprites_dir
from wokphysics.ui.widgets import Text

Painter = Callable[[pygame.Surface, Text], None]
"""Paints one game's picture on a surface of :data:`SIZE`."""

SIZE = (150, 130)
DIE_LETTERS = ("R", "N", "V", "M", "S", "B")


def _rotated_card(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int],
                  angle: float) -> None:
    turned = pygame.transform.rotozoom(image, angle, 1.0)
    surface.blit(turned, turned.get_rect(center=center))


def paint_wok_on_fire(surface: pygame.Surface, text: Text) -> None:
    w, h = surface.get_size()
    pygame.draw.circle(surface, (40, 36, 34), (w // 2, h // 2), 62)
    pygame.draw.circle(surface, (90, 84, 80), (w // 2, h // 2), 62, 4)
    names = ("chicken", "mushroom", "rice", "green_pepper")
    try:
        folder = sprites_dir()
    except FileNotFoundError:
        folder = None
    for index, name in enumerate(names):
        path = folder / f"card_{name}.png" if folder is not None else None
        image: pygame.Surface
        if path is not None and path.is_file():
            image = pygame.transform.smoothscale(pygame.image.load(str(path)), (32, 44))
        else:
            image = pygame.Surface((32, 44))
            image.fill((240, 230, 200))
        angle = (-35, 20, 70, -10)[index]
        center = (w // 2 + (-26, 18, -8, 26)[index], h // 2 + (-14, -20, 22, 16)[index])
        _rotated_card(surface, image, center, angle)
    # the spatula
    pygame.draw.line(surface, (150, 110, 70), (w - 14, h - 8), (w - 46, h - 40), 6)
    pygame.draw.polygon(surface, (200, 204, 210), [(w - 46, h - 40), (w - 70, h - 50),
                                                   (w - 56, h - 64)])
    flame = [(16, h - 6), (24, h - 34), (30, h - 18), (38, h - 40), (44, h - 6)]
    pygame.draw.polygon(surface, (240, 120, 40), flame)


def paint_we_will_wok_you(surface: pygame.Surface, text: Text) -> None:
    colors = ((86, 158, 72), (226, 184, 58), (232, 122, 44), (70, 128, 200), (150, 92, 182))
    for index, color in enumerate(colors):
        card = pygame.Surface((40, 56), pygame.SRCALPHA)
        pygame.draw.rect(card, tuple(min(255, c + 90) for c in color), card.get_rect(),
                         border_radius=5)
        pygame.draw.rect(card, color, card.get_rect(), 3, border_radius=5)
        pygame.draw.circle(card, (255, 255, 255), (10, 10), 6)
        _rotated_card(surface, card, (34 + index * 18, 52 + abs(index - 2) * 4),
                      (2 - index) * 12)
    wok = pygame.Rect(70, 78, 70, 46)
    pygame.draw.rect(surface, (176, 44, 38), wok, border_radius=6)
    label = text.render("12 / combo", 14, (255, 226, 120), True)
    surface.blit(label, label.get_rect(center=wok.center))
    for index in range(4):
        pygame.draw.circle(surface, (238, 196, 72), (20 + index * 10, 112 - index * 3), 9)
        pygame.draw.circle(surface, (150, 110, 20), (20 + index * 10, 112 - index * 3), 9, 2)


def _die(surface: pygame.Surface, text: Text, center: tuple[int, int], letter: str,
         red: bool, angle: float = 0.0) -> None:
    face = pygame.Surface((30, 30), pygame.SRCALPHA)
    pygame.draw.rect(face, (200, 50, 44) if red else (244, 240, 232), face.get_rect(),
                     border_radius=6)
    pygame.draw.rect(face, (40, 30, 26), face.get_rect(), 2, border_radius=6)
    label = text.render(letter, 20, (255, 255, 255) if red else (30, 26, 22), True)
    face.blit(label, label.get_rect(center=(15, 16)))
    _rotated_card(surface, face, center, angle)


def paint_wok_star(surface: pygame.Surface, text: Text) -> None:
    w, h = surface.get_size()
    # a sand timer: two glass bulbs and the sand running
    top = [(18, 14), (62, 14), (40, 60)]
    bottom = [(40, 60), (18, 108), (62, 108)]
    pygame.draw.polygon(surface, (210, 230, 240), top, 2)
    pygame.draw.polygon(surface, (210, 230, 240), bottom, 2)
    pygame.draw.polygon(surface, (230, 196, 110), [(30, 38), (50, 38), (40, 58)])
    pygame.draw.polygon(surface, (230, 196, 110), [(26, 106), (54, 106), (40, 84)])
    pygame.draw.line(surface, (230, 196, 110), (40, 60), (40, 86), 2)
    for y in (10, 108):
        pygame.draw.rect(surface, (140, 96, 50), pygame.Rect(12, y, 56, 6), border_radius=2)
    for index, letter in enumerate(("5", "3", "6")):
        _die(surface, text, (96 + (index % 2) * 30, 30 + index * 30), letter, index == 1,
             (index - 1) * 15)
    star = []
    for k in range(10):
        radius = 14 if k % 2 == 0 else 6
        angle = -math.pi / 2 + k * math.pi / 5
        star.append((w - 22 + radius * math.cos(angle), h - 22 + radius * math.sin(angle)))
    pygame.draw.polygon(surface, (240, 190, 40), star)


def paint_wok_and_roll(surface: pygame.Surface, text: Text) -> None:
    sheet = pygame.Rect(70, 10, 72, 110)
    pygame.draw.rect(surface, (248, 244, 232), sheet, border_radius=4)
    for row in range(6):
        y = sheet.y + 14 + row * 16
        pygame.draw.line(surface, (180, 170, 150), (sheet.x + 8, y), (sheet.right - 8, y), 1)
        for column in range(4):
            box = pygame.Rect(sheet.x + 10 + column * 14, y - 10, 9, 9)
            pygame.draw.rect(surface, (120, 110, 100), box, 1)
            if (row + column) % 3 == 0:
                pygame.draw.line(surface, (200, 40, 40), box.topleft, box.bottomright, 2)
    for index, letter in enumerate(DIE_LETTERS):
        _die(surface, text, (22 + (index % 2) * 32, 24 + (index // 2) * 38), letter,
             index >= 4, (index * 23) % 30 - 15)


class Pictures:
    """The games' pictures, drawn once and scaled per size."""

    def __init__(self) -> None:
        self.text = Text()
        """The words painted into a picture: part of its art, scaled with it (never at the
        window's UI scale: that would overflow the picture and stay in the cache)."""
        self._drawn: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def picture(self, game: str, painter: Painter | None, size: tuple[int, int]
                ) -> pygame.Surface:
        """``game``'s picture at ``size`` (px), painted by ``painter`` (None: a blank one)."""
        found = self._scaled.get((game, size))
        if found is not None:
            return found
        base = self._drawn.get(game)
        if base is None:
            base = pygame.Surface(SIZE, pygame.SRCALPHA)
            base.fill((58, 50, 44))
            if painter is not None:
                painter(base, self.text)
            self._drawn[game] = base
        scaled = base if size == SIZE else pygame.transform.smoothscale(base, size)
        if len(self._scaled) > 64:
            self._scaled.clear()
        self._scaled[(game, size)] = scaled
        return scaled
