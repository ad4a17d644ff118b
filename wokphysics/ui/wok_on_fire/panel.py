"""Wok on Fire's side panel (turn, step, what to do, buttons, players, log) and end screen.

Reads the game, the presenter's words and the input mapping's offered buttons; records where
it put the buttons and the players' rows in the scene's layout. The panel image is reused
while nothing it shows has changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from wokphysics.games.wok_on_fire.engine import Expect, PickKind, StirKind, WokOnFireGame
from wokphysics.ui.render import SEAT_COLORS, TableRenderer
from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    PANEL_BG,
    RED,
    WHITE,
    Button,
    Color,
    Text,
    draw_button,
)
from wokphysics.ui.wok_on_fire.inputs import ButtonSpec
from wokphysics.ui.wok_on_fire.landing import grouped
from wokphysics.ui.wok_on_fire.pick_words import pick_words
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.scheduler import WokOnFireScheduler
from wokphysics.ui.wok_on_fire.state import TableUi

FOOTER = "F1/H help - Esc pause - R restart - Space skip"


def step_name(game: WokOnFireGame) -> str:
    """The current step in a few words ("stir fry 2", "Garlic gift pick", "chop")."""
    expect = game.expect
    if expect is Expect.STIR:
        if game.stir_kind is StirKind.BONUS:
            return "bonus stir fry"
        return f"stir fry {game.stirs_this_step + 1}"
    if expect is Expect.PICK:
        kind = game.pick_kind
        return {PickKind.NORMAL: "pick up", PickKind.PEPPER_BONUS: "Green Pepper bonus pick",
                PickKind.GARLIC_GIFT: "Garlic gift pick",
                PickKind.CHILI: "Chili pick"}.get(kind, "pick up") if kind else "pick up"
    names: dict[Expect, str] = {
        Expect.BONUS_ORDER: "choose bonus order", Expect.GIFT_OPPONENT: "choose receiver",
        Expect.CHILI: "Chili Pepper?", Expect.CHOP: "chop", Expect.GAME_OVER: "game over"}
    return names.get(expect, str(expect.value))


class Panel:
    """The side panel and the end screen (see the module doc)."""

    def __init__(self, game: WokOnFireGame, ui: TableUi, renderer: TableRenderer, text: Text,
                 presenter: WokOnFirePresenter, scheduler: WokOnFireScheduler,
                 buttons: Callable[[], list[list[ButtonSpec]]],
                 end_choices: Callable[[], list[tuple[int, str, Callable[[], None]]]]
                 ) -> None:
        self.game = game
        self.ui = ui
        self.renderer = renderer
        self.text = text
        self.presenter = presenter
        self.scheduler = scheduler
        self.offered = buttons
        self.end_choices = end_choices
        """The end screen's choices (key, label, action): N, V and L as in the other games."""
        self._key: tuple[object, ...] | None = None
        self._image: pygame.Surface | None = None
        self._cached_layout: tuple[list[Button], dict[int, pygame.Rect]] = ([], {})

    # ------------------------------------------------------------------ what to do
    def instructions(self) -> str:
        game, ui = self.game, self.ui
        names = self.presenter.names
        if game.is_over:
            choices = ", ".join(label.replace(": ", " ", 1) for _, label, _ in
                                self.end_choices())
            return f"The game is over: {choices} (keys or buttons)." if choices else (
                "The game is over.")
        if ui.playback is not None:
            return "The cards are moving... (Space skips)"
        player = game.current_player
        if not self.scheduler.person_to_act:
            if ui.bot_picks:
                return (f"{names[player]} names the orange-framed card"
                        f"{'s' if len(ui.bot_picks) > 1 else ''}. Space skips ahead.")
            return f"{names[player]} is playing. Space skips ahead to your turn."
        expect = game.expect
        if expect is Expect.STIR:
            head = ("Bonus stir: " if game.stir_kind is StirKind.BONUS else
                    f"Stir fry {game.stirs_this_step + 1}: ")
            extra = ""
            if game.stir_kind is StirKind.NORMAL and game.stirs_this_step >= 2:
                extra = " Nothing has flipped yet: stir again."
            return (head + "press on the table just before a card, slide the blade under it "
                    "(the gauge shows how deep) and release with a quick flick to flip it (a "
                    "lazy release lets it settle back)." + extra)
        if expect is Expect.PICK:
            legal = game.legal_picks()
            who = (" This card goes to an opponent." if game.pick_kind is PickKind.GARLIC_GIFT
                   else "")
            if not legal.viable and not legal.blind:
                return "No card can be picked. Press Enter to go on."
            return (f"{pick_words(legal)}: click yellow-framed cards, then Enter. Right-click a "
                    "face-up card whose circle is hidden to claim it blind as Chicken." + who)
        if expect is Expect.BONUS_ORDER:
            return "You earned both bonuses. Which extra stir and pick comes first?"
        if expect is Expect.GIFT_OPPONENT:
            return ("Garlic gift: click the opponent who gets the named card (their player aid "
                    "on the table or their name here).")
        if expect is Expect.CHILI:
            return "You may discard a Chili Pepper from an earlier turn for one more pick."
        if expect is Expect.CHOP:
            return ("Chop: press in your lit hand area at your edge, drag into the wok and "
                    "release; the throw follows your hand.")
        return ""

    # ------------------------------------------------------------------ the panel
    def _state(self, offered: list[list[ButtonSpec]]) -> tuple[object, ...]:
        """Everything the panel shows: while it is unchanged, last frame's panel is reused."""
        game, ui, presenter = self.game, self.ui, self.presenter
        hover = next((i for i, b in enumerate(self._cached_layout[0])
                      if b.rect.collidepoint(ui.mouse)), -1)
        labels = tuple((label, enabled) for row in offered for label, _, enabled in row)
        return (self.renderer.map.panel, len(game.events), game.expect, game.current_player,
                game.turn_number, game.stirs_this_step, tuple(ui.selection), presenter.status,
                presenter.status_is_error, tuple(ui.bot_picks or ()), ui.playback is None,
                self.scheduler.pace.fast, hover, tuple(presenter.log), len(game.table.supply),
                labels)

    def draw(self, surface: pygame.Surface) -> None:
        px, py, pw, ph = self.renderer.map.panel
        layout = self.ui.layout
        if pw <= 0:
            layout.buttons, layout.player_rows = [], {}
            return
        panel = pygame.Rect(px, py, pw, ph)
        offered = self.offered()
        # the part shown too: the image is copied from the surface, whose clip (the UI
        # scale's view) may have left the panel undrawn
        key = (self._state(offered), surface.get_clip())
        if key == self._key and self._image is not None:
            surface.blit(self._image, panel.topleft)
            layout.buttons = list(self._cached_layout[0])
            layout.player_rows = dict(self._cached_layout[1])
            return
        self._draw(surface, panel, offered)
        self._key = key
        self._image = surface.subsurface(panel).copy()
        self._cached_layout = (list(layout.buttons), dict(layout.player_rows))

    def _draw(self, surface: pygame.Surface, panel: pygame.Rect,
              offered: list[list[ButtonSpec]]) -> None:
        px, py, pw, ph = panel
        pygame.draw.rect(surface, PANEL_BG, panel)
        t, game, presenter = self.text, self.game, self.presenter
        names = presenter.names
        layout = self.ui.layout
        # lines as far apart as the least font drawn needs (a UI scale's panel is no taller
        # than the window's, its least font twice as large at 2x)
        big = max(18, ph // 30, round(t.least * 1.15))
        size = max(14, ph // 44, round(t.least * 0.8))
        x, y, width = px + 12, py + 10, pw - 24
        surface.blit(t.render("Wok on Fire", big, GOLD, bold=True), (x, y))
        y += big + 2
        if game.is_over:
            turn_line = "Game over"
        else:
            turn_line = (f"Turn {game.turn_number + 1}: {names[game.current_player]} - "
                         f"{step_name(game)}")
        y = _lines(surface, t, turn_line, size, (x, y), width, WHITE)
        supply = len(game.table.supply)
        end = " - last round" if game.final_round else ""
        supply_line = f"Supply: {supply} card{'s' if supply != 1 else ''}{end} - seed {game.seed}"
        y = _lines(surface, t, supply_line, size, (x, y), width, DIM) + 6
        y = t.draw_wrapped(surface, self.instructions(), size, x, y, width, GOLD) + 4
        if presenter.status:
            color = RED if presenter.status_is_error else WHITE
            y = t.draw_wrapped(surface, presenter.status, size, x, y, width, color) + 4
        layout.buttons = []
        height = size + 12
        for row in offered:
            w = (width - 8 * (len(row) - 1)) // len(row)
            for i, (label, action, enabled) in enumerate(row):
                rect = pygame.Rect(x + i * (w + 8), y, w, height)
                button = Button(rect, label, action, enabled)
                draw_button(surface, t, button, size, rect.collidepoint(self.ui.mouse))
                layout.buttons.append(button)
            y += height + 6
        if offered:
            y += 2
        scores = game.scores()
        gift = game.expect is Expect.GIFT_OPPONENT and self.scheduler.person_to_act
        layout.player_rows = {}
        for player in range(game.players):
            color = SEAT_COLORS[game.seat_of(player)]
            row_top = y
            pygame.draw.rect(surface, color, pygame.Rect(x, y + 2, 10, size))
            marker = " <" if player == game.current_player and not game.is_over else ""
            title = f"{names[player]}: {scores[player].total} pts{marker}"
            y = _lines(surface, t, title, size, (x + 16, y), width - 16, WHITE, bold=True)
            counts = Counter(game.pile_ingredients(player))
            text = ", ".join(f"{i.value} x{n}" if n > 1 else i.value
                             for i, n in grouped(counts)) or "no cards yet"
            y = t.draw_wrapped(surface, text, size - 2, x + 16, y, width - 16, DIM) + 4
            area = pygame.Rect(x - 4, row_top - 2, width + 8, y - row_top)
            layout.player_rows[player] = area
            if gift and player in game.legal_opponents():
                pygame.draw.rect(surface, GOLD, area, 2, border_radius=4)
        y += 4
        # The newest lines that fit, oldest first (the newest is never the one cut off).
        wrapped: list[str] = []
        footer = t.wrap(FOOTER, size - 3, width)  # on more lines where the panel is narrow
        footer_top = py + ph - size * len(footer)
        room = max(0, (footer_top - size - y) // max(1, int((size - 2) * 0.95)))
        for line in reversed(presenter.log):
            parts = t.wrap(line, size - 2, width)
            if len(wrapped) + len(parts) > room:
                break
            wrapped[:0] = parts
        for part in wrapped:
            surface.blit(t.render(part, size - 2, DIM), (x, y))
            y += int((size - 2) * 0.95)
        for index, line in enumerate(footer):
            surface.blit(t.render(line, size - 3, DIM), (x, footer_top + index * size))

    # ------------------------------------------------------------------ the end
    def draw_end(self, surface: pygame.Surface) -> None:
        """The end screen: each player's arrangement and points, the winner, and a button per
        choice (N new game, V the replay, L the launcher; their keys work too)."""
        t, game = self.text, self.game
        names = self.presenter.names
        area = pygame.Rect(self.renderer.map.area)
        size = max(15, surface.get_height() // 46)
        scores = game.scores()
        winners = game.winners()
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        for player, score in enumerate(scores):
            crown = "  - WINNER" if player in winners else ""
            lines.append((f"{names[player]}: {score.total} points, "
                          f"{score.cards} ingredients{crown}", GOLD if crown else WHITE, True))
            for combination in score.arrangement.combinations:
                lines.append(("    " + combination.describe(), WHITE, False))
            if score.pork_bonus:
                lines.append((f"    most Pork ({score.pork}) = +{score.pork_bonus}", WHITE, False))
            if score.broccoli_penalty:
                lines.append((f"    most Broccoli ({score.broccoli}) = {score.broccoli_penalty}",
                              WHITE, False))
        winner_names = " and ".join(names[w] for w in winners)
        verdict = (f"Shared victory: {winner_names}" if len(winners) > 1
                   else f"{winner_names} won!")
        step = int(size * 1.05)
        width = min(area.width - 30, 760)
        height = min(area.height - 30, step * (len(lines) + 5) + 30)
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 16, 14, 235))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=8)
        title = t.render(verdict, int(size * 1.5), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + 12)))
        y = box.top + 18 + int(size * 1.6)
        choices = self.end_choices()
        gap = 10
        button_w = min(220, (width - 40 - gap * max(0, len(choices) - 1)) // max(1, len(choices)))
        row = pygame.Rect(0, 0, button_w * len(choices) + gap * max(0, len(choices) - 1),
                          size + 14)
        row.midbottom = (box.centerx, box.bottom - 10)
        for text, color, bold in lines:
            if y > row.top - step:
                surface.blit(t.render("...", size, DIM), (box.left + 20, y))
                break
            surface.blit(t.render(text, size, color, bold=bold), (box.left + 20, y))
            y += step
        for index, (_, label, action) in enumerate(choices):
            rect = pygame.Rect(row.left + index * (button_w + gap), row.top, button_w, row.height)
            button = Button(rect, label, action)
            draw_button(surface, t, button, size, rect.collidepoint(self.ui.mouse))
            self.ui.layout.buttons.append(button)


def _lines(surface: pygame.Surface, t: Text, words: str, size: int, at: tuple[int, int],
           width: int, color: Color, bold: bool = False) -> int:
    """``words`` at ``at`` on as many lines of ``size`` px as ``width`` px needs (a narrow
    panel at a UI scale); the y below them."""
    x, y = at
    for line in t.wrap(words, size, width, bold):
        surface.blit(t.render(line, size, color, bold=bold), (x, y))
        y += size
    return y
