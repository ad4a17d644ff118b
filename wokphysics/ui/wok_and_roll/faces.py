"""Wok and Roll's pictures, drawn with pygame shapes and cached per size (no asset files):
the ingredient symbols, the dice, Chef's Hats, locks, the skills' hexagons.

Each symbol has a shape and a colour of its own (Rice a white bowl, Noodle yellow waves,
Vegetable a green leaf, Meat a drumstick, Seafood a blue fish, Recipe Book a purple book),
so a serving's needs read at a glance; the letter code (``R``, ``N``...) is printed on the
dice and in the tooltips for anyone who prefers letters. A symbol the shipped config does not
know (an edited config) is drawn as a coloured disc with its letter.
"""

from __future__ import annotations

import math

import pygame

from wokphysics.ui.widgets import Color, Text

INK: Color = (44, 34, 26)
PAPER: Color = (246, 238, 218)
PAPER_EDGE: Color = (168, 136, 96)
WHITE_DIE: Color = (250, 248, 240)
RED_DIE: Color = (196, 52, 44)
SYMBOL_COLORS: dict[str, Color] = {
    "R": (236, 232, 220),
    "N": (236, 190, 64),
    "V": (82, 164, 72),
    "M": (176, 78, 56),
    "S": (64, 132, 206),
    "B": (134, 84, 176),
}
SYMBOL_NAMES = {"R": "rice bowl", "N": "noodle waves", "V": "leaf", "M": "drumstick",
                "S": "fish", "B": "book"}


def symbol_color(code: str) -> Color:
    return SYMBOL_COLORS.get(code, (150, 150, 150))


def _bowl(surface: pygame.Surface, r: float, cx: float, cy: float, fill: Color) -> None:
    box = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.8))
    box.center = (round(cx), round(cy - r * 0.15))
    pygame.draw.circle(surface, (140, 86, 52), box.center, round(r * 0.9),
                       draw_bottom_left=True, draw_bottom_right=True)
    pygame.draw.circle(surface, fill, (round(cx), round(cy - r * 0.15)), round(r * 0.78),
                       draw_top_left=True, draw_top_right=True)
    pygame.draw.line(surface, (100, 60, 36), (round(cx - r * 0.92), round(cy - r * 0.15)),
                     (round(cx + r * 0.92), round(cy - r * 0.15)), max(1, round(r * 0.14)))


def draw_symbol(surface: pygame.Surface, code: str, rect: pygame.Rect) -> None:
    """The symbol of ingredient ``code`` drawn to fill ``rect`` (a square)."""
    cx, cy = rect.centerx, rect.centery
    r = rect.width / 2
    line = max(1, round(r * 0.16))
    if code == "R":
        _bowl(surface, r, cx, cy, (252, 252, 246))
        for dx, dy in ((-0.35, -0.45), (0.0, -0.6), (0.35, -0.45), (-0.15, -0.3), (0.2, -0.3)):
            pygame.draw.ellipse(surface, (200, 196, 180), pygame.Rect(
                round(cx + dx * r - r * 0.1), round(cy + dy * r - r * 0.07),
                max(2, round(r * 0.2)), max(2, round(r * 0.14))))
    elif code == "N":
        _bowl(surface, r, cx, cy, (250, 220, 120))
        for k in range(3):
            points = [(cx - r * 0.6 + i * r * 0.12, cy - r * (0.25 + 0.18 * k)
                       + math.sin(i * 1.3) * r * 0.08) for i in range(11)]
            pygame.draw.lines(surface, (200, 140, 20), False, points, max(1, round(r * 0.1)))
    elif code == "V":
        leaf = pygame.Rect(0, 0, round(r * 1.1), round(r * 1.8))
        leaf.center = (cx, cy)
        pygame.draw.ellipse(surface, (82, 164, 72), leaf)
        pygame.draw.line(surface, (40, 100, 36), (cx, round(cy - r * 0.85)),
                         (cx, round(cy + r * 0.95)), line)
        for step in (-0.35, 0.0, 0.35):
            pygame.draw.line(surface, (40, 100, 36), (cx, round(cy + step * r)),
                             (round(cx + r * 0.4), round(cy + step * r - r * 0.3)),
                             max(1, line - 1))
            pygame.draw.line(surface, (40, 100, 36), (cx, round(cy + step * r)),
                             (round(cx - r * 0.4), round(cy + step * r - r * 0.3)),
                             max(1, line - 1))
    elif code == "M":
        pygame.draw.line(surface, (240, 232, 214), (round(cx + r * 0.1), round(cy + r * 0.1)),
                         (round(cx + r * 0.75), round(cy + r * 0.75)), max(2, round(r * 0.26)))
        for dx, dy in ((0.7, 0.9), (0.9, 0.7)):
            pygame.draw.circle(surface, (240, 232, 214), (round(cx + dx * r), round(cy + dy * r)),
                               max(2, round(r * 0.17)))
        pygame.draw.circle(surface, (176, 78, 56), (round(cx - r * 0.2), round(cy - r * 0.2)),
                           round(r * 0.68))
        pygame.draw.circle(surface, (206, 118, 80), (round(cx - r * 0.35), round(cy - r * 0.38)),
                           max(2, round(r * 0.22)))
    elif code == "S":
        body = pygame.Rect(0, 0, round(r * 1.4), round(r * 0.95))
        body.center = (round(cx - r * 0.15), cy)
        tail = [(cx + r * 0.45, cy), (cx + r * 0.95, cy - r * 0.5), (cx + r * 0.95, cy + r * 0.5)]
        pygame.draw.polygon(surface, (44, 104, 176), tail)
        pygame.draw.ellipse(surface, (64, 132, 206), body)
        pygame.draw.circle(surface, (250, 250, 250), (round(cx - r * 0.5), round(cy - r * 0.1)),
                           max(2, round(r * 0.13)))
        pygame.draw.circle(surface, (20, 20, 30), (round(cx - r * 0.5), round(cy - r * 0.1)),
                           max(1, round(r * 0.06)))
    elif code == "B":
        book = pygame.Rect(0, 0, round(r * 1.5), round(r * 1.7))
        book.center = (cx, cy)
        pygame.draw.rect(surface, (134, 84, 176), book, border_radius=max(1, round(r * 0.12)))
        pages = book.inflate(-round(r * 0.3), -round(r * 0.3)).move(round(r * 0.1), 0)
        pygame.draw.rect(surface, (246, 240, 226), pages)
        for k in range(3):
            y = pages.top + (k + 1) * pages.height // 4
            pygame.draw.line(surface, (170, 150, 190), (pages.left + 2, y), (pages.right - 3, y), 1)
        pygame.draw.line(surface, (90, 50, 120), (book.left + round(r * 0.2), book.top),
                         (book.left + round(r * 0.2), book.bottom - 1), max(1, round(r * 0.1)))
    else:
        pygame.draw.circle(surface, symbol_color(code), (cx, cy), round(r * 0.9))


class DiceFaces:
    """The pictures, cached per code and size."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def _keep(self, key: tuple[object, ...], image: pygame.Surface) -> pygame.Surface:
        if len(self._cache) > 600:
            self._cache.clear()
        self._cache[key] = image
        return image

    def symbol(self, code: str, size: int) -> pygame.Surface:
        """An ingredient's symbol in a ``size`` x ``size`` square."""
        key = ("symbol", code, size)
        found = self._cache.get(key)
        if found is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_symbol(image, code, image.get_rect())
            if code not in SYMBOL_COLORS:
                label = self.text.render(code, max(11, size * 2 // 3), INK, True)
                image.blit(label, label.get_rect(center=image.get_rect().center))
            found = self._keep(key, image)
        return found

    def die(self, code: str, red: bool, size: int, dim: bool = False) -> pygame.Surface:
        """A die showing ``code``: white or red, the symbol in the middle, the letter in the
        corner; ``dim``: greyed (used, or not the viewer's to use)."""
        key = ("die", code, red, size, dim)
        found = self._cache.get(key)
        if found is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            box = image.get_rect()
            body = RED_DIE if red else WHITE_DIE
            pygame.draw.rect(image, body, box, border_radius=size // 6)
            pygame.draw.rect(image, (90, 60, 40), box, max(1, size // 28),
                             border_radius=size // 6)
            well = box.inflate(-size // 5, -size // 5)
            if red:
                pygame.draw.ellipse(image, (250, 240, 226), well)
            draw_symbol(image, code, well.inflate(-size // 12, -size // 12))
            letter = self.text.render(code, max(11, size * 2 // 5), (250, 240, 226) if red
                                      else INK, True)
            corner = letter.get_rect(topleft=(max(2, size // 14), max(1, size // 28)))
            # on the die's own colour: on a red die the cream letter sat on the symbol's cream
            # well and half of it vanished; on a white one the ink sat on the symbol
            pygame.draw.rect(image, body, corner.inflate(2, 0), border_radius=2)
            image.blit(letter, corner)
            if dim:
                shade = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.rect(shade, (40, 36, 34, 150), box, border_radius=size // 6)
                image.blit(shade, (0, 0))
            found = self._keep(key, image.convert_alpha() if pygame.display.get_surface()
                               else image)
        return found

    def hat(self, size: int, earned: bool) -> pygame.Surface:
        """A Chef's Hat (outlined only when not yet earned)."""
        key = ("hat", size, earned)
        found = self._cache.get(key)
        if found is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            r = size / 2
            puff = (252, 252, 250) if earned else (0, 0, 0, 0)
            edge = (90, 80, 70) if earned else (150, 130, 110)
            band = pygame.Rect(round(r * 0.45), round(r * 1.15), round(r * 1.1), round(r * 0.6))
            for dx, dy, rr in ((0.55, 0.75, 0.36), (1.0, 0.55, 0.42), (1.45, 0.75, 0.36)):
                centre = (round(dx * r), round(dy * r))
                if earned:
                    pygame.draw.circle(image, puff, centre, round(rr * r))
                pygame.draw.circle(image, edge, centre, round(rr * r), max(1, size // 18))
            if earned:
                pygame.draw.rect(image, puff, band)
            pygame.draw.rect(image, edge, band, max(1, size // 18))
            if not earned:
                image.set_alpha(150)
            found = self._keep(key, image)
        return found

    def lock(self, size: int, open_: bool) -> pygame.Surface:
        """A padlock; ``open_``: crossed off (unlocked)."""
        key = ("lock", size, open_)
        found = self._cache.get(key)
        if found is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            r = size / 2
            width = max(2, size // 9)
            shackle = pygame.Rect(round(r * 0.5), round(r * 0.15), round(r * 1.0), round(r * 1.1))
            pygame.draw.arc(image, (60, 60, 70), shackle, 0, math.pi, width)
            body = pygame.Rect(round(r * 0.3), round(r * 0.8), round(r * 1.4), round(r * 1.05))
            pygame.draw.rect(image, (214, 170, 60), body, border_radius=max(1, size // 10))
            pygame.draw.rect(image, (110, 80, 20), body, max(1, size // 18),
                             border_radius=max(1, size // 10))
            pygame.draw.circle(image, (70, 50, 10), body.center, max(1, size // 10))
            if open_:
                pygame.draw.line(image, (200, 40, 30), (2, 2), (size - 3, size - 3), width)
                pygame.draw.line(image, (200, 40, 30), (size - 3, 2), (2, size - 3), width)
            found = self._keep(key, image)
        return found

    def hexagon(self, size: int, code: str, gained: bool) -> pygame.Surface:
        """A conversion skill: a hexagon around the food it makes Recipe Books into (gold
        edge when gained)."""
        key = ("hex", size, code, gained)
        found = self._cache.get(key)
        if found is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            r = size / 2
            points = [(r + (r - 2) * math.cos(math.pi / 3 * k), r + (r - 2) * math.sin(
                math.pi / 3 * k)) for k in range(6)]
            pygame.draw.polygon(image, (255, 250, 232) if gained else (236, 226, 204), points)
            pygame.draw.polygon(image, (200, 150, 30) if gained else PAPER_EDGE, points,
                                max(2, size // 12) if gained else 1)
            inner = pygame.Rect(0, 0, round(r * 1.05), round(r * 1.05))
            inner.center = (round(r), round(r))
            draw_symbol(image, code, inner)
            found = self._keep(key, image)
        return found
