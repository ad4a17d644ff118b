"""Wok and Roll's drawing: the dice tray, the sheets, your move, the log, the end screen.
Reads only.

The still picture (everything but the hover and the tumbling dice) is kept in one surface
and redrawn region by region: each region (the top bar, the tray, the other players, the
sheet, your move, the log) is redrawn only when what it shows changed, so a bot's step costs
a few regions, not the whole window, and a frame at rest is one blit plus the hover.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wokphysics.games.wok_and_roll.advice import (
    cookable,
    tally,
    tally_sentence,
)
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.ui import palette
from wokphysics.ui.reflow import Flow, flow_for
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    PANEL_BG,
    RED,
    WHITE,
    Button,
    Color,
    MeasuringSurface,
    Scaled,
    draw_button,
    draw_clear_tooltip,
    leaf_controls,
    newest_whole,
)
from wokphysics.ui.wok_and_roll.faces import INK
from wokphysics.ui.wok_and_roll.layout import LEAST_WIDTH, RollLayout
from wokphysics.ui.wok_and_roll.payment import action_target
from wokphysics.ui.wok_and_roll.presenter import RollPresenter
from wokphysics.ui.wok_and_roll.sheet_drawing import CHOSEN, Marks, SheetPainter
from wokphysics.ui.wok_and_roll.tooltips import PaymentWords
from wokphysics.ui.wok_and_roll.view import RollView, menu_shown, roll_state, shown_seat

BACKGROUND: Color = (38, 44, 40)
FELT: Color = (52, 84, 66)
SEAT_COLORS: tuple[Color, ...] = palette.ROLL_SEATS
BUTTON_LABELS = {"reroll": "Re-roll", "lock": "Lock in", "cook": "Cook", "clear": "Clear",
                 "done": "Done cooking"}


def menu_key(menu: Menu) -> tuple[object, ...]:
    """Everything a menu's picture depends on."""
    return tuple(tuple(v) if isinstance(v, list) else v for v in menu.to_dict().values())


def _nothing() -> None:
    """Buttons here are drawn only; the input map hit-tests the layout."""


class RollDrawing:
    """Draws Wok and Roll from the shared ``ui`` (the state, whose view, the replay) and the
    view; the words are the presenter's."""

    def __init__(self, ui: TurnUi, view: RollView, presenter: RollPresenter) -> None:
        self.ui = ui
        self.view = view
        self.presenter = presenter
        self.sheet = SheetPainter(view.faces, view.text)
        self._still: pygame.Surface | None = None
        self._keys: dict[str, tuple[object, ...]] = {}
        self._end: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._end_flow: Flow | None = None
        """The end screen laid out for the view's width (None: the design)."""
        self._end_height: tuple[tuple[object, ...], int] | None = None
        self.tip_box: pygame.Rect | None = None
        """Where the last tooltip was drawn (None: none yet)."""

    # ------------------------------------------------------------------ the frame
    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """The table laid out for the view's width at a UI scale (:meth:`RollView.reflow`);
        the end screen back to the design (see :meth:`reflow_end`)."""
        self._end_flow = None
        return self.view.reflow(window, scale)

    def reflow_end(self, window: tuple[int, int], scale: float) -> tuple[float, int]:
        """At a UI ``scale`` above 1: the end screen laid out for the view's width (the
        title wrapped, the tally's columns as wide as their words, the sentences wrapped,
        the small sheets in rows); its unit (window px per reference px) and height (window
        px)."""
        flow = flow_for(window, scale, LEAST_WIDTH)
        self._end_flow = flow
        key = (window, flow, self.ui.session.steps)
        if self._end_height is None or self._end_height[0] != key:
            measure = MeasuringSurface(window[0])
            self._end_height = (key, self._end_flowed(measure, flow))
        return flow.unit, self._end_height[1]

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.size = surface.get_size()
        view.follow(roll_state(self.ui))
        lay = view.layout()
        if self._still is None or self._still.get_size() != view.size:
            self._still = pygame.Surface(view.size).convert()
            self._still.fill(BACKGROUND)
            self._keys = {}
        self._draw_still(self._still, lay)
        surface.blit(self._still, (0, 0))
        self._draw_hover(surface, lay)

    def _regions(self, lay: RollLayout
                 ) -> dict[str, tuple[pygame.Rect, tuple[object, ...]]]:
        state = roll_state(self.ui)
        view = self.view
        seat = shown_seat(self.ui)
        payment = view.payment
        chosen = tuple(payment.chosen) if payment is not None else ()
        others = tuple((other, menu_key(menu_shown(self.ui, other)), state.current_player)
                       for other in lay.others)
        marks = self._marks(seat)
        prompt = self.presenter.prompt_line()
        log = self.presenter.entries
        return {
            "top": (lay.top_bar, (prompt, self.ui.heading_turn(state.turn - 1),
                                  self.ui.curtain)),
            "tray": (lay.tray.inflate(lay.px(4), lay.px(4)), (
                tuple(view.tray.faces(state)), state.phase, state.rolls, state.roller, seat,
                tuple(sorted(view.reroll)), tuple(sorted(view.used_positions(state, seat)))
                if seat >= 0 else (), chosen, tuple(lay.buttons), self.ui.person_to_act)),
            "others": (lay.others_area, (others, tuple(self.ui.names))),
            "sheet": (lay.sheet, (seat, menu_key(menu_shown(self.ui, seat)) if seat >= 0 else (),
                                  _marks_key(marks), state.menus[seat].hs_tile if seat >= 0
                                  else -1)),
            "panel": (lay.panel, (prompt, view.version, tuple(lay.buttons), chosen,
                                  self.ui.session.steps, self.presenter.status,
                                  self.presenter.status_is_error)),
            "log": (lay.log, (len(log), tuple(e.text for e in log[-3:]))),
        }

    def _draw_still(self, surface: pygame.Surface, lay: RollLayout) -> None:
        painters: dict[str, Callable[[pygame.Surface, RollLayout], None]] = {
            "top": self._top_bar,
            "tray": self._tray,
            "others": self._others,
            "sheet": self._sheet,
            "panel": self._panel_region,
            "log": self._log,
        }
        for name, (rect, key) in self._regions(lay).items():
            if self._keys.get(name) == key:
                continue
            self._keys[name] = key
            shown = surface.get_clip()  # the part shown (the UI scale's view)
            surface.set_clip(pygame.Rect(rect).clip(shown))
            surface.fill(BACKGROUND, rect)
            painters[name](surface, lay)
            surface.set_clip(shown)

    # ------------------------------------------------------------------ helpers
    def _label(self, surface: pygame.Surface, words: str, size: int, at: tuple[int, int],
               color: Color = WHITE, bold: bool = False) -> pygame.Rect:
        return surface.blit(self.view.text.render(words, size, color, bold), at)

    def _fitted_label(self, surface: pygame.Surface, words: str, size: int,
                      at: tuple[int, int], width: int, color: Color = WHITE,
                      bold: bool = False) -> pygame.Rect:
        """``words`` at the largest size up to ``size`` that fits ``width`` pixels (not below
        a readable 11 px): a long seat name ran the market's heading over its edge."""
        image = self.view.text.render(words, size, color, bold)
        while image.get_width() > width and size > 11:
            size -= 1
            image = self.view.text.render(words, size, color, bold)
        return surface.blit(image, at)

    def _box(self, surface: pygame.Surface, rect: pygame.Rect, fill: Color,
             edge: Color | None = None, width: int = 1, radius: int = 8) -> None:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if edge is not None:
            pygame.draw.rect(surface, edge, rect, width, border_radius=radius)

    # ------------------------------------------------------------------ regions
    def _top_bar(self, surface: pygame.Surface, lay: RollLayout) -> None:
        state = roll_state(self.ui)
        bar = lay.top_bar
        self._box(surface, bar, PANEL_BG, None, 0, 0)
        title = f"Wok and Roll - {state.sheet.name} - {self.ui.heading_turn(state.turn - 1)}"
        left = self._label(surface, title, lay.font(24), (bar.x + lay.px(10),
                           bar.y + lay.px(9)), GOLD, True)
        if lay.stacked:  # the prompt below the title, on the lines the bar has
            size = lay.font(22)
            x, y = bar.x + lay.px(10), left.bottom + lay.px(4)
            step = self.view.text.font(size).get_linesize()
            for line in self.view.text.wrap(self.presenter.prompt_line(), size,
                                            bar.width - lay.px(20)):
                if y + step > bar.bottom:
                    break
                self._label(surface, line, size, (x, y), WHITE)
                y += step
            return
        words = self.view.text.wrap(self.presenter.prompt_line(), lay.font(22),
                                    bar.right - left.right - lay.px(30))
        if words:
            self._label(surface, words[0], lay.font(22), (left.right + lay.px(20),
                        bar.y + lay.px(10)), WHITE)

    def _tray(self, surface: pygame.Surface, lay: RollLayout) -> None:
        state = roll_state(self.ui)
        view = self.view
        faces = view.tray.faces(state)
        sheet = state.sheet
        seat = shown_seat(self.ui)
        tray = lay.tray
        self._box(surface, tray, FELT, (120, 100, 60), 2, lay.px(12))
        roller = self.ui.names[state.roller]
        if state.phase == "roll":
            head = f"Market: {roller}, roll {state.rolls} of {sheet.rerolls + 1}"
        else:
            head = f"Market: {roller}, locked in"
        pad = lay.px(10)
        self._fitted_label(surface, head, lay.font(22), (tray.x + pad, tray.y + lay.px(8)),
                           tray.w - 2 * pad, WHITE, True)
        used = view.used_positions(state, seat) if seat >= 0 else set()
        chosen = {s.index for s in (view.payment.chosen if view.payment else [])
                  if s.kind == "die"}
        mine = state.usable(seat) if seat >= 0 else 0
        for position, rect in enumerate(lay.dice):
            red = position >= sheet.white
            engine = view.tray.order[position]
            lifted = position in view.reroll
            place = rect.move(0, -lay.px(8)) if lifted else rect
            dim = state.phase == "cook" and (position in used or not mine >> engine & 1)
            surface.blit(view.faces.die(sheet.codes[faces[position]], red, rect.w, dim), place)
            number = self.view.text.render(str(position + 1), lay.font(20), DIM)
            surface.blit(number, (rect.right - number.get_width() - lay.px(2),
                                  rect.bottom + lay.px(1)))
            if lifted:
                pygame.draw.rect(surface, palette.ROLL_LIFTED.color, place.inflate(6, 6), 3,
                                 border_radius=lay.px(10))
            if position in chosen:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(8, 8), 4, border_radius=lay.px(10))
        note_y = lay.dice[-1].bottom + lay.px(2) if lay.dice else tray.y
        if sheet.dice > sheet.white:
            red_right = lay.dice[-1].right + lay.px(12)
            self._label(surface, "red: market", lay.font(20), (red_right, lay.dice[-1].y), DIM)
            self._label(surface, "player only", lay.font(20),
                        (red_right, lay.dice[-1].y + lay.px(20)), DIM)
        if seat >= 0 and state.phase == "cook":
            who = "You" if self.ui.names[seat] == "You" else self.ui.names[seat]
            words = (f"{who}: all {sheet.dice} dice" if seat == state.roller else
                     f"{who}: the {sheet.white} white dice")
            self._label(surface, words, lay.font(20), (tray.x + lay.px(10), note_y + lay.px(18)),
                        GOLD)
        for name in ("reroll", "lock"):
            button = lay.buttons.get(name)
            if button is None:
                continue
            label = BUTTON_LABELS[name]
            if name == "reroll" and view.reroll:
                label = f"Re-roll {len(view.reroll)}"
            enabled = name != "reroll" or bool(view.reroll)
            draw_button(surface, view.text, Button(button, label, _nothing, enabled),
                        lay.font(22))

    def _others(self, surface: pygame.Surface, lay: RollLayout) -> None:
        state = roll_state(self.ui)
        sheet = state.sheet
        area = lay.others_area
        if not lay.others:
            self._label(surface, "A solo game: beat your own score", lay.font(20),
                        (area.x + lay.px(8), area.y + lay.px(8)), DIM)
            return
        for seat, box in lay.others.items():
            menu = menu_shown(self.ui, seat)
            color = SEAT_COLORS[seat % len(SEAT_COLORS)]
            acting = seat == state.current_player
            self._box(surface, box, PANEL_BG, GOLD if acting else color, 3 if acting else 1,
                      lay.px(8))
            name = self.ui.names[seat] + (" (market)" if seat == state.roller else "")
            self._label(surface, name, lay.font(22), (box.x + lay.px(8), box.y + lay.px(5)),
                        color, True)
            score = f"{menu.score(sheet)} pts, {menu.completed(sheet)}/{sheet.dishes_to_end} done"
            self._label(surface, score, lay.font(20), (box.x + lay.px(8), box.y + lay.px(26)),
                        WHITE)
            cell = max(6, min(lay.px(11), (box.h - lay.px(56)) // 6))
            grid = pygame.Rect(box.x + lay.px(10), box.y + lay.px(48), box.w - lay.px(20),
                               box.h - lay.px(52))
            self.sheet.small(surface, grid, sheet, menu, cell)

    def _marks(self, seat: int) -> Marks:
        """What is bright, dimmed and chosen on ``seat``'s sheet."""
        marks = Marks()
        state = roll_state(self.ui)
        if seat < 0 or state.is_terminal() or seat != self.ui.viewer or self.ui.replaying:
            return marks
        options = self.view.options(seat)
        marks.ready = cookable(options)
        marks.dim = True
        for action in options:
            target = action_target(action, state.sheet)
            if target is not None and target.kind != "serving":
                marks.book_targets.add((target.kind, target.key))
        payment = self.view.payment
        if payment is not None:
            marks.target = payment.target.key
            marks.target_kind = payment.target.kind
            for source in payment.chosen:
                if source.kind == "fridge":
                    marks.chosen_fridge.add(source.index)
                elif source.kind == "hat":
                    marks.chosen_hats += 1
                elif source.kind == "circle":
                    marks.chosen_circles.add(source.index)
                elif source.kind == "pantry":
                    marks.chosen_pantry[source.index] = marks.chosen_pantry.get(source.index,
                                                                                0) + 1
                elif source.kind == "recipe":
                    marks.recipe = True
        return marks

    def _sheet(self, surface: pygame.Surface, lay: RollLayout) -> None:
        state = roll_state(self.ui)
        seat = shown_seat(self.ui)
        if seat < 0:
            return
        menu = menu_shown(self.ui, seat)
        owner = self.ui.names[seat]
        whose = "Your menu" if owner == "You" else f"{owner}'s menu"
        title = f"{state.sheet.name} - {whose}"
        paper = self.sheet.paper(lay, state.sheet, menu.hs_tile, title)
        surface.blit(paper, lay.sheet)
        header = lay.sheet_header
        sheet = state.sheet
        words = (f"{menu.score(sheet)} taste points - {menu.completed(sheet)} of "
                 f"{sheet.dishes_to_end} dishes or platters")
        if not (self.ui.replaying or not self.ui.session.people or seat == self.ui.viewer
                or state.is_terminal()) and state.public:
            words += " (as the dice locked)"
        image = self.view.text.render(words, lay.font(22), INK, True)
        surface.blit(image, image.get_rect(topright=(header.right - lay.px(12),
                                                     header.y + lay.px(6))))
        self.sheet.marks(surface, lay, sheet, menu, self._marks(seat))

    def _panel_region(self, surface: pygame.Surface, lay: RollLayout) -> None:
        state = roll_state(self.ui)
        view = self.view
        area = lay.panel
        self._box(surface, area, PANEL_BG, (120, 100, 60), 1, lay.px(8))
        x, width = area.x + lay.px(10), area.w - lay.px(20)
        y = area.y + lay.px(8)
        seat = state.current_player
        if state.is_terminal():
            head = "Game over"
        elif seat >= 0:
            head = "Your move" if self.ui.names[seat] == "You" else f"{self.ui.names[seat]}'s move"
        else:
            head = ""
        self._label(surface, head, lay.font(24), (x, y), GOLD, True)
        y += lay.px(30)
        payment = view.payment
        words = self.presenter.payment_words()
        if words is not None and self.ui.person_to_act:
            y = self._payment(surface, words, lay, x, y, width)
        else:
            y = view.text.draw_wrapped(surface, self.presenter.prompt_line(), lay.font(20), x, y,
                                       width, WHITE)
        status = self.presenter.status  # the last refusal (red), or news ("resumed after ...")
        if status:
            bottom = min((r.top for r in lay.buttons.values() if area.contains(r)),
                         default=area.bottom)
            lines = view.text.wrap(status, lay.font(20), width)
            step = round(lay.font(20) * 0.95)
            y = max(y + lay.px(6), bottom - lay.px(6) - step * len(lines))
            for line in lines:
                if y + step > bottom:
                    break
                self._label(surface, line, lay.font(20), (x, y),
                            RED if self.presenter.status_is_error else DIM)
                y += step
        for name in ("cook", "clear", "done"):
            rect = lay.buttons.get(name)
            if rect is None:
                continue
            enabled = True
            if name == "cook":
                enabled = payment is not None and payment.complete(
                    view.wallet(seat)) is not None
            draw_button(surface, view.text, Button(rect, BUTTON_LABELS[name], _nothing, enabled),
                        lay.font(22))

    def _payment(self, surface: pygame.Surface, words: PaymentWords, lay: RollLayout, x: int,
                 y: int, width: int) -> int:
        text = self.view.text
        y = text.draw_wrapped(surface, words.title, lay.font(22), x, y, width, GOLD)
        y = text.draw_wrapped(surface, words.needs, lay.font(20), x, y, width, WHITE) + lay.px(4)
        self._label(surface, "Paid with:", lay.font(20), (x, y), DIM)
        y += lay.px(22)
        for line in words.paid:
            self._label(surface, line, lay.font(20), (x, y), WHITE)
            y += lay.px(20)
        return text.draw_wrapped(surface, words.note, lay.font(20), x, y + lay.px(4), width,
                                 GOLD)

    def _log(self, surface: pygame.Surface, lay: RollLayout) -> None:
        area = lay.log
        self._box(surface, area, (30, 34, 32), None, 0, lay.px(6))
        size = lay.font(20)
        step = round(size * 0.95)
        blocks = [[(line, entry.seat) for line in
                   self.view.text.wrap(entry.text, size, area.width - lay.px(12))]
                  for entry in self.presenter.entries[-14:]]
        room = max(1, (area.height - lay.px(8)) // max(1, step))
        y = area.y + lay.px(4)
        for line, seat in newest_whole(blocks, room):
            self._label(surface, line, size, (area.x + lay.px(6), y),
                        SEAT_COLORS[seat % len(SEAT_COLORS)])
            y += step

    # ------------------------------------------------------------------ hover
    def _draw_hover(self, surface: pygame.Surface, lay: RollLayout) -> None:
        hit = self.view.hover
        if hit is None:
            return
        rect = lay.rect_of(hit)
        if rect is None:
            return
        if hit.kind not in ("other", "section", "group"):
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(4, 4), 2,
                             border_radius=lay.px(6))
        if any(rect.collidepoint(said.at) for said in self.presenter.bubbles):
            return  # a refusal's bubble there says why already; the tooltip would cover it
        words = self.presenter.tooltip(hit)
        if words:
            self._tooltip(surface, words, rect, lay)

    def _tooltip(self, surface: pygame.Surface, words: str, near: pygame.Rect,
                 lay: RollLayout) -> None:
        """Near the pointer, covering no other control (issue 27) and not the panel (the
        choice under way and what pays for it stays readable)."""
        pointer = self.view.pointer or near.center
        self.tip_box = draw_clear_tooltip(surface, self.view.text, words, pointer,
                                          lay.font(20), lay.px(380), lay.px,
                                          [*leaf_controls(lay.hits, self.view.hover),
                                           lay.panel])

    # ------------------------------------------------------------------ the end
    def draw_end(self, surface: pygame.Surface) -> None:
        flow = self._end_flow
        key = (surface.get_size(), self.ui.session.steps, flow)
        if self._end is None or self._end[0] != key:
            picture = pygame.Surface(surface.get_size())
            if flow is None:
                self._end_screen(picture)
            else:
                picture.fill(BACKGROUND)
                self._end_flowed(picture, flow)
            self._end = (key, picture)
        surface.blit(self._end[1], (0, 0))

    def _end_flowed(self, surface: pygame.Surface, flow: Flow) -> int:
        """The end screen laid out for a view ``flow.width`` reference px wide at
        ``flow.unit``: the title and a tie's note wrapped; the tally's label column as wide
        as its longest title and each player's column as wide as its name or figures; each
        player's sentence wrapped; the small sheets in rows. The y below it (window px)."""
        state = roll_state(self.ui)
        sheet = state.sheet
        text = self.view.text
        wide = min(flow.width, 1280.0)
        lay = Scaled(flow.unit, ((surface.get_width() - wide * flow.unit) / 2, 0.0))
        left, width = lay.rect(12, 0, 1, 1).x, lay.px(wide - 24)
        totals = state.scores()
        winner = state.winners()[0]
        tied = [s for s, t in enumerate(totals) if t == totals[winner]]
        names = self.ui.names
        verb = "win" if names[winner] == "You" else "wins"
        title = (f"Game over after turn {state.turn}: {names[winner]} {verb} with "
                 f"{totals[winner]} taste points")
        y = lay.px(10)
        for line in text.wrap(title, lay.font(30), width, bold=True):
            y = self._label(surface, line, lay.font(30), (left, y), GOLD, True).bottom
        if len(tied) > 1:
            note = ("Tie: the tied player furthest clockwise from the first player wins ("
                    + ", ".join(names[s] for s in tied) + ")")
            y = text.draw_wrapped(surface, note, lay.font(22), left, y + lay.px(4), width,
                                  WHITE)
        y += lay.px(10)
        rows = [tally(sheet, menu) for menu in state.menus]
        size = lay.font(22)
        font, bold = text.font(size), text.font(size, True)
        pad = lay.px(8)
        label_w = max(font.size(words)[0] for words, _, _ in rows[0]) + 2 * pad
        label_w = max(label_w, bold.size("Final tally (taste points)")[0] + pad)
        big = text.font(lay.font(24), True)
        columns = []
        for seat in range(state.num_players):
            figures = [f"{r[1]}" + (" *" if r[2] else "") for r in rows[seat]]
            columns.append(max([bold.size(names[seat])[0], big.size(str(totals[seat]))[0],
                                *(bold.size(f)[0] for f in figures)]) + 2 * pad)
        line_h = max(lay.px(28), font.get_linesize() + lay.px(4))
        per_row = len(columns)
        while per_row > 1 and label_w + sum(columns[:per_row]) > width:
            per_row -= 1  # the players' columns in groups that fit beside the labels
        for first in range(0, len(columns), per_row):
            seats = list(range(first, min(len(columns), first + per_row)))
            xs = [left + label_w + sum(columns[first:seat]) for seat in seats]
            table_w = label_w + sum(columns[s] for s in seats)
            self._label(surface, "Final tally (taste points)", size, (left, y), DIM, True)
            for seat, x in zip(seats, xs, strict=True):
                color = GOLD if seat == winner else SEAT_COLORS[seat % len(SEAT_COLORS)]
                head = text.render(names[seat], size, color, True)
                surface.blit(head, head.get_rect(topright=(x + columns[seat] - pad, y)))
            y += line_h
            for row, (title_words, _, _) in enumerate(rows[0]):
                if row % 2 == 0:
                    pygame.draw.rect(surface, (46, 54, 50),
                                     pygame.Rect(left, y, table_w, line_h))
                self._label(surface, title_words, size, (left + lay.px(6), y + lay.px(2)),
                            WHITE)
                for seat, x in zip(seats, xs, strict=True):
                    points, note = rows[seat][row][1], rows[seat][row][2]
                    image = text.render(f"{points}" + (" *" if note else ""), size, WHITE,
                                        True)
                    surface.blit(image, image.get_rect(topright=(x + columns[seat] - pad,
                                                                 y + lay.px(2))))
                y += line_h
            pygame.draw.line(surface, GOLD, (left, y + 2), (left + table_w, y + 2), 2)
            self._label(surface, "Total", lay.font(24), (left + lay.px(6), y + lay.px(6)),
                        GOLD, True)
            for seat, x in zip(seats, xs, strict=True):
                image = text.render(str(totals[seat]), lay.font(24), GOLD, True)
                surface.blit(image, image.get_rect(topright=(x + columns[seat] - pad,
                                                             y + lay.px(6))))
            y += big.get_linesize() + lay.px(14)
        y = text.draw_wrapped(surface, "* includes the bonus of full dish platters",
                              lay.font(20), left, y, width, DIM) + lay.px(6)
        for seat, menu in enumerate(state.menus):
            y = text.draw_wrapped(surface, tally_sentence(sheet, menu, names[seat]),
                                  lay.font(20), left, y, width,
                                  SEAT_COLORS[seat % len(SEAT_COLORS)]) + lay.px(4)
        y += lay.px(6)
        box_w = lay.px(250)
        gap = lay.px(10)
        across = max(1, (width + gap) // (box_w + gap))
        box_h = lay.px(130)
        for seat, menu in enumerate(state.menus):
            at_column, at_row = seat % across, seat // across
            box = pygame.Rect(left + at_column * (box_w + gap), y + at_row * (box_h + gap),
                              box_w, box_h)
            self._box(surface, box, PANEL_BG, GOLD if seat == winner else
                      SEAT_COLORS[seat % len(SEAT_COLORS)], 2, lay.px(8))
            words = f"{names[seat]}: {totals[seat]} points, {menu.completed(sheet)} complete"
            lines = text.wrap(words, lay.font(20), box.w - 2 * pad, bold=True)
            at = box.y + lay.px(4)
            for part in lines:
                at = self._label(surface, part, lay.font(20), (box.x + pad, at),
                                 SEAT_COLORS[seat % len(SEAT_COLORS)], True).bottom
            grid = pygame.Rect(box.x + lay.px(10), at + lay.px(4), box.w - lay.px(20),
                               box.bottom - at - lay.px(8))
            self.sheet.small(surface, grid, sheet, menu, max(6, min(lay.px(12),
                                                                    grid.h // 6)))
        rows_of_boxes = -(-len(state.menus) // across)
        return y + rows_of_boxes * (box_h + gap) + lay.px(6)

    def _end_screen(self, surface: pygame.Surface) -> None:
        """The final tally per wok space, as the rulebook's scoring example lists it, each
        player's sheet small, and the winner (the tie-break named)."""
        state = roll_state(self.ui)
        sheet = state.sheet
        view = self.view
        view.size = surface.get_size()
        lay = view.layout()
        text = view.text
        surface.fill(BACKGROUND)
        totals = state.scores()
        winner = state.winners()[0]
        tied = [s for s, t in enumerate(totals) if t == totals[winner]]
        verb = "win" if self.ui.names[winner] == "You" else "wins"
        title = (f"Game over after turn {state.turn}: {self.ui.names[winner]} {verb} with "
                 f"{totals[winner]} taste points")
        image = text.render(title, lay.font(30), GOLD, True)
        surface.blit(image, image.get_rect(midtop=lay.rect(0, 10, 1280, 1).midtop))
        y0 = 50
        if len(tied) > 1:
            note = ("Tie: the tied player furthest clockwise from the first player wins ("
                    + ", ".join(self.ui.names[s] for s in tied) + ")")
            image = text.render(note, lay.font(22), WHITE)
            surface.blit(image, image.get_rect(midtop=lay.rect(0, 46, 1280, 1).midtop))
            y0 = 76
        rows = [tally(sheet, menu) for menu in state.menus]
        label_w = 330
        columns = state.num_players
        col_w = min(180.0, (1256 - label_w) / columns)
        size = lay.font(22)
        table_x = 12
        self._label(surface, "Final tally (taste points)", size, lay.rect(table_x, y0, 1, 1)
                    .topleft, DIM, True)
        for seat in range(columns):
            color = GOLD if seat == winner else SEAT_COLORS[seat % len(SEAT_COLORS)]
            head = text.render(self.ui.names[seat], size, color, True)
            cell = lay.rect(table_x + label_w + seat * col_w, y0, col_w, 26)
            surface.blit(head, head.get_rect(topright=(cell.right - lay.px(8), cell.y)))
        y = y0 + 30
        for row, (title_words, _, _) in enumerate(rows[0]):
            line = lay.rect(table_x, y, label_w + columns * col_w, 28)
            if row % 2 == 0:
                pygame.draw.rect(surface, (46, 54, 50), line)
            self._label(surface, title_words, size, (line.x + lay.px(6), line.y + lay.px(4)),
                        WHITE)
            for seat in range(columns):
                points, note = rows[seat][row][1], rows[seat][row][2]
                cell = lay.rect(table_x + label_w + seat * col_w, y, col_w, 28)
                words = f"{points}" + (" *" if note else "")
                image = text.render(words, size, WHITE, True)
                surface.blit(image, image.get_rect(topright=(cell.right - lay.px(8),
                                                             cell.y + lay.px(4))))
            y += 28
        line = lay.rect(table_x, y + 2, label_w + columns * col_w, 32)
        pygame.draw.line(surface, GOLD, line.topleft, line.topright, 2)
        self._label(surface, "Total", lay.font(24), (line.x + lay.px(6), line.y + lay.px(6)),
                    GOLD, True)
        for seat in range(columns):
            cell = lay.rect(table_x + label_w + seat * col_w, y + 2, col_w, 32)
            image = text.render(str(totals[seat]), lay.font(24), GOLD, True)
            surface.blit(image, image.get_rect(topright=(cell.right - lay.px(8),
                                                         cell.y + lay.px(6))))
        y += 44
        self._label(surface, "* includes the bonus of full dish platters", lay.font(20),
                    lay.rect(table_x, y, 1, 1).topleft, DIM)
        y += 26
        width = lay.px(1256)
        for seat, menu in enumerate(state.menus):
            sentence = tally_sentence(sheet, menu, self.ui.names[seat])
            y_px = text.draw_wrapped(surface, sentence, lay.font(20), lay.rect(table_x, 0, 1, 1).x,
                                     lay.rect(0, y, 1, 1).y, width,
                                     SEAT_COLORS[seat % len(SEAT_COLORS)])
            y = round((y_px - lay.origin[1]) / lay.scale) + 4
        y += 6
        box_w = min(250.0, (1256 - 10 * (columns - 1)) / columns)
        for seat, menu in enumerate(state.menus):
            box = lay.rect(table_x + seat * (box_w + 10), y, box_w, min(130, 740 - y))
            if box.h < lay.px(60):
                break
            self._box(surface, box, PANEL_BG, GOLD if seat == winner else
                      SEAT_COLORS[seat % len(SEAT_COLORS)], 2, lay.px(8))
            self._label(surface, f"{self.ui.names[seat]}: {totals[seat]} points, "
                        f"{menu.completed(sheet)} complete", lay.font(20),
                        (box.x + lay.px(8), box.y + lay.px(4)),
                        SEAT_COLORS[seat % len(SEAT_COLORS)], True)
            grid = pygame.Rect(box.x + lay.px(10), box.y + lay.px(28), box.w - lay.px(20),
                               box.h - lay.px(32))
            self.sheet.small(surface, grid, sheet, menu, max(6, min(lay.px(12),
                                                                    (box.h - lay.px(36)) // 6)))


def _marks_key(marks: Marks) -> tuple[object, ...]:
    return (tuple(sorted(marks.ready)), marks.dim, marks.target, marks.target_kind,
            tuple(sorted(marks.chosen_fridge)), marks.chosen_hats,
            tuple(sorted(marks.chosen_circles)), tuple(sorted(marks.chosen_pantry.items())),
            marks.recipe, tuple(sorted(marks.book_targets)))
