"""Wok on Fire's drawing: the table as it is now, what may be picked, the spatula or hand being
dragged, the hover label, bubbles and notices, then the side panel (:mod:`.panel`).

It reads the game, the presenter and the scene's state and changes none of them; it records
only where it put clickable things (:class:`~wokphysics.ui.wok_on_fire.state.Layout`).
"""

from __future__ import annotations

import math
from collections import Counter

import pygame

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.table.cards import Card
from wokphysics.ui import palette
from wokphysics.ui.render import Highlight, TableRenderer
from wokphysics.ui.sprite_cache import BACK
from wokphysics.ui.widgets import Text, bubble, draw_thinking
from wokphysics.ui.wok_on_fire.blade_view import BladeView
from wokphysics.ui.wok_on_fire.flip_band import bands_for
from wokphysics.ui.wok_on_fire.hover import hover_text
from wokphysics.ui.wok_on_fire.landing import grouped
from wokphysics.ui.wok_on_fire.panel import Panel
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.scheduler import WokOnFireScheduler
from wokphysics.ui.wok_on_fire.state import TableUi

VIABLE = Highlight(palette.VIABLE)
VIABLE_LATER = Highlight(palette.VIABLE_LATER)
BLIND = Highlight(palette.BLIND)


class WokOnFireDrawing:
    """Draws one frame of the game (see the module doc)."""

    def __init__(self, cfg: WokOnFireConfig, game: WokOnFireGame, ui: TableUi,
                 renderer: TableRenderer, text: Text, presenter: WokOnFirePresenter,
                 scheduler: WokOnFireScheduler, panel: Panel) -> None:
        self.cfg = cfg
        self.game = game
        self.ui = ui
        self.renderer = renderer
        self.text = text
        self.presenter = presenter
        self.scheduler = scheduler
        self.panel = panel
        self._resting: tuple[tuple[int, int, int], list[Card]] | None = None
        self.notice_rect: pygame.Rect | None = None
        self.to_chop_rect: pygame.Rect | None = None
        """Where the last frame drew the cards about to be chopped (None: none)."""
        """Where the last frame drew the presenter's notice (None: none)."""
        self.blade_view = BladeView(cfg.physics, renderer, text,
                                    bands_for(cfg.physics.model_dump(mode="json")))

    def update_seats(self) -> None:
        """Name the seats on their aids and light the hand area of a person about to chop."""
        game = self.game
        labels = {game.seat_of(p): self.presenter.names[p] for p in range(game.players)}
        hand = None
        if (self.scheduler.person_to_act and game.expect is Expect.CHOP
                and self.ui.playback is None):
            hand = game.seat_of(game.current_player)
        self.renderer.set_seats(labels, hand, self.to_chop() if hand is not None else ())
        self.renderer.set_piles({
            game.seat_of(p): [(i.name.lower(), n) for i, n in
                              grouped(Counter(game.pile_ingredients(p)))]
            for p in range(game.players)})

    def to_chop(self) -> list[str]:
        """The cards the next chop throws, as they are drawn in the hand (sprite keys, bottom
        first): every card out of the wok (face as it lies), then the supply's top cards
        (face down)."""
        table = self.game.table
        keys = []
        for card_id in table.out_of_wok():
            card = table.card(card_id)
            keys.append(card.ingredient if card.face_up else BACK)
        count = min(self.cfg.rules.cards_per_chop, len(table.supply))
        return keys + [BACK] * count

    def cards_now(self) -> list[Card]:
        """The cards as drawn now: the running action's picture, or the table at rest (its
        snapshot reused until a physics step or an engine event changes it)."""
        if self.ui.playback is not None:
            return self.ui.playback.cards()
        table = self.game.table
        key = (table.steps, len(self.game.events), len(table.supply))
        if self._resting is None or self._resting[0] != key:
            self._resting = (key, table.cards)
        return self._resting[1]

    def highlights(self) -> dict[int, Highlight]:
        ui, game = self.ui, self.game
        marks: dict[int, Highlight] = {}
        if ui.playback is None and self.scheduler.person_to_act and game.expect is Expect.PICK:
            legal = game.legal_picks()
            chosen = {p.card_id for p in ui.selection}
            peppers_waiting = any(i not in chosen for i in legal.viable)
            for card_id in legal.all_viable:
                now = card_id in legal.viable or not peppers_waiting
                marks[card_id] = VIABLE if now else VIABLE_LATER
            for card_id in legal.blind:
                marks[card_id] = BLIND
            for number, pick in enumerate(ui.selection, start=1):
                label = f"{number}?" if pick.blind_chicken else str(number)
                marks[pick.card_id] = Highlight(palette.NAMED, label, self._seen_at(pick.card_id))
        for number, pick in enumerate(ui.bot_picks or [], start=1):
            label = f"{number}?" if pick.blind_chicken else str(number)
            marks[pick.card_id] = Highlight(palette.BOT_NAMED, label,
                                            self._seen_at(pick.card_id))
        return marks

    def _seen_at(self, card_id: int) -> tuple[float, float] | None:
        """A point of the card a player can see (table mm), for its badge: its centre when
        the centre circle shows, else its first uncovered corner dot (a blind claim's circle
        is hidden: a badge there sat on the card above it); None: its centre."""
        seen = self.game.table.visibility().get(card_id)
        if seen is None or seen.circle_visible or not seen.any_corner_visible:
            return None
        card = self.game.table.card(card_id)
        spec = self.cfg.physics.card
        dot_r = spec.dot_diameter_mm / 2.0
        cx = spec.width_mm / 2.0 - spec.dot_inset_mm - dot_r
        cy = spec.length_mm / 2.0 - spec.dot_inset_mm - dot_r
        corner = seen.corners_visible.index(True)  # bottom-left, bottom-right, top-right, ...
        lx, ly = ((-cx, -cy), (cx, -cy), (cx, cy), (-cx, cy))[corner]
        c, s = math.cos(card.angle), math.sin(card.angle)
        return card.x + c * lx - s * ly, card.y + s * lx + c * ly

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        cards = self.cards_now()
        self.to_chop_rect = None
        spatula = ui.playback.spatula() if ui.playback is not None else None
        if ui.live is not None:
            spatula = self.blade_view.pose(ui.live)
        self.renderer.draw(surface, cards, self.highlights(), spatula=spatula)
        if self.renderer.hand_seat is not None and ui.playback is None and ui.capture is None:
            # the cards about to be chopped, waiting
            self.to_chop_rect = self.renderer.draw_to_chop(surface)
        if ui.live is not None:
            self.blade_view.draw(surface, ui.live, cards)
        elif spatula is None and ui.capture is not None:
            self._draw_hand(surface)
            self.to_chop_rect = self.renderer.draw_to_chop(surface, ui.capture.last)  # in hand
        elif spatula is None and ui.press is None:
            self._draw_hover(surface, cards)
        area = pygame.Rect(self.renderer.map.area)
        size = max(14, surface.get_height() // 42)
        for b in self.presenter.bubbles:
            bubble(surface, self.text, b.text, b.at, size, area)
        self._draw_notice(surface, area, size)
        if ui.bot_thinking_s is not None:  # the planning bot works in the worker process
            name = self.presenter.names[self.game.current_player]
            spot = pygame.Rect(area.left + 8, area.top + 8, 300, 34)
            draw_thinking(surface, self.text, f"{name} thinks", ui.bot_thinking_s, spot)
        self.panel.draw(surface)
        if self.game.is_over and ui.playback is None:
            self.panel.draw_end(surface)

    def _draw_notice(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        notice = self.presenter.notice
        self.notice_rect = None
        if notice is None:
            return
        # Wrapped to the table area (a chop's landings make a long notice).
        lines = [self.text.render(line, size, (255, 240, 200), bold=True)
                 for line in self.text.wrap(notice.text, size, max(200, area.width - 60))]
        width = max(line.get_width() for line in lines)
        height = sum(line.get_height() for line in lines)
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (area.centerx, area.top + 10)
        box = box.inflate(20, 10)
        box.clamp_ip(area)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((90, 20, 16, 215))
        surface.blit(shade, box.topleft)
        self.notice_rect = box
        y = box.top + 5
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()

    def _draw_hover(self, surface: pygame.Surface, cards: list[Card]) -> None:
        """What a player at the table could read of the card under the pointer."""
        ui = self.ui
        if (ui.playback is not None or not ui.pointer_here
                or not self.renderer.map.in_table_area(*ui.mouse)):
            return
        card = self.renderer.card_at(cards, *ui.mouse)
        if card is None:
            return
        ingredient = self.game.ingredient(card.id)
        text = hover_text(card, self.game.table.visibility().get(card.id), ingredient,
                          self.game.scorer.deck.categories[ingredient])
        if text is None:
            return
        size = max(14, surface.get_height() // 44)
        label = self.text.render(text, size, (30, 20, 10), bold=True)
        box = label.get_rect(midbottom=(ui.mouse[0], ui.mouse[1] - 14)).inflate(10, 6)
        box.clamp_ip(pygame.Rect(self.renderer.map.area))
        pygame.draw.rect(surface, (255, 246, 214), box, border_radius=5)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        capture = self.ui.capture
        assert capture is not None
        m = self.renderer.map
        sx, sy = m.to_screen(*capture.last)
        start = m.to_screen(capture.samples[0][1], capture.samples[0][2])
        pygame.draw.line(surface, (255, 240, 160), start, (sx, sy), 3)
        radius = max(6, int(m.length(35)))
        pygame.draw.circle(surface, (236, 196, 160), (int(sx), int(sy)), radius)
        pygame.draw.circle(surface, (120, 80, 60), (int(sx), int(sy)), radius, 2)
