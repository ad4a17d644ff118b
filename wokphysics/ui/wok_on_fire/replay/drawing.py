"""The replay viewer's picture: the table as it stands at this point of the replay, and the
side panel (the presenter's words, the buttons the input mapping offers, the players)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from wokphysics.table.cards import Card
from wokphysics.ui.render import SEAT_COLORS, TableRenderer
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, RED, WHITE, Button, Color, Text, draw_button
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
        """The side panel (below the table at a UI scale), its lines spaced by the fonts
        drawn (at a scale the least font is larger than the panel's height asks)."""
        px, py, pw, ph = self.renderer.map.panel
        if pw <= 0:
            return
        pygame.draw.rect(surface, PANEL_BG, pygame.Rect(px, py, pw, ph))
        t, ui, presenter = self.text, self.ui, self.presenter
        big = max(18, ph // 30)
        size = max(14, ph // 44)
        x, y, width = px + 12, py + 10, pw - 24
        y = self._lines(surface, TITLE, big, GOLD, x, y, width, bold=True) + 2
        y = self._lines(surface, presenter.file_name(), size, DIM, x, y, width)
        y = self._lines(surface, presenter.position(), size, WHITE, x, y, width) + 6
        if ui.problem:
            y = self._lines(surface, ui.problem, size, RED, x, y, width) + 4
        y = self._buttons(surface, x, y, width, size)
        for row in presenter.players():
            step = t.font(size, True).get_linesize()
            pygame.draw.rect(surface, SEAT_COLORS[row.seat], pygame.Rect(x, y + 2, 10,
                                                                         step - 4))
            y = self._lines(surface, row.heading, size, WHITE, x + 16, y, width - 16,
                            bold=True)
            y = self._lines(surface, row.cards, size - 2, DIM, x + 16, y, width - 16) + 4
        winner = presenter.winner()
        if winner is not None:
            self._lines(surface, winner, size, GOLD, x, y + 4, width)

    def _lines(self, surface: pygame.Surface, words: str, size: int, colour: Color, x: int,
               y: int, width: int, bold: bool = False) -> int:
        """``words`` wrapped to ``width`` px from (x, y), each line ``size`` px below the last
        or as far as its font needs; the y below them."""
        t = self.text
        step = max(size, t.font(size, bold).get_linesize())
        for line in t.wrap(words, size, width, bold):
            surface.blit(t.render(line, size, colour, bold=bold), (x, y))
            y += step
        return y

    def _buttons(self, surface: pygame.Surface, x: int, y: int, width: int, size: int) -> int:
        """Draw the offered buttons in rows of two columns from ``y`` (and record them in the
        shared state for the input mapping), as high as their font needs; the y below
        them."""
        height = max(size, self.text.font(size).get_linesize()) + 12
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
