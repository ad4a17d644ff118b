"""Drawing the table from above: the table, the wok marked by the player aids, the cards (with
their flights), highlights and the spatula.

Cards lying on the table are drawn in stacking order (``(layer, stack_order)``), then the
airborne ones, lowest first, each above its own shadow. An airborne card grows with its height
(a camera ``CAMERA_MM`` above the table) and its shadow separates from it; a flipping card is
squashed across its flip axis by ``|cos(flip_angle)|`` and shows its other side once it passes
vertical.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame
import pygame.gfxdraw

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card
from wokphysics.ui import palette
from wokphysics.ui.marks import draw_badge, draw_mark
from wokphysics.ui.palette import StateMark, relative_luminance
from wokphysics.ui.readable import readable_font
from wokphysics.ui.sprite_cache import BACK, Sprites
from wokphysics.ui.view import (
    PILE_FAN_MM,
    PILE_SCALE,
    SEAT_TURN,
    ScreenMap,
    layout,
    pile_spots,
    towards_player,
)

CAMERA_MM = 900.0
"""Height of the eye above the table: an airborne card at height h is drawn
``CAMERA_MM / (CAMERA_MM - h)`` times larger."""
SHADOW_SLANT = 0.45
"""The shadow moves this many mm along the light per mm of height."""

HAND_LABEL = "your hand: chop from here into the wok"
"""Written in the lit hand area of the person about to chop (:func:`hand_label` with the
count of cards to chop)."""
TO_CHOP_SCALE = 0.75
"""The cards about to be chopped are drawn this much smaller than the cards in the wok."""
TO_CHOP_FAN_MM = 14.0
"""Each further card about to be chopped lies this much further along the seat's edge."""


def hand_label(count: int) -> str:
    """The lit hand area's words: "your hand: 2 cards to chop into the wok"."""
    if count <= 0:
        return HAND_LABEL
    return f"your hand: {count} card{'' if count == 1 else 's'} to chop into the wok"

SEAT_COLORS: tuple[tuple[int, int, int], ...] = palette.FIRE_SEATS
"""Each seat's colour: its player aid, its panel row (:data:`palette.FIRE_SEATS`)."""

Color = tuple[int, int, int]


@dataclass
class Highlight:
    """A state mark around a card (:mod:`wokphysics.ui.palette`), with an optional badge
    ``label`` drawn at ``anchor`` (table mm: a point of the card that can be seen; None: the
    card's centre)."""

    mark: StateMark
    label: str = ""
    anchor: tuple[float, float] | None = None


def lerp_cards(before: Sequence[Card], after: Sequence[Card], share: float) -> list[Card]:
    """Cards ``share`` (0..1) of the way from ``before`` to ``after`` (same ids, same order).

    Angles take the short way round. A card that landed or took off between the two states,
    or changed place, is drawn as it is in ``after``.
    """
    if share >= 1.0 or len(before) != len(after):
        return list(after)
    result = []
    for a, b in zip(before, after, strict=True):
        if a.location != b.location or a.airborne != b.airborne or a.id != b.id:
            result.append(b)
            continue
        turn = math.remainder(b.angle - a.angle, 2 * math.pi)
        result.append(Card(
            id=b.id, ingredient=b.ingredient, face_up=b.face_up,
            x=a.x + (b.x - a.x) * share, y=a.y + (b.y - a.y) * share,
            angle=a.angle + turn * share, layer=b.layer, stack_order=b.stack_order,
            location=b.location, owner=b.owner, airborne=b.airborne,
            height=a.height + (b.height - a.height) * share,
            flip_angle=a.flip_angle + (b.flip_angle - a.flip_angle) * share,
            flip_axis=b.flip_axis,
        ))
    return result


def reflow_table(renderer: TableRenderer, window: tuple[int, int], scale: float
                 ) -> tuple[int, int] | None:
    """A Wok on Fire table's scene (the game, the practice) at UI ``scale`` in a window of
    ``window`` px: above 1, the table as large as the magnified picture drew it, at most the
    view's width, and the panel below it as wide as the view (a window's height); the
    canvas it needs (the window's width: the view pans up and down only). At scale 1: None,
    the panel at the table's right."""
    if scale <= 1.0:
        renderer.panel_below = 0
        return None
    width, height = window
    magnified = layout(renderer.cfg, round(width * scale), round(height * scale))
    side = min(width, magnified.area[2], magnified.area[3])
    renderer.panel_below = height
    return width, side + height


class TableRenderer:
    """Draws one table view into a surface; rebuild the background with :meth:`resize`."""

    def __init__(self, cfg: TableConfig, sprites: Sprites, size: tuple[int, int],
                 least_font: int | None = None) -> None:
        self.cfg = cfg
        self.least_font = readable_font(0) if least_font is None else least_font
        """The least font size of the table's words (px): the window's, at its UI scale."""
        self.sprites = sprites
        self.font = pygame.font.Font(None, readable_font(20))
        self.small = pygame.font.Font(None, readable_font(16))
        self.seat_labels: dict[int, str] = {}
        self.hand_seat: int | None = None
        self.piles: dict[int, tuple[tuple[str, int], ...]] = {}
        self.to_chop: tuple[str, ...] = ()
        """The cards the lit hand is about to chop, bottom first (sprite keys: an ingredient
        for a face-up card, ``BACK`` for a face-down one)."""
        self._spatula: pygame.Surface | None = None  # scaled once per window size
        self.background = pygame.Surface((1, 1))
        self.panel_below = 0
        """The panel's height below the table (px; 0: the panel at the table's right): a
        scene reflowed at a UI scale sets it (:func:`.view.layout`)."""
        self.map: ScreenMap = layout(cfg, *size)
        self.resize(size)

    # ------------------------------------------------------------------ the still parts
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a window of ``size`` and redraw the table background."""
        self.map = layout(self.cfg, *size, self.panel_below)
        tall = size[1] - self.panel_below  # the table area's height
        self.font = pygame.font.Font(None, max(self.least_font, int(tall / 36)))
        self.small = pygame.font.Font(None, max(self.least_font, int(tall / 52)))
        self._draw_background(size)

    def set_seats(self, labels: Mapping[int, str], hand_seat: int | None,
                  to_chop: Sequence[str] = ()) -> None:
        """Name the seats on their player aids; mark ``hand_seat``'s hand area (for a chop),
        in which ``to_chop`` (sprite keys, bottom first) are the cards about to be chopped."""
        chop = tuple(to_chop) if hand_seat is not None else ()
        if dict(labels) != self.seat_labels or hand_seat != self.hand_seat or chop != self.to_chop:
            self.seat_labels = dict(labels)
            self.hand_seat = hand_seat
            self.to_chop = chop
            self._draw_background(self.background.get_size())

    def set_piles(self, piles: Mapping[int, Sequence[tuple[str, int]]]) -> None:
        """The cards each seat has collected, grouped: ``{seat: [(ingredient, count), ...]}``
        (drawn face up in the seat's area at its edge of the table)."""
        fresh = {seat: tuple(groups) for seat, groups in piles.items() if groups}
        if fresh != self.piles:
            self.piles = fresh
            self._draw_background(self.background.get_size())

    def pile_spots(self, seat: int, groups: int) -> list[tuple[float, float, float]]:
        """Where each of ``groups`` pile groups of ``seat`` lies (:func:`.view.pile_spots`)."""
        return pile_spots(self.cfg, seat, groups)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        m = self.map
        width = max(4, round(m.length(self.cfg.card.width_mm * PILE_SCALE)))
        size = max(self.least_font, width // 2)
        font = pygame.font.Font(None, size)
        for seat, groups in self.piles.items():
            # Away from the wok, towards the player: seat 0's -y turned to the seat.
            fx, fy = towards_player(seat)
            for (key, count), (x, y, angle) in zip(groups, self.pile_spots(seat, len(groups)),
                                                   strict=True):
                image = self.sprites.card_rotated(key, width, math.degrees(angle))
                for k in range(count - 1, -1, -1):
                    sx, sy = m.to_screen(x + fx * PILE_FAN_MM * k, y + fy * PILE_FAN_MM * k)
                    surface.blit(image, image.get_rect(center=(round(sx), round(sy))))
                if count > 1:  # the count at the player's end of the group, clear of the art
                    reach = self.cfg.card.length_mm * PILE_SCALE * 0.3
                    sx, sy = m.to_screen(x + fx * reach, y + fy * reach)
                    badge = font.render(f"x{count}", True, (255, 255, 255))
                    spot = badge.get_rect(center=(round(sx), round(sy)))
                    pygame.draw.rect(surface, (30, 24, 20), spot.inflate(6, 2), border_radius=4)
                    surface.blit(badge, spot)

    def _draw_background(self, size: tuple[int, int]) -> None:
        m = self.map
        surface = pygame.Surface(size).convert()
        surface.fill((34, 30, 28))
        tile = self.sprites.table_tile
        ax, ay, aw, ah = m.area
        cfg = self.cfg
        left, top = m.to_screen(-cfg.table.width_mm / 2.0, cfg.table.depth_mm / 2.0)
        right, bottom = m.to_screen(cfg.table.width_mm / 2.0, -cfg.table.depth_mm / 2.0)
        table_rect = pygame.Rect(int(left), int(top), int(right - left), int(bottom - top))
        table_rect = table_rect.clip(pygame.Rect(ax, ay, aw, ah))
        shown = surface.get_clip()  # the part shown (the UI scale's view)
        surface.set_clip(table_rect.clip(shown))
        for x in range(table_rect.left, table_rect.right, tile.get_width()):
            for y in range(table_rect.top, table_rect.bottom, tile.get_height()):
                surface.blit(tile, (x, y))
        surface.set_clip(shown)
        # The wok: a slightly darker, oiled patch of the table inside the aids.
        wok = self.wok_rect()
        shade = pygame.Surface(wok.size, pygame.SRCALPHA)
        shade.fill((30, 14, 0, 95))
        surface.blit(shade, wok.topleft)
        pygame.draw.rect(surface, (60, 34, 16), wok, 2)
        if self.hand_seat is not None:
            hand = self.hand_rect(self.hand_seat)
            glow = pygame.Surface(hand.size, pygame.SRCALPHA)
            glow.fill((255, 240, 160, 70))
            surface.blit(glow, hand.topleft)
            pygame.draw.rect(surface, (255, 240, 160), hand, 2)
        for seat in range(4):
            self._draw_aid(surface, seat)
        shown = surface.get_clip()  # the part shown (the UI scale's view)
        surface.set_clip(table_rect.clip(shown))
        self._draw_piles(surface)
        surface.set_clip(shown)
        if self.hand_seat is not None:
            # After the piles, at the hand area's outer edge: the collected cards lie just past
            # the aid, so a label in the middle of the area would be drawn over by them.
            label = self.small.render(hand_label(len(self.to_chop)), True, (255, 246, 210))
            if self.hand_seat in (1, 3):
                label = pygame.transform.rotate(label, 90 if self.hand_seat == 1 else -90)
            surface.blit(label, self.hand_label_rect(self.hand_seat, label.get_size()))
        self.background = surface

    def wok_rect(self) -> pygame.Rect:
        """The wok's edge on screen."""
        m, wok = self.map, self.cfg.wok
        left, top = m.to_screen(-wok.width_mm / 2.0, wok.depth_mm / 2.0)
        return pygame.Rect(round(left), round(top), round(m.length(wok.width_mm)),
                           round(m.length(wok.depth_mm)))

    def aid_rect(self, seat: int) -> pygame.Rect:
        """Seat ``seat``'s player aid: a strip along its edge of the wok, just outside it."""
        m, wok = self.map, self.cfg.wok
        thick = 22.0
        hw, hd = wok.width_mm / 2.0, wok.depth_mm / 2.0
        span = 0.7
        boxes = {  # (x0, y0, x1, y1) in mm
            0: (-hw * span, -hd - thick, hw * span, -hd),
            1: (-hw - thick, -hd * span, -hw, hd * span),
            2: (-hw * span, hd, hw * span, hd + thick),
            3: (hw, -hd * span, hw + thick, hd * span),
        }
        x0, y0, x1, y1 = boxes[seat]
        left, top = m.to_screen(x0, y1)
        right, bottom = m.to_screen(x1, y0)
        return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))

    def hand_label_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """Where the hand area's label of ``size`` (px) goes: along the area's outer edge (the
        side away from the wok), clear of the player's collected cards by the aid."""
        hand = self.hand_rect(seat)
        rect = pygame.Rect((0, 0), size)
        gap = 3
        if seat == 0:
            rect.midbottom = (hand.centerx, hand.bottom - gap)
        elif seat == 2:
            rect.midtop = (hand.centerx, hand.top + gap)
        elif seat == 1:
            rect.midleft = (hand.left + gap, hand.centery)
        else:
            rect.midright = (hand.right - gap, hand.centery)
        return rect

    def to_chop_spot(self, seat: int) -> tuple[float, float, float]:
        """Where the cards about to be chopped lie in ``seat``'s hand area: (x_mm, y_mm,
        angle_rad) of the bottom card, at the end of the area on the player's right, clear of
        their collected cards (which lie in the middle of the edge) and of the area's label
        (at its outer edge)."""
        wok, card = self.cfg.wok, self.cfg.card
        width, length = card.width_mm * TO_CHOP_SCALE, card.length_mm * TO_CHOP_SCALE
        u = wok.width_mm / 2.0 - width / 2.0 - 6.0
        v = -(wok.depth_mm / 2.0 + 8.0 + length / 2.0)
        turn = SEAT_TURN[seat]
        c, s = math.cos(turn), math.sin(turn)
        return u * c - v * s, u * s + v * c, turn

    def draw_to_chop(self, surface: pygame.Surface,
                     at: tuple[float, float] | None = None) -> pygame.Rect | None:
        """The cards about to be chopped, fanned along the seat's edge: where they wait in the
        lit hand area, or centred on table point ``at`` (mm: the hand dragging them). Returns
        the screen rectangle they cover (None: nothing to chop)."""
        seat = self.hand_seat
        if seat is None or not self.to_chop:
            return None
        m = self.map
        x, y, angle = self.to_chop_spot(seat)
        # Along the edge, towards the middle: the bottom card at the end of the area.
        ux, uy = -math.cos(SEAT_TURN[seat]), -math.sin(SEAT_TURN[seat])
        if at is not None:
            middle = (len(self.to_chop) - 1) / 2.0 * TO_CHOP_FAN_MM
            x, y = at[0] - ux * middle, at[1] - uy * middle
        width = max(4, round(m.length(self.cfg.card.width_mm * TO_CHOP_SCALE)))
        covered: pygame.Rect | None = None
        for k, key in enumerate(self.to_chop):
            image = self.sprites.card_rotated(key, width, math.degrees(angle))
            sx, sy = m.to_screen(x + ux * TO_CHOP_FAN_MM * k, y + uy * TO_CHOP_FAN_MM * k)
            spot = image.get_rect(center=(round(sx), round(sy)))
            surface.blit(image, spot)
            pygame.draw.rect(surface, (255, 240, 160), spot.inflate(-2, -2), 1)
            covered = spot if covered is None else covered.union(spot)
        return covered

    def hand_rect(self, seat: int) -> pygame.Rect:
        """Where a chop must start for ``seat``: the table between the wok's edge on that side
        and the hand's reach (the margin plus a card's length)."""
        m, wok = self.map, self.cfg.wok
        hw, hd = wok.width_mm / 2.0, wok.depth_mm / 2.0
        reach = self.cfg.table.hand_margin_mm + self.cfg.card.length_mm
        boxes = {
            0: (-hw, -hd - reach, hw, -hd),
            1: (-hw - reach, -hd, -hw, hd),
            2: (-hw, hd, hw, hd + reach),
            3: (hw, -hd, hw + reach, hd),
        }
        x0, y0, x1, y1 = boxes[seat]
        left, top = m.to_screen(x0, y1)
        right, bottom = m.to_screen(x1, y0)
        return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))

    def _draw_aid(self, surface: pygame.Surface, seat: int) -> None:
        rect = self.aid_rect(seat)
        color = SEAT_COLORS[seat]
        used = seat in self.seat_labels
        fill = color if used else (120, 110, 100)
        pygame.draw.rect(surface, fill, rect, border_radius=4)
        pygame.draw.rect(surface, (30, 24, 20), rect, 2, border_radius=4)
        text = self.seat_labels.get(seat, "")
        if text:
            label = self.small.render(text, True, palette.ink_on(fill))
            if seat in (1, 3):
                label = pygame.transform.rotate(label, 90 if seat == 1 else -90)
            if label.get_width() <= rect.width + 4 and label.get_height() <= rect.height + 4:
                surface.blit(label, label.get_rect(center=rect.center))

    # ------------------------------------------------------------------ the moving parts
    def draw(
        self,
        surface: pygame.Surface,
        cards: Iterable[Card],
        highlights: Mapping[int, Highlight] | None = None,
        spatula: tuple[float, float, float] | None = None,
    ) -> None:
        """The background, then every card on the table in stacking order, then highlights.
        ``spatula`` (its blade's leading edge and angle, see :meth:`draw_spatula`): its blade
        plate is drawn under the cards (a card riding on it lies on it), its handle over
        them."""
        surface.blit(self.background, (0, 0))
        m = self.map
        if spatula is not None:
            self.draw_spatula(surface, *spatula, part="plate")
        shown = surface.get_clip()  # the part shown (the UI scale's view)
        surface.set_clip(pygame.Rect(m.area).clip(shown))
        lying: list[Card] = []
        flying: list[Card] = []
        for card in cards:
            if card.location != "wok":
                continue
            (flying if card.airborne else lying).append(card)
        lying.sort(key=lambda c: (c.layer, c.stack_order, c.id))
        flying.sort(key=lambda c: (c.height, c.id))
        width = max(4, round(m.length(self.cfg.card.width_mm)))
        marks = highlights or {}
        for card in lying:
            key = card.ingredient if card.face_up else BACK
            image = self.sprites.card_rotated(key, width, math.degrees(card.angle))
            sx, sy = m.to_screen(card.x, card.y)
            surface.blit(image, image.get_rect(center=(round(sx), round(sy))))
            mark = marks.get(card.id)
            if mark is not None:  # in the card's own stacking order: cards above cover it
                draw_mark(surface, self.card_outline(card), mark.mark, self._mark_scale())
        for card in flying:
            self._draw_flying(surface, card, width)
        self._mark_out_of_view(surface, lying)
        by_id = {c.id: c for c in lying}
        for card_id, mark in marks.items():  # the badges over everything, where they show
            marked = by_id.get(card_id)
            if marked is not None and mark.label:
                self._badge(surface, marked, mark)
        surface.set_clip(shown)
        if spatula is not None:
            self.draw_spatula(surface, *spatula, part="handle")

    def _mark_out_of_view(self, surface: pygame.Surface, lying: Sequence[Card]) -> None:
        """A card lying on the table beyond the part shown gets a marker at the view's edge
        (it will be chopped back into the wok)."""
        area = pygame.Rect(self.map.area).inflate(-16, -16)
        for card in lying:
            sx, sy = self.map.to_screen(card.x, card.y)
            if area.collidepoint(sx, sy):
                continue
            spot = (min(max(int(sx), area.left), area.right), min(max(int(sy), area.top),
                                                                  area.bottom))
            pygame.draw.circle(surface, (150, 30, 30), spot, 7)
            pygame.draw.circle(surface, (255, 240, 200), spot, 7, 2)

    def card_outline(self, card: Card) -> list[tuple[float, float]]:
        """A lying card's four corners on screen, px."""
        c, s = math.cos(card.angle), math.sin(card.angle)
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
        return [self.map.to_screen(card.x + c * lx - s * ly, card.y + s * lx + c * ly)
                for lx, ly in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))]

    def _mark_scale(self) -> float:
        """State marks' widths are for a 800 px high window; thinner below, never under 2."""
        return max(0.6, min(1.6, self.map.area[3] / 800.0))

    def _badge(self, surface: pygame.Surface, card: Card, mark: Highlight) -> None:
        x, y = mark.anchor if mark.anchor is not None else (card.x, card.y)
        dark = relative_luminance(mark.mark.color) > 0.4
        text = self.font.render(mark.label, True, (20, 20, 20) if dark else (255, 255, 255))
        draw_badge(surface, text, self.map.to_screen(x, y), mark.mark)

    def _draw_flying(self, surface: pygame.Surface, card: Card, width: int) -> None:
        m = self.map
        height = max(0.0, card.height)
        grow = CAMERA_MM / max(CAMERA_MM * 0.25, CAMERA_MM - height)
        squash = abs(math.cos(card.flip_angle))
        shown_face = card.face_up if math.cos(card.flip_angle) >= 0 else not card.face_up
        # The shadow: the card's outline flattened across the flip axis, slid along the light.
        axis = card.flip_axis
        ca, sa = math.cos(axis), math.sin(axis)
        c, s = math.cos(card.angle), math.sin(card.angle)
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
        shift = SHADOW_SLANT * height
        points = []
        for lx, ly in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)):
            dx, dy = c * lx - s * ly, s * lx + c * ly
            along = dx * ca + dy * sa
            across = (-dx * sa + dy * ca) * squash
            px = card.x + along * ca - across * sa + shift
            py = card.y + along * sa + across * ca - shift
            points.append(m.to_screen(px, py))
        alpha = int(110 * max(0.25, 1.0 - height / 500.0))
        pygame.gfxdraw.filled_polygon(surface, points, (0, 0, 0, alpha))
        # The card: turn its flip axis onto screen x, squash, turn back.
        key = card.ingredient if shown_face else BACK
        # Widths in steps of 2 px, so a rising card reuses the cached scaled copies.
        image = self.sprites.card(key, max(4, 2 * round(width * grow / 2.0)))
        image = pygame.transform.rotate(image, math.degrees(card.angle - axis))
        image = pygame.transform.scale(
            image, (image.get_width(), max(2, round(image.get_height() * squash))))
        image = pygame.transform.rotate(image, math.degrees(axis))
        sx, sy = m.to_screen(card.x, card.y)
        surface.blit(image, image.get_rect(center=(round(sx), round(sy))))

    def draw_spatula(self, surface: pygame.Surface, x: float, y: float, blade_angle: float,
                     part: str = "whole") -> None:
        """The spatula with its blade's leading edge centred on table point (x, y) mm and
        lying along ``blade_angle`` (rad), as the physics' stroke gives them
        (:attr:`~wokphysics.table.stroke.Stroke.blade`): the edge faces
        ``(sin, -cos)`` of the angle (:attr:`~wokphysics.table.stroke.Stroke.forward`), the
        blade plate reaches ``spatula.blade_length_mm`` behind it (cards ride on it there)
        and the handle runs on behind the plate.

        ``part``: "plate" (the blade alone: :meth:`draw` puts it under the cards, which lie
        on it), "handle" (the rest: over the cards, in the hand above the table) or
        "whole"."""
        m = self.map
        image = self._spatula_image()
        width, height = image.get_size()
        plate = min(height, max(1, round(m.length(self.cfg.spatula.blade_length_mm))))
        rows = {"whole": (0, height), "plate": (0, plate), "handle": (plate, height)}[part]
        if rows[1] <= rows[0]:
            return
        piece = image.subsurface(pygame.Rect(0, rows[0], width, rows[1] - rows[0]))
        # The pivot: the blade's leading edge, the sprite's top edge (a half thickness in).
        pivot = m.length(self.cfg.spatula.blade_thickness_mm / 2.0)
        turn = blade_angle + math.pi
        rotated = pygame.transform.rotate(piece, math.degrees(turn))
        # Where the piece's centre lies relative to the pivot, turned with it (screen y down).
        ox, oy = 0.0, (rows[0] + rows[1]) / 2.0 - pivot
        cx = ox * math.cos(turn) + oy * math.sin(turn)
        cy = -ox * math.sin(turn) + oy * math.cos(turn)
        sx, sy = m.to_screen(x, y)
        shown = surface.get_clip()  # the part shown (the UI scale's view)
        surface.set_clip(pygame.Rect(m.area).clip(shown))
        surface.blit(rotated, rotated.get_rect(center=(round(sx + cx), round(sy + cy))))
        surface.set_clip(shown)

    def _spatula_image(self) -> pygame.Surface:
        """The spatula sprite scaled to the window (its blade's width on the table)."""
        base = self.sprites.spatula
        scale = self.map.length(self.cfg.spatula.blade_width_mm) / base.get_width()
        width = max(4, round(base.get_width() * scale))
        height = max(4, round(base.get_height() * scale))
        if self._spatula is None or self._spatula.get_size() != (width, height):
            self._spatula = pygame.transform.smoothscale(base, (width, height))
        return self._spatula

    def card_at(self, cards: Iterable[Card], sx: float, sy: float) -> Card | None:
        """The topmost lying card under screen point (sx, sy), or None."""
        x, y = self.map.to_table(sx, sy)
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
        best: Card | None = None
        for card in cards:
            if card.location != "wok" or card.airborne:
                continue
            c, s = math.cos(card.angle), math.sin(card.angle)
            dx, dy = x - card.x, y - card.y
            lx, ly = c * dx + s * dy, -s * dx + c * dy
            if abs(lx) <= hw and abs(ly) <= hl:
                if best is None or (card.layer, card.stack_order) > (best.layer, best.stack_order):
                    best = card
        return best
