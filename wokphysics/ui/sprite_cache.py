"""The sprites as the window uses them: loaded once, scaled and rotated copies cached.

The PNGs in ``sprites/`` are drawn at 4 px per card millimetre. For the window's current
scale each is smooth-scaled once (so cards stay crisp at any window size, never blurred by
repeated resampling); rotated copies of a resting card are cached by whole degree, so a frame
of 50 resting cards is 50 blits. Only airborne cards are rotated and squashed every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from wokphysics.config.wok_on_fire import INGREDIENT_NAMES, WokOnFireConfig
from wokphysics.ui import art

BACK = "back"
_MAX_CACHED = 4000
_KEY = (1, 0, 1)  # the colour key of rotated copies: a colour no sprite uses


class Sprites:
    """Card faces by ingredient name, the back (``"back"``), the spatula and the table tile.

    A missing PNG is drawn in memory from :mod:`wokphysics.ui.art` (the same picture), so a
    partial ``sprites/`` folder still gives a complete window.
    """

    def __init__(self, cfg: WokOnFireConfig, folder: Path | None) -> None:
        self.cfg = cfg
        self.missing: list[str] = []
        self.cards: dict[str, pygame.Surface] = {}
        for name in INGREDIENT_NAMES:
            self.cards[name] = self._load(folder, art.face_file(name), self._face_painter(name))
        self.cards[BACK] = self._load(folder, art.BACK_FILE, lambda: art.draw_back(cfg.physics))
        self.spatula = self._load(folder, art.SPATULA_FILE, lambda: art.draw_spatula(cfg.physics))
        self.table_tile = self._load(folder, art.TABLE_FILE, art.draw_table_tile).convert()
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._rotated: dict[tuple[str, int, int], pygame.Surface] = {}

    def _face_painter(self, name: str) -> Callable[[], pygame.Surface]:
        cfg = self.cfg
        return lambda: art.draw_face(cfg.physics, name, cfg.rules.ingredients[name].category)

    def _load(self, folder: Path | None, name: str,
              draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        if folder is not None:
            path = folder / name
            if path.is_file():
                try:
                    return pygame.image.load(str(path)).convert_alpha()
                except pygame.error:
                    pass
        self.missing.append(name)
        return draw().convert_alpha()

    def card(self, key: str, width_px: int) -> pygame.Surface:
        """The card ``key`` smooth-scaled to ``width_px`` wide (its proportions kept)."""
        width_px = max(4, width_px)
        found = self._scaled.get((key, width_px))
        if found is None:
            base = self.cards[key]
            height = max(4, round(base.get_height() * width_px / base.get_width()))
            found = pygame.transform.smoothscale(base, (width_px, height))
            self._trim()
            self._scaled[(key, width_px)] = found
        return found

    def card_rotated(self, key: str, width_px: int, degrees: float) -> pygame.Surface:
        """The scaled card turned ``degrees`` counter-clockwise (cached by whole degree).

        The copy is opaque with a colour key for the corners (its soft edge pixels blended
        towards black, which reads as the card's dark border): a keyed blit is some 30 times
        faster than a per-pixel-alpha one, and a frame blits 50 of these."""
        whole = round(degrees) % 360
        found = self._rotated.get((key, width_px, whole))
        if found is None:
            turned = pygame.transform.rotate(self.card(key, width_px), whole)
            found = pygame.Surface(turned.get_size()).convert()
            found.fill(_KEY)
            found.blit(turned, (0, 0))
            found.set_colorkey(_KEY, pygame.RLEACCEL)
            self._trim()
            self._rotated[(key, width_px, whole)] = found
        return found

    def _trim(self) -> None:
        # A resize makes every cached size stale; drop them all rather than grow forever.
        if len(self._scaled) + len(self._rotated) > _MAX_CACHED:
            self._scaled.clear()
            self._rotated.clear()
