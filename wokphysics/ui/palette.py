"""The window's colours in one place, and the state marks drawn on Wok on Fire's cards.

Colour is never the only cue. The ingredient categories have their colour (a card's band,
frame and corner dots) and the ingredient's name and picture on the card. The state marks
(what may be picked, what is named, a blind claim, the bot's choice) each have a colour that
no category uses and a pattern of their own (solid, dashed, dotted, double, striped) and,
where it matters, a badge of its own shape; so two marks differ by shape even where a
colour-vision deficiency makes their colours alike.

The colours were chosen by simulating protanopia, deuteranopia and tritanopia (Machado et al.
2009 at full severity, through the ``colorspacious`` library) and measuring CIECAM02-UCS
colour differences: ``tests/ui/test_palette.py`` checks every pair of state marks and every
mark against every category colour, on the colours and on a rendered screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Color = tuple[int, int, int]

CATEGORY_COLORS: dict[str, Color] = {
    "meat": (196, 52, 44),
    "vegetable": (46, 139, 61),
    "condiment": (226, 128, 26),
    "starch": (48, 102, 178),
}
"""The colour of each ingredient category: a Wok on Fire card's band, frame and corner dots."""

CARD_PAPER: Color = (250, 244, 228)
TABLE_WOOD: Color = (150, 104, 62)
"""The wood of the table around the wok (its middle tone)."""

EDGING: Color = (20, 16, 14)
"""The dark line each mark is edged with, so it shows on light paper and dark wood alike."""

Pattern = Literal["solid", "dashed", "dotted", "double", "striped"]
Badge = Literal["none", "round", "square"]


@dataclass(frozen=True)
class StateMark:
    """How a state is marked on a card: a frame of ``color`` in ``pattern``, ``width`` px
    at the reference window size, with a badge of ``badge`` shape for a number or a "?"."""

    name: str
    color: Color
    pattern: Pattern
    width: int
    badge: Badge = "none"
    second: Color | None = None
    """A striped frame's other colour."""


VIABLE = StateMark("viable", (255, 224, 0), "solid", 4)
"""Face up, circle and a corner showing, in the wok: may be picked now."""
VIABLE_LATER = StateMark("viable later", (255, 224, 0), "dashed", 3)
"""Viable, but a Green Pepper must be picked first."""
BLIND = StateMark("blind claim", (0, 229, 255), "dotted", 3)
"""Face up with a corner showing but the circle hidden: may be claimed blind as Chicken."""
NAMED = StateMark("named by you", (255, 255, 255), "double", 3, "round")
"""Named by the person picking (the badge holds its number; "1?" for a blind claim)."""
BOT_NAMED = StateMark("bot's choice", (16, 16, 16), "striped", 4, "square", (255, 255, 255))
"""Named by a bot (shown while the bot's pick is said)."""

STATE_MARKS: tuple[StateMark, ...] = (VIABLE, VIABLE_LATER, BLIND, NAMED, BOT_NAMED)


def relative_luminance(color: Color) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white)."""
    def channel(value: int) -> float:
        c = value / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
