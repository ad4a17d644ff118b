"""The replay viewer's picture: the table as it stands at this point of the replay, and the
side panel (the presenter's words, the buttons the input mapping offers, the players)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from wokphysics.table.cards import Card
from wokphysics.ui.render import SEAT_COLORS, TableRenderer
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, RED, WHITE, Button, Text, draw_button
from wokphysics.ui.wok_on_fire.landing import grouped
from wokphysics.ui.wok_on_fire.replay.inputs import ButtonSpec
from wokphysics.ui.wok_on_fire.replay.presenter import TITLE, ReplayPresenter
from wokphysics.ui.wok_on_fire.replay.state import ReplayUi

COLUMNS = 2
"""The panel's buttons stand in two columns."""


class ReplayDrawing:
    """Receives the shared :class:`ReplayUi` (it writes only where it put the buttons), the
    window's table renderer and text, the presenter's words and ``offered`` (the input
    mapping's rows of buttons)."""

    def __init__(self, ui: ReplayUi, renderer: TableRenderer, text: Text,
                 presenter: ReplayPresenter,
                 offered: Callable[[], list[list[ButtonSpec]]]) -> None:
        self.ui = ui
        self.renderer = renderer
        self.text = text
        self.presenter = presenter
        self.offered = offered
        # The players' names by their seats: the same record, however often it is rebuilt.
        renderer.set_seats(presenter.seat_labels(), None)

    def cards_now(self) -> list[Card]:
        action = self.ui.action
        return action.cards() if action is not None else self.ui.source.table.cards

    def draw(self, surface: pygame.Surface) -> None:
        game = self.ui.source.game
        # Each player's collected cards by their aid, as they stand at this point of the
        # replay (the window's renderer still held the finished game's, after V).
        self.renderer.set_piles({} if game is None else {
            game.seat_of(p): [(i.name.lower(), n)
                              for i, n in grouped(Counter(game.pile_ingredients(p)))]
            for p in range(game.players)})
        action = self.ui.action
        spatula = action.spatula() if action is not None else None
        self.renderer.draw(surface, self.cards_now(), spatula=spatula)
        self._panel(surface)

    def _panel(self, surface: pygame.Surface) -> None:
        px, py, pw, ph = self.renderer.map.panel
        if pw <= 0:
            return
        pygame.draw.rect(surface, PANEL_BG, pygame.Rect(px, py, pw, ph))
        t, ui, presenter = self.text, self.ui, self.presenter
        big = max(18, ph // 30)
        size = max(14, ph // 44)
        x, y, width = px + 12, py + 10, pw - 24
        surface.blit(t.render(TITLE, big, GOLD, bold=True), (x, y))
        y += big + 2
        y = t.draw_wrapped(surface, presenter.file_name(), size, x, y, width, DIM)
        surface.blit(t.render(presenter.position(), size, WHITE), (x, y))
        y += size + 6
        if ui.problem:
            y = t.draw_wrapped(surface, ui.problem, size, x, y, width, RED) + 4
        y = self._buttons(surface, x, y, width, size)
        for row in presenter.players():
            pygame.draw.rect(surface, SEAT_COLORS[row.seat], pygame.Rect(x, y + 2, 10, size))
            surface.blit(t.render(row.heading, size, WHITE, bold=True), (x + 16, y))
            y += size
            y = t.draw_wrapped(surface, row.cards, size - 2, x + 16, y, width - 16, DIM) + 4
        winner = presenter.winner()
        if winner is not None:
            t.draw_wrapped(surface, winner, size, x, y + 4, width, GOLD)

    def _buttons(self, surface: pygame.Surface, x: int, y: int, width: int, size: int) -> int:
        """Draw the offered buttons in rows of two columns from ``y`` (and record them in the
        shared state for the input mapping); the y below them."""
        height = size + 12
        w = (width - 8 * (COLUMNS - 1)) // COLUMNS
        rows = self.offered()
        buttons = []
        for r, row in enumerate(rows):
            for c, (label, action, enabled) in enumerate(row):
                rect = pygame.Rect(x + c * (w + 8), y + r * (height + 6), w, height)
                buttons.append(Button(rect, label, action, enabled))
        self.ui.buttons = buttons
        for b in buttons:
            draw_button(surface, self.text, b, size, b.rect.collidepoint(self.ui.mouse))
        return y + len(rows) * (height + 6) + 6
