"""Small drawing helpers for text and buttons, with rendered text cached.

Rendering text is the slow part of a panel, so every (text, size, colour) is rendered once
and kept (the cache is dropped when it grows large, e.g. after many resizes).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

import pygame

from wokphysics.ui.readable import readable_font

Color = tuple[int, int, int]
WHITE: Color = (245, 240, 230)
DIM: Color = (170, 160, 150)
GOLD: Color = (250, 206, 90)
RED: Color = (240, 110, 100)
PANEL_BG: Color = (40, 34, 32)
TIP_CREAM: Color = (255, 246, 214)
"""Every tooltip's box."""

T = TypeVar("T")


class Text:
    """Fonts by pixel size and a cache of rendered strings. A size below :attr:`least` (
    :data:`~wokphysics.ui.readable.MIN_FONT` times the UI scale) is raised to it (no text
    under 12 px, and at a UI scale the least text that much larger), for the text drawn and
    the text measured alike."""

    def __init__(self) -> None:
        self.least = readable_font(0)
        """The least font size given (px): ``MIN_FONT`` times the UI scale (the window sets
        it with :meth:`set_scale`)."""
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: dict[tuple[str, int, Color, bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}
        self.over_scene: list[pygame.Rect] = []
        """What the window draws over the scene this frame (its Rules button, the guide's
        box): the scene's tooltips keep clear of them. The window sets it before each draw."""

    def set_scale(self, scale: float) -> None:
        """The UI scale: the least font size is ``MIN_FONT`` times it."""
        least = round(readable_font(0) * scale)
        if least != self.least:  # what was rendered or wrapped at the old least size
            self._cache.clear()
            self._wrapped.clear()
        self.least = least

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(self.least, size)
        key = (size, bold)
        if key not in self._fonts:
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            self._fonts[key] = font
        return self._fonts[key]

    def render(self, text: str, size: int, color: Color = WHITE, bold: bool = False
               ) -> pygame.Surface:
        key = (text, size, color, bold)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 3000:
                self._cache.clear()
            found = self.font(size, bold).render(text, True, color)
            self._cache[key] = found
        return found

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` px (remembered: logs and
        tooltips wrap the same words every frame), measured in the bold font with ``bold``."""
        key = (text, size, width, bold)
        found = self._wrapped.get(key)
        if found is None:
            if len(self._wrapped) > 2000:
                self._wrapped.clear()
            found = self._wrapped[key] = self._wrap(text, size, width, bold)
        return list(found)

    def _wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in self._pieces(paragraph.split(), font, width):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    @staticmethod
    def _pieces(words: list[str], font: pygame.font.Font, width: int) -> list[str]:
        """``words``, each wider than ``width`` px (a file's path) cut into pieces that fit,
        after a ``/`` where one is near the end, else after a hyphen ("Twice-" / "Cooked")."""
        out: list[str] = []
        for word in words:
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                slash = word.rfind("/", 0, cut)
                hyphen = word.rfind("-", 0, cut)
                if slash > cut // 2:
                    cut = slash + 1
                elif hyphen > 0:
                    cut = hyphen + 1
                out.append(word[:cut])
                word = word[cut:]
            out.append(word)
        return out

    def draw_wrapped(self, surface: pygame.Surface, text: str, size: int, x: int, y: int,
                     width: int, color: Color = WHITE) -> int:
        """Draw wrapped text from (x, y); returns the y below it."""
        for line in self.wrap(text, size, width):
            image = self.render(line, size, color)
            surface.blit(image, (x, y))
            y += int(size * 0.95)
        return y


@dataclass
class Button:
    """A clickable rectangle with a label; ``action`` runs on a left click."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True


def draw_button(surface: pygame.Surface, text: Text, button: Button, size: int,
                hover: bool = False) -> None:
    base = (92, 70, 46) if button.enabled else (60, 56, 52)
    if hover and button.enabled:
        base = (132, 100, 62)
    pygame.draw.rect(surface, base, button.rect, border_radius=6)
    pygame.draw.rect(surface, GOLD if button.enabled else DIM, button.rect, 2, border_radius=6)
    label = text.render(button.label, size, WHITE if button.enabled else DIM)
    surface.blit(label, label.get_rect(center=button.rect.center))


def bubble(surface: pygame.Surface, text: Text, message: str, at: tuple[int, int], size: int,
           bounds: pygame.Rect) -> None:
    """A speech bubble with ``message`` near screen point ``at``, kept inside ``bounds``."""
    lines = text.wrap(message, size, max(120, min(320, bounds.width - 20)))
    images = [text.render(line, size, (30, 20, 10)) for line in lines]
    width = max(image.get_width() for image in images) + 16
    height = sum(image.get_height() for image in images) + 12
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (at[0], at[1] - 12)
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, (255, 246, 214), box, border_radius=8)
    pygame.draw.rect(surface, (200, 60, 40), box, 2, border_radius=8)
    y = box.top + 6
    for image in images:
        surface.blit(image, (box.left + 8, y))
        y += image.get_height()


def newest_whole(blocks: list[list[T]], room: int) -> list[T]:
    """The lines of the newest ``blocks`` (each a log entry's wrapped lines, oldest first) that
    fit in ``room`` lines, whole entries only: a log never shows the tail of an entry without
    its start. The newest entry alone longer than ``room`` shows its first ``room`` lines."""
    shown: list[T] = []
    for block in reversed(blocks):
        if len(shown) + len(block) > room:
            if not shown:
                return block[:room]
            break
        shown[:0] = block
    return shown


def draw_tooltip(surface: pygame.Surface, text: Text, words: str, near: pygame.Rect, size: int,
                 width: int, px: Callable[[float], int],
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A cream box of ``words`` (font ``size`` px, wrapped to ``width`` px) beside ``near``:
    to its right, or to its left where the right would leave the window; ``px`` scales the
    reference padding to this window. Where that box would cover one of the ``avoid``
    rectangles (text that must stay readable, such as what a payment is made of), it goes to
    the first place of right, left, below, above ``near`` that covers none (an ``avoid``
    rectangle holding ``near`` itself does not count). Returns the box."""
    lines = text.wrap(words, size, width)
    images = [text.render(line, size, (24, 20, 16)) for line in lines]
    box_width = max(image.get_width() for image in images) + px(16)
    height = sum(image.get_height() for image in images) + px(12)
    window = surface.get_clip()  # the part shown (the UI scale's view; else the window)
    box = pygame.Rect(near.right + px(8), near.y, box_width, height)
    if box.right > window.right:
        box.right = near.left - px(8)
    box.clamp_ip(window)
    keep_clear = [rect for rect in avoid if not rect.contains(near)]
    if box.collidelist(keep_clear) >= 0:
        gap = px(8)
        places = (pygame.Rect(near.right + gap, near.y, box_width, height),
                  pygame.Rect(near.left - gap - box_width, near.y, box_width, height),
                  pygame.Rect(near.x, near.bottom + gap, box_width, height),
                  pygame.Rect(near.x, near.top - gap - height, box_width, height))
        for place in places:
            place.clamp_ip(window)
            if place.collidelist(keep_clear) < 0 and not place.colliderect(near):
                box = place
                break
    pygame.draw.rect(surface, (255, 246, 214), box, border_radius=6)
    pygame.draw.rect(surface, (120, 90, 40), box, 1, border_radius=6)
    y = box.y + px(6)
    for image in images:
        surface.blit(image, (box.x + px(8), y))
        y += image.get_height()
    return box


RULES_LABEL = "Rules (F1)"


def rules_button_rect(text: Text, window: tuple[int, int]) -> pygame.Rect:
    """Where the window's Rules button goes (top right corner, drawn over every game's scene):
    a tooltip keeps clear of it as of the scene's own controls."""
    size = rules_button_font(window)
    box = pygame.Rect((0, 0), text.font(size, True).size(RULES_LABEL)).inflate(size, size // 2)
    box.topright = (window[0] - 6, 6)
    return box


def rules_button_font(window: tuple[int, int]) -> int:
    """The Rules button's font size in a window of ``window`` px."""
    return max(22, min(26, window[1] // 36))


def leaf_controls(hits: Sequence[tuple[pygame.Rect, object]], hovered: object
                  ) -> list[pygame.Rect]:
    """The rectangles of ``hits`` (a layout's controls: rectangle, target) that a tooltip of
    ``hovered`` must keep clear of: every other target's, except an area that holds another
    target's rectangle (hit-tested after the controls it holds: its own words come from them)
    or holds one of ``hovered``'s.

    A tooltip is drawn again every frame while it shows, with the same controls: the answer
    is remembered for the last few (controls, hovered) asked (compared by value), as it
    compares every pair of controls."""
    key = (tuple((tuple(rect), target) for rect, target in hits), hovered)
    try:
        found = _leaf_boxes(key)
    except TypeError:  # a target that is not hashable: worked out each time
        found = _leaf_boxes.__wrapped__(key)
    return [pygame.Rect(box) for box in found]


Box = tuple[int, int, int, int]


@lru_cache(maxsize=32)
def _leaf_boxes(key: tuple[tuple[tuple[Box, Hashable], ...], Hashable]) -> tuple[Box, ...]:
    """:func:`leaf_controls` of ``key`` = (the controls as (x, y, w, h), target), hovered)."""
    boxes, hovered = key
    hits = [(pygame.Rect(box), target) for box, target in boxes]
    mine = [rect for rect, target in hits if target == hovered]
    out = []
    for rect, target in hits:
        if target == hovered:
            continue
        if any(rect.contains(other) and found != target for other, found in hits):
            continue
        if any(rect.contains(own) for own in mine):
            continue
        out.append((rect.x, rect.y, rect.width, rect.height))
    return tuple(out)


def draw_clear_tooltip(surface: pygame.Surface, text: Text, words: str,
                       pointer: tuple[int, int], size: int, width: int,
                       px: Callable[[float], int], avoid: Sequence[pygame.Rect]
                       ) -> pygame.Rect:
    """A cream box of ``words`` (font ``size`` px, wrapped to ``width`` px) near ``pointer``
    where it covers none of ``avoid`` (:func:`place_tip`): the controls stay in sight and
    clickable while the words are read, nor what the window draws over the scene
    (``text.over_scene``: its Rules button, the guide's box). Returns the box."""
    bounds = surface.get_clip()  # the part shown (the UI scale's view; else the window)
    lines = text.wrap(words, size, min(width, bounds.width - px(40)))
    images = [text.render(line, size, (24, 20, 16)) for line in lines]
    box_size = (max(image.get_width() for image in images) + px(16),
                sum(image.get_height() for image in images) + px(12))
    keep_clear = [*avoid, *text.over_scene]
    box = place_tip(box_size, pointer, bounds, keep_clear, px(16))
    pygame.draw.rect(surface, TIP_CREAM, box, border_radius=6)
    pygame.draw.rect(surface, (120, 90, 40), box, 1, border_radius=6)
    y = box.y + px(6)
    for image in images:
        surface.blit(image, (box.x + px(8), y))
        y += image.get_height()
    return box


def reference_rect(scale: float, origin: tuple[float, float],
                   moves: tuple[tuple[float, float, float, float, float, float], ...],
                   x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A rectangle given in reference px at ``(x, y)``, in window px: moved with its block
    (the first of ``moves``, reflow's (x0, y0, x1, y1, dx, dy), whose area holds its top
    left), then scaled by ``scale`` window px
    per reference px from ``origin`` (window px); at least 1 px each way."""
    for x0, y0, x1, y1, dx, dy in moves:
        if x0 <= x < x1 and y0 <= y < y1:
            x, y = x + dx, y + dy
            break
    ox, oy = origin
    return pygame.Rect(round(ox + x * scale), round(oy + y * scale), max(1, round(w * scale)),
                       max(1, round(h * scale)))


class ReferenceScale:
    """A layout drawn at a reference size and scaled uniformly into the window: ``scale``
    (window px per reference px) and ``origin`` (window px of the reference's top left)."""

    scale: float
    origin: tuple[float, float]
    moves: tuple[tuple[float, float, float, float, float, float], ...] = ()
    """A reflowed layout's blocks moved from their design places (:mod:`wokphysics.ui.reflow`):
    (x0, y0, x1, y1, dx, dy), reference px: a rectangle whose top left lies in
    [x0, x1) x [y0, y1) moves by (dx, dy). Empty: the design as it is."""

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in reference px at its design place, in window px (moved with
        its block in a reflowed layout)."""
        return reference_rect(self.scale, self.origin, self.moves, x, y, w, h)

    def font(self, reference_px: int) -> int:
        """A font size given at the reference size, for this window (never below 11)."""
        return max(11, round(reference_px * self.scale))

    def px(self, reference_px: float) -> int:
        """A length given in reference px, in window px (at least 1)."""
        return max(1, round(reference_px * self.scale))


class MeasuringSurface(pygame.Surface):
    """A surface one pixel high that draws no text: a layout measured by drawing it (the y
    its drawing returns) without a canvas as tall as it; ``blit`` answers where the image
    would go."""

    def __init__(self, width: int) -> None:
        super().__init__((max(1, width), 1))

    def blit(self, source: pygame.Surface, dest: object, area: object = None,
             special_flags: int = 0) -> pygame.Rect:
        if isinstance(dest, pygame.Rect):
            return pygame.Rect(dest.topleft, source.get_size())
        if not isinstance(dest, Sequence | pygame.math.Vector2):
            raise TypeError(f"blit's destination is a position or a Rect, not {dest!r}")
        return pygame.Rect(round(dest[0]), round(dest[1]), *source.get_size())


@dataclass(frozen=True)
class Scaled(ReferenceScale):
    """A :class:`ReferenceScale` of its own: ``scale`` window px per reference px from
    ``origin`` (window px), no block moved (a screen laid out for a view's width)."""

    scale: float
    origin: tuple[float, float]


def place_tip(size: tuple[int, int], pointer: tuple[int, int], bounds: pygame.Rect,
              avoid: Sequence[pygame.Rect], gap: int = 16) -> pygame.Rect:
    """Where a tooltip of ``size`` goes near ``pointer``: the first of the places around it
    (below right, below left, above right, above left, then further out to each side) that
    lies inside ``bounds``, off the pointer, and covers none of ``avoid`` (the controls a
    player may want to click next); else the nearest such place on a grid over ``bounds``;
    where every place covers something, the one that covers least.

    A tooltip is drawn again every frame while it shows: the place is remembered for the
    last few questions asked (compared by value), as the grid tries thousands of places."""
    w, h = size
    px, py = pointer
    return pygame.Rect(_place(w, h, px, py, tuple(bounds),
                              tuple(tuple(rect) for rect in avoid), gap))


@lru_cache(maxsize=32)
def _place(w: int, h: int, px: int, py: int, bounds_box: Box,
           avoid_boxes: tuple[Box, ...], gap: int) -> Box:
    """:func:`place_tip` of those numbers, as (x, y, w, h)."""
    bounds = pygame.Rect(bounds_box)
    avoid = [pygame.Rect(box) for box in avoid_boxes]
    pointer = (px, py)
    far = 3 * gap

    def cover(box: pygame.Rect) -> int:
        # Only the rectangles the box overlaps add area (pygame finds them in C): the same
        # sum as over every one of ``avoid``, at a fraction of the cost, for the grid below
        # asks it of thousands of places every time a tooltip is placed.
        total = 0
        for index in box.collidelistall(avoid):
            part = box.clip(avoid[index])
            total += part.width * part.height
        return total

    def placed(x: int, y: int) -> pygame.Rect | None:
        box = pygame.Rect(x, y, w, h)
        box.clamp_ip(bounds)
        return None if box.inflate(gap, gap).collidepoint(pointer) else box

    near = [(px + gap, py + gap), (px - gap - w, py + gap), (px + gap, py - gap - h),
            (px - gap - w, py - gap - h), (px + far, py - h // 2), (px - far - w, py - h // 2),
            (px - w // 2, py + far), (px - w // 2, py - far - h)]
    for x, y in near:
        box = placed(x, y)
        if box is not None and cover(box) == 0:
            return (box.x, box.y, box.width, box.height)
    best: pygame.Rect | None = None
    best_key = (0, 0.0)
    step = max(8, gap)
    for y in range(bounds.top, bounds.bottom - h + 1, step):
        for x in range(bounds.left, bounds.right - w + 1, step):
            box = placed(x, y)
            if box is None:
                continue
            key = (cover(box), math.dist(box.center, pointer))
            if best is None or key < best_key:
                best, best_key = box, key
    if best is None:  # no place keeps clear of the pointer: below it, clamped
        best = pygame.Rect(px + gap, py + gap, w, h)
        best.clamp_ip(bounds)
    return (best.x, best.y, best.width, best.height)


def draw_thinking(surface: pygame.Surface, text: Text, label: str, seconds: float,
                  within: pygame.Rect | None = None) -> pygame.Rect:
    """A small "thinking" pill: ``label`` (who thinks) and three dots that light one after
    another while ``seconds`` run; at the window's top right, or centred in ``within`` (a
    seat's header). Returns where it is."""
    size = max(14, surface.get_height() // 44)
    if within is not None:
        size = max(12, min(size, within.height - 8))
    image = text.render(label, size, WHITE)
    dot = max(3, size // 6)
    width = image.get_width() + 6 * dot + 28
    height = max(image.get_height(), 2 * dot) + 10
    shown = surface.get_clip()  # the part shown (the UI scale's view; else the window)
    box = pygame.Rect(shown.right - width - 8, shown.top + 4, width, height)
    if within is not None:
        box.center = within.center
    pygame.draw.rect(surface, (58, 48, 40), box, border_radius=height // 2)
    pygame.draw.rect(surface, GOLD, box, 1, border_radius=height // 2)
    lit = int(seconds * 3) % 3
    for index in range(3):
        colour = GOLD if index == lit else DIM
        centre = (box.left + 10 + dot + index * 2 * dot + index * 2, box.centery)
        pygame.draw.circle(surface, colour, centre, dot)
    surface.blit(image, image.get_rect(midleft=(box.left + 18 + 6 * dot, box.centery)))
    return box
