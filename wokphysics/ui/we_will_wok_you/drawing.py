"""We Will Wok You's drawing: the table, the players, the hand, the end screen. Reads only.

The still picture (everything but the hover and the flights) is drawn once into a cached
surface whenever what it shows changes (an engine step, the person's choice, the window
size, the log), so a frame at rest is one blit plus the hover's outline and tooltip.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.scoring import ScoreResult
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui import palette
from wokphysics.ui.readable import MIN_FONT
from wokphysics.ui.reflow import Flow, flow_for
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.we_will_wok_you.faces import draw_symbol, type_color
from wokphysics.ui.we_will_wok_you.layout import (
    CHIP,
    LEAST_WIDTH,
    WOK,
    WwwyLayout,
    WwwyTarget,
    hand_groups,
)
from wokphysics.ui.we_will_wok_you.payment import shared_symbols, symbol_counts
from wokphysics.ui.we_will_wok_you.presenter import WwwyPresenter, card_words
from wokphysics.ui.we_will_wok_you.view import WwwyView, hand_seat, wwwy_state
from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    PANEL_BG,
    RED,
    WHITE,
    Button,
    MeasuringSurface,
    ReferenceScale,
    Scaled,
    Text,
    draw_button,
    draw_clear_tooltip,
    leaf_controls,
    newest_whole,
)

BACKGROUND = (38, 44, 40)
FELT = (48, 58, 52)
SEAT_COLORS = palette.WWWY_SEATS
BUTTON_LABELS = {"take": "Take", "clear": "Clear", "arrangement": "Arrangement",
                 "pass": "Pass"}



def heading(ui: TurnUi, state: WeWillWokYouState) -> str:
    """The turn the top bar names: the turn in play, or once the game is over the last turn
    played (it said "turn 65" over a 64-turn game, whose replay says "turn 64 of 64")."""
    done = state.turns_taken
    return ui.heading_turn(done - 1 if state.is_terminal() and done > 0 else done)

class WwwyDrawing:
    """Draws We Will Wok You from the shared ``ui`` (the state, whose view), the view and the
    presenter (the prompt, the status, the log, the tooltips' words).

    The still picture is kept in one surface and redrawn region by region: each region (the
    top bar, the market, the woks on offer, the players, the log, the hand, the side) is
    redrawn only when what it shows changed, so a bot's step costs the players' box and the
    log, not the whole table. The words of its tooltips are the presenter's."""

    def __init__(self, ui: TurnUi, view: WwwyView, presenter: WwwyPresenter) -> None:
        self.ui = ui
        self.view = view
        self.presenter = presenter
        self._still: pygame.Surface | None = None
        self._keys: dict[str, tuple[object, ...]] = {}
        self._end: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._end_flow: Flow | None = None
        """The end screen laid out for the view's width (None: the design)."""
        self._end_height: tuple[tuple[object, ...], int] | None = None
        self._panels: dict[tuple[object, ...], pygame.Surface] = {}
        self.tip_box: pygame.Rect | None = None
        """Where the last tooltip was drawn (None: none yet)."""

    # ------------------------------------------------------------------ the frame
    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """The table laid out for the view's width at a UI scale (:meth:`WwwyView.reflow`);
        the end screen back to the design (see :meth:`reflow_end`)."""
        self._end_flow = None
        return self.view.reflow(window, scale)

    def reflow_end(self, window: tuple[int, int], scale: float) -> tuple[float, int]:
        """At a UI ``scale`` above 1: the end screen laid out for the view's width (the
        title wrapped, the players' columns one below the other, each as wide as the view);
        its unit (window px per reference px) and height (window px)."""
        flow = flow_for(window, scale, LEAST_WIDTH)
        self._end_flow = flow
        key = (window, flow, self.ui.session.steps)
        if self._end_height is None or self._end_height[0] != key:
            measure = MeasuringSurface(window[0])
            self._end_height = (key, draw_end_flow(measure, self.ui, self.view, flow))
        return flow.unit, self._end_height[1]

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.size = surface.get_size()
        lay = view.layout()
        if self._still is None or self._still.get_size() != view.size:
            self._still = pygame.Surface(view.size).convert()
            self._still.fill(BACKGROUND)
            self._keys = {}
        self._draw_still(self._still, lay)
        surface.blit(self._still, (0, 0))
        self._draw_hover(surface, lay)

    def _regions(self, lay: WwwyLayout) -> dict[str, tuple[pygame.Rect,
                                                                         tuple[object, ...]]]:
        """Each region's rectangle and what its picture depends on."""
        state = wwwy_state(self.ui)
        view = self.view
        seat = hand_seat(self.ui)
        over = view.show_arrangement
        arrangement = (over, self.ui.session.steps if over else -1, seat)
        log = self.presenter.entries[-12:]
        column = lay.blocks["players"]  # down to the log
        players = pygame.Rect(column.x, column.y, column.w, lay.log.top - column.y)
        return {
            "top": (lay.blocks["top"], (self.presenter.prompt_line(),
                                               heading(self.ui, state),
                                               self.ui.person_to_act, self.presenter.status,
                                               self.presenter.status_is_error)),
            "market": (lay.blocks["market"], (
                tuple(map(tuple, state.rows)), tuple(state.coin_sets), len(state.removed),
                len(state.draw), arrangement)),
            "offer": (lay.blocks["offer"], (
                tuple(state.offer), state.pending_wok, tuple(state.pending_paid),
                view.chosen_wok, len(state.box_woks), arrangement)),
            "players": (players, (
                tuple(state.coins), tuple(map(tuple, state.woks)),
                tuple(len(h) for h in state.hands), tuple(len(f) for f in state.fronts),
                state.current_player)),
            "log": (lay.log.inflate(4, 4), (len(self.presenter.entries),
                                            tuple(e.text for e in log))),
            "hand": (lay.blocks["hand"], (
                seat, tuple(state.hands[seat]) if seat is not None else (),
                tuple(view.selected), self.ui.session.current, self.ui.person_to_act)),
            "side": (lay.blocks["side"], (
                view.holdings(state, seat) if seat is not None else None, tuple(lay.buttons),
                view.take_ready(), over)),
        }

    def _draw_still(self, surface: pygame.Surface, lay: WwwyLayout) -> None:
        state = wwwy_state(self.ui)
        painters: dict[str, Callable[[pygame.Surface, WeWillWokYouState, WwwyLayout],
                                     None]] = {
            "top": self._top_bar,
            "market": self._market,
            "offer": self._offer,
            "players": self._players,
            "log": self._log,
            "hand": self._hand,
            "side": self._side,
        }
        covered = False
        for name, (rect, key) in self._regions(lay).items():
            if self._keys.get(name) == key:
                continue
            self._keys[name] = key
            shown = surface.get_clip()  # the part shown (the UI scale's view)
            surface.set_clip(pygame.Rect(rect).clip(shown))
            surface.fill(BACKGROUND, rect)
            painters[name](surface, state, lay)
            surface.set_clip(shown)
            covered = covered or name in ("market", "offer")
        if covered and self.view.show_arrangement:
            self._arrangement(surface, lay)

    # ------------------------------------------------------------------ parts
    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int],
               edge: tuple[int, int, int] | None, width: int, radius: int) -> None:
        """A rounded box, drawn once per size and colours and then blitted (rounded
        rectangles are slow to draw)."""
        key = (rect.size, fill, edge, width, radius)
        image = self._panels.get(key)
        if image is None:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            box = image.get_rect()
            pygame.draw.rect(image, fill, box, border_radius=radius)
            if edge is not None:
                pygame.draw.rect(image, edge, box, width, border_radius=radius)
            if len(self._panels) > 200:
                self._panels.clear()
            image = self._panels[key] = image.convert_alpha()
        surface.blit(image, rect)

    def _label(self, surface: pygame.Surface, text: str, size: int, at: tuple[int, int],
               color: tuple[int, int, int] = WHITE, bold: bool = False) -> pygame.Rect:
        image = self.view.text.render(text, size, color, bold)
        return surface.blit(image, at)

    def _top_bar(self, surface: pygame.Surface, state: WeWillWokYouState,
                 lay: WwwyLayout) -> None:
        pygame.draw.rect(surface, PANEL_BG, lay.top_bar)
        size = lay.font(22)
        if lay.stacked:
            self._top_lines(surface, state, lay)
            return
        title = self._label(surface,
                            f"We Will Wok You  \u00b7  {heading(self.ui, state)}",
                            size, (lay.top_bar.x + lay.px(12), lay.top_bar.y + lay.px(10)),
                            GOLD, bold=True)
        prompt = self.presenter.prompt_line()
        said = self._label(surface, prompt, size, (title.right + lay.px(24), title.y),
                           WHITE if self.ui.person_to_act else DIM)
        status = self.presenter.status  # the last refusal (red) or news, e.g. "resumed ..."
        if status:
            image = self.view.text.render(status, lay.font(18),
                                          RED if self.presenter.status_is_error else DIM)
            right = lay.top_bar.right - lay.px(12)
            if right - image.get_width() > said.right + lay.px(16):
                surface.blit(image, image.get_rect(midright=(right, lay.top_bar.centery)))

    def _top_lines(self, surface: pygame.Surface, state: WeWillWokYouState,
                   lay: WwwyLayout) -> None:
        """The top bar of a reflowed layout: the title, then the prompt and the last refusal
        or news each on lines of their own, wrapped to the bar's width."""
        size = lay.font(22)
        bar = lay.top_bar
        x, width = bar.x + lay.px(12), bar.width - lay.px(24)
        text = self.view.text
        title = f"We Will Wok You  \u00b7  {heading(self.ui, state)}"
        y = text.draw_wrapped(surface, title, size, x, bar.y + lay.px(8), width, GOLD)
        y = text.draw_wrapped(surface, self.presenter.prompt_line(), size, x, y + lay.px(2),
                              width, WHITE if self.ui.person_to_act else DIM)
        status = self.presenter.status
        if status:
            text.draw_wrapped(surface, status, lay.font(18), x, y + lay.px(2), width,
                              RED if self.presenter.status_is_error else DIM)

    def _market(self, surface: pygame.Surface, state: WeWillWokYouState,
                lay: WwwyLayout) -> None:
        self._removed(surface, state, lay)
        faces = self.view.faces
        big = lay.font(22)
        for coin_set, box in enumerate(lay.coin_sets):
            self._panel(surface, box, PANEL_BG, (120, 100, 60), 2, lay.px(8))
            coins = state.coin_sets[coin_set]
            name = state.data.setup.coin_set_names[coin_set]
            self._label(surface, f"{name.capitalize()} set", lay.font(20),
                        (box.x + lay.px(8), box.y + lay.px(8)), GOLD, bold=True)
            diameter = lay.px(26)
            for index in range(min(coins, 12)):
                column, line = index % 3, index // 3
                surface.blit(faces.coin(diameter), (box.x + lay.px(10 + column * 30),
                                                    box.y + lay.px(34 + line * 16)))
            self._label(surface, f"{coins} coins", big,
                        (box.x + lay.px(8), box.bottom - lay.px(58)), WHITE, bold=True)
            self._label(surface, "click: take 1", lay.font(17),
                        (box.x + lay.px(8), box.bottom - lay.px(30)), DIM)
        for row, rect in enumerate(lay.rows):
            self._panel(surface, rect, FELT, None, 0, lay.px(6))
            cards = state.rows[row]
            for card in cards:
                place = lay.row_cards[card]
                surface.blit(faces.ingredient(card, place.size), place)
            if not cards:
                self._label(surface, "empty", big, (rect.x + lay.px(10), rect.y + lay.px(40)),
                            DIM)
            price = lay.prices[row]
            self._panel(surface, price, PANEL_BG, None, 0, lay.px(6))
            amount = state.coin_sets[state.data.row_coin_sets[row]]
            coin = faces.coin(lay.px(22))
            surface.blit(coin, (price.x + lay.px(4), price.y + lay.px(4)))
            self._label(surface, str(amount), lay.font(24),
                        (price.x + lay.px(30), price.y + lay.px(4)), GOLD, bold=True)
            self._label(surface, f"row {row + 1}", lay.font(17),
                        (price.x + lay.px(4), price.y + lay.px(32)), DIM)

    def _removed(self, surface: pygame.Surface, state: WeWillWokYouState, lay: WwwyLayout) -> None:
        area = lay.removed_area
        left = len(state.draw)
        pile = (f"Draw pile: {left} card{'s' if left != 1 else ''} left to refill the rows"
                if left else "Draw pile: empty (rows are no longer refilled)")
        self._label(surface, pile, lay.font(18), (area.x, area.y - lay.px(24)), WHITE)
        count = len(state.removed)
        text = (f"Removed at setup ({count} cards, seen by all):" if count
                else "No cards removed at setup (4 players)")
        self._label(surface, text, lay.font(18), (area.x, area.y), DIM)
        for card, rect in lay.removed.items():
            surface.blit(self.view.faces.chip(card, rect.size), rect)

    def _offer(self, surface: pygame.Surface, state: WeWillWokYouState,
               lay: WwwyLayout) -> None:
        area = lay.offer_area
        self._label(surface, f"Woks on offer ({len(state.offer)}; {len(state.box_woks)} "
                    "in the box). Hover for details", lay.font(18), (area.x, area.y), DIM)
        for wok, rect in lay.offer.items():
            surface.blit(self.view.faces.wok(wok, rect.size), rect)
            if wok == self.view.chosen_wok:
                pygame.draw.rect(surface, palette.WWWY_CHOSEN.color, rect.inflate(6, 6), 4,
                                 border_radius=10)
            if wok == state.pending_wok:
                pygame.draw.rect(surface, palette.WWWY_PENDING.color, rect.inflate(6, 6), 4,
                                 border_radius=10)
                for index, card in enumerate(state.pending_paid):
                    chip = pygame.Rect(rect.x + lay.px(4 + index * 20), rect.bottom - lay.px(30),
                                       lay.px(CHIP[0]), lay.px(CHIP[1]))
                    surface.blit(self.view.faces.chip(card, chip.size), chip)

    def _players(self, surface: pygame.Surface, state: WeWillWokYouState,
                 lay: WwwyLayout) -> None:
        faces = self.view.faces
        current = state.current_player
        for seat, box in enumerate(lay.players):
            edge = GOLD if seat == current else SEAT_COLORS[seat % 4]
            self._panel(surface, box, PANEL_BG, edge, 3 if seat == current else 1, lay.px(8))
            marker = "  (to act)" if seat == current else ""
            self._label(surface, self.ui.names[seat] + marker, lay.font(21),
                        (box.x + lay.px(8), box.y + lay.px(5)), SEAT_COLORS[seat % 4], bold=True)
            x = box.x + lay.px(8)
            y = box.y + lay.px(28)
            big = lay.font(22)
            icon = lay.px(20)
            items = (
                (faces.coin(icon), state.coins[seat], "coins"),
                (faces.wok_icon(icon), len(state.woks[seat]), "woks"),
                (faces.back((round(icon * 0.75), icon)), len(state.hands[seat]), "hand"),
                (faces.front_icon(icon), len(state.fronts[seat]), "front"),
            )
            # the four counts fit the box at any count: the gap, the words, then the numbers
            # shrink to the least font (12 px); where they still do not fit (a small window),
            # the icons and numbers stand alone (the box's tooltip names them)
            word_px = lay.font(15)
            counts = [(n, w) for _, n, w in items]

            def width_of(word_px: int, words: bool, big: int,
                         counts: list[tuple[int, str]] = counts, icon: int = icon,
                         text: Text = self.view.text) -> int:
                return sum(icon + lay.px(4) + text.font(big, True).size(str(n))[0]
                           + lay.px(3) + (text.font(word_px).size(w)[0] if words else 0)
                           for n, w in counts)

            room = box.width - lay.px(16)
            needed = width_of(word_px, True, big)
            gap = max(lay.px(3), min(lay.px(10), (room - needed) // (len(items) - 1)))
            while needed + gap * (len(items) - 1) > room and word_px > MIN_FONT:
                word_px -= 1
                needed = width_of(word_px, True, big)
            while needed + gap * (len(items) - 1) > room and big > MIN_FONT:
                big -= 1
                needed = width_of(word_px, True, big)
            words = needed + gap * (len(items) - 1) <= room
            if not words:
                needed = width_of(word_px, False, big)
                gap = max(lay.px(3), min(lay.px(16), (room - needed) // (len(items) - 1)))
            for image, number, word in items:
                surface.blit(image, (x, y + lay.px(2)))
                label = self._label(surface, str(number), big, (x + icon + lay.px(4), y),
                                    WHITE, bold=True)
                x = label.right + gap
                if words:
                    small = self._label(surface, word, word_px,
                                        (label.right + lay.px(3), y + lay.px(4)), DIM)
                    x = small.right + gap
            for wok in state.woks[seat]:
                tag = lay.player_woks.get(wok)
                if tag is None:
                    continue
                card = state.data.woks[wok]
                color = (44, 84, 160) if card.is_man else (176, 44, 38)
                self._panel(surface, tag, color, None, 0, lay.px(4))
                image = self.view.text.render(card.id, lay.font(21) if tag.h > 20 else
                                              lay.font(16), WHITE, True)
                surface.blit(image, image.get_rect(center=tag.center))

    def _log(self, surface: pygame.Surface, state: WeWillWokYouState,
             lay: WwwyLayout) -> None:
        area = lay.log
        self._panel(surface, area, (30, 34, 32), None, 0, lay.px(6))
        size = lay.font(17)
        blocks = [[(line, entry.seat) for line in
                   self.view.text.wrap(entry.text, size, area.width - lay.px(12))]
                  for entry in self.presenter.entries[-12:]]
        room = max(1, (area.height - lay.px(8)) // max(1, round(size * 0.95)))
        y = area.y + lay.px(4)
        for line, seat in newest_whole(blocks, room):
            self._label(surface, line, size, (area.x + lay.px(6), y), SEAT_COLORS[seat % 4])
            y += round(size * 0.95)

    def _hand(self, surface: pygame.Surface, state: WeWillWokYouState,
              lay: WwwyLayout) -> None:
        area = lay.hand_area
        self._panel(surface, area, (32, 38, 34), None, 0, lay.px(8))
        seat = hand_seat(self.ui)
        size = lay.font(20)
        if seat is None:
            self._label(surface, f"Hands are hidden until {next_person(self.ui)} is at the "
                        "screen (hot seat)", size, (area.x + lay.px(10), area.y + lay.px(8)),
                        DIM)
            return
        owner = "Your hand" if self.ui.names[seat] == "You" else f"{self.ui.names[seat]}'s hand"
        hint = " (click cards to pay for the chosen wok)" if self.ui.person_to_act else ""
        self._label(surface, f"{owner}: {len(state.hands[seat])} cards, grouped by type{hint}",
                    size, (area.x + lay.px(10), area.y + lay.px(4)), WHITE)
        selected = set(self.view.selected)
        groups = dict(hand_groups(state, seat))
        for type_index, rect in lay.hand_groups:
            count = len(groups[type_index])
            self._label(surface, f"{state.data.type_keys[type_index].capitalize()} {count}",
                        lay.font(18), (rect.x, rect.y), type_color(type_index), bold=True)
        for card, rect in lay.hand_cards.items():
            place = rect.move(0, -lay.px(10)) if card in selected else rect
            surface.blit(self.view.faces.ingredient(card, rect.size), place)
            if card in selected:
                pygame.draw.rect(surface, palette.WWWY_CHOSEN.color, place.inflate(4, 4), 3,
                                 border_radius=8)
        self._tally(surface, state, seat, lay)

    def _tally(self, surface: pygame.Surface, state: WeWillWokYouState, seat: int,
               lay: WwwyLayout) -> None:
        area = lay.tally
        size = lay.font(21)
        counts = symbol_counts(state.data, state.hands[seat])
        x = self._label(surface, "Symbols in hand (stars count for each):", size,
                        (area.x + lay.px(10), area.y + lay.px(8)), DIM).right + lay.px(10)
        icon = lay.px(22)
        for s, name in enumerate(state.data.symbols):
            draw_symbol(surface, name, pygame.Rect(x, area.y + lay.px(6), icon, icon))
            color = GOLD if counts[s] >= state.data.needed else WHITE
            x = self._label(surface, str(counts[s]), size, (x + icon + lay.px(4),
                            area.y + lay.px(8)), color, bold=True).right + lay.px(14)
        chosen = self.view.selected
        if chosen:
            totals = symbol_counts(state.data, chosen)
            shared = shared_symbols(state.data, chosen)
            data = state.data
            parts = ", ".join(f"{data.symbols[s]} {totals[s]} of {data.needed}" for s in shared)
            self._label(surface, f"chosen {len(chosen)}: {parts}", size,
                        (x + lay.px(10), area.y + lay.px(8)), GOLD)

    def _side(self, surface: pygame.Surface, state: WeWillWokYouState,
              lay: WwwyLayout) -> None:
        area = lay.side
        self._panel(surface, area, PANEL_BG, None, 0, lay.px(8))
        seat = hand_seat(self.ui)
        if seat is not None:
            score = self.view.score_now(seat)
            self._label(surface, "If the game ended now:", lay.font(19),
                        (area.x + lay.px(8), area.y + lay.px(8)), DIM)
            self._label(surface, f"{score.total} points", lay.font(30),
                        (area.x + lay.px(8), area.y + lay.px(30)), GOLD, bold=True)
            self._label(surface, f"{score.leftover_count} cards left over, exact optimum",
                        lay.font(16), (area.x + lay.px(8), area.y + lay.px(58)), DIM)
        for name, rect in lay.buttons.items():
            enabled = name != "take" or self.view.take_ready()
            label = BUTTON_LABELS[name]
            if name == "arrangement" and self.view.show_arrangement:
                label = "Hide it"
            draw_button(surface, self.view.text, Button(rect, label, _nothing, enabled),
                        lay.font(20))

    def _arrangement(self, surface: pygame.Surface, lay: WwwyLayout) -> None:
        seat = hand_seat(self.ui)
        if seat is None:
            return
        score = self.view.score_now(seat)
        data = wwwy_state(self.ui).data
        box = (lay.blocks["market"].union(lay.blocks["offer"]).inflate(-lay.px(16), -lay.px(8))
               if lay.stacked else lay.rect(12, 48, 954, 552))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((18, 16, 14, 238))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=8)
        size = lay.font(19)
        x, y = box.x + lay.px(14), box.y + lay.px(10)
        self._label(surface, f"How {self.ui.names[seat]} would score now: {score.total} points "
                    "(the exact optimum; A or the button hides this)", lay.font(22), (x, y),
                    GOLD, bold=True)
        y += lay.px(32)
        width = box.width - lay.px(28)
        for wok in score.woks:
            men = f" + {', '.join(wok.men)} ({wok.effect})" if wok.men else ""
            line = f"{wok.wok} {wok.description}{men}: {wok.points} points ({wok.detail})"
            y = self.view.text.draw_wrapped(surface, line, size, x, y, width, WHITE)
            cards = ", ".join(card_words(data, data.card_index(c)) for c in wok.cards)
            y = self.view.text.draw_wrapped(surface, "   " + (cards or "no cards"), size - 2,
                                            x, y, width, DIM) + lay.px(4)
        left = ", ".join(card_words(data, data.card_index(c)) for c in score.leftovers)
        y = self.view.text.draw_wrapped(surface, f"Left over ({score.leftover_count}): "
                                        f"{left or 'none'}", size, x, y + lay.px(4), width,
                                        WHITE)
        if score.unused_men:
            self.view.text.draw_wrapped(surface, f"Men-at-wok not used: "
                                        f"{', '.join(score.unused_men)}", size, x, y, width, DIM)

    # ------------------------------------------------------------------ hover
    def _draw_hover(self, surface: pygame.Surface, lay: WwwyLayout) -> None:
        target = self.view.hover
        if target is None:
            return
        rect = self._target_rect(target, lay)
        if rect is None:
            return
        pygame.draw.rect(surface, palette.WWWY_HOVER.color, rect.inflate(4, 4), 2,
                         border_radius=8)
        if any(rect.collidepoint(said.at) for said in self.presenter.bubbles):
            return  # a refusal's bubble there says why already; the tooltip would cover it
        words = self.presenter.tooltip(target)
        if words:
            self._tooltip(surface, words, rect, lay)

    def _target_rect(self, target: WwwyTarget, lay: WwwyLayout) -> pygame.Rect | None:
        for rect, found in lay.hits:
            if found == target:
                if target.kind == "row":
                    return lay.rows[target.index]
                return rect
        return None

    def _tooltip(self, surface: pygame.Surface, words: str, near: pygame.Rect,
                 lay: WwwyLayout) -> None:
        """Near the pointer, covering no other control (issue 27: it covered the offer)."""
        pointer = self.view.pointer or near.center
        self.tip_box = draw_clear_tooltip(surface, self.view.text, words, pointer,
                                          lay.font(19), lay.px(420), lay.px,
                                          leaf_controls(lay.hits, self.view.hover))

    # ------------------------------------------------------------------ the end
    def draw_end(self, surface: pygame.Surface) -> None:
        flow = self._end_flow
        key = (surface.get_size(), self.ui.session.steps, flow)
        if self._end is None or self._end[0] != key:
            picture = pygame.Surface(surface.get_size())
            if flow is None:
                draw_end_screen(picture, self.ui, self.view)
            else:
                picture.fill(BACKGROUND)
                draw_end_flow(picture, self.ui, self.view, flow)
            self._end = (key, picture)
        surface.blit(self._end[1], (0, 0))


def _nothing() -> None:
    """Buttons here are drawn only; the input map hit-tests the layout."""


def next_person(ui: TurnUi) -> str:
    """The name of the next person to act (from the player to act on), or "the next
    player"."""
    people = ui.session.people
    current = ui.session.current
    if not people or current < 0:
        return "the next player"
    count = len(ui.names)
    for step in range(count):
        seat = (current + step) % count
        if seat in people:
            return ui.names[seat]
    return "the next player"


def grouped_words(data: CardData, card_ids: tuple[str, ...]) -> str:
    """Cards in words, equal ones counted: ``2 Chick'n Jagger (star), Tina Tuna (bowl)``."""
    counts = Counter(card_words(data, data.card_index(c)) for c in card_ids)
    return ", ".join(f"{n} {words}" if n > 1 else words for words, n in counts.items())


def draw_end_screen(surface: pygame.Surface, ui: TurnUi, view: WwwyView) -> None:
    """Each player's woks with their cards (the optimal arrangement), left-overs, coins, the
    winner and how a tie was broken."""
    state = wwwy_state(ui)
    view.size = surface.get_size()
    lay = view.layout()
    text = view.text
    surface.fill(BACKGROUND)
    results = state.final_scores()
    image = text.render(end_title(ui), lay.font(30), GOLD, True)
    top = lay.rect(0, 10, 1280, 1)
    surface.blit(image, image.get_rect(midtop=top.midtop))
    columns = state.num_players
    column_w = (1256 - 10 * (columns - 1)) / columns
    for seat, result in enumerate(results):
        box = lay.rect(12 + seat * (column_w + 10), 52, column_w, 680)
        _draw_result(surface, ui, view, lay, seat, result, box, box.bottom - lay.px(110))
    line = lay.rect(12, 740, 1, 1)
    surface.blit(text.render(tie_break_line(state, ui.names), lay.font(20), WHITE),
                 line.topleft)


def _draw_result(surface: pygame.Surface, ui: TurnUi, view: WwwyView, lay: ReferenceScale,
                 seat: int, result: ScoreResult, box: pygame.Rect, last: int | None,
                 frame: bool = True) -> int:
    """A player's column of the end screen in ``box`` (window px): woks, cards, left-overs,
    coins; a wok starting below ``last`` is left out (None: every wok). The y below it."""
    state = wwwy_state(ui)
    data = state.data
    text = view.text
    winners = state.winners()
    size = lay.font(18)
    chip = (lay.px(CHIP[0]), lay.px(CHIP[1]))
    x, width = box.x + lay.px(8), box.width - lay.px(16)
    if frame:
        pygame.draw.rect(surface, PANEL_BG, box, border_radius=8)
        pygame.draw.rect(surface, GOLD if seat in winners else SEAT_COLORS[seat % 4], box,
                         3 if seat in winners else 1, border_radius=8)
    y = box.y + lay.px(8)
    header = f"{ui.names[seat]}: {result.total} points"
    surface.blit(text.render(header, lay.font(23), SEAT_COLORS[seat % 4], True), (x, y))
    y += lay.px(30)
    for wok in result.woks:
        face = view.faces.wok(data.wok_index(wok.wok),
                              (lay.px(WOK[0] * 0.8), lay.px(WOK[1] * 0.8)))
        surface.blit(face, (x, y))
        info_x = x + face.get_width() + lay.px(6)
        info_w = box.right - info_x - lay.px(6)
        line_y = text.draw_wrapped(surface, f"{wok.points} points", lay.font(22), info_x, y,
                                   info_w, GOLD)
        if wok.men:
            line_y = text.draw_wrapped(surface, f"with {', '.join(wok.men)}: {wok.effect}",
                                       size, info_x, line_y, info_w, WHITE)
        line_y = text.draw_wrapped(surface, wok.detail, size, info_x, line_y, info_w, DIM)
        y = max(y + face.get_height(), line_y) + lay.px(2)
        if wok.cards:
            y = text.draw_wrapped(surface, grouped_words(data, wok.cards), size, x, y,
                                  width, WHITE)
        y += lay.px(8)
        if last is not None and y > last:
            break
    y = text.draw_wrapped(surface, f"Left over ({result.leftover_count}): "
                          f"{grouped_words(data, result.leftovers) or 'none'}", size, x, y,
                          width, WHITE)
    cx = x
    for card_id in result.leftovers:
        if cx + chip[0] > box.right - lay.px(4):
            cx, y = x, y + chip[1] + lay.px(2)
        surface.blit(view.faces.chip(data.card_index(card_id), chip), (cx, y))
        cx += chip[0] + lay.px(2)
    y += chip[1] + lay.px(6)
    extra = f"coins left: {state.coins[seat]}"
    if result.unused_men:
        extra += f"; Men-at-wok unused: {', '.join(result.unused_men)}"
    return text.draw_wrapped(surface, extra, size, x, y, width, DIM)


def end_title(ui: TurnUi) -> str:
    """The end screen's title: who won, with how many points."""
    state = wwwy_state(ui)
    winners = state.winners()
    names = " and ".join(ui.names[w] for w in winners)
    if len(winners) > 1:
        verb = "share the victory"
    else:
        verb = "win" if names == "You" else "wins"
    return f"Game over: {names} {verb} with {max(state.scores())} points"


def draw_end_flow(surface: pygame.Surface, ui: TurnUi, view: WwwyView, flow: Flow) -> int:
    """The end screen laid out for a view ``flow.width`` reference px wide at ``flow.unit``
    (a UI scale): the title and the tie-break's line wrapped, each player's column below the
    other as wide as the view; the y below it all (window px)."""
    state = wwwy_state(ui)
    text = view.text
    lay = Scaled(flow.unit, ((surface.get_width() - min(flow.width, 1280.0)
                                      * flow.unit) / 2, 0.0))
    width = min(flow.width, 1280.0) - 24
    left = lay.rect(12, 0, 1, 1).x
    y = lay.px(10)
    for line in text.wrap(end_title(ui), lay.font(30), lay.px(width), bold=True):
        image = text.render(line, lay.font(30), GOLD, True)
        surface.blit(image, (left, y))
        y += image.get_height()
    y = text.draw_wrapped(surface, tie_break_line(state, ui.names), lay.font(20), left,
                          y + lay.px(6), lay.px(width), WHITE)
    scratch = MeasuringSurface(surface.get_width())  # measures a column's height
    for seat, result in enumerate(state.final_scores()):
        box = pygame.Rect(left, y + lay.px(10), lay.px(width), 1)
        bottom = _draw_result(scratch, ui, view, lay, seat, result, box, None, frame=False)
        box.height = bottom - box.y + lay.px(8)
        _draw_result(surface, ui, view, lay, seat, result, box, None)
        y = box.bottom
    return y + lay.px(12)


def tie_break_line(state: WeWillWokYouState, names: list[str]) -> str:
    """How the winner was decided: by points, or the tie-break with its numbers."""
    scores = state.scores()
    best = max(scores)
    tied = [p for p in range(state.num_players) if scores[p] == best]
    if len(tied) == 1:
        return f"Decided on points ({', '.join(str(s) for s in scores)}); no tie to break."
    rules = state.data.rules
    results = state.final_scores()
    parts = ", ".join(f"{names[p]} {results[p].leftover_count} left-over cards and "
                      f"{state.coins[p]} coins" for p in tied)
    shared = " (still tied: a shared victory)" if len(state.winners()) > 1 else ""
    return (f"Tie on {best} points, broken by {rules.leftover_ingredients_tie_break} left-over "
            f"ingredients, then {rules.leftover_coins_tie_break} coins: {parts}{shared}.")

