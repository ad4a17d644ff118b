"""Screen layout and the mapping between table millimetres and window pixels.

The table is drawn from above with seat 0 (the person) at the bottom of the screen: table +y
(away from seat 0) is screen up. The table area is the window minus the side panel on the
right; the mapping is rebuilt whenever the window is resized, so clicks and drawing always
agree. No pygame here: plain numbers, so it is tested without a window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wokphysics.config.table import TableConfig

PANEL_FRACTION = 0.27
"""Share of the window's width given to the side panel (bounded below)."""
MIN_PANEL_PX = 250
MAX_PANEL_PX = 420
PILE_SCALE = 0.6
"""Collected cards are drawn this much smaller than the cards in the wok (they must fit along
the seat's edge, one group per ingredient)."""
PILE_FAN_MM = 6.0
"""Each further card of a group lies this much nearer its player than the one before."""
SEAT_TURN = (0.0, -math.pi / 2, math.pi, math.pi / 2)
"""The turn (rad) that takes seat 0's side of the table (the bottom) to each seat's side."""


@dataclass(frozen=True)
class ScreenMap:
    """Table mm <-> screen px for one window size.

    Attributes:
        scale: pixels per millimetre.
        cx, cy: screen position of the table origin (the wok's centre), px.
        area: the table area of the window (x, y, w, h), px.
        panel: the side panel (x, y, w, h), px.
    """

    scale: float
    cx: float
    cy: float
    area: tuple[int, int, int, int]
    panel: tuple[int, int, int, int]

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Table point (mm) -> screen point (px)."""
        return self.cx + x * self.scale, self.cy - y * self.scale

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        """Screen point (px) -> table point (mm)."""
        return (sx - self.cx) / self.scale, (self.cy - sy) / self.scale

    def length(self, mm: float) -> float:
        """A length in mm as px."""
        return mm * self.scale

    def in_table_area(self, sx: float, sy: float) -> bool:
        x, y, w, h = self.area
        return x <= sx < x + w and y <= sy < y + h


def view_half_extent(cfg: TableConfig) -> float:
    """Half the side of the square of table shown, mm: the wok, the hands' margin and room for a
    card lying just outside, never more than the table itself."""
    wok_half = max(cfg.wok.width_mm, cfg.wok.depth_mm) / 2.0
    table_half = max(cfg.table.width_mm, cfg.table.depth_mm) / 2.0
    reach = wok_half + cfg.table.hand_margin_mm + cfg.card.length_mm
    return min(table_half, reach)


def layout(cfg: TableConfig, width: int, height: int, panel_below: int = 0) -> ScreenMap:
    """The screen map of a ``width`` x ``height`` window: the table area at the left and the
    panel at the right; with ``panel_below`` (px), the table area above a panel that high
    and as wide as the window (reflowed at a UI scale: the view pans up and down only)."""
    if panel_below > 0:
        area_h = max(1, height - panel_below)
        half = view_half_extent(cfg)
        return ScreenMap(scale=min(width, area_h) / (2.0 * half), cx=width / 2.0,
                         cy=area_h / 2.0, area=(0, 0, width, area_h),
                         panel=(0, area_h, width, height - area_h))
    panel_w = int(min(MAX_PANEL_PX, max(MIN_PANEL_PX, width * PANEL_FRACTION)))
    panel_w = min(panel_w, max(0, width - 200))
    area_w = max(1, width - panel_w)
    area_h = max(1, height)
    half = view_half_extent(cfg)
    scale = min(area_w, area_h) / (2.0 * half)
    return ScreenMap(
        scale=scale,
        cx=area_w / 2.0,
        cy=area_h / 2.0,
        area=(0, 0, area_w, area_h),
        panel=(area_w, 0, width - area_w, height),
    )


def pile_spots(cfg: TableConfig, seat: int, groups: int) -> list[tuple[float, float, float]]:
    """Where each of ``groups`` collected-card groups of ``seat`` lies: (x_mm, y_mm, angle_rad)
    of its front card, in a row along the seat's edge just beyond its player aid (each further
    card of a group ``PILE_FAN_MM`` nearer the player)."""
    width = cfg.card.width_mm * PILE_SCALE
    length = cfg.card.length_mm * PILE_SCALE
    span = cfg.wok.width_mm * 0.8
    step = min(width * 1.15, span / max(1, groups))
    out = cfg.wok.depth_mm / 2.0 + 22.0 + 8.0 + length / 2.0  # past the aid
    turn = SEAT_TURN[seat]
    c, s = math.cos(turn), math.sin(turn)
    spots = []
    for k in range(groups):
        u, v = (k - (groups - 1) / 2.0) * step, -out
        spots.append((u * c - v * s, u * s + v * c, turn))
    return spots


def towards_player(seat: int) -> tuple[float, float]:
    """The unit vector from the wok towards ``seat``'s player (table mm axes)."""
    turn = SEAT_TURN[seat]
    return math.sin(turn), -math.cos(turn)
