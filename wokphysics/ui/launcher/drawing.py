"""The launcher's drawing: the games on the left, the selected game's choices on the right,
the hover's outline and tooltip, a refusal at the bottom. It places the spots the input map
hit-tests (:class:`~.spots.LauncherSpots`) and otherwise only reads."""

from __future__ import annotations

import pygame

from wokphysics.replay.turn_record import PERSON
from wokphysics.ui.launcher.choices import Choices, GameChoices
from wokphysics.ui.launcher.inputs import LauncherInputs
from wokphysics.ui.launcher.pictures import Pictures
from wokphysics.ui.launcher.presenter import LauncherPresenter, seat_words, show
from wokphysics.ui.launcher.spots import (
    STACK_TILES,
    STACK_W,
    TILE_H,
    LauncherSpots,
    Spot,
    settings_top,
)
from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    PANEL_BG,
    RED,
    WHITE,
    Button,
    Text,
    draw_button,
    place_tip,
)

BACKGROUND = (34, 30, 28)
OPTIONS_BOTTOM = 664
"""Where the rules options end (launcher units, 1280x800 at scale 1): the seed is below."""
OPTION_ROW_H = 33
"""Height of a rules option's row (launcher units), its button 29 high."""
MIN_OPTION_ROW_H = 30
SEATS_Y = 184
"""The first seat's row (launcher units); each seat takes 42."""


def option_rows(count: int, height: float) -> tuple[int, float]:
    """Rows per column and the row height for ``count`` rules options in ``height`` launcher
    units: one column when they fit, else two (rows squeezed down to ``MIN_OPTION_ROW_H`` so
    that every option shows; a game with more options than that is refused by a test)."""
    rows = max(1, int(height // OPTION_ROW_H))
    if count <= 2 * rows:
        return rows, OPTION_ROW_H
    rows = -(-count // 2)
    return rows, max(MIN_OPTION_ROW_H, height / rows)


def _nothing() -> None:
    """The launcher hit-tests its own spots; buttons are drawn only."""


class LauncherDrawing:
    """Draws the launcher from the choices, the input map's hover and seed focus, and the
    presenter's words. The still picture is redrawn only when a choice changed."""

    def __init__(self, choices: Choices, spots: LauncherSpots, inputs: LauncherInputs,
                 presenter: LauncherPresenter, text: Text) -> None:
        self.choices = choices
        self.spots = spots
        self.inputs = inputs
        self.presenter = presenter
        self.text = text
        self.pictures = Pictures()
        self._still: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self._tip: tuple[object, pygame.Rect] | None = None
        """Where the last tooltip went, and for what (placing one is a search)."""
        self._shift = (0.0, 0.0)
        """Added to every rectangle drawn (launcher units): the settings panel, drawn at its
        place in the 1280 x 800 design, moves under the tiles when they are stacked."""

    def draw(self, surface: pygame.Surface) -> None:
        spots = self.spots
        spots.size = surface.get_size()
        game = self.choices.game
        key = (spots.size, spots.flow, self.choices.selected, game.players, tuple(game.seats),
               tuple(sorted(game.values.items())), self.choices.seed, self.inputs.seed_focus,
               tuple(g.saved() for g in self.choices.games), self.choices.scale)
        if self._still is None or key != self._still_key:
            if self._still is None or self._still.get_size() != spots.size:
                self._still = pygame.Surface(spots.size).convert()
            spots.clear()
            self._draw_still(self._still)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        self._draw_hover(surface)
        notice = self.presenter.notice
        if notice is not None:
            image = self.text.render(notice.text, spots.font(21), RED, True)
            shown = surface.get_clip()  # the part shown (the UI scale's view)
            surface.blit(image, image.get_rect(midbottom=(shown.centerx, shown.bottom - 8)))

    # ------------------------------------------------------------------ helpers
    def _rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        dx, dy = self._shift
        return self.spots.rect(x + dx, y + dy, w, h)

    def _font(self, px: int) -> int:
        return self.spots.font(px)

    def _label(self, surface: pygame.Surface, text: str, px: int, at: tuple[int, int],
               color: tuple[int, int, int] = WHITE, bold: bool = False) -> pygame.Rect:
        return surface.blit(self.text.render(text, self._font(px), color, bold), at)

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, px: int,
                enabled: bool = True) -> None:
        draw_button(surface, self.text, Button(rect, label, _nothing, enabled), self._font(px))

    # ------------------------------------------------------------------ the still picture
    def _draw_still(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        title = self._label(surface, "wokphysics", 40, self._rect(20, 12, 0, 0).topleft, GOLD,
                            True)
        subtitle = "four wok games: choose one, the players and the rules"
        if self.spots.stacked:  # under the title: beside it is wider than the view
            self._label(surface, subtitle, 22, self._rect(20, 62, 0, 0).topleft, DIM)
        else:
            self._label(surface, subtitle, 22,
                        (title.right + self._font(16), title.y + self._font(12)), DIM)
        for index, game in enumerate(self.choices.games):
            self._tile(surface, index, game)
        if self.spots.stacked:  # below the tiles, at the left edge
            self._shift = (10 - 560, settings_top(len(self.choices.games)) - 70)
        try:
            self._settings(surface, self.choices.game)
        finally:
            self._shift = (0.0, 0.0)

    def _tile(self, surface: pygame.Surface, index: int, game: GameChoices) -> None:
        top, width = ((STACK_TILES, STACK_W - 40) if self.spots.stacked else (70, 520))
        box = self.spots.place(self._rect(20, top + index * TILE_H, width, TILE_H - 10),
                               Spot("game", index))
        selected = index == self.choices.selected
        pygame.draw.rect(surface, (64, 52, 44) if selected else PANEL_BG, box, border_radius=10)
        pygame.draw.rect(surface, GOLD if selected else (90, 80, 70), box, 3 if selected else 1,
                         border_radius=10)
        picture = self._rect(30, top + index * TILE_H + 19, 150, 130)
        painter = game.window.picture if game.window is not None else None
        surface.blit(self.pictures.picture(game.plugin.name, painter, picture.size), picture)
        x = self._rect(196, 0, 0, 0).x
        y = box.y + self._font(12)
        self._label(surface, game.plugin.title, 30, (x, y), GOLD if selected else WHITE, True)
        y += self._font(34)
        width = box.right - x - self._font(10)
        y = self.text.draw_wrapped(surface, game.plugin.summary[:1].upper()
                                   + game.plugin.summary[1:], self._font(21), x, y, width, WHITE)
        info = game.plugin.info
        where = "in the window" if game.window is not None else "in the terminal (no window yet)"
        self._label(surface, f"{info.min_players}-{info.max_players} players, {where}", 18,
                    (x, box.bottom - self._font(44)), DIM)
        saved = game.saved()
        if saved is not None and game.window is not None:
            words, color = ((f"last game finished ({saved})", DIM) if game.finished() else
                            (f"a game to resume: {saved}", (150, 210, 140)))
            self._label(surface, words, 18, (x, box.bottom - self._font(24)), color)

    def _settings(self, surface: pygame.Surface, game: GameChoices) -> None:
        area = self._rect(560, 70, 700, 712)
        pygame.draw.rect(surface, PANEL_BG, area, border_radius=10)
        self._label(surface, game.plugin.title, 32, self._rect(580, 80, 0, 0).topleft, GOLD,
                    True)
        self._players(surface, game)
        self._seats(surface, game)
        self._options(surface, game)
        self._seed(surface)
        self._start(surface, game)

    def _players(self, surface: pygame.Surface, game: GameChoices) -> None:
        info = game.plugin.info
        y = 132
        self._label(surface, "Players", 24, self._rect(580, y + 8, 0, 0).topleft, WHITE, True)
        minus = self.spots.place(self._rect(740, y, 44, 40), Spot("players", -1))
        plus = self.spots.place(self._rect(850, y, 44, 40), Spot("players", 1))
        self._button(surface, minus, "-", 28, game.players > info.min_players)
        self._button(surface, plus, "+", 28, game.players < info.max_players)
        number = self.text.render(str(game.players), self._font(30), WHITE, True)
        surface.blit(number, number.get_rect(center=self._rect(784, y, 66, 40).center))
        self._label(surface, f"{info.min_players} to {info.max_players}, people and bots", 19,
                    self._rect(910, y + 10, 0, 0).topleft, DIM)

    def _seats(self, surface: pygame.Surface, game: GameChoices) -> None:
        y = SEATS_Y
        for seat in range(game.players):
            row = y + seat * 42
            self._label(surface, f"Seat {seat + 1}", 21, self._rect(600, row + 9, 0, 0).topleft,
                        DIM)
            rect = self.spots.place(self._rect(700, row, 260, 36), Spot("seat", seat))
            self._button(surface, rect, seat_words(game, game.seats[seat]), 21)
        if not game.bots:
            self._label(surface, "no bots for this game", 18,
                        self._rect(980, y + 9, 0, 0).topleft, DIM)
        else:
            people = sum(1 for label in game.active_seats if label == PERSON)
            note = ("hot seat: hands hidden between players" if people > 1 else
                    "bots only: watch them play" if people == 0 else "you and the bots")
            self._label(surface, note, 18, self._rect(980, y + 9, 0, 0).topleft, DIM)

    def _options(self, surface: pygame.Surface, game: GameChoices) -> None:
        """The rules options: below the game's most seats, in as many rows as fit above the
        seed."""
        y = SEATS_Y + game.plugin.info.max_players * 42 + 8
        source = f"config/{game.plugin.config_file}"
        self._label(surface, f"Rules options (from {source})", 22,
                    self._rect(580, y, 0, 0).topleft, WHITE, True)
        defaults = self.spots.place(self._rect(1120, y - 4, 120, 30), Spot("defaults"))
        changed = any(not game.is_default(o.key) for o in game.options)
        self._button(surface, defaults, "Defaults", 19, changed)
        rows, row_h = option_rows(len(game.options), OPTIONS_BOTTOM - (y + 34))
        columns = 1 if len(game.options) <= rows else 2
        column_w = 660 / columns
        for index, option in enumerate(game.options):
            column, line = divmod(index, rows) if columns == 2 else (0, index)
            ox = 590 + column * column_w
            oy = y + 34 + line * row_h
            value_w = 110 if columns == 2 else 150
            label_w = column_w - value_w - 20
            label = option.label
            font = self._font(19)
            while self.text.font(font).size(label)[0] > self._rect(0, 0, label_w, 1).w \
                    and len(label) > 8:
                label = label[:-2]
            if label != option.label:
                label = label.rstrip() + "."  # shortened: the tooltip has the whole name
            named = self._label(surface, label, 19, self._rect(ox, oy + 6, 0, 0).topleft, DIM)
            # the name says what it does too: resting on it shows the option's tooltip
            self.spots.also(named.inflate(0, self._font(8)), Spot("option", index))
            rect = self.spots.place(self._rect(ox + label_w, oy, value_w, 29),
                                    Spot("option", index))
            self._button(surface, rect, show(game.values[option.key]), 19)
            if game.is_default(option.key):
                mark = self._rect(ox + label_w + value_w + 2, oy + 8, 0, 0).topleft
                self._label(surface, "*", 22, mark, GOLD, True)
        self._label(surface, "* = the shipped default; rest the pointer on an option for what "
                    "it does", 17, self._rect(590, OPTIONS_BOTTOM + 2, 0, 0).topleft, DIM)

    def _seed(self, surface: pygame.Surface) -> None:
        y = 694
        focus = self.inputs.seed_focus
        self._label(surface, "Seed", 24, self._rect(580, y + 6, 0, 0).topleft, WHITE, True)
        seed = self.spots.place(self._rect(660, y, 160, 36), Spot("seed"))
        pygame.draw.rect(surface, (24, 20, 18), seed, border_radius=6)
        pygame.draw.rect(surface, GOLD if focus else DIM, seed, 2, border_radius=6)
        digits = self.text.render(str(self.choices.seed) + ("|" if focus else ""),
                                  self._font(24), WHITE, True)
        surface.blit(digits, digits.get_rect(midleft=(seed.x + self._font(10), seed.centery)))
        self._button(surface, self.spots.place(self._rect(830, y, 130, 36), Spot("new_seed")),
                     "New seed", 20)
        self._button(surface, self.spots.place(self._rect(980, y, 260, 36), Spot("scale")),
                     f"UI scale {self.choices.scale:g}x", 20)

    def _start(self, surface: pygame.Surface, game: GameChoices) -> None:
        y = 738
        if game.window is not None:
            self._button(surface, self.spots.place(self._rect(580, y, 200, 40), Spot("start")),
                         "Start", 26)
            saved = game.saved()
            words = ("Resume (no saved game)" if saved is None else
                     f"See the last game's end ({saved})" if game.finished() else
                     f"Resume ({saved})")
            self._button(surface, self.spots.place(self._rect(800, y, 440, 40), Spot("resume")),
                         words, 22, saved is not None)
        else:
            self._button(surface, self.spots.place(self._rect(580, y, 360, 40),
                                                   Spot("terminal")),
                         "Play in the terminal", 24)
            self._label(surface, "its window is coming; this closes the launcher", 18,
                        self._rect(960, y + 12, 0, 0).topleft, DIM)

    # ------------------------------------------------------------------ the hover
    def _draw_hover(self, surface: pygame.Surface) -> None:
        spot = self.inputs.hover
        if spot is None:
            return
        rect = self.spots.rect_of(spot)
        if rect is None:
            return
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(4, 4), 2, border_radius=8)
        words = self.presenter.tooltip(spot)
        if not words:
            return
        size = self._font(19)
        # narrower in a view that shows a part (the UI scale): it finds room between controls
        lines = self.text.wrap(words, size, min(self._font(440),
                                                surface.get_clip().width // 3))
        images = [self.text.render(line, size, (24, 20, 16)) for line in lines]
        width = max(image.get_width() for image in images) + 16
        height = sum(image.get_height() for image in images) + 12
        mouse = self.inputs.mouse
        key = (spot, mouse, width, height, self.spots.size, self._still_key)
        if self._tip is None or self._tip[0] != key:
            controls = [other for other, at in self.spots.placed if at != spot]
            self._tip = (key, place_tip((width, height), mouse, surface.get_clip(), controls,
                                        self._font(16)))
        box = self._tip[1]
        pygame.draw.rect(surface, (255, 246, 214), box, border_radius=6)
        y = box.y + 6
        for image in images:
            surface.blit(image, (box.x + 8, y))
            y += image.get_height()
