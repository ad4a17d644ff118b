"""Wok Star's table, drawn from the state, the presenter and the input mapping (reads only).

The top bar (round, phase, the money and Bad Publicity tracks, the loan), the ingredient
counters and the recipes, the customer line (the card on the table with Serve / Turn away,
both sand timers running on the game clock, the deck, the events of the round, the Bad
Publicity pile), the log with the prompt, and one panel per seat (its unplaced dice, its
preparations with the dice put on them this round, its completed customers, its Family
Character). A screen (:mod:`.screens`) covers the middle band during setup, Accounting,
Purchase and at the end. Motions, dragged dice, the notice, bubbles and hover details go
on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import PHASE_WORDS, Phase
from wokphysics.games.wok_star.timers import TIMER_NAMES
from wokphysics.games.wok_star.words import (
    card_name,
    character_effect,
    character_name,
    event_effect,
    ingredient,
)
from wokphysics.ui import palette
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Color, Text, draw_thinking
from wokphysics.ui.wok_star.layout import (
    BASE,
    CENTER_X,
    DIE,
    FACE_ROW,
    FONT,
    StarLayout,
    StarTarget,
    placed_die,
    prep_count_box,
)
from wokphysics.ui.wok_star.pieces import (
    INK,
    PANEL,
    PANEL_LIGHT,
    PAPER,
    RED,
    TABLE,
    TIMER_COLOURS,
    blit_fit,
    cook_colour,
    draw_button,
    draw_die,
    draw_mini_card,
    draw_panel,
    draw_sand_bar,
    draw_slot,
    draw_timer,
    header_colour,
    lighter,
    seat_colour,
    wrapped,
)
from wokphysics.ui.wok_star.screens import draw_plan, draw_screen, screen_name
from wokphysics.ui.wok_star.tips import free_zones, keep_clear, place_clear, seat_parts, shelf

if TYPE_CHECKING:
    from wokphysics.ui.reflow import Flow
    from wokphysics.ui.wok_star.inputs import StarInputs
    from wokphysics.ui.wok_star.presenter import StarPresenter
    from wokphysics.ui.wok_star.replay import StarReplay
    from wokphysics.ui.wok_star.scheduler import StarScheduler
    from wokphysics.ui.wok_star.session import StarSession
    from wokphysics.ui.wok_star.state import StarLayouts, StarUi


def codes(names: dict[str, str]) -> dict[str, str]:
    """Short unique codes for ingredient names (initials of several words, else the first
    two letters), e.g. Eggroll Wraps -> EW, Pork -> Po."""
    out: dict[str, str] = {}
    for key, name in names.items():
        words = [w for w in name.split() if w.lower() not in ("and", "of", "the")]
        code = "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else name[:2]
        while code in out.values():
            code = name[: len(code) + 1]
        out[key] = code
    return out


BAR_WRAP = 60
"""A reflowed replay's bar: its words wrap to the canvas's width less this (px)."""


def bar_strip(text: Text, replay: StarReplay, size: tuple[int, int], flow: Flow | None
              ) -> int:
    """The height (px) of the strip kept free for a replay's bar at the bottom of a canvas
    of ``size``: in the design, the bar's one line in the layout's font (at most a quarter
    of the canvas); reflowed to ``flow``, its words wrapped to the canvas's width."""
    if flow is not None:
        return replay.bar_height(text, max(1, round(FONT * flow.unit)), size[0] - BAR_WRAP)
    font = max(1, round(FONT * min(size[0] / BASE[0], size[1] / BASE[1])))
    return min(size[1] // 4, replay.bar_height(text, font))


class StarDrawing:
    """Draws Wok Star's table (reads only). Receives the shared :class:`~.state.StarUi`
    (the session, the replay and its bar) and :class:`~.state.StarLayouts` (the layout for
    the window, the screen's buttons), the presenter (what is said, motions, the Accounting
    screen), the input mapping (the pointer, the selection, dragged dice, the drop's words),
    the scheduler (who is thinking, a tip being worked out) and the text writer."""

    def __init__(self, ui: StarUi, layouts: StarLayouts, presenter: StarPresenter,
                 inputs: StarInputs, scheduler: StarScheduler, text: Text) -> None:
        self.ui = ui
        self.layouts = layouts
        self.presenter = presenter
        self.inputs = inputs
        self.scheduler = scheduler
        self.text = text
        self._codes: dict[str, str] | None = None
        self._static: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()
        self.notice_box: pygame.Rect | None = None
        """Where the last frame drew the notice (None: no notice), in window px."""
        self.tip_boxes: list[pygame.Rect] = []
        """Where the last frame drew tooltips, drop words and refusal bubbles."""
        self._tip_cache: dict[tuple[object, ...], pygame.Rect] = {}

    @property
    def session(self) -> StarSession:
        """The session shown now (the scene's ``load`` may change it)."""
        return self.ui.session

    def draw(self, surface: pygame.Surface) -> None:
        """The picture changes only with a step, a log line, the pointer's choices: that part
        is drawn once into a cached layer; the sand, motions, dragged dice, the notice and
        the details under the pointer are drawn over it every frame."""
        size = surface.get_size()
        table = size
        strip = 0
        replay = self.ui.replay
        if replay is not None:  # the table above a strip kept free for the bar
            strip = bar_strip(self.text, replay, size, self.layouts.flow)
            table = (size[0], size[1] - strip)
        lay = self.layouts.for_size(table, strip)
        key = self._static_key(lay)
        if self._static is None or self._static.get_size() != size or key != self._key:
            if self._static is None or self._static.get_size() != size:
                self._static = pygame.Surface(size).convert()
            self._draw_static(self._static, lay)
            self._key = key
        surface.blit(self._static, (0, 0))
        self.tip_boxes = []
        covered = screen_name(self.session, self.presenter) is not None
        if not covered:
            self._timers(surface, lay)
            self._motions(surface, lay)
        self._dragged(surface, lay)
        if not self.session.state.is_terminal():
            self._notice(surface, lay)
        self._bubbles(surface, lay)
        self._hover(surface, lay)
        if replay is not None:
            replay.draw_bar(surface, lay, self.text,
                            None if self.layouts.flow is None else size[0] - BAR_WRAP)
        elif not self.session.state.is_terminal():
            self._thinking(surface, lay)

    def _thinking(self, surface: pygame.Surface, lay: StarLayout) -> None:
        """The pill of a planner thinking away from the window (in its seat's header), or
        of a tip being worked out (in the first person's)."""
        scheduler = self.scheduler
        seat, label, seconds = scheduler.thinking, "thinking", scheduler.thinking_s
        if seat < 0 and scheduler.advising is not None and self.session.people:
            seat, label, seconds = self.session.people[0], "tip: thinking", scheduler.advising_s
        if 0 <= seat < len(lay.seats):
            header = lay.seats[seat].header
            room = header.inflate(-header.width // 2, -4)
            draw_thinking(surface, self.text, label, seconds, room)

    def _static_key(self, lay: StarLayout) -> tuple[object, ...]:
        inputs = self.inputs
        mouse = inputs.mouse
        hot = [lay.serve.collidepoint(mouse), lay.turn_away.collidepoint(mouse),
               lay.extra.collidepoint(mouse)]
        hot += [choice.rect.collidepoint(mouse) for choice in self.layouts.buttons]
        return (id(lay), self.presenter.said, tuple(inputs.selected), tuple(inputs.dragging),
                inputs.drop_prep, inputs.drop_ok, inputs.drop_seat, inputs.family,
                tuple(hot), self.ui.replay is not None and self.ui.replay.playing)

    def _draw_static(self, surface: pygame.Surface, lay: StarLayout) -> None:
        surface.fill(TABLE)
        self._top(surface, lay)
        name = screen_name(self.session, self.presenter)
        if name is None:
            self._board(surface, lay)
            self._center(surface, lay)
            self._log(surface, lay)
        elif self.layouts.plan is not None and lay.stacked:  # laid out down the view
            draw_plan(surface, self.text, self.session, lay, self.layouts.plan,
                      self.inputs.mouse)
        else:
            draw_screen(surface, self.text, self.session, self.presenter, lay,
                        self.layouts.buttons, self.inputs.mouse)
        for seat in range(self.session.state.num_players):
            self._seat(surface, lay, seat)

    # ------------------------------------------------------------------ top bar
    def _top(self, surface: pygame.Surface, lay: StarLayout) -> None:
        state = self.session.state
        size = lay.font
        pygame.draw.rect(surface, PANEL, lay.top)
        phase = phase_words(self.session, self.presenter)
        rounds = state.config.rules.rounds
        account = self.presenter.accounting
        number = account.round if account is not None and phase == "Accounting" else state.round
        blit_fit(surface, self.text, f"Wok Star  round {number}/{rounds}: {phase}", size,
                 GOLD, lay.title, bold=True)
        self._money(surface, lay)
        self._publicity(surface, lay)
        blit_fit(surface, self.text, f"loan ${state.loan()}", size, WHITE, lay.loan)

    def _money(self, surface: pygame.Surface, lay: StarLayout) -> None:
        """The money track: $0 to beyond the loan, the money marker, the loan marked."""
        state = self.session.state
        area = lay.money
        size = lay.font
        label_w = lay.px(84)
        end = blit_fit(surface, self.text, f"${state.money}", size, GOLD,
                       pygame.Rect(area.x, area.y, label_w, area.height), bold=True)
        track = pygame.Rect(end + lay.px(8), area.centery - lay.px(5),
                            area.right - end - lay.px(8), lay.px(10))
        top = max(state.loan() * 1.25, state.money * 1.1, 10)
        pygame.draw.rect(surface, PANEL_LIGHT, track, border_radius=4)
        filled = track.copy()
        filled.width = round(track.width * min(1.0, state.money / top))
        pygame.draw.rect(surface, GOLD, filled, border_radius=4)
        for dollars in range(0, int(top) + 1, 10):
            x = track.x + round(track.width * dollars / top)
            pygame.draw.line(surface, DIM, (x, track.bottom), (x, track.bottom + lay.px(4)))
        x = track.x + round(track.width * state.loan() / top)
        pygame.draw.line(surface, RED, (x, track.y - lay.px(5)), (x, track.bottom + lay.px(5)),
                         2)

    def _publicity(self, surface: pygame.Surface, lay: StarLayout) -> None:
        state = self.session.state
        area = lay.publicity
        limit = state.config.rules.bad_publicity_limit
        end = blit_fit(surface, self.text, "Bad Publicity", lay.font, WHITE,
                       pygame.Rect(area.x, area.y, lay.px(120), area.height))
        room = area.right - end - lay.px(8)
        slot = min(lay.px(16), room // max(1, limit))
        for k in range(limit):
            rect = pygame.Rect(end + lay.px(8) + k * slot, area.y + lay.px(4), slot - 3,
                               area.height - lay.px(8))
            if k < len(state.bad):
                pygame.draw.rect(surface, RED, rect, border_radius=2)
            else:
                pygame.draw.rect(surface, DIM, rect, 1, border_radius=2)

    # ------------------------------------------------------------------ board
    def _ingredient_codes(self) -> dict[str, str]:
        if self._codes is None:
            state = self.session.state
            self._codes = codes({p.id: p.name for p in state.config.preparations})
        return self._codes

    def _board(self, surface: pygame.Surface, lay: StarLayout) -> None:
        state = self.session.state
        size = lay.font
        draw_panel(surface, lay.board)
        blit_fit(surface, self.text, "Ingredients (counter)", size, GOLD,
                 lay.rect(14, 48, 300, 24), bold=True)
        names = self._ingredient_codes()
        top = state.config.rules.ingredient_max
        # the count's box as wide as its largest figure (the name runs up to it: at 1x in
        # 1600 x 1000 a 26 reference px box left "Onions and Peppers+" 9 px short)
        count_w = min(lay.px(26), self.text.font(size, True).size(str(top))[0] + lay.px(8))
        for prep, rect in lay.counters.items():
            value = state.counters[prep]
            pygame.draw.rect(surface, PANEL_LIGHT, rect, border_radius=4)
            bar = rect.copy()
            bar.width = round(rect.width * value / top)
            pygame.draw.rect(surface, palette.STAR_SOME_CHIP, bar, border_radius=4)
            owner = state.prep_owner[prep]
            chip = pygame.Rect(rect.x + 2, rect.y + 2, lay.px(28), rect.height - 4)
            pygame.draw.rect(surface, seat_colour(owner), chip, border_radius=3)
            blit_fit(surface, self.text, names[prep], size, palette.ink_on(seat_colour(owner)),
                     chip, centre=True)
            star = "+" if prep in state.upgraded else ""
            count = pygame.Rect(rect.right - count_w - lay.px(1), rect.y, count_w, rect.height)
            blit_fit(surface, self.text, ingredient(state, prep) + star, size, WHITE,
                     pygame.Rect(chip.right + 4, rect.y, count.left - chip.right - 5,
                                 rect.height))
            blit_fit(surface, self.text, str(value), size, _count_colour(value), count,
                     centre=True, bold=True)
        blit_fit(surface, self.text, "Recipes (owner, ingredients' counters, customers)",
                 size, GOLD, lay.recipes_title, bold=True)
        for recipe_id, rect in lay.recipes.items():
            self._recipe_row(surface, lay, recipe_id, rect, names)

    def _recipe_row(self, surface: pygame.Surface, lay: StarLayout, recipe_id: str,
                    rect: pygame.Rect, names: dict[str, str]) -> None:
        state = self.session.state
        card = state.config.recipe_by_id[recipe_id]
        owner = state.recipe_owner[recipe_id]
        ready = state.can_serve(recipe_id)
        current = "#" in state.current and recipe_of(state.current) == recipe_id
        pygame.draw.rect(surface, lighter(PANEL, 0.12) if current else PANEL_LIGHT, rect,
                         border_radius=4)
        if current:
            pygame.draw.rect(surface, GOLD, rect, 2, border_radius=4)
        pygame.draw.rect(surface, seat_colour(owner), (rect.x, rect.y, lay.px(6), rect.height))
        size = lay.font
        blit_fit(surface, self.text, card.name, size, WHITE if ready else DIM,
                 pygame.Rect(rect.x + lay.px(10), rect.y, lay.px(160), rect.height))
        x = rect.x + lay.px(174)
        chip_w = lay.px(46)
        for item in card.ingredients:
            value = state.counters[item]
            chip = pygame.Rect(x, rect.y + 2, chip_w - 4, rect.height - 4)
            pygame.draw.rect(surface, palette.STAR_SOME_CHIP if value else palette.STAR_NONE_CHIP,
                             chip, border_radius=3)
            blit_fit(surface, self.text, f"{names[item]} {value}", size, WHITE, chip,
                     centre=True)
            x += chip_w
        dollars = "".join(f"{d}" for d in card.customers)
        blit_fit(surface, self.text, f"${'/'.join(dollars)}", size, DIM,
                 pygame.Rect(rect.right - lay.px(58), rect.y, lay.px(58), rect.height))

    # ------------------------------------------------------------------ the customer line
    def _center(self, surface: pygame.Surface, lay: StarLayout) -> None:
        session = self.session
        state = session.state
        size = lay.font
        draw_panel(surface, lay.center)
        known = sum(1 for k in state.deck_known if k)
        line = f"Customer line: {len(state.deck)} face down to come"
        if known:
            line += f" ({known} known)"
        blit_fit(surface, self.text, line, size, GOLD, lay.line_title, bold=True)
        self._card(surface, lay)
        can_act = self.inputs.can_handle_customer()
        if state.current and state.phase is Phase.ACTION:
            draw_button(surface, self.text, lay.serve, "Serve", size, can_act,
                        lay.serve.collidepoint(self.inputs.mouse))
            draw_button(surface, self.text, lay.turn_away, "Turn away", size, can_act,
                        lay.turn_away.collidepoint(self.inputs.mouse), RED)
        extra = self.inputs.extra()
        if extra is not None:
            draw_button(surface, self.text, lay.extra, extra[0], size, True,
                        lay.extra.collidepoint(self.inputs.mouse))
        self._deck(surface, lay)
        blit_fit(surface, self.text, "Events this round:", size, DIM,
                 lay.rect(CENTER_X + 8, 296, 300, 22))
        for index, card in enumerate(state.revealed):
            from wokphysics.ui.wok_star.layout import event_chip

            chip = event_chip(lay, index)
            pygame.draw.rect(surface, (76, 58, 90), chip, border_radius=4)
            blit_fit(surface, self.text, card_name(state, card), size, WHITE, chip.inflate(-8, 0))
        bad = len(state.bad)
        limit = state.config.rules.bad_publicity_limit
        blit_fit(surface, self.text, f"Turned away (Bad Publicity): {bad} of {limit}", size,
                 RED if bad else DIM, lay.rect(CENTER_X + 8, 378, 424, 22))
        for k in range(bad):
            draw_mini_card(surface, lay.rect(CENTER_X + 10 + k * 26, 404, 22, 32), False)

    def _card(self, surface: pygame.Surface, lay: StarLayout) -> None:
        session = self.session
        state = session.state
        rect = lay.card
        size = lay.font
        card = state.current
        if not card or state.phase is not Phase.ACTION:
            pygame.draw.rect(surface, PANEL_LIGHT, rect, 2, border_radius=8)
            words = "the deck is empty" if state.phase is Phase.LEFTOVER else "no card"
            blit_fit(surface, self.text, words, size, DIM, rect, centre=True)
            return
        late = state.overdue
        pygame.draw.rect(surface, PAPER, rect, border_radius=8)
        pygame.draw.rect(surface, RED if late else INK, rect, 3 if late else 2,
                         border_radius=8)
        x = rect.x + lay.px(10)
        width = rect.width - lay.px(20)
        y = rect.y + lay.px(6)
        line = lay.px(22)
        if "#" in card:
            dish = state.config.recipe_by_id[recipe_of(card)]
            owner = state.recipe_owner[dish.id]
            blit_fit(surface, self.text, dish.name, size, INK, pygame.Rect(x, y, width, line),
                     bold=True)
            y += line
            dollars = state.config.customer_dollars[card]
            blit_fit(surface, self.text, f"${dollars}  cook: {session.names[owner]}", size,
                     cook_colour(owner), pygame.Rect(x, y, width, line))
            y += line + lay.px(2)
            for item in dish.ingredients:
                value = state.counters[item]
                colour = palette.STAR_SOME_ON_PAPER if value else palette.STAR_NONE_ON_PAPER
                blit_fit(surface, self.text, f"{ingredient(state, item)}: {value}", size,
                         colour, pygame.Rect(x, y, width, line))
                y += line
            if late:
                stamp = self.text.render("LATE", round(size * 1.3), RED, True)
                surface.blit(stamp, stamp.get_rect(bottomright=(rect.right - lay.px(8),
                                                                rect.bottom - lay.px(4))))
            return
        event = state.config.event_by_id[card]
        blit_fit(surface, self.text, "Event" if event.kind != "chefs_special"
                 else "Chef's Special", size, (110, 60, 130), pygame.Rect(x, y, width, line))
        y += line
        blit_fit(surface, self.text, event.name, size, INK, pygame.Rect(x, y, width, line),
                 bold=True)
        y += line + lay.px(4)
        effect = (f"any player serves one of their dishes: ${event.amount}"
                  if event.kind == "chefs_special" else event_effect(state, card))
        self.text.draw_wrapped(surface, effect, size, x, y, width, INK)

    def _timers(self, surface: pygame.Surface, lay: StarLayout) -> None:
        session = self.session
        state = session.state
        now = session.time_s
        total = state.config.rules.timer_seconds
        size = lay.font
        if not state.config.rules.timer:
            blit_fit(surface, self.text, "no timer", size, DIM,
                     pygame.Rect(lay.timers[0].x, lay.timers[0].bottom + 4,
                                 lay.timers[1].right - lay.timers[0].x, lay.px(22)), True)
            return
        flash = (self.presenter.times_up_at >= 0
                 and now - self.presenter.times_up_at < 1.5
                 and int((now - self.presenter.times_up_at) * 4) % 2 == 0)
        for index, rect in enumerate(lay.timers):
            timer = state.timers[index]
            top = timer.sand_on_top(now) if state.phase is Phase.ACTION else 0.0
            active = state.last_timer == index and state.phase is Phase.ACTION
            draw_timer(surface, rect, TIMER_COLOURS[index], top, total, top > 0, active)
            label = f"{top:4.1f}s" if top > 0 else TIMER_NAMES[index]
            colour = GOLD if active else DIM
            if active and state.overdue:
                label, colour = "time's up", RED
            blit_fit(surface, self.text, label, size, colour,
                     pygame.Rect(rect.x - lay.px(6), rect.bottom + lay.px(2),
                                 rect.width + lay.px(12), lay.px(22)), centre=True)
        if flash:
            pygame.draw.rect(surface, RED, lay.timers[0].union(lay.timers[1]).inflate(10, 10),
                             3, border_radius=6)
        last = state.last_timer
        if state.phase is Phase.ACTION and state.current and not state.overdue and \
                0 <= last < len(state.timers):
            draw_sand_bar(surface, lay.card_sand, state.timers[last].sand_on_top(now), total)

    def _deck(self, surface: pygame.Surface, lay: StarLayout) -> None:
        state = self.session.state
        rect = lay.deck
        size = lay.font
        for k in range(min(4, len(state.deck)), 0, -1):
            draw_mini_card(surface, rect.move(k * 2, -k * 2), False)
        if state.deck:
            blit_fit(surface, self.text, str(len(state.deck)), round(size * 1.3), WHITE, rect,
                     centre=True, bold=True)
        else:
            pygame.draw.rect(surface, PANEL_LIGHT, rect, 2, border_radius=4)
        blit_fit(surface, self.text, "deck", size, DIM,
                 pygame.Rect(rect.x - 4, rect.bottom + 4, rect.width + 8, lay.px(22)), True)
        blit_fit(surface, self.text, f"potential {len(state.potential)}", size, DIM,
                 lay.rect(CENTER_X + 328, 226, 108, 22), True)

    # ------------------------------------------------------------------ log
    def _log(self, surface: pygame.Surface, lay: StarLayout) -> None:
        draw_panel(surface, lay.log)
        size = lay.font
        x = lay.log.x + lay.px(8)
        width = lay.log.width - lay.px(16)
        y = lay.log.y + lay.px(6)
        for part in wrapped(self.text, self.presenter.prompt(), size, width):
            surface.blit(self.text.render(part, size, GOLD), (x, y))
            y += int(size * 0.95)
        y += lay.px(6)
        pygame.draw.line(surface, DIM, (x, y), (x + width, y))
        y += lay.px(4)
        line_h = int(size * 0.95)
        room = (lay.log.bottom - lay.px(4) - y) // max(1, line_h)
        shown: list[tuple[str, Color]] = []
        for entry in reversed(self.presenter.lines):  # the newest whole entries that fit
            colour = lighter(seat_colour(entry.seat), 0.45) if entry.seat >= 0 else WHITE
            parts = wrapped(self.text, entry.text, size, width)
            if len(shown) + len(parts) > room:
                break
            shown[:0] = [(part, colour) for part in parts]
        for words, colour in shown:
            surface.blit(self.text.render(words, size, colour), (x, y))
            y += line_h

    # ------------------------------------------------------------------ seats
    def _seat(self, surface: pygame.Surface, lay: StarLayout, seat: int) -> None:
        session = self.session
        state = session.state
        panel = lay.seats[seat]
        size = lay.font
        colour = seat_colour(seat)
        acting = session.current == seat and not state.is_terminal()
        target = self.inputs.drop_seat == seat
        draw_panel(surface, panel.rect, PANEL, GOLD if target else (colour if acting else None))
        pygame.draw.rect(surface, header_colour(seat), panel.header, border_top_left_radius=8,
                         border_top_right_radius=8)
        name = session.names[seat]
        blit_fit(surface, self.text, f"{name}  pool {state.pool[seat]}", size, WHITE,
                 pygame.Rect(panel.header.x + lay.px(8), panel.header.y,
                             panel.pile.x - panel.header.x - lay.px(10), panel.header.height),
                 bold=True)
        self._pile(surface, lay, seat)
        selected = self.inputs.selected
        dragged = self.inputs.dragging
        free = {index for index, _ in panel.dice}
        for index, rect in panel.slots:
            if index not in free:
                draw_slot(surface, rect)
                continue
            die = state.dice[index]
            ring = GOLD if index in selected else None
            draw_die(surface, rect, die.face, die.colour, ring, faded=index in dragged,
                     given=die.given)
            figure = pygame.Rect(rect.x - lay.px(4), rect.bottom + lay.px(2),
                                 rect.width + lay.px(8), lay.px(FACE_ROW - 2))
            blit_fit(surface, self.text, str(die.face), size, DIM if index in dragged
                     else WHITE, figure, centre=True, bold=True)
        if not panel.dice:
            words = {Phase.ACTION: "no unplaced dice", Phase.LEFTOVER: "no dice left"}.get(
                state.phase, "dice are rolled when the round starts")
            where = panel.dice_area
            if panel.slots:  # under the empty slots, where the faces were
                last = panel.slots[-1][1]
                where = pygame.Rect(where.x, last.bottom + lay.px(2), where.width,
                                    lay.px(FACE_ROW - 2))
            blit_fit(surface, self.text, words, size, DIM, where)
        for prep, rect in panel.preps.items():
            self._prep(surface, lay, prep, rect)
        for character, rect in panel.family:
            self._family(surface, lay, seat, character, rect)

    def _pile(self, surface: pygame.Surface, lay: StarLayout, seat: int) -> None:
        state = self.session.state
        pile = state.piles[seat]
        rect = lay.seats[seat].pile
        up = [t for t in pile if t.face_up]
        dollars = sum(state.config.customer_dollars[t.card] if "#" in t.card
                      else state.config.event_by_id[t.card].amount for t in up)
        x = rect.x
        for k, taken in enumerate(pile[:6]):
            draw_mini_card(surface, pygame.Rect(x + k * lay.px(8), rect.y + 1, lay.px(14),
                                                rect.height - 2), taken.face_up)
        label = f"{len(up)} up ${dollars}" + (f", {len(pile) - len(up)} down"
                                              if len(pile) > len(up) else "")
        blit_fit(surface, self.text, label if pile else "none served", lay.font, WHITE,
                 pygame.Rect(x + lay.px(8) * min(6, len(pile)) + lay.px(10), rect.y,
                             rect.right - x, rect.height))

    def _prep(self, surface: pygame.Surface, lay: StarLayout, prep: str, rect: pygame.Rect) -> None:
        state = self.session.state
        size = lay.font
        hover = self.inputs.drop_prep == prep
        verdict = self.inputs.drop_ok if hover else None
        base = PANEL_LIGHT
        if verdict is True:
            base = palette.STAR_DROP_OK.color
        elif verdict is False:
            base = palette.STAR_DROP_REFUSED.color
        pygame.draw.rect(surface, base, rect, border_radius=5)
        if prep in state.upgraded:
            pygame.draw.rect(surface, GOLD, rect, 1, border_radius=5)
        value = state.counters[prep]
        box = prep_count_box(lay, rect)
        pygame.draw.rect(surface, (30, 26, 24), box, border_radius=4)
        blit_fit(surface, self.text, str(value), round(size * 1.2), _count_colour(value),
                 box, centre=True, bold=True)
        two_lines = rect.height >= lay.px(36)
        # upgraded: "+" as on the board's counter, and the gold frame (" (upgraded)" cut
        # "Onions and Peppers" short in a seat with five preparations)
        title = ingredient(state, prep) + ("+" if prep in state.upgraded else "")
        line_h = rect.height // 2 if two_lines else rect.height
        blit_fit(surface, self.text, title, size, WHITE,
                 pygame.Rect(rect.x + lay.px(6), rect.y, box.x - rect.x - lay.px(8), line_h),
                 bold=True)
        placed = self.presenter.placed.get(prep, [])
        dice_w = box.x - lay.px(4) - placed_die(lay, rect, len(placed) - 1).x if placed else 0
        if two_lines:
            card = state.config.prep_by_id[prep]
            made = state.yields(prep)
            words = f"any:{made[0]}  {card.number}:{made[1]}  {card.combo.text()}:{made[2]}"
            blit_fit(surface, self.text, words, size, DIM,
                     pygame.Rect(rect.x + lay.px(6), rect.y + line_h,
                                 box.x - rect.x - lay.px(10) - dice_w, line_h))
        for k, (face, colour) in enumerate(placed):
            draw_die(surface, placed_die(lay, rect, k), face, colour)

    def _family(self, surface: pygame.Surface, lay: StarLayout, seat: int, character: str,
                rect: pygame.Rect) -> None:
        state = self.session.state
        used = next(f.used for f in state.characters[seat] if f.id == character)
        choosing = self.inputs.family == (seat, character)
        colour = (70, 58, 84) if not used else (50, 46, 44)
        pygame.draw.rect(surface, colour, rect, border_radius=5)
        if choosing:
            pygame.draw.rect(surface, GOLD, rect, 2, border_radius=5)
        words = f"{character_name(state, character)}: {character_effect(state, character)}"
        if used:
            words = f"{character_name(state, character)} (used)"
        elif choosing:
            words = f"{character_name(state, character)}: click an ingredient counter (Esc)"
        room = rect.inflate(-lay.px(10), 0)
        lines = wrapped(self.text, words, lay.font, room.width)
        high = room.height // max(1, len(lines))
        if len(lines) > 1 and high >= self.text.font(lay.font).get_linesize() - lay.px(2):
            for k, line in enumerate(lines):  # a narrow panel's card has the lines' room
                blit_fit(surface, self.text, line, lay.font, DIM if used else WHITE,
                         pygame.Rect(room.x, room.y + k * high, room.width, high))
        else:
            blit_fit(surface, self.text, words, lay.font, DIM if used else WHITE, room)

    # ------------------------------------------------------------------ on top
    def _motions(self, surface: pygame.Surface, lay: StarLayout) -> None:
        for motion in self.presenter.motions:
            rect = motion.rect()
            if motion.face:
                draw_die(surface, rect, motion.face, motion.colour)
            else:
                pygame.draw.rect(surface, PAPER, rect, border_radius=6)
                pygame.draw.rect(surface, INK, rect, 2, border_radius=6)
                if rect.width > lay.px(60):
                    blit_fit(surface, self.text, motion.label, lay.font, INK,
                             rect.inflate(-8, 0), centre=True)

    def _dragged(self, surface: pygame.Surface, lay: StarLayout) -> None:
        inputs = self.inputs
        state = self.session.state
        if not inputs.dragging:
            return
        x, y = inputs.mouse
        size = lay.px(DIE)
        for k, index in enumerate(inputs.dragging):
            if index >= len(state.dice):
                continue
            die = state.dice[index]
            rect = pygame.Rect(x - size // 2 + k * (size + 4), y - size // 2, size, size)
            draw_die(surface, rect, die.face, die.colour, GOLD, given=die.given)
        if inputs.drop_words:
            anchor = pygame.Rect(x - size // 2, y - size // 2, size * len(inputs.dragging),
                                 size)
            self._tip(surface, lay, inputs.drop_words, anchor)

    def _notice(self, surface: pygame.Surface, lay: StarLayout) -> None:
        presenter = self.presenter
        notice = presenter.notice
        self.notice_box = None
        if notice is not None:
            size = round(lay.font * 1.2)
            # A long notice (a late order's missing ingredients) is wrapped to the free
            # part of the customer line (the events and the Bad Publicity pile) and put
            # there, over no control. Lines are measured in the regular face, so a tenth is
            # left for the bold one's extra width.
            covered = self.layouts.covered()
            zone = free_zones(lay, covered)[0]
            pad_x, pad_y = lay.px(16), lay.px(10)
            lines = wrapped(self.text, notice.text, size, (zone.width - 2 * pad_x) * 9 // 10)
            images = [self.text.render(line, size, WHITE, True) for line in lines]
            back = pygame.Rect(0, 0, max(i.get_width() for i in images) + 2 * pad_x,
                               sum(i.get_height() for i in images) + 2 * pad_y)
            back.center = zone.center
            bounds = self._table_bounds(surface, lay)
            if not zone.contains(back) or not bounds.contains(back):
                # (reflowed, the free zone may lie out of the view: clamped into it, the
                # notice covered the recipes at 2x; it takes a clear place in the view)
                avoid = [*keep_clear(lay, [c.rect for c in self.layouts.buttons], covered),
                         *self.text.over_scene]
                back = place_clear(back.size, pygame.Rect(zone.centerx, zone.centery, 1, 1),
                                   bounds, avoid, free_zones(lay, covered))
            back.clamp_ip(bounds)
            shade = pygame.Surface(back.size, pygame.SRCALPHA)
            shade.fill((20, 12, 10, 230))
            surface.blit(shade, back.topleft)
            pygame.draw.rect(surface, GOLD, back, 2, border_radius=8)
            y = back.y + pad_y
            for image in images:
                surface.blit(image, image.get_rect(centerx=back.centerx, y=y))
                y += image.get_height()
            self.notice_box = back

    def _bubbles(self, surface: pygame.Surface, lay: StarLayout) -> None:
        for item in self.presenter.bubbles:
            x, y = item.at
            self._tip(surface, lay, item.text, pygame.Rect(x - 2, y - 2, 4, 4))

    def _hover(self, surface: pygame.Surface, lay: StarLayout) -> None:
        """The details of what the pointer rests on, once it has rested there
        ``HOVER_DELAY_S`` (a pointer passing over the table shows none), placed clear of
        every control."""
        inputs = self.inputs
        if inputs.dragging or inputs.hover is None or self.presenter.bubbles:
            return
        if inputs.hover_rest_s < HOVER_DELAY_S:
            return
        if self.layouts.covered() and lay.panel.collidepoint(inputs.mouse):
            return  # what lies under a screen is hidden
        words = self.presenter.hover_text(inputs.hover)
        if words:
            self._tip(surface, lay, words, hovered_rect(lay, inputs.hover, inputs.mouse))

    def _tip(self, surface: pygame.Surface, lay: StarLayout, words: str,
             anchor: pygame.Rect) -> pygame.Rect:
        """A cream box of ``words`` about ``anchor``, where it covers no control
        (:mod:`.tips`); remembered in :attr:`tip_boxes` for this frame."""
        size = lay.font
        pad_x, pad_y = lay.px(8), lay.px(6)
        width = max(lay.px(160), min(lay.px(340), surface.get_width() - 20))
        lines = wrapped(self.text, words, size, width)
        images = [self.text.render(line, size, (30, 20, 10)) for line in lines]
        box_size = (max(image.get_width() for image in images) + 2 * pad_x,
                    sum(image.get_height() for image in images) + 2 * pad_y)
        covered = self.layouts.covered()
        bounds = self._table_bounds(surface, lay)
        key = (words, tuple(anchor), id(lay), covered, tuple(bounds),
               tuple(tuple(rect) for rect in self.text.over_scene))
        box = self._tip_cache.get(key)
        if box is None:
            avoid = [*keep_clear(lay, [c.rect for c in self.layouts.buttons], covered),
                     *self.text.over_scene]
            box = place_clear(box_size, anchor, bounds, avoid, free_zones(lay, covered),
                              lay.px(8), shelf(lay), [seat.rect for seat in lay.seats],
                              seat_parts(lay))
            if len(self._tip_cache) > 200:
                self._tip_cache.clear()
            self._tip_cache[key] = box
        pygame.draw.rect(surface, (255, 246, 214), box, border_radius=8)
        pygame.draw.rect(surface, (200, 60, 40), box, 2, border_radius=8)
        y = box.top + pad_y
        for image in images:
            surface.blit(image, (box.left + pad_x, y))
            y += image.get_height()
        self.tip_boxes.append(box.copy())
        return box

    def _table_bounds(self, surface: pygame.Surface, lay: StarLayout) -> pygame.Rect:
        """The window's part the table is drawn in (above a replay's bar)."""
        # the part shown: the UI scale's view (else the window)
        return pygame.Rect(0, 0, lay.size[0], lay.size[1]).clip(surface.get_clip())


HOVER_DELAY_S = 0.5
"""The pointer rests this long on something before its details are shown."""


def hovered_rect(lay: StarLayout, target: StarTarget, mouse: tuple[int, int]) -> pygame.Rect:
    """The rectangle of what the pointer rests on (the topmost hit under it)."""
    for rect, found in reversed(lay.hits):
        if found == target and rect.collidepoint(mouse):
            return rect
    return pygame.Rect(mouse[0] - 2, mouse[1] - 2, 4, 4)


def phase_words(session: StarSession, presenter: StarPresenter) -> str:
    """The phase the heading names: the screen's when one is up (the Accounting screen is
    shown while the engine already waits in the Purchase), else the engine's phase."""
    if screen_name(session, presenter) == "accounting":
        return "Accounting"
    return PHASE_WORDS[session.state.phase]


def _count_colour(value: int) -> Color:
    """The colour of a counter's number: some left, or none (the palette's Wok Star marks)."""
    return palette.STAR_SOME.color if value else palette.STAR_NONE.color
