"""The scene of a turn-based game, in the four roles of :mod:`wokphysics.ui.scene`.

Every turn game's scene is a :class:`TurnScene`: a :class:`~wokphysics.ui.scene.GameScene`
that builds its roles around the session, with the game's own parts plugged in
(:class:`GameParts`), the way Wok on Fire's and Wok Star's scenes do. No role, and none of
the game's parts, is handed the scene: each gets only what it works with, above all the
shared :class:`~.state.TurnUi` (the session shown, the hand-over, the replay, the end
screen's state, the pointer).

- **presenter** (:class:`TurnPresenter`, the game subclasses it): each engine step the session
  took (an :class:`~wokphysics.ui.turn.session.Applied` event) -> the log lines naming the
  cards, a sound effect and the flights; the prompt line; refusals as a bubble next to the
  pointer (and the status line).
- **input mapping** (:class:`TurnInputs`): the hand-over curtain's click, the end screen's
  buttons, the replay's keys, Space, the tip key (:class:`TurnTips`); everything else goes
  to the game's :class:`GameInput`, which turns a click into an :class:`Intent` (engine
  steps, or a refusal saying why). Engine steps go through the :class:`TurnGate` only.
- **scheduler** (:class:`TurnScheduler`): flights, the replay's pace, the tip coming in, and
  the bots (paced by :class:`~wokphysics.ui.scene.BotPace`: a pause before a turn, a shorter
  one before each further step of it; a bot thinks in one frame and its step is taken in
  the next; a bot that searches thinks in a process of its own, :mod:`wokphysics.ui.thinker`,
  from the moment its turn comes, while the window goes on drawing and shows it thinking).
- **drawing** (:class:`TurnDrawing`): the curtain, the game's table (:class:`GameDrawing`),
  flights, bubbles, the end screen and its buttons, the replay bar. It only reads.

The session (:mod:`.session`) holds the state, the seats, the bots and the autosave; the
hand-over (:mod:`.handover`) decides whose hidden information may be drawn. A replay
(:mod:`.replay`) stands in for the people and the bots: it is the one thing given the scene
(:meth:`~.replay.ReplayControl.start`), since it loads the scene's sessions and takes their
steps; the roles reach its keys, clicks and pace through it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.registry import plugin as game_plugin
from wokphysics.games.search import Planner
from wokphysics.ui.scene import BotPace, EngineGate, GameScene, Point, Presenter
from wokphysics.ui.sound import Effect, Sound
from wokphysics.ui.thinker import Thinker, advice, question_for, steps_of
from wokphysics.ui.turn.handover import HandOver, draw_curtain
from wokphysics.ui.turn.motion import Motions, SpriteFlight
from wokphysics.ui.turn.session import Applied, TurnSession
from wokphysics.ui.turn.state import EndChoices, TurnUi
from wokphysics.ui.widgets import PANEL_BG, Button, Text, bubble, draw_button, draw_thinking

if TYPE_CHECKING:
    from wokphysics.ui.turn.replay import ReplayControl

LOG_LINES = 60
"""Lines of the game's log kept (the drawing shows the newest that fit)."""
TURN_PAUSE_S = 0.9
"""Seconds a bot waits before its turn, so people can follow."""
STEP_PAUSE_S = 0.35
"""Seconds a bot waits before each further step of its turn (a card paid, a die placed)."""

ADVICE_KEY = pygame.K_t
"""The key that asks the strongest bot for a tip (on a person's turn)."""

COMMON_HELP = (
    ("T", "a tip: what the strongest bot would do here, and why (it does not play it)"),
    ("Space", "skip the motion on screen; hurry the bots until a person must act"),
    ("Esc", "pause (Q then quits, or goes back to the launcher)"),
    ("R", "restart (asks first)"),
    ("F1 or H", "this help"),
)


@dataclass
class Narration:
    """What a presenter makes of one engine step."""

    lines: list[str] = field(default_factory=list)
    effect: Effect | None = None
    flights: list[SpriteFlight] = field(default_factory=list)


@dataclass
class Intent:
    """What a click or key means: engine steps to take in order, or a refusal to show, or a
    note."""

    actions: list[Action] = field(default_factory=list)
    refusal: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class LogLine:
    """A line of the log and the seat it is about (the drawing colours it)."""

    text: str
    seat: int


# --------------------------------------------------------------------------- presenter
class TurnPresenter(Presenter):
    """Engine steps -> words, sound and flights. A game overrides :meth:`narrate` and
    :meth:`prompt`.

    Receives the shared :class:`~.state.TurnUi` (the session it tells of, whose view is
    shown, the replay), the sound it plays and the flights it starts."""

    def __init__(self, ui: TurnUi, sound: Sound, motions: Motions) -> None:
        super().__init__(log_size=LOG_LINES)
        self.ui = ui
        self.sound = sound
        self.motions = motions
        self.entries: list[LogLine] = []
        self.quiet = False
        """Said in the log, but no flights or sound (a replay jumping to a turn)."""
        self.pointer: Point = (0, 0)
        self.last_turn: tuple[int, list[str]] | None = None
        """The last finished turn: its player and what the log said of it (the hot-seat
        curtain repeats it to the next person)."""
        self._turn_lines: list[str] = []

    def present(self, event: object) -> None:
        if not isinstance(event, Applied):
            return
        narration = self.narrate(event)
        for line in narration.lines:
            self.entries.append(LogLine(line, event.player))
            self.add_line(line)
        del self.entries[:-LOG_LINES]
        self._turn_lines.extend(narration.lines)
        if event.turn_over:
            self.last_turn = (event.player, self._turn_lines)
            self._turn_lines = []
        if self.quiet:
            return
        for flight in narration.flights:
            self.motions.add(flight)
        if narration.effect is not None:
            self.sound.play(narration.effect)

    def narrate(self, applied: Applied) -> Narration:
        """Describe an engine step just taken (``self.ui.session.state`` is the state after
        it; ``applied.before`` the state before). Override."""
        return Narration([str(applied.action)])

    def prompt(self) -> str:
        """One line for the person to act now, or what the table waits for. Override."""
        return ""

    def prompt_line(self) -> str:
        """The prompt shown: the replay's keys while one is watched, else :meth:`prompt`."""
        if self.ui.replay is not None:
            return self.ui.replay.prompt()
        return self.prompt()

    def tell_line(self, line: str, seat: int) -> None:
        """``line`` in the status line and the log, about ``seat`` (a tip that came)."""
        self.tell(line)
        self.entries.append(LogLine(line, seat))
        self.add_line(line)

    def refuse(self, reason: str) -> None:
        """A refused click: the reason next to the pointer (and in the status line)."""
        super().refuse(reason)
        self.say_at(reason, self.pointer)
        self.sound.play("refuse")

    def forget(self) -> None:
        """An empty log (a replay starting again)."""
        self.entries.clear()
        self.log.clear()
        self.bubbles.clear()
        self.clear_status()
        self.last_turn = None
        self._turn_lines = []


# --------------------------------------------------------------------------- the game's parts
class GameInput(Protocol):
    """A game's own clicks and keys -> :class:`Intent` (or None: nothing to do). It reads the
    shared :class:`~.state.TurnUi` it was built with."""

    def mouse_down(self, button: int, pos: Point) -> Intent | None: ...
    def mouse_move(self, pos: Point) -> None: ...
    def key(self, key: int) -> Intent | None: ...
    def pointer_away(self) -> None:
        """Forget what the pointer rests on (no tooltip until it moves again)."""
        ...
    def reset(self) -> None:
        """Forget a half-made choice (a new turn began)."""
        ...


class GameDrawing(Protocol):
    """A game's table, drawn from the shared :class:`~.state.TurnUi` it was built with."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table as ``ui.viewer`` may see it (reads only)."""
        ...

    def draw_end(self, surface: pygame.Surface) -> None:
        """Draw the end screen of a finished game."""
        ...


@dataclass
class GameParts:
    """A game's own parts of its scene (built on the scene's :class:`~.state.TurnUi`)."""

    presenter: TurnPresenter
    inputs: GameInput
    drawing: GameDrawing
    help_lines: tuple[tuple[str, str], ...]
    turns_done: Callable[[GameState], int] | None = None
    """The game's count of finished turns in a state (its heading shows the next one): the
    replay viewer steps by these turns. None: a turn is a player's steps in a row."""
    shown_turn: Callable[[GameState], int] | None = None
    """The turn a state shows, when a turn's last step already shows the next one (Wok and
    Roll's roll): a replay's heading and bar name it. None: the turns fully shown."""
    guide_steps: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The guided first turn's steps (:mod:`wokphysics.ui.turn.guide`): each a hint and the
    first words of the actions that do it. Empty: the game has no guided turn."""


# --------------------------------------------------------------------------- the engine gate
class TurnGate(EngineGate):
    """The one way the input mapping, the scheduler and a replay take engine steps.

    Receives the shared :class:`~.state.TurnUi` (the session the steps go to, the hand-over),
    the presenter that tells them, the game's input map (its half-made choice is forgotten
    when a turn ends) and the sound (the person's turn comes)."""

    def __init__(self, ui: TurnUi, presenter: TurnPresenter, game_inputs: GameInput,
                 sound: Sound) -> None:
        # The events of the session shown now: a replay going back replaces it.
        super().__init__(presenter, lambda: ui.session.events, after=self._after)
        self.ui = ui
        self.game_inputs = game_inputs
        self.sound = sound

    def perform(self, actions: Sequence[Action]) -> bool:
        """Take ``actions`` in order (a click may mean several engine steps); stop at the
        first refusal, whose reason is shown. True when all were taken."""
        for action in actions:
            if not self.act(partial(self.ui.session.apply, action)):
                return False
        return True

    def _after(self) -> None:
        """After each accepted step: a finished turn hides the hand (hot seat) and clears the
        person's half-made choice."""
        ui = self.ui
        last = ui.session.events[-1]
        if not last.turn_over:
            return
        self.game_inputs.reset()
        if ui.replaying:
            return
        ui.handover.turn_over(last.player)
        if ui.session.person_to_act and ui.handover.viewer == ui.session.current:
            self.sound.play("turn")


# --------------------------------------------------------------------------- tips
class TurnTips:
    """The tip key: the game's strongest bot thinks about the person's move (in the worker
    process, from the person's view); its line comes when it is done.

    Receives the shared :class:`~.state.TurnUi` (the position asked about), the presenter
    that says the tip and the worker it thinks in."""

    def __init__(self, ui: TurnUi, presenter: TurnPresenter, thinker: Thinker) -> None:
        self.ui = ui
        self.presenter = presenter
        self.thinker = thinker
        self.advising: tuple[str, int] | None = None
        """The tip being worked out (its key), if any: the drawing shows it thinking."""
        self.advising_s = 0.0
        """How long it has been thinking (s)."""

    def ask(self) -> None:
        """Ask for a tip on the position now (once per position)."""
        levels = game_plugin(self.ui.session.game).levels
        if not levels:
            self.presenter.tell("no bot can give a tip in this game")
            return
        state = self.ui.session.state
        key = ("tip", len(state.history))
        if self.thinker.asked(key):
            return
        self.thinker.ask(key, advice(state, self.ui.session.game, levels[-1].bot))
        self.advising = key
        self.advising_s = 0.0
        self.presenter.tell(f"Tip: the {levels[-1].name} bot is thinking...")

    def update(self, real_s: float) -> None:
        """The tip's line once it has come (forgotten if the position changed meanwhile)."""
        key = self.advising
        if key is None:
            return
        if key != ("tip", len(self.ui.session.state.history)) or self.ui.over:
            self.advising = None
            self.thinker.forget()
            return
        self.advising_s += real_s
        found = self.thinker.answer(key)
        if found is not None:
            self.advising = None
            self.presenter.tell_line("Tip: " + found.line, self.ui.session.current)


# --------------------------------------------------------------------------- scheduler
class TurnScheduler:
    """Time passing: flights, the replay's pace, the tip, the end's bell, the bots' steps.

    Receives the shared :class:`~.state.TurnUi` (the session, the replay, the end screen),
    the gate the bots' steps go through, the flights, the worker search bots think in, the
    tips and the sound."""

    def __init__(self, ui: TurnUi, gate: TurnGate, motions: Motions, thinker: Thinker,
                 tips: TurnTips, sound: Sound) -> None:
        self.ui = ui
        self.gate = gate
        self.motions = motions
        self.thinker = thinker
        self.tips = tips
        self.sound = sound
        self.turn_pause_s = TURN_PAUSE_S
        self.step_pause_s = STEP_PAUSE_S
        self.pace = BotPace(TURN_PAUSE_S)
        self._thought: Action | None = None  # a bot's step, taken next frame
        self._found: Action | None = None  # a searching bot's step, once the pause is over
        self._last_bot = -1
        self.thinking = -1
        """The seat whose bot is searching away from the window (-1: none): the drawing
        shows it."""
        self.thinking_s = 0.0
        """How long it has been thinking (s)."""

    def update(self, real_s: float, speed: float = 1.0) -> None:
        ui = self.ui
        seconds = real_s * speed
        self.motions.update(seconds * (4.0 if self.pace.fast else 1.0))
        self.tips.update(real_s)
        if ui.replay is not None:
            ui.replay.update(seconds, ui.replay.scene)
            if ui.over and not self.motions.busy:
                ui.end_shown = True
            return
        if ui.over:
            if not ui.end_shown and not self.motions.busy:
                ui.end_shown = True
                self.sound.play("bell")
            return
        self._bots(seconds)

    def _bots(self, seconds: float) -> None:
        session = self.ui.session
        if self._thought is not None:
            step, self._thought = self._thought, None
            self.gate.perform([step])
            return
        seat = session.current
        if not session.is_bot(seat):
            self.pace.fast = False
            self._last_bot = -1
            return
        if seat != self._last_bot:  # a new turn: the longer pause
            self._last_bot = seat
            self.pace.wait = self.turn_pause_s
        bot = session.bots[seat]
        if isinstance(bot, Planner) and self._found is None:
            # a search: asked at once, in the worker process, while the pause runs
            self._found = self._search(bot, seat, seconds)
            if self._found is None:
                self.pace.wait -= seconds
                return
        if self.motions.busy and not self.pace.fast:
            return
        if self.pace.ready(seconds):
            if self._found is not None:
                self._thought, self._found = self._found, None
            else:
                self._thought = session.bot_choice()
            self.pace.wait = self.step_pause_s  # before the same bot's next step, if any

    def _search(self, bot: Planner, seat: int, seconds: float) -> Action | None:
        """``bot``'s step once it is known (at once where it needs no search: the next step
        of a move chosen, one legal step), else None while the worker thinks."""
        session = self.ui.session
        state = session.state
        key = (seat, len(state.history))
        if not self.thinker.asked(key):
            quick = bot.quick_choice(state)
            if quick is not None:
                return quick
            self.thinker.ask(key, question_for(session.game, session.seats[seat], bot.seed,
                                               state))
            self.thinking, self.thinking_s = seat, 0.0
        found = self.thinker.answer(key)
        if found is None:
            self.thinking_s += seconds
            return None
        self.thinking = -1
        return bot.follow(state, steps_of(state, found))

    def forget(self) -> None:
        """A new session (replay): no bot step half-taken."""
        self._thought = None
        self._found = None
        self._last_bot = -1
        self.thinking = -1
        self.thinker.forget()


# --------------------------------------------------------------------------- input mapping
class TurnInputs:
    """The input mapping: what every turn game shares, then the game's own clicks.

    Receives the shared :class:`~.state.TurnUi`, the presenter (where the pointer is, the
    words of a refusal), the game's own input map, the gate, the flights (skipped by a
    click), the bots' pace (Space hurries it), the tips, the end screen's choices and the
    sound."""

    def __init__(self, ui: TurnUi, presenter: TurnPresenter, game: GameInput, gate: TurnGate,
                 motions: Motions, pace: BotPace, tips: TurnTips, end: EndChoices,
                 sound: Sound) -> None:
        self.ui = ui
        self.presenter = presenter
        self.game = game
        self.gate = gate
        self.motions = motions
        self.pace = pace
        self.tips = tips
        self.end = end
        self.sound = sound

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        ui = self.ui
        self.presenter.pointer = pos
        if ui.curtain:
            ui.handover.ready(ui.session.current)
            self.sound.play("turn")
            return
        if ui.replay is not None:
            ui.replay.click(pos, ui.replay.scene)
            return
        if ui.over and ui.end_shown:
            for rect, action in self.end.buttons:
                if rect.collidepoint(pos):
                    action()
                    return
            return
        if not ui.person_to_act:
            if button == 1:
                self.presenter.say_at("wait: " + self.presenter.prompt_line(), pos)
            return
        self.follow(self.game.mouse_down(button, pos))

    def mouse_move(self, pos: Point, t_s: float) -> None:
        self.presenter.pointer = pos
        self.ui.mouse = pos
        self.game.mouse_move(pos)

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        self.presenter.pointer = pos

    def pointer_away(self) -> None:
        self.game.pointer_away()

    def key(self, key: int) -> None:
        ui = self.ui
        if ui.replay is not None:
            self.motions.skip()
            ui.replay.key(key, ui.replay.scene)
            return
        if key == pygame.K_SPACE:
            self.motions.skip()
            if not ui.session.person_to_act:
                self.pace.fast = True
            return
        if ui.over and ui.end_shown:
            for choice_key, _, action in self.end.choices():
                if key == choice_key:
                    action()
                    return
            return
        if key == ADVICE_KEY and ui.person_to_act:
            self.tips.ask()
            return
        if ui.person_to_act:
            self.follow(self.game.key(key))

    def follow(self, intent: Intent | None) -> None:
        """Carry out what a click meant. A click or key the game took without refusing changed
        the person's choice (a wok card, a serving, a die or a source chosen, the choice
        cleared), so the last refusal no longer applies and leaves the status line: it
        stayed in red beside the new choice ("behind a lock: unlock R2 first" under "Unlock
        R2 ... ready")."""
        presenter = self.presenter
        if (intent is None or intent.refusal is None) and presenter.status_is_error:
            presenter.clear_status()
        if intent is None:
            return
        if intent.refusal is not None:
            presenter.refuse(intent.refusal)
        elif intent.note is not None:
            presenter.say_at(intent.note, presenter.pointer)
        if intent.actions:
            presenter.bubbles.clear()
            self.motions.skip()
            self.gate.perform(intent.actions)


# --------------------------------------------------------------------------- drawing
class TurnDrawing:
    """The whole picture: the curtain, or the game's table with flights and bubbles, or the
    end screen with its buttons; the replay bar on top.

    Receives the shared :class:`~.state.TurnUi`, the presenter (the prompt, the last turn,
    the bubbles), the game's drawing, the flights, the scheduler and the tips (who is
    thinking), the end screen's choices (it records where their buttons went) and the
    text."""

    def __init__(self, ui: TurnUi, presenter: TurnPresenter, game: GameDrawing,
                 motions: Motions, scheduler: TurnScheduler, tips: TurnTips,
                 end: EndChoices, text: Text) -> None:
        self.ui = ui
        self.presenter = presenter
        self.game = game
        self.motions = motions
        self.scheduler = scheduler
        self.tips = tips
        self.end = end
        self.text = text
        self.thinking_box: pygame.Rect | None = None
        """Where the thinking pill was drawn last (None: nobody thinks)."""

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        names = ui.names
        if ui.curtain:
            first = not ui.session.state.history
            last = self.presenter.last_turn
            previous = None if last is None else (names[last[0]], last[1])
            draw_curtain(surface, self.text, names[ui.session.current],
                         self.presenter.prompt_line(), first, previous)
            return
        whole = surface
        if ui.replay is not None:
            # The game is drawn above a strip kept free for the replay bar, so the bar hides
            # nothing of it (the game's layout fits the smaller picture).
            from wokphysics.ui.turn.replay import bar_font

            strip = (self.replay_strip(*ui.replay_bar) if ui.replay_bar is not None else
                     min(surface.get_height() // 4,
                         ui.replay.bar_height(self.text, bar_font(surface))))
            picture = pygame.Rect(0, 0, surface.get_width(), surface.get_height() - strip)
            surface.fill(PANEL_BG, pygame.Rect(0, picture.bottom, picture.width, strip))
            shown = surface.get_clip().clip(picture)  # the part shown (the UI scale's view)
            surface = surface.subsurface(picture)
            surface.set_clip(shown)
        if ui.over and ui.end_shown:
            self.game.draw_end(surface)
            if ui.replay is None:
                self._end_buttons(surface)
        else:
            self.game.draw(surface)
            self.motions.draw(surface)
        surface = whole
        self.thinking_box = None
        thinking = self.scheduler.thinking
        if thinking >= 0 and not ui.over:
            self.thinking_box = draw_thinking(surface, self.text, f"{names[thinking]} is thinking",
                                              self.scheduler.thinking_s)
        elif self.tips.advising is not None:
            self.thinking_box = draw_thinking(surface, self.text, "Tip: thinking",
                                              self.tips.advising_s)
        size = max(16, surface.get_height() // 40)
        for said in self.presenter.bubbles:
            bubble(surface, self.text, said.text, said.at, size, surface.get_clip())
        if ui.replay is not None:
            ui.replay.draw_bar(surface, self.text, ui.replay_bar)

    def replay_strip(self, size: int, width: int) -> int:
        """The height (px) a replay's bar needs in a font of ``size`` px, its words wrapped
        to ``width`` px (a replay laid out for the view's width)."""
        replay = self.ui.replay
        return 0 if replay is None else replay.bar_height(self.text, size, width)

    def _end_places(self, width: int, unit: float) -> tuple[int, list[pygame.Rect]]:
        """A reflowed end screen's buttons (its ``unit``: window px per reference px) on a
        canvas ``width`` px wide: their font size and rectangles from the top of their area,
        each as wide as its label, right-aligned in rows."""
        size = max(16, round(22 * unit))
        font = self.text.font(size)
        height = font.get_linesize() + 16
        gap = round(10 * unit)
        labels = [label for _, label, _ in self.end.choices()]
        widths = [min(width - 2 * gap, max(round(150 * unit), font.size(label)[0] + 2 * gap))
                  for label in labels]
        rows: list[list[int]] = [[]]
        used = gap
        for index, w in enumerate(widths):
            if rows[-1] and used + w + gap > width:
                rows.append([])
                used = gap
            rows[-1].append(index)
            used += w + gap
        places: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(labels)
        y = gap
        for row in rows:
            x = width - sum(widths[i] + gap for i in row)
            for index in row:
                places[index] = pygame.Rect(x, y, widths[index], height)
                x += widths[index] + gap
            y += height + gap
        return size, places

    def end_room(self, width: int, unit: float) -> int:
        """The height (window px) a reflowed end screen's buttons need below it."""
        _, places = self._end_places(width, unit)
        return max((rect.bottom for rect in places), default=0) + round(10 * unit)

    def _end_buttons(self, surface: pygame.Surface) -> None:
        unit = self.ui.end_unit
        if unit is not None:  # below the end screen laid out for the view's width
            size, places = self._end_places(surface.get_width(), unit)
            top = surface.get_height() - self.end_room(surface.get_width(), unit)
            self.end.buttons = []
            for rect, (_, label, action) in zip(places, self.end.choices(), strict=True):
                rect = rect.move(0, top)
                draw_button(surface, self.text, Button(rect, label, action), size,
                            hover=rect.collidepoint(self.ui.mouse))
                self.end.buttons.append((rect, action))
            return
        size = max(16, surface.get_height() // 36)
        width, height = max(150, surface.get_width() // 7), size + 16
        choices = self.end.choices()
        x = surface.get_width() - (width + 10) * len(choices)
        y = surface.get_height() - height - 8
        self.end.buttons = []
        for index, (_, label, action) in enumerate(choices):
            rect = pygame.Rect(x + index * (width + 10), y, width, height)
            draw_button(surface, self.text, Button(rect, label, action), size,
                        hover=rect.collidepoint(self.ui.mouse))
            self.end.buttons.append((rect, action))


# --------------------------------------------------------------------------- the scene
class TurnScene(GameScene):
    """A turn-based game in the window (the host's Scene protocol): builds the roles on
    ``ui`` (the game's ``parts`` were built on it too) and hands each only what it works
    with. The end screen offers N (``on_new_game``), V (this game's replay) and L
    (``on_home``: the launcher), those given."""

    presenter: TurnPresenter
    inputs: TurnInputs
    scheduler: TurnScheduler
    drawing: TurnDrawing

    def __init__(self, ui: TurnUi, parts: GameParts, text: Text, sound: Sound,
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.ui = ui
        self.parts = parts
        self.text = text
        self.sound = sound
        self.motions = parts.presenter.motions
        self.thinker = Thinker()
        """The worker process search bots and the tip key think in."""
        self.help_lines = parts.help_lines + COMMON_HELP
        reference = game_plugin(ui.session.game).reference
        self.rules = reference(ui.session.state) if reference is not None else None
        """The game's rules at hand (the window's help overlay shows them)."""
        presenter = parts.presenter
        self.gate = TurnGate(ui, presenter, parts.inputs, sound)
        self.tips = TurnTips(ui, presenter, self.thinker)
        self.end = EndChoices(self.replay_this_game, on_new_game, on_home)
        scheduler = TurnScheduler(ui, self.gate, self.motions, self.thinker, self.tips, sound)
        inputs = TurnInputs(ui, presenter, parts.inputs, self.gate, self.motions,
                            scheduler.pace, self.tips, self.end, sound)
        drawing = TurnDrawing(ui, presenter, parts.drawing, self.motions, scheduler, self.tips,
                              self.end, text)
        super().__init__(presenter, inputs, scheduler, drawing)
        session = ui.session
        if session.state.history:
            presenter.tell(f"resumed after {len(session.state.history)} steps")
            self._tell_the_past()

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At a UI scale above 1: the game's table laid out for the view's width, where the
        game's drawing reflows (``reflow(window, scale)``); the canvas it needs; the
        hand-over's curtain on the view alone. None (the scene drawn magnified): a game that
        does not reflow, or a replay, drawn on the window's shape. The end screen, where the
        game's drawing lays it out for a view's width (``reflow_end(window, scale)``: its unit
        and height), with its buttons in rows below it."""
        reflow = getattr(self.parts.drawing, "reflow", None)
        if reflow is None:
            return None
        ui = self.ui
        if ui.curtain and scale > 1.0:  # the hand-over covers what is shown: the view itself
            reflow(window, 1.0)
            return window[0], 1  # as low as the view (the window makes it so)
        ending = ui.over and ui.end_shown
        # at 1: back to the design scaled to the surface (the drawing answers None)
        canvas: tuple[int, int] | None = reflow(window, 1.0 if ending else scale)
        ui.end_unit = None
        ui.replay_bar = None
        end = getattr(self.parts.drawing, "reflow_end", None)
        if ending and scale > 1.0 and end is not None:
            # the end screen laid out for the view's width, its buttons below it (a
            # replay's bar instead)
            unit, height = end(window, scale)
            if ui.replay is None:
                ui.end_unit = unit
                height += self.drawing.end_room(window[0], unit)
            canvas = window[0], max(window[1], height)
        if ui.replay is not None and canvas is not None:
            # the bar's words wrapped to the view, in a strip below the picture
            ui.replay_bar = (max(16, window[1] // 40), window[0] - 60)
            return canvas[0], canvas[1] + self.drawing.replay_strip(*ui.replay_bar)
        return canvas

    def _tell_the_past(self) -> None:
        """A resumed game's log: the saved steps told again from the start, quietly (no
        sound, nothing flies), then "Resumed at turn N". It opened empty, so a player coming
        back had no idea what the last turns did. The steps are taken on a copy of the game
        that saves nothing, shown to the presenter for the while; what is secret stays
        secret (another's cooking of an unfinished Wok and Roll turn is held back as in
        play)."""
        real = self.ui.session
        copy = TurnSession(real.game, real.initial.clone(), real.seats, None, real.initial)
        presenter = self.presenter
        presenter.quiet = True
        self.ui.session = copy
        try:
            for action in real.state.history:
                copy.apply(action)
                presenter.catch_up(copy.events)
        finally:
            self.ui.session = real
            presenter.quiet = False
            presenter.skip_past(real.events)
        count = self.parts.turns_done
        line = (f"Resumed at {self.ui.heading_turn(count(real.state))}" if count is not None
                else f"Resumed after {len(real.state.history)} steps")
        presenter.entries.append(LogLine(line, max(real.current, 0)))
        presenter.add_line(line)

    # ------------------------------------------------------------------ for guides and tests
    @property
    def session(self) -> TurnSession:
        """The session shown."""
        return self.ui.session

    @property
    def handover(self) -> HandOver:
        return self.ui.handover

    @property
    def replay(self) -> ReplayControl | None:
        """The replay watched, if any (None: the game is played)."""
        return self.ui.replay

    @property
    def end_shown(self) -> bool:
        """The end screen is up."""
        return self.ui.end_shown

    @end_shown.setter
    def end_shown(self, shown: bool) -> None:
        self.ui.end_shown = shown

    @property
    def names(self) -> list[str]:
        return self.ui.names

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden information is drawn (None: nobody's)."""
        return self.ui.viewer

    @property
    def replaying(self) -> bool:
        """The scene shows a recorded game (nobody acts; every hand may be seen)."""
        return self.ui.replaying

    @property
    def curtain(self) -> bool:
        """The hand-over curtain covers the window."""
        return self.ui.curtain

    @property
    def person_to_act(self) -> bool:
        """A person may act now (their turn, curtain lifted)."""
        return self.ui.person_to_act

    @property
    def over(self) -> bool:
        return self.ui.over

    @property
    def log(self) -> list[LogLine]:
        """The log, oldest first, with the seat each line is about."""
        return self.presenter.entries

    def prompt(self) -> str:
        """The prompt shown (see :meth:`TurnPresenter.prompt_line`)."""
        return self.presenter.prompt_line()

    def heading_turn(self, turns_done: int) -> str:
        """See :meth:`~.state.TurnUi.heading_turn`."""
        return self.ui.heading_turn(turns_done)

    def end_choices(self) -> list[tuple[int, str, Callable[[], None]]]:
        """The end screen's buttons: (key, label, what it does)."""
        return self.end.choices()

    def perform(self, actions: Sequence[Action]) -> bool:
        """Take ``actions`` in order through the gate (see :meth:`TurnGate.perform`)."""
        return self.gate.perform(actions)

    def ask_advice(self) -> None:
        """The tip key (see :meth:`TurnTips.ask`)."""
        self.tips.ask()

    # ------------------------------------------------------------------ replays
    def start_replay(self, control: ReplayControl) -> None:
        """Show ``control``'s record from its start instead of playing."""
        self.ui.replay = control
        control.start(self)

    def restart_session(self, session: TurnSession) -> None:
        """Show ``session`` from its start (a replay going back): an empty log, nothing
        moving."""
        self.ui.session = session
        self.presenter.forget()
        self.presenter.skip_past(session.events)
        self.scheduler.forget()
        self.motions.skip()
        self.ui.end_shown = False

    def replay_of(self, seats: Sequence[str], initial: GameState,
                  actions: Sequence[Action]) -> ReplayControl:
        """A replay of this game's record, stepping by the game's own turns."""
        from wokphysics.ui.turn.replay import ReplayControl

        return ReplayControl(self.ui.session.game, seats, initial, actions,
                             self.parts.turns_done, self.parts.shown_turn)

    def replay_this_game(self) -> None:
        """Replay the game just played, turn by turn, from its start (V on the end screen)."""
        session = self.ui.session
        self.start_replay(self.replay_of(session.seats, session.initial,
                                         session.state.history))
