"""The scene of a turn-based game, in the four roles of :mod:`wokphysics.ui.scene`.

Every turn game's scene is a :class:`TurnScene`: a :class:`~wokphysics.ui.scene.GameScene`
whose roles are shared here, with the game's own parts plugged in (:class:`GameParts`):

- **presenter** (:class:`TurnPresenter`, the game subclasses it): each engine step the session
  took (an :class:`~wokphysics.ui.turn.session.Applied` event) -> the log lines naming the
  cards, a sound effect and the flights; the prompt line; refusals as a bubble next to the
  pointer (and the status line).
- **input mapping** (:class:`TurnInputs`): the hand-over curtain's click, the end screen's
  buttons, the replay's keys, Space; everything else goes to the game's :class:`GameInput`,
  which turns a click into an :class:`Intent` (engine steps, or a refusal saying why). Engine
  steps go through the scene's :class:`~wokphysics.ui.scene.EngineGate` only.
- **scheduler** (:class:`TurnScheduler`): flights, the replay's pace, and the bots (paced by
  :class:`~wokphysics.ui.scene.BotPace`: a pause before a turn, a shorter one before each
  further step of it; a bot thinks in one frame and its step is taken in the next; a bot
  that searches thinks in a process of its own, :mod:`wokphysics.ui.thinker`, from the
  moment its turn comes, while the window goes on drawing and shows it thinking).
- **drawing** (:class:`TurnDrawing`): the curtain, the game's table (:class:`GameDrawing`),
  flights, bubbles, the end screen and its buttons, the replay bar. It only reads.

The session (:mod:`.session`) holds the state, the seats, the bots and the autosave; the
hand-over (:mod:`.handover`) decides whose hidden information may be drawn.
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
    :meth:`prompt`; ``scene`` is set when the scene is made."""

    def __init__(self, sound: Sound, motions: Motions) -> None:
        super().__init__(log_size=LOG_LINES)
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
        self._scene: TurnScene | None = None

    @property
    def scene(self) -> TurnScene:
        if self._scene is None:
            raise RuntimeError("the presenter is not part of a scene yet")
        return self._scene

    def bind(self, scene: TurnScene) -> None:
        self._scene = scene

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
        """Describe an engine step just taken (``self.scene.session.state`` is the state
        after it; ``applied.before`` the state before). Override."""
        return Narration([str(applied.action)])

    def prompt(self) -> str:
        """One line for the person to act now, or what the table waits for. Override."""
        return ""

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
    """A game's own clicks and keys -> :class:`Intent` (or None: nothing to do)."""

    def mouse_down(self, button: int, pos: Point, scene: TurnScene) -> Intent | None: ...
    def mouse_move(self, pos: Point, scene: TurnScene) -> None: ...
    def key(self, key: int, scene: TurnScene) -> Intent | None: ...
    def pointer_away(self) -> None:
        """Forget what the pointer rests on (no tooltip until it moves again)."""
        ...
    def reset(self) -> None:
        """Forget a half-made choice (a new turn began)."""
        ...


class GameDrawing(Protocol):
    def draw(self, surface: pygame.Surface, scene: TurnScene) -> None:
        """Draw the table as ``scene.viewer`` may see it (reads only)."""
        ...

    def draw_end(self, surface: pygame.Surface, scene: TurnScene) -> None:
        """Draw the end screen of a finished game."""
        ...


@dataclass
class GameParts:
    """A game's own parts of its scene."""

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


# --------------------------------------------------------------------------- input mapping
class TurnInputs:
    """The input mapping: what every turn game shares, then the game's own clicks."""

    def __init__(self, scene: TurnScene) -> None:
        self.scene = scene

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        scene = self.scene
        scene.presenter.pointer = pos
        if scene.curtain:
            scene.handover.ready(scene.session.current)
            scene.sound.play("turn")
            return
        if scene.replay is not None:
            scene.replay.click(pos, scene)
            return
        if scene.over and scene.end_shown:
            for rect, action in scene.drawing.end_buttons:
                if rect.collidepoint(pos):
                    action()
                    return
            return
        if not scene.person_to_act:
            if button == 1:
                scene.presenter.say_at("wait: " + scene.prompt(), pos)
            return
        self.follow(scene.parts.inputs.mouse_down(button, pos, scene))

    def mouse_move(self, pos: Point, t_s: float) -> None:
        self.scene.presenter.pointer = pos
        self.scene.drawing.mouse = pos
        self.scene.parts.inputs.mouse_move(pos, self.scene)

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        self.scene.presenter.pointer = pos

    def pointer_away(self) -> None:
        self.scene.parts.inputs.pointer_away()

    def key(self, key: int) -> None:
        scene = self.scene
        if scene.replay is not None:
            scene.motions.skip()
            scene.replay.key(key, scene)
            return
        if key == pygame.K_SPACE:
            scene.motions.skip()
            if not scene.session.person_to_act:
                scene.scheduler.pace.fast = True
            return
        if scene.over and scene.end_shown:
            for choice_key, _, action in scene.end_choices():
                if key == choice_key:
                    action()
                    return
            return
        if key == ADVICE_KEY and scene.person_to_act:
            scene.ask_advice()
            return
        if scene.person_to_act:
            self.follow(scene.parts.inputs.key(key, scene))

    def follow(self, intent: Intent | None) -> None:
        """Carry out what a click meant. A click or key the game took without refusing changed
        the person's choice (a wok card, a serving, a die or a source chosen, the choice
        cleared), so the last refusal no longer applies and leaves the status line: it
        stayed in red beside the new choice ("behind a lock: unlock R2 first" under "Unlock
        R2 ... ready")."""
        scene = self.scene
        if (intent is None or intent.refusal is None) and scene.presenter.status_is_error:
            scene.presenter.clear_status()
        if intent is None:
            return
        if intent.refusal is not None:
            scene.presenter.refuse(intent.refusal)
        elif intent.note is not None:
            scene.presenter.say_at(intent.note, scene.presenter.pointer)
        if intent.actions:
            scene.presenter.bubbles.clear()
            scene.motions.skip()
            scene.perform(intent.actions)


# --------------------------------------------------------------------------- scheduler
class TurnScheduler:
    """Time passing: flights, the replay's pace, the end's bell, the bots' steps."""

    def __init__(self, scene: TurnScene) -> None:
        self.scene = scene
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
        scene = self.scene
        seconds = real_s * speed
        scene.motions.update(seconds * (4.0 if self.pace.fast else 1.0))
        scene.advice_update(real_s)
        if scene.replay is not None:
            scene.replay.update(seconds, scene)
            if scene.over and not scene.motions.busy:
                scene.end_shown = True
            return
        if scene.over:
            if not scene.end_shown and not scene.motions.busy:
                scene.end_shown = True
                scene.sound.play("bell")
            return
        self._bots(seconds)

    def _bots(self, seconds: float) -> None:
        scene = self.scene
        session = scene.session
        if self._thought is not None:
            step, self._thought = self._thought, None
            scene.perform([step])
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
        if scene.motions.busy and not self.pace.fast:
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
        scene = self.scene
        state = scene.session.state
        key = (seat, len(state.history))
        if not scene.thinker.asked(key):
            quick = bot.quick_choice(state)
            if quick is not None:
                return quick
            scene.thinker.ask(key, question_for(scene.session.game,
                                                scene.session.seats[seat], bot.seed, state))
            self.thinking, self.thinking_s = seat, 0.0
        found = scene.thinker.answer(key)
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
        self.scene.thinker.forget()


# --------------------------------------------------------------------------- drawing
class TurnDrawing:
    """The whole picture: the curtain, or the game's table with flights and bubbles, or the
    end screen with its buttons; the replay bar on top."""

    def __init__(self, scene: TurnScene) -> None:
        self.scene = scene
        self.end_buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.mouse: Point = (0, 0)
        self.thinking_box: pygame.Rect | None = None
        """Where the thinking pill was drawn last (None: nobody thinks)."""

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if scene.curtain:
            first = not scene.session.state.history
            last = scene.presenter.last_turn
            previous = None if last is None else (scene.names[last[0]], last[1])
            draw_curtain(surface, scene.text, scene.names[scene.session.current],
                         scene.prompt(), first, previous)
            return
        whole = surface
        if scene.replay is not None:
            # The game is drawn above a strip kept free for the replay bar, so the bar hides
            # nothing of it (the game's layout fits the smaller picture).
            from wokphysics.ui.turn.replay import bar_font

            strip = min(surface.get_height() // 4,
                        scene.replay.bar_height(scene.text, bar_font(surface)))
            picture = pygame.Rect(0, 0, surface.get_width(), surface.get_height() - strip)
            surface.fill(PANEL_BG, pygame.Rect(0, picture.bottom, picture.width, strip))
            shown = surface.get_clip().clip(picture)  # the part shown (the UI scale's view)
            surface = surface.subsurface(picture)
            surface.set_clip(shown)
        if scene.over and scene.end_shown:
            scene.parts.drawing.draw_end(surface, scene)
            if scene.replay is None:
                self._end_buttons(surface)
        else:
            scene.parts.drawing.draw(surface, scene)
            scene.motions.draw(surface)
        surface = whole
        self.thinking_box = None
        if scene.scheduler.thinking >= 0 and not scene.over:
            self.thinking_box = draw_thinking(
                surface, scene.text, f"{scene.names[scene.scheduler.thinking]} is thinking",
                scene.scheduler.thinking_s)
        elif scene.advising is not None:
            self.thinking_box = draw_thinking(surface, scene.text, "Tip: thinking",
                                              scene.advising_s)
        size = max(16, surface.get_height() // 40)
        for said in scene.presenter.bubbles:
            bubble(surface, scene.text, said.text, said.at, size, surface.get_clip())
        if scene.replay is not None:
            scene.replay.draw_bar(surface, scene)

    def _end_buttons(self, surface: pygame.Surface) -> None:
        scene = self.scene
        size = max(16, surface.get_height() // 36)
        width, height = max(150, surface.get_width() // 7), size + 16
        choices = scene.end_choices()
        x = surface.get_width() - (width + 10) * len(choices)
        y = surface.get_height() - height - 8
        self.end_buttons = []
        for index, (_, label, action) in enumerate(choices):
            rect = pygame.Rect(x + index * (width + 10), y, width, height)
            draw_button(surface, scene.text, Button(rect, label, action), size,
                        hover=rect.collidepoint(self.mouse))
            self.end_buttons.append((rect, action))


# --------------------------------------------------------------------------- the scene
class TurnScene(GameScene):
    """A turn-based game in the window (the host's Scene protocol)."""

    presenter: TurnPresenter
    inputs: TurnInputs
    scheduler: TurnScheduler
    drawing: TurnDrawing

    def __init__(self, session: TurnSession, parts: GameParts, text: Text, sound: Sound,
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.session = session
        self.parts = parts
        self.text = text
        self.sound = sound
        self.on_new_game = on_new_game
        self.on_home = on_home
        self.motions = parts.presenter.motions
        self.thinker = Thinker()
        """The worker process search bots and the tip key think in."""
        self.advising: tuple[str, int] | None = None
        """The tip being worked out (its key), if any."""
        self.advising_s = 0.0
        self.handover = HandOver(session.people)
        self.replay: ReplayControl | None = None
        self.end_shown = session.state.is_terminal()
        self.help_lines = parts.help_lines + COMMON_HELP
        reference = game_plugin(session.game).reference
        self.rules = reference(session.state) if reference is not None else None
        """The game's rules at hand (the window's help overlay shows them)."""
        parts.presenter.bind(self)
        super().__init__(parts.presenter, TurnInputs(self), TurnScheduler(self),
                         TurnDrawing(self))
        self.gate = EngineGate(parts.presenter, lambda: self.session.events, after=self._after)
        if session.state.history:
            parts.presenter.tell(f"resumed after {len(session.state.history)} steps")
            self._tell_the_past()

    def _tell_the_past(self) -> None:
        """A resumed game's log: the saved steps told again from the start, quietly (no
        sound, nothing flies), then "Resumed at turn N". It opened empty, so a player coming
        back had no idea what the last turns did. The steps are taken on a copy of the game
        that saves nothing; what is secret stays secret (another's cooking of an unfinished
        Wok and Roll turn is held back as in play)."""
        real = self.session
        copy = TurnSession(real.game, real.initial.clone(), real.seats, None, real.initial)
        presenter = self.presenter
        presenter.quiet = True
        self.session = copy
        try:
            for action in real.state.history:
                copy.apply(action)
                presenter.catch_up(copy.events)
        finally:
            self.session = real
            presenter.quiet = False
            presenter.skip_past(real.events)
        count = self.parts.turns_done
        line = (f"Resumed at {self.heading_turn(count(real.state))}" if count is not None
                else f"Resumed after {len(real.state.history)} steps")
        presenter.entries.append(LogLine(line, max(real.current, 0)))
        presenter.add_line(line)

    # ------------------------------------------------------------------ what is shown
    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden information is drawn (None: nobody's)."""
        return self.handover.viewer

    @property
    def replaying(self) -> bool:
        """The scene shows a recorded game (nobody acts; every hand may be seen)."""
        return self.replay is not None

    @property
    def curtain(self) -> bool:
        """The hand-over curtain covers the window."""
        return (not self.replaying and not self.session.state.is_terminal()
                and self.handover.curtain_for(self.session.current))

    @property
    def person_to_act(self) -> bool:
        """A person may act now (their turn, curtain lifted)."""
        return (not self.replaying and self.session.person_to_act and not self.curtain
                and self.session.current == self.viewer)

    @property
    def over(self) -> bool:
        return self.session.state.is_terminal()

    @property
    def log(self) -> list[LogLine]:
        """The log, oldest first, with the seat each line is about."""
        return self.presenter.entries

    def prompt(self) -> str:
        if self.replay is not None:
            return self.replay.prompt()
        return self.presenter.prompt()

    # ------------------------------------------------------------------ acting
    def perform(self, actions: Sequence[Action]) -> bool:
        """Take ``actions`` in order through the engine gate (a click may mean several engine
        steps); stop at the first refusal, whose reason is shown. True when all were taken."""
        for action in actions:
            if not self.gate.act(partial(self.session.apply, action)):
                return False
        return True

    def _after(self) -> None:
        """After each accepted step: a finished turn hides the hand (hot seat) and clears the
        person's half-made choice."""
        last = self.session.events[-1]
        if not last.turn_over:
            return
        self.parts.inputs.reset()
        if self.replaying:
            return
        self.handover.turn_over(last.player)
        if self.session.person_to_act and self.handover.viewer == self.session.current:
            self.sound.play("turn")

    # ------------------------------------------------------------------ advice
    def ask_advice(self) -> None:
        """The tip key: the game's strongest bot thinks about the person's move (in the
        worker process, from the person's view); its line comes when it is done."""
        from wokphysics.games.registry import plugin

        levels = plugin(self.session.game).levels
        if not levels:
            self.presenter.tell("no bot can give a tip in this game")
            return
        state = self.session.state
        key = ("tip", len(state.history))
        if self.thinker.asked(key):
            return
        self.thinker.ask(key, advice(state, self.session.game, levels[-1].bot))
        self.advising = key
        self.advising_s = 0.0
        self.presenter.tell(f"Tip: the {levels[-1].name} bot is thinking...")

    def advice_update(self, real_s: float) -> None:
        """The tip's line once it has come (forgotten if the position changed meanwhile)."""
        key = self.advising
        if key is None:
            return
        if key != ("tip", len(self.session.state.history)) or self.over:
            self.advising = None
            self.thinker.forget()
            return
        self.advising_s += real_s
        found = self.thinker.answer(key)
        if found is not None:
            self.advising = None
            line = "Tip: " + found.line
            self.presenter.tell(line)
            self.presenter.entries.append(LogLine(line, self.session.current))
            self.presenter.add_line(line)

    # ------------------------------------------------------------------ replays
    def start_replay(self, control: ReplayControl) -> None:
        """Show ``control``'s record from its start instead of playing."""
        self.replay = control
        control.goto(self, 0)

    def restart_session(self, session: TurnSession) -> None:
        """Show ``session`` from its start (a replay going back): an empty log, nothing
        moving."""
        self.session = session
        self.presenter.forget()
        self.presenter.skip_past(session.events)
        self.scheduler.forget()
        self.motions.skip()
        self.end_shown = False

    def replay_of(self, seats: Sequence[str], initial: GameState,
                  actions: Sequence[Action]) -> ReplayControl:
        """A replay of this game's record, stepping by the game's own turns."""
        from wokphysics.ui.turn.replay import ReplayControl

        return ReplayControl(self.session.game, seats, initial, actions, self.parts.turns_done,
                             self.parts.shown_turn)

    def replay_this_game(self) -> None:
        """Replay the game just played, turn by turn, from its start (V on the end screen)."""
        session = self.session
        self.start_replay(self.replay_of(session.seats, session.initial,
                                         session.state.history))

    def heading_turn(self, turns_done: int) -> str:
        """The turn a game's heading names, given its count of finished turns: the turn in
        play, or in a replay the turn its bar names (the same words)."""
        if self.replay is not None:
            return "replay, " + self.replay.where()
        return f"turn {turns_done + 1}"

    def end_choices(self) -> list[tuple[int, str, Callable[[], None]]]:
        """The end screen's buttons: (key, label, what it does)."""
        found: list[tuple[int, str, Callable[[], None]]] = []
        if self.on_new_game is not None:
            found.append((pygame.K_n, "N: new game", self.on_new_game))
        found.append((pygame.K_v, "V: watch the replay", self.replay_this_game))
        if self.on_home is not None:
            found.append((pygame.K_l, "L: the launcher", self.on_home))
        return found
