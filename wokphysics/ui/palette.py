"""The window's colours in one place: the state marks drawn on Wok on Fire's cards, and the
turn games' marks (what is chosen, ready, crossed, refused...).

Colour is never the only cue. The ingredient categories have their colour (a card's band,
frame and corner dots) and the ingredient's name and picture on the card. The state marks
(what may be picked, what is named, a blind claim, the bot's choice) each have a colour that
no category uses and a pattern of their own (solid, dashed, dotted, double, striped) and,
where it matters, a badge of its own shape; so two marks differ by shape even where a
colour-vision deficiency makes their colours alike.

The colours were chosen by simulating protanopia, deuteranopia and tritanopia (Machado et al.
2009 at full severity, through the ``colorspacious`` library) and measuring CIECAM02-UCS
colour differences: ``tests/ui/test_palette.py`` checks every pair of state marks and every
mark against every category colour, on the colours and on a rendered screenshot;
``tests/ui/test_palette_turn_games.py`` checks each turn game's marks the same way, on the
colours and on a screenshot of its window.
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


@dataclass(frozen=True)
class TurnMark:
    """A state marked in one of the turn games' windows: its ``color`` and the cue other
    than colour that tells it from the game's other marks (``cue``, said for the docs)."""

    name: str
    color: Color
    cue: str


# We Will Wok You.
WWWY_CHOSEN = TurnMark("chosen", (250, 206, 90),
                       "a 4 px frame round the wok chosen, or a 3 px one round a hand card "
                       "lifted out of the row")
"""The wok to take, the cards to pay with (gold: the window's accent)."""
WWWY_PENDING = TurnMark("being paid", (86, 180, 233),
                        "a 4 px frame round the wok with the chips already paid on it")
"""A wok taken and being paid for (sky blue; it was orange, which deuteranopia took for the
gold of a chosen wok: 10.4 apart)."""
WWWY_HOVER = TurnMark("under the pointer", (255, 255, 255),
                      "a thin 2 px frame, with its tooltip")

# Wok and Roll.
ROLL_READY = TurnMark("ready", (0, 190, 160),
                      "a thin frame on a serving or book item that may be taken now, the "
                      "others shaded")
"""What may be cooked or taken now (bluish green; the green it was fell within 10.9 of the
chosen mark's orange under protanopia)."""
ROLL_CHOSEN = TurnMark("chosen", (213, 94, 0),
                       "a thicker frame round the target and the dice and sources paying "
                       "for it")
"""The chosen target and what pays for it (vermilion)."""
ROLL_CROSSED = TurnMark("crossed", (40, 60, 150),
                        "a marker's X across the box, or a ring round a circled bonus")
"""What is crossed or circled on the sheet (the marker's blue ink)."""
ROLL_LIFTED = TurnMark("to reroll", (250, 206, 90),
                       "the die lifted out of the row, with a frame")
"""A die picked up to be rerolled (gold)."""

# Wok Star.
STAR_SOME = TurnMark("some left", (90, 200, 230),
                     "the count itself, a number above 0")
"""A counter with ingredients in it (sky blue)."""
STAR_NONE = TurnMark("none left", (240, 110, 60),
                     "the count itself, 0")
"""A counter that is empty (orange; the green and red they were fell within 11.9 of each
other under deuteranopia)."""
STAR_DROP_OK = TurnMark("drop accepted", (40, 90, 120),
                        "the die held over it, and a bubble saying why when it is refused")
"""A preparation's background while a die held over it may be put there (dark blue)."""
STAR_DROP_REFUSED = TurnMark("drop refused", (130, 70, 10),
                             "the die held over it, and the bubble saying why")
"""The same while the die may not go there (dark orange; the dark red it was could not be
told from the plain panel under protanopia, 2.1 apart)."""
STAR_PANEL: Color = (70, 60, 54)
"""A preparation's background with no die over it (Wok Star's light panel)."""
STAR_SOME_CHIP: Color = STAR_DROP_OK.color
STAR_NONE_CHIP: Color = STAR_DROP_REFUSED.color
"""A recipe's ingredient chip, white text on it, and a counter's bar: the counter's two states
(some left, none) as dark backgrounds, the drop marks' pair (they were a dark green and a dark
red)."""
STAR_SOME_ON_PAPER: Color = (0, 90, 160)
STAR_NONE_ON_PAPER: Color = (170, 70, 0)
"""A customer card's ingredient lines, on its paper: the same two states, dark enough to read
there (contrast 6.0 and 5.0; they were a green and a red)."""
STAR_PAIRS: tuple[tuple[str, Color, Color], ...] = (
    ("counter's number", STAR_SOME.color, STAR_NONE.color),
    ("recipe's chip", STAR_SOME_CHIP, STAR_NONE_CHIP),
    ("customer's line", STAR_SOME_ON_PAPER, STAR_NONE_ON_PAPER),
)
"""Wok Star's some-left / none-left pairs wherever a counter's state is shown."""

WWWY_MARKS: tuple[TurnMark, ...] = (WWWY_CHOSEN, WWWY_PENDING, WWWY_HOVER)
ROLL_MARKS: tuple[TurnMark, ...] = (ROLL_READY, ROLL_CHOSEN, ROLL_CROSSED, ROLL_LIFTED)
STAR_MARKS: tuple[TurnMark, ...] = (STAR_SOME, STAR_NONE, STAR_DROP_OK, STAR_DROP_REFUSED)
TURN_MARKS: tuple[tuple[TurnMark, ...], ...] = (WWWY_MARKS, ROLL_MARKS, STAR_MARKS)
"""Each turn game's marks, whose every pair ``tests/ui/test_palette_turn_games.py`` checks
in every simulated vision (Wok Star's drop marks also against the plain panel)."""


# The seats' colours (issue 27, part 2): ``FIRE_SEATS``, ``WWWY_SEATS``, ``STAR_SEATS``,
# ``ROLL_SEATS``. Every pair of a game's seat colours stays at least
# ``MIN_MARK_PAIR`` (15) apart in CIECAM02-UCS under simulated protanopia, deuteranopia and
# tritanopia as well as in normal vision (``tests/ui/test_palette_seats.py``). The colours a
# seat had before were close pairs: Wok Star's red and green seats' dice 6.5 apart under
# deuteranopia and 18.5 under protanopia, its blue and green 12.4 under tritanopia; Wok on
# Fire's the same two pairs (8.4, 13.0); We Will Wok You's and Wok and Roll's orange and
# green names 7.2 apart under deuteranopia, orange and pink 6.5 under tritanopia, sky blue
# and pink 11.0 under deuteranopia; Wok and Roll's fifth, yellow, 5.3 from the green under
# protanopia.
SEAT_RED: Color = (206, 62, 52)
SEAT_BLUE: Color = (52, 104, 206)
SEAT_GREEN: Color = (0, 185, 150)
"""A bluish green, lighter than the red: the grass green it was (58, 150, 74) had the red's
lightness, and protanopia and deuteranopia take hue alone for little."""
SEAT_YELLOW: Color = (214, 172, 36)

STAR_SEATS: tuple[Color, ...] = (SEAT_RED, SEAT_BLUE, SEAT_GREEN, SEAT_YELLOW)
"""Wok Star's seats 1-4: their dice, their panels' headers, the chips of what they own. A die
sits in its seat's row (a die given to another seat has a white corner), and each panel
says its seat's name: the colour is not the only cue."""
FIRE_SEATS: tuple[Color, ...] = (SEAT_RED, SEAT_BLUE, SEAT_YELLOW, SEAT_GREEN)
"""Wok on Fire's seats 0-3 round the wok: the player aid at each seat (its place at the table
and its label name the player too) and the square before each player's row in the panel."""
TURN_SEATS: tuple[Color, ...] = ((90, 195, 240), (240, 135, 60), (180, 225, 165),
                                 (180, 150, 165), (240, 225, 60))
"""We Will Wok You's (the first four) and Wok and Roll's (all five) players: their names and
frames, light enough to read on the dark table (WCAG contrast 5.3-10.5 on it): sky blue,
orange, pale green, a greyed pink, yellow. Each player's name is written beside the colour."""
WWWY_SEATS: tuple[Color, ...] = TURN_SEATS[:4]
ROLL_SEATS: tuple[Color, ...] = TURN_SEATS


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


LIGHT_INK: Color = (255, 255, 255)


def ink_on(fill: Color) -> Color:
    """The text colour for words on ``fill``: white, or the dark edging where that contrasts
    more (a label on a seat's yellow or green: white there was 2.1-2.5 in WCAG contrast)."""
    if contrast_ratio(LIGHT_INK, fill) >= contrast_ratio(EDGING, fill):
        return LIGHT_INK
    return EDGING
