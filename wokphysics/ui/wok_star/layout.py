"""Where everything of Wok Star sits in the window, and what a point on screen is.

The layout is designed at 1280 x 800 and scaled uniformly to the window (centred), so it
reads the same at any size; at 1280 x 800 every name and number is a 22 px font (capitals and
digits 12 px tall). It depends only on the window size and the state, so the drawing and the
input mapping (which hit-tests with :meth:`Layout.hit`) always agree, and the presenter's
motions are drawn between places of the same layout.

Reference layout (px at 1280 x 800)::

    +-----------------------------------------------------------------------------------+
    | top bar: round and phase, money track, Bad Publicity track, the loan               |
    | Ingredients (counters)  | Customer line: the card, Serve / | log: what happened,   |
    | Recipes: owner, dish,   | Turn away, the two sand timers,  | newest last; the      |
    |  its ingredients' counts| the deck, events, turned away    | prompt on top         |
    | (screens: setup, accounting, purchase, the end, cover this band)                  |
    | seat 1: name, pool, served | seat 2 ...  | seat 3 ...         | seat 4 ...            |
    |  unplaced dice             |             |                    |                       |
    |  preparations (targets)    |             |                    |                       |
    |  Family Character          |             |                    |                       |
    +-----------------------------------------------------------------------------------+
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from wokphysics.games.wok_star.model import Die
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.ui.reflow import Block, Flow, Move, moves, pack
from wokphysics.ui.widgets import reference_rect

BASE = (1280, 800)
FONT = 22
"""Text size (px at the reference size): capitals and digits 12 px tall."""
SMALL = 22
"""Secondary text is the same size: nothing on the board is smaller than 11 px."""
DIE = 52
"""A die's largest side (px at the reference size): 52 with one to three seats, 44 with four
(a row keeps room for ``ROW_DICE`` dice)."""
DIE_GAP = 6
ROW_DICE = 6
"""A seat's dice row is sized for this many dice (a pool of 4 and two dice given to it),
so a die given to the seat mid-round goes into a slot of its own without the others moving;
a row of more dice (a grown pool, more gifts) has smaller dice for that round."""
FACE_ROW = 20
"""Under each die its face in figures (a 22 px bold font: digits 12 px tall)."""
SEAT_HEADER = 28
DICE_ROW = 5 + DIE + FACE_ROW + 3
PREP_ROW = 46
FAMILY_ROW = 30
FAMILY_WIDE = 600.0
"""A seat's panel narrower than this (three or four seats, reference px) gives its Family
Character's card a second line (:data:`FAMILY_LINE` more): its name and effect did not fit
on one ("Grandpa Chen: the running timer is tur...")."""
FAMILY_LINE = 22
COUNTER_ROW = 26
RECIPE_ROW = 26
COUNTER_W = 226
"""An ingredient counter's width (px at the reference size; two side by side): its code chip,
the longest ingredient's name whole ("Onions and Peppers+" at 22 px, 157 px, and at the 12 px
floor or a UI scale up to 161 reference px) and its count."""
CENTER_X = 484
"""The customer line's column's left edge (px at the reference size), right of the board."""


def _empty() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class StarTarget:
    """Something on screen: ``kind`` and what it is (a seat, a die's index in ``state.dice``,
    a preparation or recipe id, a character id, a button name)."""

    kind: str
    seat: int = -1
    key: str = ""
    index: int = -1


@dataclass
class SeatLayout:
    """One seat's panel."""

    rect: pygame.Rect
    header: pygame.Rect
    dice_area: pygame.Rect
    dice: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    """(index in ``state.dice``, where it is drawn) of the unplaced dice the seat holds."""
    slots: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    """Every slot of the seat's dice row this round: (index in ``state.dice`` of the die
    the slot belongs to, its rectangle); a slot whose die was placed or given away stays
    where it is, empty (see :class:`DiceRows`)."""
    preps: dict[str, pygame.Rect] = field(default_factory=dict)
    family: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    pile: pygame.Rect = field(default_factory=_empty)


@dataclass
class StarLayout:
    """Rectangles (window px) of one frame's picture."""

    size: tuple[int, int]
    scale: float
    origin: tuple[float, float]
    top: pygame.Rect = field(default_factory=_empty)
    money: pygame.Rect = field(default_factory=_empty)
    publicity: pygame.Rect = field(default_factory=_empty)
    board: pygame.Rect = field(default_factory=_empty)
    counters: dict[str, pygame.Rect] = field(default_factory=dict)
    recipes_title: pygame.Rect = field(default_factory=_empty)
    recipes: dict[str, pygame.Rect] = field(default_factory=dict)
    center: pygame.Rect = field(default_factory=_empty)
    line_title: pygame.Rect = field(default_factory=_empty)
    card: pygame.Rect = field(default_factory=_empty)
    card_sand: pygame.Rect = field(default_factory=_empty)
    """Along the card's bottom edge: the sand left for it, read where the eyes already are."""
    serve: pygame.Rect = field(default_factory=_empty)
    turn_away: pygame.Rect = field(default_factory=_empty)
    extra: pygame.Rect = field(default_factory=_empty)
    """Pass / Next card / Done (leftover dice), when one of them may be clicked."""
    timers: list[pygame.Rect] = field(default_factory=list)
    deck: pygame.Rect = field(default_factory=_empty)
    events: pygame.Rect = field(default_factory=_empty)
    bad: pygame.Rect = field(default_factory=_empty)
    log: pygame.Rect = field(default_factory=_empty)
    panel: pygame.Rect = field(default_factory=_empty)
    """The middle band, where the setup, Accounting, Purchase and end screens go."""
    seats: list[SeatLayout] = field(default_factory=list)
    title: pygame.Rect = field(default_factory=_empty)
    """The top bar's round and phase."""
    loan: pygame.Rect = field(default_factory=_empty)
    """The top bar's loan."""
    moves: tuple[Move, ...] = ()
    """A reflowed layout's blocks moved from their design places (:mod:`wokphysics.ui.reflow`;
    the seats' panels are laid out where they go)."""
    stacked: bool = False
    """Whether the blocks are reflowed (a narrow view at a UI scale)."""
    hits: list[tuple[pygame.Rect, StarTarget]] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in reference px at its design place, in window px (moved with
        its block in a reflowed layout)."""
        return reference_rect(self.scale, self.origin, self.moves, x, y, w, h)

    def place(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in reference px where it goes (no block's move), in window
        px."""
        return reference_rect(self.scale, self.origin, (), x, y, w, h)

    def px(self, reference: float) -> int:
        """A length in reference px, in window px (at least 1)."""
        return max(1, round(reference * self.scale))

    @property
    def font(self) -> int:
        """The text size in window px."""
        return self.px(FONT)

    def add(self, rect: pygame.Rect, target: StarTarget) -> None:
        self.hits.append((rect, target))

    def hit(self, pos: tuple[int, int]) -> StarTarget | None:
        """What is at ``pos`` (the topmost: the last added that contains it)."""
        for rect, target in reversed(self.hits):
            if rect.collidepoint(pos):
                return target
        return None

    def seat_at(self, pos: tuple[int, int]) -> int:
        """The seat whose panel holds ``pos`` (-1: none)."""
        for seat, panel in enumerate(self.seats):
            if panel.rect.collidepoint(pos):
                return seat
        return -1

    def die_rect(self, index: int) -> pygame.Rect | None:
        for panel in self.seats:
            for found, rect in panel.dice:
                if found == index:
                    return rect
        return None


def free_dice_of(state: WokStarState, seat: int) -> list[tuple[int, Die]]:
    """(index in ``state.dice``, die) of the unplaced dice ``seat`` holds, in table order."""
    return [(i, d) for i, d in enumerate(state.dice) if d.holder == seat and d.free]


class DiceRows:
    """Which die has which slot of each seat's dice row this round, remembered from frame to
    frame so that nothing slides: a seat's row starts with the dice of its colour rolled
    this round; a die that comes to the seat later (given by a teammate, or an extra die an
    event or a character adds) takes the next slot at the end; a die keeps its slot for the
    round, shown empty once it is placed or handed to another seat (a die given back to its
    colour's seat returns to its own slot). Rebuilt from the state alone when a new round
    is rolled, another game is shown or the history is shorter than last seen (a replay
    stepping back), own dice first, then the others in table order."""

    def __init__(self) -> None:
        self._key: tuple[int, int] = (0, 0)
        self._steps = 0
        self.rows: list[list[int]] = []

    def update(self, state: WokStarState) -> list[list[int]]:
        """Each seat's slots (indices in ``state.dice``) for ``state``, in order."""
        key = (id(state), state.round)
        steps = len(state.history)
        dice = state.dice
        fresh = (key != self._key or steps < self._steps or len(self.rows) != state.num_players
                 or any(i >= len(dice) for row in self.rows for i in row))
        if fresh:
            self.rows = [[i for i, d in enumerate(dice) if d.colour == seat]
                         for seat in range(state.num_players)]
        self._key, self._steps = key, steps
        for seat, row in enumerate(self.rows):
            known = set(row)
            for i, die in enumerate(dice):
                if i not in known and (die.holder == seat or die.colour == seat):
                    row.append(i)
        return self.rows


    def swap(self, a: int, b: int, seat: int) -> None:
        """Dice ``a`` and ``b`` (indices in ``state.dice``) trade slots in ``seat``'s row: the
        engine names a die by its face and may use another die that looks the same as the
        one a person dragged; the dragged one's slot is the one that empties."""
        if not 0 <= seat < len(self.rows):
            return
        row = self.rows[seat]
        if a in row and b in row:
            i, j = row.index(a), row.index(b)
            row[i], row[j] = b, a


BLOCKS: dict[str, Block] = {
    "board": (0, 40, CENTER_X - 8, 420),
    "center": (CENTER_X - 8, 40, 452, 420),
    "log": (CENTER_X + 444, 40, 1280 - (CENTER_X + 444), 420),
}
"""The design's blocks between the top bar and the seats' panels (x, y, w, h, reference px),
in the order a reflowed layout sets them down (:func:`~wokphysics.ui.reflow.pack`): the
ingredients and recipes, the customer line, the log."""

LEAST_WIDTH = BLOCKS["board"][2]
"""The widest block that cannot be narrowed (the board), reference px."""

TOP_STACKED = 110.0
"""The top bar's height in a reflowed layout (reference px): the round and phase, then the
money track, then Bad Publicity and the loan, each on a line of its own."""

SEATS_TOP = 462.0
SEATS_H = 332.0
SEAT_GAP = 8.0


def seat_width(seats: int) -> float:
    """A seat's panel's width in the design (reference px): the seats side by side."""
    return (1264 - SEAT_GAP * (seats - 1)) / seats


def flow_height(flow: Flow, seats: int, screen: float | None = None) -> float:
    """The height of the layout reflowed to ``flow`` with ``seats`` seats (reference px);
    ``screen``: a screen's panel that high is up (see :func:`build`)."""
    _, height = pack(BLOCKS, flow.width, TOP_STACKED)
    if flow.width >= BASE[0]:
        return float(BASE[1])
    if screen is not None:
        height = SCREEN_TOP + max(SCREEN_LEAST, screen)
    width, per_row = _seat_rows(flow.width, seats)
    rows = -(-seats // per_row)
    return height + 4 + rows * (SEATS_H + 6)


def _seat_rows(view: float, seats: int) -> tuple[float, int]:
    """The seats' panels' width in a reflowed layout ``view`` reference px wide (the
    design's, at most the view's less the margins) and how many go on a row."""
    width = min(seat_width(seats), view - 16)
    return width, max(1, int((view - 16 + SEAT_GAP) // (width + SEAT_GAP)))


SCREEN_TOP = TOP_STACKED + 6
"""A reflowed layout's screen panel's top (reference px): below the top bar's three lines."""

SCREEN_LEAST = 410.0
"""A reflowed screen panel's least height (reference px): the middle band's, so that the
board, the customer line and the log, moved under it, are hidden."""


def flow_origin(width: int, flow: Flow) -> float:
    """The left edge (window px) of a layout reflowed to ``flow`` on a canvas ``width`` px
    wide: the design centred where the view is wider than its 1280 reference px."""
    return (width - min(flow.width, float(BASE[0])) * flow.unit) / 2


SEATS_GIVE = 90.0
"""How much of their height (reference px) the seats' panels give up in the design for a
replay's bar below the table, rather than the whole picture shrinking (a smaller picture
drew the floor's texts too large for its boxes: "Onions and Pepper..." on the board)."""


def build(size: tuple[int, int], state: WokStarState,
          dice_rows: DiceRows | None = None, flow: Flow | None = None,
          screen: float | None = None, below: int = 0) -> StarLayout:
    """The layout of ``state`` in a window of ``size`` px; ``dice_rows`` remembers the dice's
    slots from the layouts before (a fresh one: the slots the state alone gives); with
    ``flow``, reflowed for a view that wide (the board, the customer line and the log in
    rows, the top bar's parts on lines of their own, the seats' panels below, as many to a
    row as fit). ``screen``: a screen is up (setup, Accounting, Purchase, the end) and,
    reflowed, needs a panel that many reference px high, as wide as the view, below the top
    bar; the middle band's blocks lie under it and the seats' panels go below it.
    ``below``: px under ``size`` kept for a replay's bar: in the design the picture is
    scaled as in a window that much taller and the seats' panels give up that height (up
    to :data:`SEATS_GIVE` reference px; the picture shrinks for the rest)."""
    width, height = size
    places = dict(BLOCKS)
    seats_h = SEATS_H
    if flow is None:
        scale = min(width / BASE[0], (height + below) / BASE[1])
        short = max(0.0, BASE[1] - height / scale)
        if short > SEATS_GIVE:
            scale, short = height / (BASE[1] - SEATS_GIVE), SEATS_GIVE
        seats_h -= short
        top = 0.0 if short else (height - BASE[1] * scale) / 2
        origin = ((width - BASE[0] * scale) / 2, top)
        lay = StarLayout(size, scale, origin)
    elif screen is not None and flow.width < BASE[0]:
        places = {name: (0.0, SCREEN_TOP - 6, w, h) for name, (_, _, w, h) in BLOCKS.items()}
        lay = StarLayout(size, flow.unit, (flow_origin(width, flow), 0.0))
        lay.stacked = True
    else:
        places, _ = pack(BLOCKS, flow.width, TOP_STACKED)
        lay = StarLayout(size, flow.unit, (flow_origin(width, flow), 0.0))
        lay.stacked = places != BLOCKS
    if lay.stacked and flow is not None:  # (laid out where they go: no block's moves yet)
        view = flow.width
        lay.top = lay.rect(0, 0, view, TOP_STACKED - 4)
        lay.title = lay.rect(10, 0, view - 20, 36)
        lay.money = lay.rect(10, 38, view - 20, 28)
        lay.publicity = lay.rect(10, 72, 260, 28)
        lay.loan = lay.rect(290, 72, 110, 28)
    else:
        lay.top = lay.rect(0, 0, 1280, 40)
        lay.title = lay.rect(10, 0, 316, 40)
        lay.money = lay.rect(330, 6, 430, 28)  # room at the right for the window's Rules
        lay.publicity = lay.rect(786, 6, 260, 28)
        lay.loan = lay.rect(1056, 0, 110, 40)
    lay.moves = moves(BLOCKS, places)
    _board(lay, state)
    _center(lay, state)
    lay.log = lay.rect(CENTER_X + 448, 46, 1272 - (CENTER_X + 448), 410)
    lay.panel = lay.rect(8, 46, 1264, 410)
    rows = (dice_rows or DiceRows()).update(state)
    if lay.stacked and flow is not None:
        bottom = max(y + h for _, y, _, h in places.values())
        if screen is not None:  # the screen's panel where the middle band's blocks lie
            tall = max(SCREEN_LEAST, screen)
            lay.panel = lay.place(8, SCREEN_TOP, flow.width - 16, tall)
            bottom = SCREEN_TOP + tall + 4
        seat_w, per_row = _seat_rows(flow.width, state.num_players)
        lay.moves, kept = (), lay.moves  # the seats are laid out where they go
        _seats(lay, state, rows, (8.0, bottom + 4), seat_w, per_row)
        lay.moves = kept
    else:
        _seats(lay, state, rows, (8.0, SEATS_TOP), seat_width(state.num_players),
               state.num_players, seats_h)
    return lay


def _board(lay: StarLayout, state: WokStarState) -> None:
    lay.board = lay.rect(8, 46, CENTER_X - 16, 410)
    preps = list(state.prep_owner)
    for i, prep in enumerate(preps):
        column, row = i % 2, i // 2
        rect = lay.rect(14 + column * (COUNTER_W + 5), 74 + row * COUNTER_ROW, COUNTER_W,
                        COUNTER_ROW - 3)
        lay.counters[prep] = rect
        lay.add(rect, StarTarget("counter", key=prep, seat=state.prep_owner[prep]))
    rows = (len(preps) + 1) // 2
    top = 74 + rows * COUNTER_ROW + 6
    lay.recipes_title = lay.rect(14, top, CENTER_X - 28, 24)
    recipes = list(state.recipe_owner)
    room = 452 - (top + 26)
    step = min(RECIPE_ROW, room / max(1, len(recipes)))
    for i, recipe in enumerate(recipes):
        rect = lay.rect(14, top + 26 + i * step, CENTER_X - 28, step - 2)
        lay.recipes[recipe] = rect
        lay.add(rect, StarTarget("recipe", key=recipe, seat=state.recipe_owner[recipe]))


def _center(lay: StarLayout, state: WokStarState) -> None:
    lay.center = lay.rect(CENTER_X, 46, 440, 410)
    lay.line_title = lay.rect(CENTER_X + 8, 50, 424, 24)
    lay.card = lay.rect(CENTER_X + 8, 78, 220, 168)
    lay.card_sand = lay.rect(CENTER_X + 18, 232, 200, 8)
    lay.serve = lay.rect(CENTER_X + 8, 252, 106, 34)
    lay.turn_away = lay.rect(CENTER_X + 122, 252, 106, 34)
    lay.extra = lay.rect(CENTER_X + 240, 252, 192, 34)
    lay.timers = [lay.rect(CENTER_X + 240, 82, 58, 120), lay.rect(CENTER_X + 308, 82, 58, 120)]
    lay.deck = lay.rect(CENTER_X + 376, 82, 56, 80)
    lay.events = lay.rect(CENTER_X + 8, 296, 424, 76)
    lay.bad = lay.rect(CENTER_X + 8, 378, 424, 74)
    if state.current:
        lay.add(lay.card, StarTarget("customer", key=state.current))
        lay.add(lay.serve, StarTarget("button", key="serve"))
        lay.add(lay.turn_away, StarTarget("button", key="turn_away"))
    lay.add(lay.extra, StarTarget("button", key="extra"))
    for index, rect in enumerate(lay.timers):
        lay.add(rect, StarTarget("timer", index=index))
    lay.add(lay.deck, StarTarget("deck"))
    for index, card in enumerate(state.revealed):
        lay.add(event_chip(lay, index), StarTarget("event", key=card))


def prep_count_box(lay: StarLayout, rect: pygame.Rect) -> pygame.Rect:
    """A preparation's counter box (its figure), at the right end of its card ``rect``."""
    return pygame.Rect(rect.right - lay.px(36), rect.y + 2, lay.px(34), rect.height - 4)


def placed_die(lay: StarLayout, rect: pygame.Rect, k: int) -> pygame.Rect:
    """Where the ``k``-th die put on a preparation this round is drawn on its card ``rect``:
    along its bottom, right to left from just left of its counter box. A die put there
    flies to this place (it flew to the card's right end, over the counter box, and
    showed up here after)."""
    two_lines = rect.height >= lay.px(36)
    line_h = rect.height // 2 if two_lines else rect.height
    size = max(6, min(line_h - 6, lay.px(16)))
    box = prep_count_box(lay, rect)
    return pygame.Rect(box.x - lay.px(4) - (k + 1) * (size + 2), rect.bottom - size - 3,
                       size, size)


def event_chip(lay: StarLayout, index: int) -> pygame.Rect:
    """Where the ``index``-th event revealed this round is listed (two columns)."""
    column, row = index % 2, index // 2
    return lay.rect(CENTER_X + 8 + column * 214, 320 + row * 26, 208, 24)


def _seats(lay: StarLayout, state: WokStarState, dice_rows: list[list[int]],
           at: tuple[float, float], width: float, per_row: int,
           height: float = SEATS_H) -> None:
    """The seats' panels from ``at`` (reference px), each ``width`` wide and ``height``
    high, ``per_row`` to a row."""
    n = state.num_players
    gap = SEAT_GAP
    for seat in range(n):
        column, line = seat % per_row, seat // per_row
        x = at[0] + column * (width + gap)
        top = at[1] + line * (height + 6)
        rect = lay.rect(x, top, width, height)
        header = lay.rect(x, top, width, SEAT_HEADER)
        dice_area = lay.rect(x + 6, top + SEAT_HEADER + 2, width - 12, DICE_ROW - 4)
        panel = SeatLayout(rect, header, dice_area)
        panel.pile = lay.rect(x + width - 150, top + 3, 146, SEAT_HEADER - 6)
        slots = dice_rows[seat]
        room = width - 12
        room_for = max(ROW_DICE, len(slots))
        side = float(min(DIE, int((room - DIE_GAP * (room_for - 1)) / room_for)))
        for k, index in enumerate(slots):
            die = lay.rect(x + 6 + k * (side + DIE_GAP), top + SEAT_HEADER + 5, side, side)
            panel.slots.append((index, die))
            found = state.dice[index]
            if found.free and found.holder == seat:
                panel.dice.append((index, die))
        preps = state.preps_of(seat)
        family = state.characters[seat]
        family_h = FAMILY_ROW + (FAMILY_LINE if width < FAMILY_WIDE else 0)
        prep_top = top + SEAT_HEADER + DICE_ROW
        prep_room = height - SEAT_HEADER - DICE_ROW - family_h * len(family) - 4
        columns = max(1, int(width // 300))
        rows = max(1, -(-len(preps) // columns))
        row_h = min(PREP_ROW, prep_room / rows)
        col_w = width / columns
        for k, prep in enumerate(preps):
            column, row = k % columns, k // columns
            prect = lay.rect(x + 4 + column * col_w, prep_top + row * row_h, col_w - 8,
                             row_h - 4)
            panel.preps[prep] = prect
        fam_top = top + height - family_h * len(family)
        for k, card in enumerate(family):
            frect = lay.rect(x + 4, fam_top + k * family_h, width - 8, family_h - 4)
            panel.family.append((card.id, frect))
        lay.seats.append(panel)
        lay.add(rect, StarTarget("seat", seat=seat))
        lay.add(panel.pile, StarTarget("pile", seat=seat))
        for prep, prect in panel.preps.items():
            lay.add(prect, StarTarget("prep", seat=seat, key=prep))
        for character, frect in panel.family:
            lay.add(frect, StarTarget("family", seat=seat, key=character))
        for index, die in panel.dice:
            lay.add(die, StarTarget("die", seat=seat, index=index))
