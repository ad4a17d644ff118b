"""Where everything of We Will Wok You sits in the window, and what a point on screen is.

The layout is designed at 1280 x 800 and scaled uniformly to the window (centred), so it
reads the same at any size; at 1280 x 800 card names and numbers are 21-22 px fonts
(capitals 11-12 px tall). It depends only on the window size, the state and whose hand is
shown, so the drawing and the input map (which hit-tests clicks with :meth:`Layout.hit`)
always agree, and the presenter can ask where things were before a step to fly them from
there.

Reference layout (px at 1280 x 800)::

    +--------------------------------------------------------------------------------+
    | top bar: title, whose turn, the prompt                                        |
    | coin set | row 1 (3 cards) price | woks on offer (4 columns) | players      |
    |  upper   | row 2               |                           | (coins, woks, |
    | coin set | row 3 (2 cards)       |                           |  hand, front) |
    |  lower   | row 4                 |                           | log           |
    | removed at setup (chips)         |                           |               |
    | your hand, grouped by type; symbol count                     | score, buttons|
    +--------------------------------------------------------------------------------+
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.reflow import Block, Flow, Move, moves, pack
from wokphysics.ui.widgets import ReferenceScale

BASE = (1280, 800)
CARD = (76, 104)
"""An ingredient card in a row or the hand (px at the reference size)."""
WOK = (124, 100)
CHIP = (16, 24)
BUTTONS = ("take", "clear", "arrangement", "pass")

BLOCKS: dict[str, Block] = {
    "market": (0, 44, 440, 560),
    "players": (972, 44, 308, 560),
    "offer": (440, 44, 532, 560),
    "side": (972, 604, 308, 196),
    "hand": (0, 604, 972, 196),
}
"""The design's blocks below the top bar (x, y, w, h, reference px), in the order a reflowed
layout sets them down (:func:`~wokphysics.ui.reflow.pack`): the market, the players and log,
the woks on offer, the score and buttons, the hand (as wide as the view, at most)."""

LEAST_WIDTH = 532.0
"""The widest block that cannot be narrowed (the woks on offer), reference px."""

TOP_STACKED = 150.0
"""The top bar's height in a reflowed layout (reference px): the title, the prompt on up to
three lines and the last refusal or news, each on lines of their own."""


def flow_height(flow: Flow) -> float:
    """The height of the layout reflowed to ``flow`` (reference px)."""
    return pack(BLOCKS, flow.width, TOP_STACKED, ("hand",))[1]


def _empty() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class WwwyTarget:
    """Something on screen: ``kind`` and its index (a card, a wok, a seat, a row, a set)."""

    kind: str
    index: int = 0


@dataclass
class WwwyLayout(ReferenceScale):
    """Rectangles (window px) of one frame's picture."""

    size: tuple[int, int]
    scale: float
    origin: tuple[float, float]
    top_bar: pygame.Rect = field(default_factory=_empty)
    coin_sets: list[pygame.Rect] = field(default_factory=list)
    rows: list[pygame.Rect] = field(default_factory=list)
    prices: list[pygame.Rect] = field(default_factory=list)
    row_of: list[int] = field(default_factory=list)
    row_cards: dict[int, pygame.Rect] = field(default_factory=dict)
    offer_area: pygame.Rect = field(default_factory=_empty)
    offer: dict[int, pygame.Rect] = field(default_factory=dict)
    removed_area: pygame.Rect = field(default_factory=_empty)
    removed: dict[int, pygame.Rect] = field(default_factory=dict)
    players: list[pygame.Rect] = field(default_factory=list)
    player_woks: dict[int, pygame.Rect] = field(default_factory=dict)
    log: pygame.Rect = field(default_factory=_empty)
    hand_area: pygame.Rect = field(default_factory=_empty)
    hand_cards: dict[int, pygame.Rect] = field(default_factory=dict)
    hand_groups: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    tally: pygame.Rect = field(default_factory=_empty)
    side: pygame.Rect = field(default_factory=_empty)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    hits: list[tuple[pygame.Rect, WwwyTarget]] = field(default_factory=list)
    blocks: dict[str, pygame.Rect] = field(default_factory=dict)
    """Each of :data:`BLOCKS` where it is drawn (window px), and the top bar's ("top")."""
    moves: tuple[Move, ...] = ()
    stacked: bool = False
    """Whether the blocks are reflowed (a narrow view at a UI scale)."""


    def hit(self, pos: tuple[int, int]) -> WwwyTarget | None:
        """What is under ``pos`` (the topmost thing, e.g. the overlapping hand card on top)."""
        for rect, target in self.hits:
            if rect.collidepoint(pos):
                return target
        return None


def scale_for(size: tuple[int, int]) -> tuple[float, tuple[float, float]]:
    """The uniform scale of the reference layout in a window of ``size``, and its origin."""
    scale = min(size[0] / BASE[0], size[1] / BASE[1])
    return scale, ((size[0] - BASE[0] * scale) / 2.0, (size[1] - BASE[1] * scale) / 2.0)


def hand_groups(state: WeWillWokYouState, seat: int) -> list[tuple[int, list[int]]]:
    """The seat's hand by type (type index, cards sorted by symbols then id)."""
    data = state.data
    groups: dict[int, list[int]] = {}
    for card in state.hands[seat]:
        groups.setdefault(data.card_type[card], []).append(card)
    return [(t, sorted(groups[t], key=lambda c: (data.card_symbols[c], c)))
            for t in sorted(groups)]


def build_layout(size: tuple[int, int], state: WeWillWokYouState, hand_seat: int | None,
                 buttons: Sequence[str] = (), flow: Flow | None = None) -> WwwyLayout:
    """The layout of ``state`` in a window of ``size`` with ``hand_seat``'s hand shown (None:
    no hand) and the side buttons ``buttons`` (names from :data:`BUTTONS`); with ``flow``,
    reflowed for a view that wide (:func:`flow_blocks`)."""
    if flow is None:
        scale, origin = scale_for(size)
        lay = WwwyLayout(size, scale, origin)
        places = dict(BLOCKS)
    else:
        places, _ = pack(BLOCKS, flow.width, TOP_STACKED, ("hand",))
        wide = min(flow.width, float(BASE[0]))
        lay = WwwyLayout(size, flow.unit, ((size[0] - wide * flow.unit) / 2.0, 0.0))
        lay.stacked = places != BLOCKS
        lay.moves = moves(BLOCKS, places)
    hits: list[tuple[pygame.Rect, WwwyTarget]] = []
    top_h = TOP_STACKED if lay.stacked else 44.0
    bar_w = flow.width if flow is not None and lay.stacked else 1280.0
    lay.top_bar = lay.rect(0, 0, bar_w, top_h - 4)
    lay.blocks["top"] = lay.rect(0, 0, bar_w, top_h)
    for name, (bx, by, _, bh) in BLOCKS.items():
        lay.blocks[name] = lay.rect(bx, by, places[name][2], bh)
    hand_w = places["hand"][2] - 18

    # Market: each coin set beside its rows (the config says which rows a set prices); the
    # price tag at each row's end. Four rows of up to 3 cards keep the full card size; more
    # rows or longer rows shrink the cards to fit the column.
    data = state.data
    row_sizes = data.setup.row_sizes
    sets = len(state.coin_sets)
    set_rows = [[r for r in range(len(state.rows)) if data.row_coin_sets[r] == s]
                for s in range(sets)]
    pitch = min(112.0, (456.0 - 16.0 * (sets - 1)) / max(1, len(state.rows)))
    longest = max(row_sizes)
    ch = min(float(CARD[1]), pitch - 8.0, (240.0 / longest - 6.0) * CARD[1] / CARD[0])
    cw = ch * CARD[0] / CARD[1]
    top = 74.0
    for coin_set in range(sets):
        height = max(1, len(set_rows[coin_set])) * pitch - 8.0
        lay.coin_sets.append(lay.rect(12, top, 112, height))
        for offset, row in enumerate(set_rows[coin_set]):
            y = top + offset * pitch
            width = max(row_sizes[row], 1) * (cw + 6)
            lay.rows.append(lay.rect(132, y, width + 4, ch + 4))
            lay.prices.append(lay.rect(140 + width, y + min(24.0, ch / 4), 52, 56))
            lay.row_of.append(row)
            for index, card in enumerate(state.rows[row]):
                rect = lay.rect(134 + index * (cw + 6), y + 2, cw, ch)
                lay.row_cards[card] = rect
                hits.append((rect, WwwyTarget("row", row)))
            hits.append((lay.rows[-1], WwwyTarget("row", row)))
            hits.append((lay.prices[-1], WwwyTarget("row", row)))
        hits.append((lay.coin_sets[-1], WwwyTarget("coin", coin_set)))
        top += height + 24.0
    order = sorted(range(len(lay.row_of)), key=lambda i: lay.row_of[i])
    lay.rows = [lay.rows[i] for i in order]  # indexed by row number from here on
    lay.prices = [lay.prices[i] for i in order]
    lay.row_of = [lay.row_of[i] for i in order]

    # Cards removed at setup: one line of chips (24 at most).
    lay.removed_area = lay.rect(12, 556, 424, 44)
    for index, card in enumerate(state.removed):
        rect = lay.rect(12 + index * (CHIP[0] + 1.5), 574, CHIP[0], CHIP[1])
        lay.removed[card] = rect
        hits.append((rect, WwwyTarget("removed", card)))

    # Woks on offer: a grid of 4 columns.
    lay.offer_area = lay.rect(446, 48, 520, 552)
    ww, wh = WOK
    # each wok keeps its place for the whole game (a take leaves a gap; the rest do not move
    # up): its place among all woks turned up at setup, those on offer and those taken
    turned_up = sorted({*state.offer, *(w for woks in state.woks for w in woks)})
    for wok in state.offer:
        index = turned_up.index(wok)
        column, line = index % 4, index // 4
        rect = lay.rect(446 + column * (ww + 6), 74 + line * (wh + 4), ww, wh)
        lay.offer[wok] = rect
        hits.append((rect, WwwyTarget("offer", wok)))

    # Players: one box each (name, coins, woks, hand, front; their woks as tags).
    for seat in range(state.num_players):
        box = lay.rect(976, 48 + seat * 98, 292, 92)
        lay.players.append(box)
        owned = state.woks[seat]
        two_lines = len(owned) > 6  # seldom: then two lines of smaller tags
        for index, wok in enumerate(owned[:12]):
            column, line = index % 6, index // 6
            if two_lines:
                tag = lay.rect(982 + column * 47, 48 + seat * 98 + 52 + line * 20, 44, 18)
            else:
                tag = lay.rect(982 + column * 47, 48 + seat * 98 + 58, 44, 26)
            lay.player_woks[wok] = tag
            hits.append((tag, WwwyTarget("player_wok", wok)))
        hits.append((box, WwwyTarget("player", seat)))
    top_of_log = 48 + max(state.num_players, 2) * 98
    lay.log = lay.rect(976, top_of_log, 292, 600 - top_of_log)

    # The hand: grouped by type, cards overlapping when the groups do not fit side by side.
    lay.hand_area = lay.rect(12, 606, hand_w, 188)
    lay.tally = lay.rect(12, 758, hand_w, 36)
    cw, ch = CARD
    if hand_seat is not None:
        groups = hand_groups(state, hand_seat)
        total = sum(len(members) for _, members in groups)
        gap = 14
        room = hand_w - gap * max(0, len(groups) - 1)
        pitch = cw + 4.0
        overlapping = total - len(groups)  # cards drawn as strips when groups overlap
        if overlapping > 0 and len(groups) * cw + overlapping * pitch > room:
            # Each group shows its last card whole and the others as strips of ``pitch``.
            pitch = max(18.0, (room - len(groups) * cw) / overlapping)
        x: float = 12.0
        card_hits: list[tuple[pygame.Rect, WwwyTarget]] = []
        for type_index, members in groups:
            group_width = cw + pitch * (len(members) - 1)
            lay.hand_groups.append((type_index, lay.rect(x, 628, group_width, ch + 22)))
            for index, card in enumerate(members):
                rect = lay.rect(x + index * pitch, 650, cw, ch)
                lay.hand_cards[card] = rect
                card_hits.append((rect, WwwyTarget("hand", card)))
            x += group_width + gap
        hits.extend(reversed(card_hits))  # the card drawn last (on top) is hit first

    # The side: score if the game ended now, and the buttons.
    lay.side = lay.rect(976, 606, 292, 188)
    for index, name in enumerate(buttons):
        rect = lay.rect(982 + (index % 2) * 142, 700 + (index // 2) * 44, 136, 38)
        lay.buttons[name] = rect
        hits.insert(0, (rect, WwwyTarget("button", BUTTONS.index(name))))
    lay.hits = hits
    return lay
