"""Where everything of Wok and Roll sits in the window, and what a point on screen is.

The layout is designed at 1280 x 800 and scaled uniformly to the window (centred). Names and
numbers are drawn at 22 px fonts or more at that size (capitals and digits 11-12 px tall);
a few labels at 20 px. It depends only on the window size, the sheet (the menu side played),
the seats and whose sheet is shown, so the drawing and the input map (:meth:`Layout.hit`)
always agree.

Reference layout (px at 1280 x 800)::

    +--------------------------------------------------------------------------------+
    | top bar: game, turn, who is at the market; the prompt                          |
    | dice tray  | the menu sheet, drawn like the paper one:             | your move  |
    | (4 white,  |   Rice | Noodle | Vegetable and Meat (rows, bonuses)  | (payment,  |
    |  2 red)    |   Seafood | House Special | Fridge, Pantry, skills,   |  buttons)  |
    | buttons    |             end-game bonuses, Recipes                 |            |
    | the other  |                                                       | log        |
    | players'   |                                                       |            |
    | sheets     |                                                       |            |
    +--------------------------------------------------------------------------------+
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from wokphysics.games.wok_and_roll.sheet import Group, Sheet
from wokphysics.ui.reflow import Block, Flow, Move, moves, pack
from wokphysics.ui.widgets import ReferenceScale

BASE = (1280, 800)
TOP = 40
LEFT = pygame.Rect(6, 46, 250, 748)
SHEET = pygame.Rect(262, 46, 764, 748)
RIGHT = pygame.Rect(1032, 46, 242, 748)
DIE = 52
COLUMN = 82
"""A dish's column (px at the reference size)."""
GAP = 4
SECTION_GAP = 12
BOX_H = 50
BOX_STEP = 54
BONUS_W = 28
LOCK_GAP = 16
"""Extra space above the first locked serving of a dish, where its lock sits."""
LOCK = 24
BUTTONS = ("reroll", "lock", "cook", "clear", "done")

NAME_LINES_TOP = 20
"""Where a dish's name starts under its header's top (reference px): below its id."""
HEADER_H = 46
"""A dish's header in the design (reference px): its id and two lines of its name."""
BAND_TOP = 36
"""The upper band's top below the sheet's (reference px)."""
LOWER_TOP = 388
"""The lower band's top below the sheet's in the design (reference px)."""

Name = tuple[str, bool, bool]
"""A dish's (or platter's) name, whether its header holds its lock (a dish locked whole:
the name's first line keeps clear of it) and whether its column is framed (a platter)."""
NameRoom = Callable[[Sequence[Name], float], float]
"""How much taller than the design's (:data:`HEADER_H`, reference px) a header must be to
hold each of the names whole, on as many lines as it needs, at a unit (window px per
reference px): the sheet's drawing measures it with the fonts it draws
(:func:`~wokphysics.ui.wok_and_roll.sheet_drawing.name_room`)."""


@dataclass(frozen=True)
class Headers:
    """How much taller the dishes' headers are than the design's (reference px): ``upper``
    in the upper band, ``lower`` in the lower band, and ``shift``, how far down the lower
    band moves for the upper band's taller columns (0 while they end above it)."""

    upper: float = 0.0
    lower: float = 0.0
    shift: float = 0.0

    extras_top: float = 0.0
    """In a reflowed layout, where the Fridge and the rest start below the sheet's top
    (reference px): under the lower band."""
    below: float = 0.0
    """In a reflowed layout, how much taller the sheet is for the Fridge, Pantry, skills,
    bonuses and Recipes set below the lower band, as wide as the sheet (beside it, their
    titles in the scale's least font ran past the sheet's edge at 2x); 0 in the design."""

    @property
    def grow(self) -> float:
        """How much taller a reflowed layout's sheet is than the design's (reference px)."""
        return self.below


def _column_height(group: Group, extra: float) -> float:
    """A dish's column from its section's title to its last serving's bottom (reference
    px), its header ``extra`` taller than the design's."""
    gap = LOCK_GAP if group.locked_from > 0 else 0
    return 24 + 52 + extra + len(group.servings) * BOX_STEP + gap + 2


def _names(groups: Sequence[Group]) -> list[Name]:
    return [(g.name, g.locked_from == 0, not g.is_dish) for g in groups]


def headers(sheet: Sheet, unit: float, room: NameRoom | None) -> Headers:
    """How much taller the headers must be at ``unit`` (window px per reference px) for
    every name of ``sheet`` to be drawn whole (the House Special tiles' names too, whichever
    is dealt), and how far down the lower band moves then; none without ``room``."""
    if room is None:
        return Headers()
    upper, lower = _bands(sheet)
    ups = [g for g in sheet.groups if g.section in upper]
    lows = [g for g in sheet.groups if g.section in lower]
    up = room(_names(ups), unit)
    low = room(_names(lows) + [(t.name, False, False) for t in sheet.tiles], unit)
    bottom = BAND_TOP + max((_column_height(g, up) for g in ups), default=0.0)
    shift = max(0.0, bottom + 4 - LOWER_TOP)
    tiles = max((len(t.servings) for t in sheet.tiles), default=0)
    lower_bottom = LOWER_TOP + shift + max(
        [_column_height(g, low) for g in lows] + [76 + low + tiles * BOX_STEP])
    extras_top = lower_bottom + SECTION_GAP
    below = extras_top + _extras(RollLayout((0, 0), 1.0, (0.0, 0.0)), sheet, SHEET.x + 8,
                                 0.0, [], []) + 8 - SHEET.h
    return Headers(up, low, shift, extras_top, max(0.0, below))


def blocks(stacked: bool, grow: float = 0.0) -> dict[str, Block]:
    """The design's blocks below the top bar (x, y, w, h, reference px), in the order a
    reflowed layout sets them down (:func:`~wokphysics.ui.reflow.pack`): the dice tray and
    your move (its payment and buttons) side by side, the menu sheet (taller by ``grow``
    when ``stacked``: its headers hold the dishes' names at the scale's least font, the view
    scrolls; :meth:`Headers.grow`), the other players' sheets and the log."""
    extra = grow if stacked else 0
    return {
        "tray": (0, 44, 259, 236),
        "panel": (1029, 44, 251, 336),
        "sheet": (259, 44, 770, 756 + extra),
        "others": (0, 280, 259, 520),
        "log": (1029, 380, 251, 420),
    }

LEAST_WIDTH = 770.0
"""The widest block that cannot be narrowed (the menu sheet), reference px."""

TOP_STACKED = 100.0
"""The top bar's height in a reflowed layout (reference px): the title, and the prompt on the
lines below it (all of it is in the move panel too)."""


def flow_height(flow: Flow, sheet: Sheet, room: NameRoom | None = None) -> float:
    """The height of the layout of ``sheet`` reflowed to ``flow`` (reference px), its
    headers as tall as ``room`` says (:func:`headers`)."""
    grow = headers(sheet, flow.unit, room).grow
    return pack(blocks(flow.width < BASE[0], grow), flow.width, TOP_STACKED)[1]


@dataclass(frozen=True)
class Hit:
    """Something on screen that a click or the pointer can land on: ``kind`` and ``key``
    (die: the position; serving: its id; lock, group: the dish's id; fridge, hat, circle:
    the item's number; pantry: ``food.slot``; convert: the food's code; rectangle: its id;
    recipe; button: its name; other: the seat; section: its id)."""

    kind: str
    key: str = ""


def _empty() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass
class RollLayout(ReferenceScale):
    """Rectangles (window px) of one frame's picture."""

    size: tuple[int, int]
    scale: float
    origin: tuple[float, float]
    top_bar: pygame.Rect = field(default_factory=_empty)
    tray: pygame.Rect = field(default_factory=_empty)
    dice: list[pygame.Rect] = field(default_factory=list)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    others: dict[int, pygame.Rect] = field(default_factory=dict)
    others_area: pygame.Rect = field(default_factory=_empty)
    sheet: pygame.Rect = field(default_factory=_empty)
    sheet_header: pygame.Rect = field(default_factory=_empty)
    sections: dict[str, pygame.Rect] = field(default_factory=dict)
    groups: dict[str, pygame.Rect] = field(default_factory=dict)
    columns: dict[str, pygame.Rect] = field(default_factory=dict)
    servings: dict[str, pygame.Rect] = field(default_factory=dict)
    locks: dict[str, pygame.Rect] = field(default_factory=dict)
    row_bonus: dict[int, pygame.Rect] = field(default_factory=dict)
    house_special: pygame.Rect = field(default_factory=_empty)
    fridge_area: pygame.Rect = field(default_factory=_empty)
    fridge: dict[int, pygame.Rect] = field(default_factory=dict)
    hats: list[pygame.Rect] = field(default_factory=list)
    pantry_area: pygame.Rect = field(default_factory=_empty)
    pantry: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    skills_area: pygame.Rect = field(default_factory=_empty)
    hexes: dict[str, pygame.Rect] = field(default_factory=dict)
    bonus_area: pygame.Rect = field(default_factory=_empty)
    rectangles: dict[str, pygame.Rect] = field(default_factory=dict)
    recipes_area: pygame.Rect = field(default_factory=_empty)
    recipes: list[pygame.Rect] = field(default_factory=list)
    panel: pygame.Rect = field(default_factory=_empty)
    log: pygame.Rect = field(default_factory=_empty)
    hits: list[tuple[pygame.Rect, Hit]] = field(default_factory=list)
    moves: tuple[Move, ...] = ()
    stacked: bool = False
    """Whether the blocks are reflowed (a narrow view at a UI scale)."""
    headers: Headers = field(default_factory=Headers)
    """How much taller the dishes' headers are than the design's, for their names."""


    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """What is under ``pos`` (the first match: small things before the areas around
        them)."""
        for rect, found in self.hits:
            if rect.collidepoint(pos):
                return found
        return None

    def rect_of(self, target: Hit) -> pygame.Rect | None:
        for rect, found in self.hits:
            if found == target:
                return rect
        return None


def scale_for(size: tuple[int, int]) -> tuple[float, tuple[float, float]]:
    """The uniform scale of the reference layout in a window of ``size``, and its origin."""
    scale = min(size[0] / BASE[0], size[1] / BASE[1])
    return scale, ((size[0] - BASE[0] * scale) / 2.0, (size[1] - BASE[1] * scale) / 2.0)


def _bands(sheet: Sheet) -> tuple[list[str], list[str]]:
    """The sections of the upper band (as many as fit across) and of the lower one."""
    width = SHEET.width - 16
    used = 0
    upper: list[str] = []
    row_groups = {sid.split(".")[0] for row in sheet.rows for sid in row.sids}
    for k, section in enumerate(sheet.sections):
        groups = [g for g in sheet.groups if g.section == section]
        need = len(groups) * (COLUMN + GAP) + (BONUS_W + GAP if any(
            g.gid in row_groups for g in groups) else 0)
        if k == len(sheet.sections) - 1 and upper:
            break  # the last section goes below, beside the Fridge and the skills
        if used + need > width and upper:
            break
        upper.append(section)
        used += need + SECTION_GAP
    return upper, [s for s in sheet.sections if s not in upper]


def build_layout(size: tuple[int, int], sheet: Sheet, players: int, shown: int | None,
                 buttons: tuple[str, ...] = (), house_special: bool = False,
                 flow: Flow | None = None, room: NameRoom | None = None) -> RollLayout:
    """The layout for ``sheet`` with ``players`` seats, ``shown``'s sheet in the middle (the
    others small on the left), the buttons named (from :data:`BUTTONS`) and a House
    Special column when the shown sheet has a tile; with ``flow``, reflowed for a view that
    wide (:func:`~wokphysics.ui.reflow.pack`). The dishes' headers are as tall as ``room``
    says their names need (:func:`headers`; the design's without it)."""
    if flow is None:
        scale, origin = scale_for(size)
        lay = RollLayout(size, scale, origin)
        heads = headers(sheet, scale, room)
    else:
        heads = headers(sheet, flow.unit, room)
        design = blocks(flow.width < BASE[0], heads.grow)
        places, _ = pack(design, flow.width, TOP_STACKED)
        wide = min(flow.width, float(BASE[0]))
        lay = RollLayout(size, flow.unit, ((size[0] - wide * flow.unit) / 2.0, 0.0))
        lay.stacked = places != design
        lay.moves = moves(design, places)
    lay.headers = heads
    small: list[tuple[pygame.Rect, Hit]] = []
    large: list[tuple[pygame.Rect, Hit]] = []
    if lay.stacked and flow is not None:
        lay.top_bar = lay.rect(0, 0, flow.width, TOP_STACKED - 4)
    else:
        lay.top_bar = lay.rect(0, 0, BASE[0], TOP)

    # The dice tray: 4 white dice in a row, the red ones below; the buttons under them.
    lay.tray = lay.rect(LEFT.x, LEFT.y, LEFT.w, 226)
    for position in range(sheet.dice):
        white = position < sheet.white
        column = position if white else position - sheet.white
        y = LEFT.y + 36 if white else LEFT.y + 36 + DIE + 30
        rect = lay.rect(LEFT.x + 12 + column * (DIE + 6), y, DIE, DIE)
        lay.dice.append(rect)
        small.append((rect, Hit("die", str(position))))
    for index, name in enumerate(b for b in buttons if b in ("reroll", "lock")):
        rect = lay.rect(LEFT.x + 8 + index * 120, LEFT.y + 184, 114, 36)
        lay.buttons[name] = rect
        small.insert(0, (rect, Hit("button", name)))

    # The other players' sheets, small.
    others = [seat for seat in range(players) if seat != shown]
    area_top = LEFT.y + 236
    lay.others_area = lay.rect(LEFT.x, area_top, LEFT.w, LEFT.bottom - area_top)
    if others:
        height = min(130.0, (LEFT.bottom - area_top) / len(others))
        for k, seat in enumerate(others):
            rect = lay.rect(LEFT.x, area_top + k * height, LEFT.w, height - 6)
            lay.others[seat] = rect
            large.append((rect, Hit("other", str(seat))))

    # The sheet.
    grow = heads.grow if lay.stacked else 0
    lay.sheet = lay.rect(SHEET.x, SHEET.y, SHEET.w, SHEET.h + grow)
    lay.sheet_header = lay.rect(SHEET.x, SHEET.y, SHEET.w, 32)
    upper, lower = _bands(sheet)
    row_groups = [sid.split(".")[0] for row in sheet.rows[:1] for sid in row.sids]
    last_row_group = row_groups[-1] if row_groups else ""
    _band(lay, sheet, upper, SHEET.y + BAND_TOP, last_row_group, small, large, heads.upper)
    lower_top = SHEET.y + LOWER_TOP + heads.shift
    x = _band(lay, sheet, lower, lower_top, last_row_group, small, large, heads.lower)
    if house_special:
        _house_special(lay, sheet, x + SECTION_GAP, lower_top, small, large, heads.lower)
        x += SECTION_GAP + COLUMN
    if lay.stacked:  # below the lower band, as wide as the sheet (the view scrolls)
        _extras(lay, sheet, SHEET.x + 8, SHEET.y + heads.extras_top, small, large)
    else:  # beside the lower band, up as far as needed to end on the paper
        tall = _extras(RollLayout((0, 0), 1.0, (0.0, 0.0)), sheet, x + SECTION_GAP + 4, 0.0,
                       [], [])
        top = min(lower_top, SHEET.bottom - 4 - tall)
        _extras(lay, sheet, x + SECTION_GAP + 4, top, small, large)

    # The right column: your move (payment and buttons), then the log.
    lay.panel = lay.rect(RIGHT.x, RIGHT.y, RIGHT.w, 330)
    for index, name in enumerate(("cook", "clear", "done")):  # fixed places: no surprises
        if name not in buttons:
            continue
        rect = lay.rect(RIGHT.x + 8 + (index % 2) * 118, RIGHT.y + 246 + (index // 2) * 42,
                        110 if index < 2 else 228, 36)  # Done cooking: a row of its own
        lay.buttons[name] = rect
        small.insert(0, (rect, Hit("button", name)))
    lay.log = lay.rect(RIGHT.x, RIGHT.y + 338, RIGHT.w, RIGHT.h - 338)
    lay.hits = small + large
    return lay


def _band(lay: RollLayout, sheet: Sheet, sections: list[str], top: float, bonus_after: str,
          small: list[tuple[pygame.Rect, Hit]], large: list[tuple[pygame.Rect, Hit]],
          extra: float = 0) -> float:
    """Lay out ``sections`` across from the sheet's left edge at ``top``, the dishes' headers
    ``extra`` reference px taller than the design's; returns the x (in reference px) where
    the band ends."""
    x = SHEET.x + 8
    for section in sections:
        start = x
        for group in (g for g in sheet.groups if g.section == section):
            header = lay.rect(x, top + 26, COLUMN, HEADER_H + extra)
            lay.groups[group.gid] = header
            large.append((header, Hit("group", group.gid)))
            boxes_top = top + 76 + extra
            gap = LOCK_GAP if group.locked_from > 0 else 0
            column = lay.rect(x - 2, top + 24, COLUMN + 4, _column_height(group, extra) - 24)
            lay.columns[group.gid] = column
            for pos, index in enumerate(group.servings):
                shift = gap if pos >= group.locked_from else 0
                rect = lay.rect(x, boxes_top + pos * BOX_STEP + shift, COLUMN, BOX_H)
                sid = sheet.servings[index].sid
                lay.servings[sid] = rect
                large.append((rect, Hit("serving", sid)))
            if group.locked_from == 0:  # the whole dish: the lock beside its name
                lock = lay.rect(x + COLUMN - LOCK - 2, top + 26, LOCK, LOCK)
            elif group.locked_from > 0:  # in the gap above the first locked serving
                y = boxes_top + group.locked_from * BOX_STEP - 4 + (gap - LOCK) / 2
                lock = lay.rect(x + (COLUMN - LOCK) / 2, y, LOCK, LOCK)
            if group.locked_from >= 0:
                lay.locks[group.gid] = lock
                small.append((lock, Hit("lock", group.gid)))
            x += COLUMN + GAP
            if group.gid == bonus_after:
                for row in sheet.rows:
                    first = sheet.by_id[row.sids[0]]
                    y = boxes_top + first.pos * BOX_STEP + (BOX_H - BONUS_W) / 2
                    rect = lay.rect(x, y, BONUS_W, BONUS_W)
                    lay.row_bonus[row.index] = rect
                    small.append((rect, Hit("circle", str(row.index))))
                x += BONUS_W + GAP
        section_rect = lay.rect(start, top, x - start - GAP, 24)
        lay.sections[section] = section_rect
        large.append((section_rect, Hit("section", section)))
        x += SECTION_GAP
    return x - SECTION_GAP


def _house_special(lay: RollLayout, sheet: Sheet, x: float, top: float,
                   small: list[tuple[pygame.Rect, Hit]],
                   large: list[tuple[pygame.Rect, Hit]], extra: float = 0) -> None:
    servings = max((len(t.servings) for t in sheet.tiles), default=0)
    lay.house_special = lay.rect(x - 2, top, COLUMN + 4, 76 + extra + servings * BOX_STEP)
    header = lay.rect(x, top + 26, COLUMN, HEADER_H + extra)
    lay.groups["HS"] = header
    large.append((header, Hit("group", "HS")))
    for pos in range(servings):
        rect = lay.rect(x, top + 76 + extra + pos * BOX_STEP, COLUMN, BOX_H)
        sid = f"HS.{pos + 1}"
        lay.servings[sid] = rect
        large.append((rect, Hit("serving", sid)))
    section = lay.rect(x, top, COLUMN, 24)
    lay.sections["house_special"] = section
    large.append((section, Hit("section", "house_special")))


def _extras(lay: RollLayout, sheet: Sheet, x: float, top: float,
            small: list[tuple[pygame.Rect, Hit]], large: list[tuple[pygame.Rect, Hit]]
            ) -> float:
    """The Fridge (or Chef's Hats), the Pantry, the skills, the end-game bonuses and the
    Recipes, stacked in the lower band's right part (a reflowed layout's: below it, from
    ``x``); returns their height (reference px)."""
    width = SHEET.right - 8 - x
    y = float(top)
    title = 22  # each box's title line
    icon = 36
    lay.fridge_area = lay.rect(x, y, width, title + icon + 4)
    if sheet.chef_hats:
        for k in range(sheet.max_chef_hats):
            rect = lay.rect(x + 6 + k * (icon + 10), y + title, icon, icon)
            lay.hats.append(rect)
            small.append((rect, Hit("hat", str(k))))
    else:
        step = min(icon + 8, (width - 12) / max(1, len(sheet.fridge)))
        for k in range(len(sheet.fridge)):
            rect = lay.rect(x + 6 + k * step, y + title, icon, icon)
            lay.fridge[k] = rect
            small.append((rect, Hit("fridge", str(k))))
    large.append((lay.fridge_area, Hit("section", "fridge")))
    y += title + icon + 8
    if sheet.pantry_points:
        spaces = len(sheet.pantry_points)
        height = title + spaces * 24
        lay.pantry_area = lay.rect(x, y, width, height)
        column = min(54.0, (width - 8) / max(1, sheet.foods))
        for food in range(sheet.foods):
            for slot in range(spaces):
                rect = lay.rect(x + 6 + food * column, y + title + slot * 24, column - 6, 22)
                lay.pantry[(food, slot)] = rect
                small.append((rect, Hit("pantry", f"{food}.{slot}")))
        large.append((lay.pantry_area, Hit("section", "pantry")))
        y += height + 4
    foods = [f for f in range(sheet.foods) if sheet.conversions >> f & 1]
    hex_size = min(42.0, (width - 12) / max(1, len(foods)) - 4)
    lay.skills_area = lay.rect(x, y, width, title + hex_size + 2)
    for k, food in enumerate(foods):
        rect = lay.rect(x + 6 + k * (hex_size + 6), y + title, hex_size, hex_size)
        code = sheet.codes[food]
        lay.hexes[code] = rect
        small.append((rect, Hit("convert", code)))
    large.append((lay.skills_area, Hit("section", "skills")))
    y += title + hex_size + 6
    per_row = 3
    rows = (len(sheet.rectangles) + per_row - 1) // per_row
    lay.bonus_area = lay.rect(x, y, width, title + rows * 32)
    cell = (width - 12) / per_row
    for k, rect_model in enumerate(sheet.rectangles):
        rect = lay.rect(x + 6 + (k % per_row) * cell, y + title + (k // per_row) * 32,
                        cell - 6, 28)
        lay.rectangles[rect_model.rid] = rect
        small.append((rect, Hit("rectangle", rect_model.rid)))
    large.append((lay.bonus_area, Hit("section", "bonus")))
    y += title + rows * 32 + 4
    if sheet.recipes:
        lay.recipes_area = lay.rect(x, y, width, 34)
        for k in range(len(sheet.recipes)):
            rect = lay.rect(x + 100 + k * 52, y + 2, 46, 30)
            lay.recipes.append(rect)
            small.append((rect, Hit("recipe", str(k))))
        large.append((lay.recipes_area, Hit("recipe", "")))
        y += 34
    return y - top
