"""The menu sheet drawn like the paper one, and the other players' sheets drawn small.

The paper (sections, dish headers, each serving's ingredients and points, the Fridge, Pantry,
skills, bonuses and Recipes boxes) is drawn once per window size and tile into a picture;
each frame that needs it blits that picture and draws on it what the marker did: crossings,
circles, outlines, locks crossed off, and what the person may click now (bright) or not
(dimmed, the hover says why).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.sheet import HOUSE_SPECIAL, Serving, Sheet
from wokphysics.ui import palette
from wokphysics.ui.widgets import Color, Text
from wokphysics.ui.wok_and_roll.faces import INK, PAPER, PAPER_EDGE, DiceFaces
from wokphysics.ui.wok_and_roll.hyphens import hyphenate
from wokphysics.ui.wok_and_roll.layout import (
    COLUMN,
    HEADER_H,
    LOCK,
    NAME_LINES_TOP,
    Name,
    NameRoom,
    RollLayout,
)

BOX: Color = (255, 251, 238)
CROSS: Color = palette.ROLL_CROSSED.color
"""The marker's ink (a blue pen)."""
READY: Color = palette.ROLL_READY.color
CHOSEN: Color = palette.ROLL_CHOSEN.color
SECTION_INK: Color = (150, 60, 40)
Local = Callable[[pygame.Rect], pygame.Rect]
"""Window px -> px inside the sheet's picture."""
FOOD_SECTION_ICON = {"rice": "R", "noodle": "N", "vegetable_and_meat": "V", "seafood": "S"}
NAME_SIZE = 20
"""A dish's name's font size at the reference size (px; the least font where larger)."""


HEAD_SIZE = 22
"""A header's id and bonus ("S2  +3"): its bold font's size at the reference size (px; the
least font where larger)."""


def head_label(text: Text, lay: RollLayout, gid: str, bonus: int, is_dish: bool) -> str:
    """The words at the top of ``gid``'s header: a dish's id, a platter's id and bonus two
    spaces apart, one where two would reach the lock beside it (at 2x in the smallest window
    "S2  +3" ran under its lock), drawn ``lay.px(2)`` in from the header's left."""
    if is_dish:
        return gid
    wide = f"{gid}  +{bonus}"
    lock = lay.locks.get(gid)
    header = lay.groups[gid]
    if lock is None or lock.y >= header.y + lay.px(NAME_LINES_TOP):
        return wide
    room = lock.x - header.x - lay.px(2) - 1
    font = text.font(lay.font(HEAD_SIZE), True)
    return wide if font.size(wide)[0] <= room else f"{gid} +{bonus}"


def house_label(text: Text, lay: RollLayout) -> str:
    """The House Special column's header: "House Sp.", or its id "HS" where that is wider
    than the column (at 2x in the smallest window it ran 14 px past the column's frame)."""
    words = "House Sp."
    room = lay.house_special.width - lay.px(2) - 1
    return words if text.font(lay.font(HEAD_SIZE), True).size(words)[0] <= room else "HS"


@dataclass(frozen=True)
class NameLines:
    """A dish's name as its header draws it: ``lines`` (the whole name), in a font of
    ``size`` px, ``step`` px apart, each line box ``height`` px tall."""

    lines: list[str]
    size: int
    step: int
    height: int

    def needs(self, unit: float) -> int:
        """How tall its header must be (window px at ``unit``): from the header's top to
        the last line's bottom, which may reach into the 4 reference px above the first
        serving (as the design's second line did)."""
        top = max(1, round(NAME_LINES_TOP * unit))
        return top + (len(self.lines) - 1) * self.step + self.height - max(1, round(4 * unit))


def name_lines(text: Text, name: Name, unit: float) -> NameLines:
    """A dish's name wrapped as its header draws it at ``unit`` (window px per reference
    px): as wide as the column (the text starts a reference px in; its neighbour is 4
    away), a platter's 4 reference px narrower (inside its frame), the first line short of
    the lock where the header holds one (empty where the first word is wider: the name
    starts under the lock), a word wider than the column broken with a hyphen at a
    syllable or after its own hyphen (:mod:`~wokphysics.ui.wok_and_roll.hyphens`: "Pine-" /
    "apple"; it was cut where it had to be, "Pineappl" / "e")."""
    words, locked, framed = name
    size = max(11, round(NAME_SIZE * unit))
    font = text.font(size)
    step = max(max(1, round(14 * unit)), round(font.get_linesize() * 0.85))
    width = max(1, round((COLUMN - (4 if framed else 0)) * unit))
    words = hyphenate(words, width, lambda piece: font.size(piece)[0])
    lines = text.wrap(words, size, width)
    if locked and lines:
        first = text.wrap(words, size, max(1, round((COLUMN - LOCK - 6) * unit)))[0]
        rest = words[len(first):]
        if rest and not rest.startswith(" ") and not first.endswith("-"):
            lines = ["", *lines]  # its first word is wider: the name starts under the lock
        else:
            lines = [first, *(text.wrap(rest.strip(), size, width) if rest.strip() else [])]
    return NameLines(lines, size, step, font.get_linesize())


def name_room(text: Text) -> NameRoom:
    """How much taller than the design's a header must be for each name to be drawn whole
    (reference px; :data:`~wokphysics.ui.wok_and_roll.layout.NameRoom`), measured with
    ``text``'s fonts (the least font raised as it draws)."""

    def room(names: Sequence[Name], unit: float) -> float:
        extra = 0
        for name in names:
            needs = name_lines(text, name, unit).needs(unit)
            while max(1, round((HEADER_H + extra) * unit)) < needs:
                extra += 1
        return float(extra)

    return room


@dataclass
class Marks:
    """What to draw over the paper: which servings are bright (may be cooked now), which
    target and sources are chosen."""

    ready: set[str] = field(default_factory=set)
    dim: bool = False
    """Dim every open serving that is not ready (only on the sheet of the person to act or
    the one planning at the market)."""
    target: str = ""
    target_kind: str = ""
    chosen_fridge: set[int] = field(default_factory=set)
    chosen_hats: int = 0
    chosen_circles: set[int] = field(default_factory=set)
    chosen_pantry: dict[int, int] = field(default_factory=dict)
    recipe: bool = False
    book_targets: set[tuple[str, str]] = field(default_factory=set)
    """(kind, key) of skills, bonuses and locks that may be taken now."""


def cross(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """A marker's X across ``rect``."""
    inset = rect.inflate(-max(4, rect.w // 8), -max(4, rect.h // 8))
    pygame.draw.line(surface, CROSS, inset.topleft, inset.bottomright, width)
    pygame.draw.line(surface, CROSS, inset.topright, inset.bottomleft, width)


class SheetPainter:
    """Draws a sheet into the layout's rectangles."""

    def __init__(self, faces: DiceFaces, text: Text) -> None:
        self.faces = faces
        self.text = text
        self._paper: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._shades: dict[tuple[int, int], pygame.Surface] = {}

    # ------------------------------------------------------------------ the paper
    def paper(self, lay: RollLayout, sheet: Sheet, tile: int, title: str) -> pygame.Surface:
        """The empty sheet (cached per window size, sheet, tile and title)."""
        key = (lay.size, id(sheet), tile, title)
        if self._paper is not None and self._paper[0] == key:
            return self._paper[1]
        area = lay.sheet
        image = pygame.Surface(area.size)
        image.fill((38, 44, 40))
        origin = area.topleft
        box = image.get_rect()
        pygame.draw.rect(image, PAPER, box, border_radius=lay.px(10))
        pygame.draw.rect(image, PAPER_EDGE, box, 2, border_radius=lay.px(10))

        def local(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(-origin[0], -origin[1])

        self._label(image, title, lay.font(24), local(lay.sheet_header).move(lay.px(10),
                    lay.px(5)).topleft, INK, True)
        for section, rect in lay.sections.items():
            if section == "house_special":
                continue  # its column says so; the header row holds its points
            words = sheet.titles.get(section, section).removesuffix(" section").upper()
            icon = FOOD_SECTION_ICON.get(section)
            x = local(rect).x
            if icon is not None:
                image.blit(self.faces.symbol(icon, lay.px(22)), (x, local(rect).y))
                x += lay.px(26)
            self._label(image, words, lay.font(22), (x, local(rect).y + lay.px(2)),
                        SECTION_INK, True)
        for group in sheet.groups:
            self._column(image, lay, sheet, local, group.gid, group.is_dish, group.bonus,
                         group.name, [sheet.servings[i] for i in group.servings])
        if tile >= 0:
            hs = sheet.tiles[tile]
            pygame.draw.rect(image, (240, 222, 190), local(lay.house_special),
                             border_radius=lay.px(6))
            pygame.draw.rect(image, SECTION_INK, local(lay.house_special), 2,
                             border_radius=lay.px(6))
            self._column(image, lay, sheet, local, "HS", True, 0, hs.name, list(hs.servings),
                         house_label(self.text, lay))
        self._extras(image, lay, sheet, local)
        if len(self._shades) > 20:
            self._shades.clear()
        picture = image.convert() if pygame.display.get_surface() else image
        self._paper = (key, picture)
        return picture

    def _label(self, surface: pygame.Surface, words: str, size: int, at: tuple[int, int],
               color: Color, bold: bool = False) -> pygame.Rect:
        return surface.blit(self.text.render(words, size, color, bold), at)

    def _column(self, image: pygame.Surface, lay: RollLayout, sheet: Sheet, local: Local,
                gid: str, is_dish: bool, bonus: int, name: str, servings: list[Serving],
                head: str = "") -> None:
        header = local(lay.groups[gid])
        if not is_dish:
            pygame.draw.rect(image, SECTION_INK, local(lay.columns[gid]), 2,
                             border_radius=lay.px(8))
        head = head or head_label(self.text, lay, gid, bonus, is_dish)
        self._label(image, head, lay.font(HEAD_SIZE), (header.x + lay.px(2), header.y), INK,
                    True)
        # the whole name, its lines as far apart as the font drawn needs (at a UI scale the
        # least font is larger than the reference's): the layout made the header as tall as
        # they need (layout.headers, name_room)
        locked = gid in lay.locks and lay.locks[gid].y < header.y + lay.px(NAME_LINES_TOP)
        name_at = name_lines(self.text, (name, locked, not is_dish), lay.scale)
        for k, line in enumerate(name_at.lines):
            if line:
                self._label(image, line, name_at.size, (
                    header.x + lay.px(1), header.y + lay.px(NAME_LINES_TOP) + k * name_at.step),
                    (90, 70, 56))
        for serving in servings:
            rect = local(lay.servings[serving.sid])
            self._serving_box(image, lay, sheet, serving, rect)

    def _serving_box(self, image: pygame.Surface, lay: RollLayout, sheet: Sheet, serving: Serving,
                     rect: pygame.Rect) -> None:
        pygame.draw.rect(image, BOX, rect, border_radius=lay.px(6))
        pygame.draw.rect(image, PAPER_EDGE, rect, 1, border_radius=lay.px(6))
        needs = [sheet.codes[f] for f in serving.needs]
        icon = lay.px(19)
        gap = lay.px(1)
        width = len(needs) * icon + (len(needs) - 1) * gap
        x = rect.centerx - width // 2
        for code in needs:
            image.blit(self.faces.symbol(code, icon), (x, rect.y + lay.px(4)))
            x += icon + gap
        points = self.text.render(str(serving.points), lay.font(24), INK, True)
        image.blit(points, (rect.x + lay.px(6), rect.bottom - points.get_height() - lay.px(1)))
        if serving.pantry >= 0:
            small = lay.px(16)
            spot = pygame.Rect(rect.right - small - lay.px(16), rect.bottom - small - lay.px(4),
                               small, small)
            image.blit(self.faces.symbol(sheet.codes[serving.pantry], small), spot)
            self._label(image, "P", lay.font(20), (spot.right + lay.px(2), spot.y - lay.px(1)),
                        (120, 90, 60), True)

    def _extras(self, image: pygame.Surface, lay: RollLayout, sheet: Sheet, local: Local) -> None:
        size = lay.font(20)
        if sheet.chef_hats:
            title = f"FRIDGE: Chef's Hats ({sheet.chef_hats} at the start)"
        else:
            title = f"FRIDGE (each once; {sheet.fridge_points_each} pt each left)"
        self._label(image, title, size, local(lay.fridge_area).topleft, SECTION_INK, True)
        for k, face in enumerate(sheet.fridge):
            rect = local(lay.fridge[k])
            image.blit(self.faces.symbol(sheet.codes[face], rect.w), rect)
        if sheet.pantry_points:
            area = local(lay.pantry_area)
            points = "/".join(map(str, sheet.pantry_points))
            self._label(image, f"PANTRY (spaces {points} pts)", size, area.topleft,
                        SECTION_INK, True)
            for (food, slot), rect in lay.pantry.items():
                rect = local(rect)
                pygame.draw.rect(image, BOX, rect, border_radius=lay.px(4))
                pygame.draw.rect(image, PAPER_EDGE, rect, 1, border_radius=lay.px(4))
                icon = rect.h - lay.px(4)
                image.blit(self.faces.symbol(sheet.codes[food], icon),
                           (rect.x + lay.px(2), rect.y + lay.px(2)))
                self._label(image, str(sheet.pantry_points[slot]), size,
                            (rect.x + icon + lay.px(5), rect.y + lay.px(2)), INK)
        area = local(lay.skills_area)
        self._label(image, f"SPECIALTY SKILLS ({sheet.conversion_cost} Books each)", size,
                    area.topleft, SECTION_INK, True)
        area = local(lay.bonus_area)
        self._label(image, f"END-GAME BONUS ({sheet.rectangle_cost} Books each)", size,
                    area.topleft, SECTION_INK, True)
        for rect_model in sheet.rectangles:
            rect = local(lay.rectangles[rect_model.rid])
            pygame.draw.rect(image, BOX, rect)
            pygame.draw.rect(image, PAPER_EDGE, rect, 1)
            if rect_model.per < 0:
                words = f"Skill x{rect_model.points}"
                self._label(image, words, size, (rect.x + lay.px(4), rect.y + lay.px(5)), INK,
                            True)
            else:
                icon = rect.h - lay.px(6)
                image.blit(self.faces.symbol(sheet.codes[rect_model.per], icon),
                           (rect.x + lay.px(4), rect.y + lay.px(3)))
                self._label(image, f"x{rect_model.points}", size,
                            (rect.x + icon + lay.px(8), rect.y + lay.px(5)), INK, True)
        if sheet.recipes:
            area = local(lay.recipes_area)
            self._label(image, "RECIPES", size, (area.x, area.y + lay.px(8)), SECTION_INK,
                        True)
            for k, rect in enumerate(lay.recipes):
                rect = local(rect)
                pygame.draw.rect(image, BOX, rect, border_radius=lay.px(4))
                pygame.draw.rect(image, PAPER_EDGE, rect, 1, border_radius=lay.px(4))
                penalty = self.text.render(str(sheet.recipes[k]), lay.font(22), (170, 40, 30),
                                           True)
                image.blit(penalty, penalty.get_rect(center=rect.center))

    # ------------------------------------------------------------------ the marker
    def shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        key = (size[0] * 10_000 + size[1], alpha)
        found = self._shades.get(key)
        if found is None:
            found = pygame.Surface(size, pygame.SRCALPHA)
            found.fill((226, 214, 190, alpha))
            self._shades[key] = found
        return found

    def marks(self, surface: pygame.Surface, lay: RollLayout, sheet: Sheet, menu: Menu,
              marks: Marks) -> None:
        """What the marker did on ``menu``, and the bright / dimmed / chosen things."""
        width = max(2, lay.px(3))
        scores = menu.section_scores(sheet)
        for section, rect in lay.sections.items():
            points = scores.get(section if section != "house_special" else HOUSE_SPECIAL)
            if points is None:
                continue
            label = self.text.render(f"{points}", lay.font(22), CROSS, True)
            spot = label.get_rect(topright=(rect.right - lay.px(2), rect.y + lay.px(1)))
            pygame.draw.circle(surface, (255, 255, 255), spot.center, lay.px(13))
            pygame.draw.circle(surface, CROSS, spot.center, lay.px(13), 1)
            surface.blit(label, spot)
        for group in sheet.groups:
            got = menu.crossed & group.mask
            if got == group.mask:
                column = lay.columns[group.gid]
                pygame.draw.rect(surface, CROSS, column, width, border_radius=lay.px(8))
            for index in group.servings:
                serving = sheet.servings[index]
                rect = lay.servings[serving.sid]
                self._mark_serving(surface, lay, rect, serving.sid, bool(got >> index & 1),
                                   marks, width)
            if group.locked_from >= 0:
                lock = lay.locks[group.gid]
                unlocked = bool(menu.unlocked >> group.index & 1)
                surface.blit(self.faces.lock(lock.w, unlocked), lock)
                self._outline_target(surface, lock, ("unlock", group.gid), marks, width)
        if menu.hs_tile >= 0:
            tile = sheet.tiles[menu.hs_tile]
            for serving in tile.servings:
                place = lay.servings.get(serving.sid)
                if place is not None:
                    self._mark_serving(surface, lay, place, serving.sid,
                                       serving.pos < menu.hs_done, marks, width)
                    if serving.pos + 1 in tile.hats_after:
                        hat = self.faces.hat(lay.px(22), True)
                        surface.blit(hat, (place.right - hat.get_width() - lay.px(2),
                                           place.y + lay.px(26)))
        for row_index, rect in lay.row_bonus.items():
            row = sheet.rows[row_index]
            surface.blit(self.faces.symbol(sheet.codes[row.bonus], rect.w), rect)
            if menu.circled >> row_index & 1:
                pygame.draw.circle(surface, CROSS, rect.center, rect.w // 2 + lay.px(3), width)
                if menu.circle_used >> row_index & 1:
                    cross(surface, rect, width)
            if row_index in marks.chosen_circles:
                pygame.draw.circle(surface, CHOSEN, rect.center, rect.w // 2 + lay.px(6), width)
        for k, rect in lay.fridge.items():
            if menu.fridge_used >> k & 1:
                cross(surface, rect, width)
            if k in marks.chosen_fridge:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), width,
                                 border_radius=lay.px(6))
        for k, rect in enumerate(lay.hats):
            surface.blit(self.faces.hat(rect.w, k < menu.hats), rect)
            if k < menu.hats_used:
                cross(surface, rect, width)
            elif menu.hats_used <= k < menu.hats_used + marks.chosen_hats:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), width,
                                 border_radius=lay.px(6))
        for (food, slot), rect in lay.pantry.items():
            if slot < menu.pantry_circled[food]:
                pygame.draw.ellipse(surface, CROSS, rect.inflate(2, 2), width)
            if slot < menu.pantry_used[food]:
                cross(surface, rect, width)
            chosen = marks.chosen_pantry.get(food, 0)
            if menu.pantry_used[food] <= slot < menu.pantry_used[food] + chosen:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), width,
                                 border_radius=lay.px(6))
        for code, rect in lay.hexes.items():
            food = sheet.codes.index(code)
            surface.blit(self.faces.hexagon(rect.w, code, bool(menu.conversions >> food & 1)),
                         rect)
            self._outline_target(surface, rect, ("convert", code), marks, width)
        for rect_model in sheet.rectangles:
            rect = lay.rectangles[rect_model.rid]
            if menu.rectangles >> rect_model.index & 1:
                pygame.draw.rect(surface, CROSS, rect.inflate(4, 4), width)
            self._outline_target(surface, rect, ("rectangle", rect_model.rid), marks, width)
        for k, rect in enumerate(lay.recipes):
            if k < menu.recipes_used:
                cross(surface, rect, width)
            elif marks.recipe and k == menu.recipes_used:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), width,
                                 border_radius=lay.px(6))

    def _mark_serving(self, surface: pygame.Surface, lay: RollLayout, rect: pygame.Rect, sid: str,
                      crossed: bool, marks: Marks, width: int) -> None:
        if crossed:
            cross(surface, rect, width)
            return
        if marks.target == sid and marks.target_kind == "serving":
            pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), max(3, width + 1),
                             border_radius=lay.px(8))
        elif sid in marks.ready:
            pygame.draw.rect(surface, READY, rect.inflate(2, 2), width, border_radius=lay.px(7))
        elif marks.dim:
            surface.blit(self.shade(rect.size, 150), rect)

    def _outline_target(self, surface: pygame.Surface, rect: pygame.Rect,
                        key: tuple[str, str], marks: Marks, width: int) -> None:
        if (marks.target_kind, marks.target) == key:
            pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), max(3, width + 1),
                             border_radius=6)
        elif key in marks.book_targets:
            pygame.draw.rect(surface, READY, rect.inflate(4, 4), width, border_radius=6)

    # ------------------------------------------------------------------ small sheets
    def small(self, surface: pygame.Surface, rect: pygame.Rect, sheet: Sheet, menu: Menu,
              cell: int) -> None:
        """``menu`` as a grid of small squares: a column per dish (House Special last), a
        square per serving, filled when crossed; a complete dish or platter is framed."""
        columns = [(g.servings, g.mask, g.locked_from, g.index) for g in sheet.groups]
        x = rect.x
        for servings, mask, locked_from, index in columns:
            complete = menu.crossed & mask == mask
            for pos, serving in enumerate(servings):
                square = pygame.Rect(x, rect.y + pos * (cell + 2), cell, cell)
                crossed = menu.crossed >> serving & 1
                pygame.draw.rect(surface, CROSS if crossed else BOX, square)
                pygame.draw.rect(surface, PAPER_EDGE, square, 1)
                if pos == locked_from and not menu.unlocked >> index & 1:
                    pygame.draw.line(surface, (200, 150, 30), (square.x, square.y - 1),
                                     (square.right, square.y - 1), 2)
            if complete:
                frame = pygame.Rect(x - 2, rect.y - 2, cell + 4, len(servings) * (cell + 2) + 2)
                pygame.draw.rect(surface, (220, 160, 30), frame, 2)
            x += cell + 3
        if menu.hs_tile >= 0:
            tile = sheet.tiles[menu.hs_tile]
            x += 3
            for pos in range(len(tile.servings)):
                square = pygame.Rect(x, rect.y + pos * (cell + 2), cell, cell)
                pygame.draw.rect(surface, CROSS if pos < menu.hs_done else (240, 222, 190),
                                 square)
                pygame.draw.rect(surface, SECTION_INK, square, 1)
