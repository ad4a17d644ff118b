"""The game in the window: people's mouse input and bots' turns, through the engine only.

Every change to the game goes through :class:`WokOnFireGame`'s inputs (``begin_stir``,
``pick``, ``choose_bonus_order``, ``give_to``, ``use_chili``/``decline_chili``,
``begin_chop``), exactly the calls a bot or a replay makes (a bot's stir is its own planned
gesture, handed to the same ``begin_stir``). The scene only reads the table to draw it; a stir
or chop is drawn as it happens, its run stepped by the frame clock
(:mod:`wokphysics.ui.animation`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.bots import WokBot
from wokphysics.games.wok_on_fire.engine import (
    Bonus,
    ChiliEvent,
    ChopEvent,
    ClaimFailedEvent,
    Expect,
    GameOverEvent,
    GiftEvent,
    Pick,
    PickEvent,
    PickKind,
    StirEvent,
    StirKind,
    WokOnFireGame,
)
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.table.cards import Card
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.ui.animation import LiveAction
from wokphysics.ui.input import GestureCapture, blade_angle
from wokphysics.ui.render import SEAT_COLORS, Highlight, TableRenderer
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, RED, WHITE, Button, Text, bubble, draw_button

BOT_PAUSE_S = 0.8
"""Seconds a bot waits before each input, so people can follow its turn."""
MESSAGE_S = 4.0
MIN_DRAG_MM = 5.0
"""A press that moves less than this (mm) before release is a click, not a stir or chop."""
"""Seconds a bubble stays next to a card."""

VIABLE = Highlight((255, 226, 60), 2)
VIABLE_LATER = Highlight((200, 180, 120), 1)
BLIND = Highlight((120, 200, 255), 1)
CHOSEN = (90, 230, 250)
BOT_CHOSEN = (255, 150, 60)


def player_names(labels: tuple[str, ...]) -> list[str]:
    """Display names: one person is "You"; several are "Player N"; bots "Bot N (strength)"."""
    people = sum(1 for label in labels if label == "person")
    names = []
    for index, label in enumerate(labels):
        if label == "person":
            names.append("You" if people == 1 else f"Player {index + 1}")
        else:
            names.append(f"Bot {index + 1} ({label})")
    return names


@dataclass
class Bubble:
    text: str
    at: tuple[int, int]
    until: float


class PlayScene:
    """One game on screen. ``bots`` maps a player to the bot playing for them."""

    def __init__(self, cfg: WokOnFireConfig, game: WokOnFireGame, bots: dict[int, WokBot],
                 renderer: TableRenderer, text: Text,
                 on_new_game: Callable[[], None] | None = None) -> None:
        self.cfg = cfg
        self.on_new_game = on_new_game
        self.game = game
        self.bots = bots
        self.renderer = renderer
        self.text = text
        self.names = player_names(game.bots)
        self.clock_s = 0.0
        self.playback: LiveAction | None = None
        self.capture: GestureCapture | None = None
        self.capture_kind = ""
        self.blade = 0.0
        self.selection: list[Pick] = []
        self.bubbles: list[Bubble] = []
        self.status = ""
        self.status_is_error = False  # a refusal (red) rather than news (white)
        self.log: list[str] = []
        self.bot_wait = BOT_PAUSE_S
        self.fast = False
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self._events_seen = 0
        self.bot_picks: list[Pick] | None = None  # a bot's named picks, shown before taken
        self._flick_speed: float | None = None  # the person's last stir release speed, mm/s
        self._resting: tuple[tuple[int, int, int], list[Card]] | None = None
        self._panel_key: tuple[object, ...] | None = None
        self._panel_image: pygame.Surface | None = None
        self._panel_buttons: list[Button] = []
        self._consume_events()
        self._update_seats()

    # ------------------------------------------------------------------ who and what
    @property
    def person_to_act(self) -> bool:
        return not self.game.is_over and self.game.current_player not in self.bots

    def _update_seats(self) -> None:
        labels = {self.game.seat_of(p): self.names[p] for p in range(self.game.players)}
        hand = None
        if self.person_to_act and self.game.expect is Expect.CHOP and self.playback is None:
            hand = self.game.seat_of(self.game.current_player)
        self.renderer.set_seats(labels, hand)

    def step_name(self) -> str:
        game = self.game
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

    def instructions(self) -> str:
        game = self.game
        if game.is_over:
            return "The game is over. N or the button: a new game."
        if self.playback is not None:
            return "The cards are moving... (Space skips)"
        player = game.current_player
        if player in self.bots:
            if self.bot_picks:
                return (f"{self.names[player]} names the orange-framed card"
                        f"{'s' if len(self.bot_picks) > 1 else ''}. Space skips ahead.")
            return f"{self.names[player]} is playing. Space skips ahead to your turn."
        expect = game.expect
        if expect is Expect.STIR:
            head = ("Bonus stir: " if game.stir_kind is StirKind.BONUS else
                    f"Stir fry {game.stirs_this_step + 1}: ")
            extra = ""
            if game.stir_kind is StirKind.NORMAL and game.stirs_this_step >= 2:
                extra = " Nothing has flipped yet: stir again."
            return (head + "press on the table just before a card, drag under it and release "
                    "with a quick flick to flip it (a lazy drag only pushes)." + extra)
        if expect is Expect.PICK:
            legal = game.legal_picks()
            kind = game.pick_kind
            who = " This card goes to an opponent." if kind is PickKind.GARLIC_GIFT else ""
            if not legal.viable and not legal.blind:
                return "No card can be picked. Press Enter to go on."
            count = f"up to {legal.max_picks}" if legal.max_picks > 1 else "1"
            return (f"Pick {count} card{'s' if legal.max_picks > 1 else ''}: click yellow-framed "
                    "cards, then Enter. Right-click a face-up card whose circle is hidden to claim "
                    f"it blind as Chicken.{who}")
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

    # ------------------------------------------------------------------ engine calls
    def _consume_events(self) -> None:
        events = self.game.events[self._events_seen:]
        self._events_seen = len(self.game.events)
        for event in events:
            line = self._describe(event)
            if line:
                self.log.append(line)
        del self.log[:-8]

    def _describe(self, event: object) -> str:
        names = self.names
        if isinstance(event, StirEvent):
            flipped = len(event.report.flipped)
            return f"{names[event.player]} stirred: {flipped} flipped"
        if isinstance(event, PickEvent):
            parts = []
            for taken in event.taken:
                if taken.card_ids:
                    what = ", ".join(self._ingredient_name(i) for i in taken.card_ids)
                    to = "" if taken.to_player == event.player else (
                        " for the discard" if taken.to_player is None
                        else f" for {names[taken.to_player]}")
                    parts.append(what + to)
            return f"{names[event.player]} picked " + ("; ".join(parts) or "nothing")
        if isinstance(event, ClaimFailedEvent):
            return (f"{names[event.player]}'s blind claim failed: it was "
                    f"{event.ingredient.replace('_', ' ').title()}")
        if isinstance(event, GiftEvent):
            to = "the discard" if event.to_player is None else names[event.to_player]
            return f"{names[event.player]} gave {len(event.card_ids)} card(s) to {to}"
        if isinstance(event, ChiliEvent):
            return f"{names[event.player]} used a Chili Pepper" if event.card_id is not None else ""
        if isinstance(event, ChopEvent):
            return f"{names[event.player]} chopped {len(event.report.touched)} card(s) in"
        if isinstance(event, GameOverEvent):
            return "Game over: " + " and ".join(names[w] for w in event.winners) + " won"
        return ""

    def _ingredient_name(self, card_id: int) -> str:
        return self.game.ingredient(card_id).value

    def _act(self, call: object, gesture: Gesture | None = None, animate: bool = False) -> bool:
        """Run one engine input (a zero-argument callable); True if it was accepted. With
        ``animate`` the call is a ``begin_stir``/``begin_chop`` whose run is drawn."""
        assert callable(call)
        try:
            if animate:
                run = call()
                self.playback = LiveAction(self.game.table, run, gesture)
                if self.fast:
                    self.playback.skip()
            else:
                call()
        except (IllegalAction, GestureError) as error:
            self.status, self.status_is_error = str(error), True
            return False
        self.selection = []
        self.status = ""
        self._consume_events()
        self._update_seats()
        return True

    # ------------------------------------------------------------------ time passes
    def update(self, real_s: float, speed: float = 1.0) -> None:
        self.clock_s += real_s
        self.bubbles = [b for b in self.bubbles if b.until > self.clock_s]
        if self.playback is not None:
            self.playback.advance(real_s, speed * (8.0 if self.fast else 1.0))
            if self.playback.done:
                self.playback = None
                self._consume_events()
                self._update_seats()
                self._flick_feedback()
            return
        if self.game.is_over:
            self.fast = False
            return
        player = self.game.current_player
        bot = self.bots.get(player)
        if bot is None:
            self.fast = False
            return
        self.bot_wait -= real_s * speed
        if self.bot_wait > 0 and not self.fast:
            return
        self.bot_wait = BOT_PAUSE_S
        game = self.game
        # What bot.act() does, split so people can watch: a stir or chop is the bot's own
        # gesture handed to begin_stir/begin_chop and drawn; named picks are shown framed for
        # a moment before they are taken.
        if game.expect is Expect.STIR:
            stroke = bot.plan_stir(game)
            self._act(lambda: game.begin_stir(stroke), stroke, animate=True)
        elif game.expect is Expect.CHOP:
            throw = bot.plan_chop(game)
            self._act(lambda: game.begin_chop(throw), None, animate=True)
        elif game.expect is Expect.PICK:
            if self.bot_picks is None and not self.fast:
                self.bot_picks = bot.choose_picks(game)
                return
            picks = self.bot_picks if self.bot_picks is not None else bot.choose_picks(game)
            self.bot_picks = None
            self._act(lambda: game.pick(picks))
        else:
            self._act(lambda: bot.act(game))

    def _flick_feedback(self) -> None:
        """After a person's stir: how fast the flick left the hand and what it flipped, with the
        strong bot's flick speed as a hint when nothing flipped."""
        speed, self._flick_speed = self._flick_speed, None
        stirs = [e for e in self.game.events if isinstance(e, StirEvent)]
        if speed is None or not stirs:
            return
        flipped = len(stirs[-1].report.flipped)
        text = (f"Your flick left the hand at {speed / 1000.0:.1f} m/s: "
                f"{flipped} card{'s' if flipped != 1 else ''} flipped.")
        if not flipped and "strong" in self.cfg.bots:
            hint = self.cfg.bots["strong"].flick_speed_mm_s / 1000.0
            text += f" (The strong bot flicks at about {hint:.1f} m/s under a card's edge.)"
        self.status, self.status_is_error = text, False

    def skip(self) -> None:
        """Space: finish the motion now, and hurry the bots until a person must act."""
        if self.playback is not None:
            self.playback.skip()
        if not self.person_to_act:
            self.fast = True

    # ------------------------------------------------------------------ pointer
    def cards_now(self) -> list[Card]:
        """The cards as drawn now: the running action's picture, or the table at rest (its
        snapshot reused until a physics step or an engine event changes it)."""
        if self.playback is not None:
            return self.playback.cards()
        table = self.game.table
        key = (table.steps, len(self.game.events), len(table.supply))
        if self._resting is None or self._resting[0] != key:
            self._resting = (key, table.cards)
        return self._resting[1]

    def mouse_down(self, button: int, pos: tuple[int, int], t_ms: int) -> None:
        self.mouse = pos
        if button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(pos):
                    if b.enabled:
                        b.action()
                    return
        if self.playback is not None or not self.person_to_act:
            return
        m = self.renderer.map
        if not m.in_table_area(*pos):
            return
        x, y = m.to_table(*pos)
        expect = self.game.expect
        if button == 1 and expect is Expect.STIR:
            self.capture, self.capture_kind = GestureCapture(t_ms, x, y), "stir"
        elif button == 1 and expect is Expect.CHOP:
            seat = self.game.seat_of(self.game.current_player)
            if self.renderer.hand_rect(seat).collidepoint(pos):
                self.capture, self.capture_kind = GestureCapture(t_ms, x, y), "chop"
            else:
                self._say("Start the chop in your hand area: the lit strip at your edge.", pos)
        elif expect is Expect.PICK and button in (1, 3):
            self._click_card(pos, blind=button == 3)
        elif expect is Expect.GIFT_OPPONENT and button == 1:
            for opponent in self.game.legal_opponents():
                if self.renderer.aid_rect(self.game.seat_of(opponent)).inflate(20, 20
                                                                                ).collidepoint(pos):
                    self._act(lambda o=opponent: self.game.give_to(o))
                    return

    def mouse_move(self, pos: tuple[int, int], t_ms: int) -> None:
        self.mouse = pos
        if self.capture is not None:
            x, y = self.renderer.map.to_table(*pos)
            self.capture.add(t_ms, x, y)
            dx, dy = self.capture.direction()
            self.blade = blade_angle(dx, dy, self.blade)

    def mouse_up(self, button: int, pos: tuple[int, int], t_ms: int) -> None:
        if button != 1 or self.capture is None:
            return
        capture, kind = self.capture, self.capture_kind
        self.capture = None
        x, y = self.renderer.map.to_table(*pos)
        capture.add(t_ms, x, y)
        gesture, slowed = capture.gesture(self.cfg.physics.spatula.max_speed_mm_s)
        x0, y0 = capture.samples[0][1], capture.samples[0][2]
        if max(math.hypot(sx - x0, sy - y0) for _, sx, sy in capture.samples) < MIN_DRAG_MM:
            # A click is no gesture: it would use up a stir (or drop the chop at the hand).
            what = "stir" if kind == "stir" else "chop"
            self.status = f"Drag to {what}: a click does nothing."
            self.status_is_error = True
            return
        if kind == "stir":
            accepted = self._act(lambda: self.game.begin_stir(gesture), gesture, animate=True)
            if accepted:
                self._flick_speed = math.hypot(
                    *gesture.release_velocity(self.cfg.physics.spatula.release_window_s))
        else:
            accepted = self._act(lambda: self.game.begin_chop(gesture), None, animate=True)
        if accepted:
            self.status = "That was faster than a hand: slowed to the limit." if slowed else ""
            self.status_is_error = False

    def _say(self, message: str, at: tuple[int, int]) -> None:
        self.bubbles = [Bubble(message, at, self.clock_s + MESSAGE_S)]

    def _click_card(self, pos: tuple[int, int], blind: bool) -> None:
        card = self.renderer.card_at(self.game.table.cards, *pos)
        if card is None:
            return
        game = self.game
        legal = game.legal_picks()
        chosen = [p.card_id for p in self.selection]
        if card.id in chosen:
            self.selection = [p for p in self.selection if p.card_id != card.id]
            return
        if blind:
            if card.id not in legal.blind:
                reason = game.check_pick([Pick(card.id, True)]) or (
                    "a blind claim is for a face-up card whose centre circle is hidden")
                if reason.startswith("name "):
                    reason = "a blind claim is for a face-up card whose centre circle is hidden"
                self._say(reason, pos)
                return
            pick = Pick(card.id, True)
        else:
            if card.id not in legal.all_viable:
                reason = self._why_not(card, legal.all_viable)
                if card.id in legal.blind:
                    reason += " (right-click to claim it blind as Chicken)"
                self._say(reason, pos)
                return
            # While a viable Green Pepper is not named yet, only Green Peppers may be named
            # (legal.viable holds exactly those then); other problems (one Chicken pick, ...)
            # are the engine's check of the whole selection below.
            peppers_waiting = set(legal.viable) != set(legal.all_viable) and any(
                i not in chosen for i in legal.viable)
            if peppers_waiting and card.id not in legal.viable:
                self._say("a Green Pepper is viable and must be picked first", pos)
                return
            pick = Pick(card.id)
        if len(self.selection) >= legal.max_picks:
            self.selection = self.selection[1:]
        self.selection.append(pick)
        problem = game.check_pick(self.selection)
        if problem and not problem.startswith("name "):
            self.selection.pop()
            self._say(problem, pos)

    def _why_not(self, card: Card, all_viable: tuple[int, ...]) -> str:
        reason = self.game.why_not_viable(card.id)
        if reason is not None:
            return _plain(reason, card.id)
        if card.id not in all_viable and self.game.pick_kind is PickKind.CHILI:
            return "the pick paid with a Chili Pepper may not be a Chili Pepper"
        return "a Green Pepper is viable and must be picked first"

    def confirm(self) -> None:
        """Enter: take the named cards (or nothing, when nothing can be taken)."""
        if self.game.expect is not Expect.PICK or not self.person_to_act or self.playback:
            return
        picks = list(self.selection)
        reason = self.game.check_pick(picks)
        if reason is not None:
            self.status, self.status_is_error = reason, True
            return
        self._act(lambda: self.game.pick(picks))

    def key(self, key: int) -> None:
        game = self.game
        if game.is_over and key == pygame.K_n and self.playback is None:
            self._new_game()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_BACKSPACE:
            self.selection = []
        elif key == pygame.K_SPACE:
            self.skip()
        elif not self.person_to_act or self.playback is not None:
            return
        elif game.expect is Expect.CHILI and key == pygame.K_c and game.usable_chilis():
            chili = game.usable_chilis()[0]
            self._act(lambda: game.use_chili(chili))
        elif game.expect is Expect.CHILI and key == pygame.K_n:
            self._act(game.decline_chili)
        elif game.expect is Expect.BONUS_ORDER and key in (pygame.K_1, pygame.K_g):
            self._act(lambda: game.choose_bonus_order(Bonus.GREEN_PEPPER))
        elif game.expect is Expect.BONUS_ORDER and key in (pygame.K_2, pygame.K_a):
            self._act(lambda: game.choose_bonus_order(Bonus.GARLIC))
        elif game.expect is Expect.GIFT_OPPONENT and pygame.K_1 <= key <= pygame.K_4:
            opponent = key - pygame.K_1
            if opponent in game.legal_opponents():
                self._act(lambda: game.give_to(opponent))

    # ------------------------------------------------------------------ drawing
    def highlights(self, cards: list[Card]) -> dict[int, Highlight]:
        marks: dict[int, Highlight] = {}
        if (self.playback is None and self.person_to_act and self.game.expect is Expect.PICK):
            legal = self.game.legal_picks()
            chosen = {p.card_id for p in self.selection}
            peppers_waiting = any(i not in chosen for i in legal.viable)
            for card_id in legal.all_viable:
                now = card_id in legal.viable or not peppers_waiting
                marks[card_id] = VIABLE if now else VIABLE_LATER
            for card_id in legal.blind:
                marks[card_id] = BLIND
            for number, pick in enumerate(self.selection, start=1):
                label = f"{number}?" if pick.blind_chicken else str(number)
                marks[pick.card_id] = Highlight(CHOSEN, 4, label)
        for number, pick in enumerate(self.bot_picks or [], start=1):
            label = f"{number}?" if pick.blind_chicken else str(number)
            marks[pick.card_id] = Highlight(BOT_CHOSEN, 4, label)
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        cards = self.cards_now()
        self.renderer.draw(surface, cards, self.highlights(cards))
        spatula = self.playback.spatula() if self.playback is not None else None
        if self.capture is not None and self.capture_kind == "stir":
            x, y = self.capture.last
            self.renderer.draw_spatula(surface, x, y, self.blade)
            speed = self.capture.recent_speed(self.cfg.physics.spatula.release_window_s)
            label = self.text.render(f"{speed / 1000.0:.1f} m/s", max(14, surface.get_height()
                                                                        // 44), WHITE, bold=True)
            sx, sy = self.renderer.map.to_screen(x, y)
            surface.blit(label, (int(sx) + 24, int(sy) - 24))
        elif spatula is not None:
            self.renderer.draw_spatula(surface, *spatula)
        elif self.capture is not None:
            self._draw_hand(surface)
        else:
            self._draw_hover(surface, cards)
        size = max(14, surface.get_height() // 42)
        for b in self.bubbles:
            bubble(surface, self.text, b.text, b.at, size, pygame.Rect(self.renderer.map.area))
        self.draw_panel(surface)
        if self.game.is_over and self.playback is None:
            self.draw_end(surface)

    def _new_game(self) -> None:
        if self.on_new_game is not None:
            self.on_new_game()

    def draw_end(self, surface: pygame.Surface) -> None:
        """The end screen: each player's arrangement and points, the winner, a new-game button."""
        t = self.text
        area = pygame.Rect(self.renderer.map.area)
        size = max(15, surface.get_height() // 46)
        scores = self.game.scores()
        winners = self.game.winners()
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        for player, score in enumerate(scores):
            crown = "  - WINNER" if player in winners else ""
            lines.append((f"{self.names[player]}: {score.total} points, "
                          f"{score.cards} ingredients{crown}", GOLD if crown else WHITE, True))
            for combination in score.arrangement.combinations:
                lines.append(("    " + combination.describe(), WHITE, False))
            if score.pork_bonus:
                lines.append((f"    most Pork ({score.pork}) = +{score.pork_bonus}", WHITE, False))
            if score.broccoli_penalty:
                lines.append((f"    most Broccoli ({score.broccoli}) = {score.broccoli_penalty}",
                              WHITE, False))
        names = " and ".join(self.names[w] for w in winners)
        verdict = (f"Shared victory: {names}" if len(winners) > 1 else f"{names} won!")
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
        button = Button(pygame.Rect(0, 0, 220, size + 14), "New game (N)", self._new_game)
        button.rect.midbottom = (box.centerx, box.bottom - 10)
        for text, color, bold in lines:
            if y > button.rect.top - step:
                surface.blit(t.render("...", size, DIM), (box.left + 20, y))
                break
            surface.blit(t.render(text, size, color, bold=bold), (box.left + 20, y))
            y += step
        draw_button(surface, t, button, size, button.rect.collidepoint(self.mouse))
        self.buttons.append(button)

    def _draw_hover(self, surface: pygame.Surface, cards: list[Card]) -> None:
        """The name of the face-up card under the pointer (the cards are small on screen)."""
        if self.playback is not None or not self.renderer.map.in_table_area(*self.mouse):
            return
        card = self.renderer.card_at(cards, *self.mouse)
        if card is None or not card.face_up:
            return
        size = max(14, surface.get_height() // 44)
        label = self.text.render(self.game.ingredient(card.id).value, size, (30, 20, 10),
                                 bold=True)
        box = label.get_rect(midbottom=(self.mouse[0], self.mouse[1] - 14)).inflate(10, 6)
        box.clamp_ip(pygame.Rect(self.renderer.map.area))
        pygame.draw.rect(surface, (255, 246, 214), box, border_radius=5)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        assert self.capture is not None
        sx, sy = self.renderer.map.to_screen(*self.capture.last)
        start = self.renderer.map.to_screen(self.capture.samples[0][1], self.capture.samples[0][2])
        pygame.draw.line(surface, (255, 240, 160), start, (sx, sy), 3)
        radius = max(6, int(self.renderer.map.length(35)))
        pygame.draw.circle(surface, (236, 196, 160), (int(sx), int(sy)), radius)
        pygame.draw.circle(surface, (120, 80, 60), (int(sx), int(sy)), radius, 2)

    def _panel_state(self) -> tuple[object, ...]:
        """Everything the panel shows: while it is unchanged, last frame's panel is reused."""
        game = self.game
        hover = next((i for i, b in enumerate(self._panel_buttons)
                      if b.rect.collidepoint(self.mouse)), -1)
        return (self.renderer.map.panel, len(game.events), game.expect, game.current_player,
                game.turn_number, game.stirs_this_step, tuple(self.selection), self.status,
                self.status_is_error,
                tuple(self.bot_picks or ()),
                self.playback is None, self.fast, hover, len(self.log), len(game.table.supply))

    def draw_panel(self, surface: pygame.Surface) -> None:
        px, py, pw, ph = self.renderer.map.panel
        if pw <= 0:
            return
        panel = pygame.Rect(px, py, pw, ph)
        key = self._panel_state()
        if key == self._panel_key and self._panel_image is not None:
            surface.blit(self._panel_image, panel.topleft)
            self.buttons = list(self._panel_buttons)
            return
        self._draw_panel(surface, panel)
        self._panel_key = self._panel_state()
        self._panel_image = surface.subsurface(panel).copy()
        self._panel_buttons = list(self.buttons)

    def _draw_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        px, py, pw, ph = panel
        pygame.draw.rect(surface, PANEL_BG, panel)
        t = self.text
        big = max(18, ph // 30)
        size = max(14, ph // 44)
        x, y, width = px + 12, py + 10, pw - 24
        surface.blit(t.render("Wok on Fire", big, GOLD, bold=True), (x, y))
        y += big + 2
        game = self.game
        if game.is_over:
            turn_line = "Game over"
        else:
            turn_line = (f"Turn {game.turn_number + 1}: {self.names[game.current_player]} - "
                         f"{self.step_name()}")
        surface.blit(t.render(turn_line, size, WHITE), (x, y))
        y += size
        supply = len(game.table.supply)
        end = " - last round" if game.final_round else ""
        supply_line = f"Supply: {supply} card{'s' if supply != 1 else ''}{end} - seed {game.seed}"
        surface.blit(t.render(supply_line, size, DIM), (x, y))
        y += size + 6
        y = t.draw_wrapped(surface, self.instructions(), size, x, y, width, GOLD) + 4
        if self.status:
            color = RED if self.status_is_error else WHITE
            y = t.draw_wrapped(surface, self.status, size, x, y, width, color) + 4
        self.buttons = self._make_buttons(x, y, width, size)
        for b in self.buttons:
            draw_button(surface, t, b, size, b.rect.collidepoint(self.mouse))
        if self.buttons:
            y = max(b.rect.bottom for b in self.buttons) + 8
        scores = game.scores()
        gift = game.expect is Expect.GIFT_OPPONENT and self.person_to_act
        for player in range(game.players):
            color = SEAT_COLORS[game.seat_of(player)]
            row_top = y
            pygame.draw.rect(surface, color, pygame.Rect(x, y + 2, 10, size))
            marker = " <" if player == game.current_player and not game.is_over else ""
            title = f"{self.names[player]}: {scores[player].total} pts{marker}"
            surface.blit(t.render(title, size, WHITE, bold=True), (x + 16, y))
            y += size
            counts = Counter(game.pile_ingredients(player))
            text = ", ".join(f"{i.value} x{n}" if n > 1 else i.value
                             for i, n in _grouped(counts)) or "no cards yet"
            y = t.draw_wrapped(surface, text, size - 2, x + 16, y, width - 16, DIM) + 4
            if gift and player in game.legal_opponents():
                area = pygame.Rect(x - 4, row_top - 2, width + 8, y - row_top)
                pygame.draw.rect(surface, GOLD, area, 2, border_radius=4)
                self.buttons.append(Button(area, "", self._gift_action(player)))
        y += 4
        for line in self.log[-6:]:
            if y > ph - 2 * size:
                break
            y = t.draw_wrapped(surface, line, size - 2, x, y, width, DIM)
        footer = "F1/H help - Esc pause - R restart - Space skip"
        surface.blit(t.render(footer, size - 3, DIM), (x, ph - size))

    def _gift_action(self, player: int) -> Callable[[], None]:
        return lambda: self._gift(player)

    def _gift(self, player: int) -> None:
        if self.game.expect is Expect.GIFT_OPPONENT and self.person_to_act:
            self._act(lambda: self.game.give_to(player))

    def _make_buttons(self, x: int, y: int, width: int, size: int) -> list[Button]:
        game = self.game
        buttons: list[Button] = []
        if self.playback is not None or not self.person_to_act:
            return buttons
        height = size + 12

        def row(labels: list[tuple[str, object, bool]]) -> None:
            nonlocal y
            w = (width - 8 * (len(labels) - 1)) // len(labels)
            for i, (label, action, enabled) in enumerate(labels):
                assert callable(action)
                buttons.append(Button(pygame.Rect(x + i * (w + 8), y, w, height), label, action,
                                      enabled))
            y += height + 6

        expect = game.expect
        if expect is Expect.PICK:
            legal = game.legal_picks()
            ready = game.check_pick(self.selection) is None
            label = "Take nothing (Enter)" if legal.min_picks == 0 and not self.selection \
                else "Take (Enter)"
            if legal.viable or legal.blind or ready:
                row([(label, self.confirm, ready), ("Clear", self._clear, bool(self.selection))])
        elif expect is Expect.CHILI:
            chilis = game.usable_chilis()
            row([("Discard a Chili (C)", lambda: self.key(pygame.K_c), bool(chilis)),
                 ("No thanks (N)", lambda: self.key(pygame.K_n), True)])
        elif expect is Expect.BONUS_ORDER:
            row([("Green Pepper first", lambda: self.key(pygame.K_1), True),
                 ("Garlic first", lambda: self.key(pygame.K_2), True)])
        return buttons

    def _clear(self) -> None:
        self.selection = []


def _grouped(counts: Counter[Ingredient]) -> list[tuple[Ingredient, int]]:
    """Collected types grouped by category, in glossary order."""
    return [(i, counts[i]) for i in Ingredient if counts[i]]


def _plain(reason: str, card_id: int) -> str:
    """The table's reason, with "card 17" as "this card" (the bubble sits on the card)."""
    return (reason.replace(f"the centre circle of card {card_id}", "its centre circle")
            .replace(f"every corner of card {card_id}", "every corner of it")
            .replace(f"card {card_id} is", "it is"))

