"""Wok Star's table pieces drawn with pygame primitives: dice, sand timers, cards, chips,
buttons. No images, so nothing to license; everything scales with its rectangle."""

from __future__ import annotations

import pygame

from wokphysics.ui import palette
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Color, Text

SEAT_COLOURS: tuple[Color, ...] = palette.STAR_SEATS
"""The dice colours of seats 1-4 (:data:`palette.STAR_SEATS`)."""
TIMER_COLOURS: tuple[Color, ...] = ((200, 56, 48), (56, 96, 200))
TABLE: Color = (36, 30, 28)
PANEL: Color = (52, 44, 40)
PANEL_LIGHT: Color = (70, 60, 54)
INK: Color = (34, 24, 18)
PAPER: Color = (246, 236, 214)
GREEN: Color = (120, 210, 120)
RED: Color = (236, 100, 90)
SAND: Color = (232, 196, 120)

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
PIP_SHARE = 0.22
"""A pip's diameter as a share of the die's side: 10-11 px on a 48 px die (a real die's
pips are about a fifth of its side)."""
LIGHT_PIP: Color = (250, 248, 240)
DARK_PIP: Color = (24, 16, 12)


def luminance(colour: Color) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pip_colour(body: Color) -> Color:
    """Light pips on a dark die, dark pips on a light one: whichever contrasts more."""
    return LIGHT_PIP if contrast(LIGHT_PIP, body) >= contrast(DARK_PIP, body) else DARK_PIP


def pip_centres(rect: pygame.Rect, face: int) -> list[tuple[int, int]]:
    """Where the pips of ``face`` are drawn on a die in ``rect``."""
    return [(rect.x + round(fx * rect.width), rect.y + round(fy * rect.height))
            for fx, fy in _PIPS.get(face, [])]


def pip_radius(rect: pygame.Rect) -> int:
    return max(2, round(rect.width * PIP_SHARE / 2))


def seat_colour(seat: int) -> Color:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else DIM


def deepened(colour: Color, ground: Color, start: float, least: float = 4.5) -> Color:
    """``colour`` darkened by ``start`` (a share, 0..1), and further in steps of 0.05 until
    it is ``least`` apart from ``ground`` in WCAG contrast (``ground`` being the lighter)."""
    amount = start
    while contrast(ground, darker(colour, amount)) < least and amount < 0.9:
        amount += 0.05
    return darker(colour, amount)


def header_colour(seat: int) -> Color:
    """A seat's panel header: its colour darkened (by a quarter, more where white words on
    it would be under 4.5 in WCAG contrast: the green and yellow seats), so the seat's name
    in white reads on it."""
    return deepened(seat_colour(seat), WHITE, 0.25)


def cook_colour(seat: int) -> Color:
    """A customer card's "cook: ..." line, in its cook's colour darkened to read on the
    card's paper (by a fifth, more for the green and yellow seats: 4.5 in WCAG contrast)."""
    return deepened(seat_colour(seat), PAPER, 0.2)


def lighter(colour: Color, amount: float = 0.35) -> Color:
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def darker(colour: Color, amount: float = 0.45) -> Color:
    r, g, b = colour
    return (round(r * (1 - amount)), round(g * (1 - amount)), round(b * (1 - amount)))


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, colour: int,
             ring: Color | None = None, faded: bool = False, given: bool = False) -> None:
    """A die of seat ``colour`` showing ``face`` (pips), with an optional ``ring``; a die
    ``given`` to its holder (it may go on any of the team's preparations) has a white
    top-left corner."""
    body = seat_colour(colour)
    if faded:
        body = darker(body, 0.5)
    radius = max(2, rect.width // 6)
    pygame.draw.rect(surface, darker(body, 0.5), rect.move(0, max(1, rect.height // 16)),
                     border_radius=radius)
    pygame.draw.rect(surface, body, rect, border_radius=radius)
    pygame.draw.rect(surface, lighter(body, 0.5), rect, max(1, rect.width // 20),
                     border_radius=radius)
    pip = pip_radius(rect)
    ink = pip_colour(body)
    for centre in pip_centres(rect, face):
        pygame.draw.circle(surface, ink, centre, pip)
    if given:
        corner = max(5, rect.width * 2 // 7)
        pygame.draw.polygon(surface, LIGHT_PIP, [
            (rect.x + 1, rect.y + radius // 2), (rect.x + radius // 2, rect.y + 1),
            (rect.x + corner, rect.y + 1), (rect.x + 1, rect.y + corner)])
    if ring is not None:
        pygame.draw.rect(surface, ring, rect.inflate(6, 6), 3, border_radius=radius + 3)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The place a die left this round (placed or given away): an outline, so the dice
    beside it stay where they were."""
    radius = max(2, rect.width // 6)
    pygame.draw.rect(surface, (84, 74, 66), rect, max(1, rect.width // 24),
                     border_radius=radius)


SAND_LEFT: Color = (140, 88, 18)
"""The sand bar's fill while ``SAND_SHORT_S`` or more are left: dark amber (WCAG contrast 5.1
on the card's paper, 3.8 on the bar's track)."""
SAND_SHORT: Color = (180, 40, 30)
"""The fill under ``SAND_SHORT_S`` left: red (contrast 5.5 on the paper, 4.1 on the track)."""
SAND_SHORT_S = 5.0
"""Seconds left under which the bar turns red."""
SAND_TRACK: Color = (214, 204, 186)
"""The bar's empty part."""


def draw_sand_bar(surface: pygame.Surface, rect: pygame.Rect, top_s: float,
                  total_s: float) -> None:
    """The sand left for the card on the table, along its bottom edge: the share of a full
    timer (``top_s`` of ``total_s`` seconds) still on top of the timer timing it, red under
    ``SAND_SHORT_S``. Played at human pace, the hourglasses beside the card were not read at
    a glance: a customer on a timer flipped early went late while the eyes were on the card
    and the dice."""
    share = 0.0 if total_s <= 0 else max(0.0, min(1.0, top_s / total_s))
    pygame.draw.rect(surface, SAND_TRACK, rect, border_radius=3)
    filled = rect.copy()
    filled.width = round(rect.width * share)
    if filled.width > 0:
        pygame.draw.rect(surface, SAND_SHORT if top_s < SAND_SHORT_S else SAND_LEFT, filled,
                         border_radius=3)


def draw_timer(surface: pygame.Surface, rect: pygame.Rect, colour: Color, top_s: float,
               total_s: float, running: bool, active: bool) -> None:
    """A sand timer: ``top_s`` seconds of sand above (of ``total_s``), the rest below; a
    thin stream falls while ``running``; ``active`` frames the one timing the card."""
    frame = colour if active else darker(colour, 0.35)
    w, h = rect.width, rect.height
    cap = max(3, h // 14)
    pygame.draw.rect(surface, frame, (rect.x, rect.y, w, cap), border_radius=2)
    pygame.draw.rect(surface, frame, (rect.x, rect.bottom - cap, w, cap), border_radius=2)
    glass_top = rect.y + cap
    glass_bottom = rect.bottom - cap
    mid = (glass_top + glass_bottom) // 2
    left, right = rect.x + w // 8, rect.right - w // 8
    neck = max(2, w // 14)
    cx = rect.centerx
    upper = [(left, glass_top), (right, glass_top), (cx + neck, mid), (cx - neck, mid)]
    lower = [(cx - neck, mid), (cx + neck, mid), (right, glass_bottom), (left, glass_bottom)]
    glass = (96, 90, 84)
    pygame.draw.polygon(surface, glass, upper)
    pygame.draw.polygon(surface, glass, lower)
    share = 0.0 if total_s <= 0 else max(0.0, min(1.0, top_s / total_s))
    half = mid - glass_top
    if share > 0:
        # Sand above: a triangle-ish pile in the narrow end of the upper bulb.
        level = mid - round(half * share)
        span = (right - left) * (mid - level) / max(1, half) / 2
        pygame.draw.polygon(surface, SAND, [(cx - span - neck, level), (cx + span + neck, level),
                                            (cx + neck, mid), (cx - neck, mid)])
    below = 1.0 - share
    if below > 0:
        level = glass_bottom - round(half * below)
        span = (right - left) / 2
        pygame.draw.polygon(surface, SAND, [(cx - span * below - neck, level),
                                            (cx + span * below + neck, level),
                                            (right, glass_bottom), (left, glass_bottom)])
    if running and share > 0:
        pygame.draw.line(surface, SAND, (cx, mid), (cx, glass_bottom - round(half * below)),
                         max(1, neck // 2))
    pygame.draw.polygon(surface, frame, upper, 2)
    pygame.draw.polygon(surface, frame, lower, 2)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: Color = PANEL,
               border: Color | None = None, radius: int = 8) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 2, border_radius=radius)


def draw_button(surface: pygame.Surface, text: Text, rect: pygame.Rect, label: str, size: int,
                enabled: bool = True, hover: bool = False, accent: Color = GOLD) -> None:
    """A button; disabled ones are greyed (hovering says why, elsewhere)."""
    base = (92, 70, 46) if enabled else (60, 56, 52)
    if hover and enabled:
        base = (132, 100, 62)
    pygame.draw.rect(surface, base, rect, border_radius=6)
    pygame.draw.rect(surface, accent if enabled else DIM, rect, 2, border_radius=6)
    blit_fit(surface, text, label, size, WHITE if enabled else DIM, rect.inflate(-8, 0),
             centre=True)


_FITTED: dict[tuple[str, int, bool, int], str] = {}


def fitted(text: Text, words: str, size: int, width: int, bold: bool = False) -> str:
    """``words`` cut with "..." to fit ``width`` px at ``size`` (remembered: measuring text
    is slow and the same labels are drawn every frame)."""
    key = (words, size, bold, width)
    found = _FITTED.get(key)
    if found is None:
        font = text.font(size, bold)
        found = words
        if font.size(words)[0] > width and len(words) > 2:
            low, high = 1, len(words)  # the longest prefix that fits, by bisection
            while low < high:
                middle = (low + high + 1) // 2
                if font.size(words[:middle].rstrip() + "...")[0] <= width:
                    low = middle
                else:
                    high = middle - 1
            found = words[:low].rstrip() + "..."
        if len(_FITTED) > 5000:
            _FITTED.clear()
        _FITTED[key] = found
    return found


def blit_fit(surface: pygame.Surface, text: Text, words: str, size: int, colour: Color,
             rect: pygame.Rect, centre: bool = False, bold: bool = False) -> int:
    """Draw ``words`` in ``rect`` (vertically centred), cut with "..." if too wide; the x
    after it."""
    image = text.render(fitted(text, words, size, rect.width, bold), size, colour, bold)
    y = rect.centery - image.get_height() // 2
    x = rect.centerx - image.get_width() // 2 if centre else rect.x
    surface.blit(image, (x, y))
    return x + image.get_width()


_WRAPPED: dict[tuple[str, int, int], list[str]] = {}


def wrapped(text: Text, words: str, size: int, width: int) -> list[str]:
    """``text.wrap`` remembered."""
    key = (words, size, width)
    found = _WRAPPED.get(key)
    if found is None:
        if len(_WRAPPED) > 3000:
            _WRAPPED.clear()
        found = _WRAPPED[key] = text.wrap(words, size, width)
    return found


def draw_mini_card(surface: pygame.Surface, rect: pygame.Rect, face_up: bool,
                   colour: Color = PAPER) -> None:
    """A small card in a pile: face up (paper) or face down (a back)."""
    if face_up:
        pygame.draw.rect(surface, colour, rect, border_radius=3)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=3)
    else:
        pygame.draw.rect(surface, (120, 40, 36), rect, border_radius=3)
        pygame.draw.rect(surface, GOLD, rect, 1, border_radius=3)
