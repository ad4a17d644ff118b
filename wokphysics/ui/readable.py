"""How small the window and its text may get (issue 27, "readable at any size"; no pygame).

The window is never smaller than :data:`MIN_WINDOW`: ``--size`` refuses less, and a window
resized smaller is set back to it. Every text the window draws goes through a font of at
least :data:`MIN_FONT` (:class:`~wokphysics.ui.widgets.Text` raises a smaller request to it):
pygame's default font at that size is a 12.4 px em whose rendered lines are at least
:data:`MIN_TEXT_PX` px tall, so no text is under 12 px however small the window.
"""

from __future__ import annotations

from wokphysics.errors import UserError

MIN_WINDOW = (1024, 640)
"""The smallest window the games support, px (16:10, as the 1280 x 800 default)."""

MIN_TEXT_PX = 12
"""The least height of a rendered line of text, px."""

MIN_FONT = 18
"""The least font size asked of pygame's default font (it renders lines 12-14 px tall)."""


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to :data:`MIN_WINDOW` where it is smaller."""
    return max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])


def readable_font(size: int) -> int:
    """A font size asked for, raised to :data:`MIN_FONT`."""
    return max(MIN_FONT, size)


SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
"""The UI scales offered (``--scale``, the launcher's "UI scale"): text and controls this many
times their size at scale 1 in the same window. Any other value is refused, never clamped:
every scale fits every window of at least :data:`MIN_WINDOW`, as a larger scene shown a part
at a time (:class:`~wokphysics.ui.viewport.Viewport`)."""


def parse_scale(text: str, option: str = "--scale") -> float:
    """``text`` as one of :data:`SCALES`; a :class:`~wokphysics.errors.UserError` naming
    ``option`` and what is allowed otherwise."""
    allowed = ", ".join(f"{value:g}" for value in SCALES)
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    for scale in SCALES:
        if abs(value - scale) < 1e-9:
            return scale
    raise UserError(f"{option} {text!r}: the UI scale is one of {allowed}")


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x800"`` -> (1280, 800); a UserError for anything else."""
    parts = text.lower().split("x")
    try:
        width, height = (int(part) for part in parts)
    except ValueError:
        raise UserError(f"--size {text!r}: give WIDTHxHEIGHT in pixels, e.g. 1280x800") from None
    low_w, low_h = MIN_WINDOW
    if not (low_w <= width <= 10000 and low_h <= height <= 10000):
        raise UserError(f"--size {text!r}: width {low_w}..10000 and height {low_h}..10000 "
                        f"pixels (the smallest window in which every text is 12 px or taller)")
    return width, height
