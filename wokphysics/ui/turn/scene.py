"""The scene of a turn-based game, in four parts every game's scene shares.

- **presenter** (:class:`Presenter`): an engine step just taken -> what is said (log lines,
  naming the cards), heard (a sound effect) and seen moving (flights); and the prompt for the
  person to act.
- **input map** (:class:`InputMap`): clicks and keys -> engine actions, or a refusal saying
  why (the game's ``check_legal`` reason, or the window's own: "choose the cards that pay");
  it keeps the person's half-made choice (a selection).
- **scheduler** (:class:`~wokphysics.ui.turn.scheduler.BotScheduler`): when bots act, on the
  frame clock.
- **drawing** (:class:`Drawing`): draws the table from the state, the scene and the input
  map's selection; it only reads.

:class:`TurnScene` wires them with what every turn game needs: the session (state, seats,
autosave), the hand-over curtain for hot seat, flights, the log, bubbles for refusals, and the
end of the game. A game supplies the three game-specific parts as :class:`GameParts`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from wokphysics.errors import IllegalAction
from wokphysics.games.protocol import Action
from wokphysics.ui.sound import Effect, Sound
from wokphysics.ui.turn.handover import HandOver, draw_curtain
from wokphysics.ui.turn.motion import Flight, Motions
from wokphysics.ui.turn.scheduler import BotScheduler
from wokphysics.ui.turn.session import Applied, TurnSession
from wokphysics.ui.widgets import Button, Text, bubble, draw_button

if TYPE_CHECKING:
    from wokphysics.ui.turn.replay import ReplayControl

MESSAGE_S = 4.0
"""Seconds a refusal or a note stays on screen."""
LOG_LINES = 60
"""Lines of the game's log kept (the drawing shows the newest that fit)."""

COMMON_HELP = (
    ("Space", "skip the motion on screen; hurry the bots until a person must act"),
    ("Esc", "pause (Q then quits, or goes back to the launcher)"),
    ("R", "restart (asks first)"),
    ("M", "sound on / off"),
    ("F1 or H", "this help"),
)


@dataclass
class Narration:
    """What the presenter makes of one engine step."""

    lines: list[str] = field(default_factory=list)
    effect: Effect | None = None
    flights: list[Flight] = field(default_factory=list)


@dataclass
class Intent:
    """What a click or key means: engine actions to take in order, or a refusal to show."""

    actions: list[Action] = field(default_factory=list)
    refusal: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class LogLine:
    text: str
    seat: int


class Presenter(Protocol):
    def present(self, applied: Applied, scene: TurnScene) -> Narration:
        """Describe an engine step just taken (``scene.session.state`` is the state after it).
        Flights may start from where things were drawn before the step (the drawing's layout
        still holds those places)."""
        ...

    def prompt(self, scene: TurnScene) -> str:
        """One line for the person to act now (or what the table waits for)."""
        ...


class InputMap(Protocol):
    def mouse_down(self, button: int, pos: tuple[int, int], scene: TurnScene) -> Intent | None: ...
    def mouse_move(self, pos: tuple[int, int], scene: TurnScene) -> None: ...
    def key(self, key: int, scene: TurnScene) -> Intent | None: ...
    def reset(self) -> None:
        """Forget a half-made choice (a new turn began)."""
        ...


class Drawing(Protocol):
    def draw(self, surface: pygame.Surface, scene: TurnScene) -> None:
        """Draw the table as ``scene.viewer`` may see it (reads only)."""
        ...

    def draw_end(self, surface: pygame.Surface, scene: TurnScene) -> None:
        """Draw the end screen of a finished game."""
        ...


@dataclass
class GameParts:
    """A game's own parts of its scene."""

    presenter: Presenter
    input_map: InputMap
    drawing: Drawing
    help_lines: tuple[tuple[str, str], ...]


@dataclass
class Bubble:
    text: str
    at: tuple[int, int]
    seconds_left: float
    error: bool


class TurnScene:
    """A turn-based game in the window (the host's Scene protocol)."""

    def __init__(self, session: TurnSession, parts: GameParts, text: Text, sound: Sound,
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.session = session
        self.parts = parts
        self.text = text
        self.sound = sound
        self.on_new_game = on_new_game
        self.on_home = on_home
        self.handover = HandOver(session.people)
        self.scheduler = BotScheduler()
        self.motions = Motions()
        self.log: list[LogLine] = []
        self.bubble: Bubble | None = None
        self.mouse = (0, 0)
        self.help_lines = parts.help_lines + COMMON_HELP
        self.end_shown = session.state.is_terminal()
        self.replay: ReplayControl | None = None
        self.end_buttons: list[tuple[pygame.Rect, str]] = []
        self._bot_move: Action | None = None  # chosen by a bot, taken next frame
        if session.state.history:
            self.note(f"resumed after {len(session.state.history)} steps")

    @property
    def replaying(self) -> bool:
        """The scene shows a recorded game (nobody acts; every hand may be seen)."""
        return self.replay is not None

    def start_replay(self, control: ReplayControl) -> None:
        """Show ``control``'s record from its start instead of playing."""
        self.replay = control
        control.goto(self, 0)

    def replay_this_game(self) -> None:
        """Replay the game just played, turn by turn, from its start (V on the end screen)."""
        from wokphysics.ui.turn.replay import ReplayControl

        session = self.session
        control = ReplayControl(session.game, session.seats, session.initial,
                                session.state.history)
        self.start_replay(control)

    # ------------------------------------------------------------------ what is shown
    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden information is drawn (None: nobody's)."""
        return self.handover.viewer

    @property
    def curtain(self) -> bool:
        """The hand-over curtain covers the window."""
        return (not self.replaying and not self.session.state.is_terminal()
                and self.handover.curtain_for(self.session.current))

    @property
    def person_to_act(self) -> bool:
        """A person may act now (their turn, curtain up, nothing moving)."""
        return (not self.replaying and self.session.person_to_act and not self.curtain
                and self.session.current == self.viewer)

    @property
    def over(self) -> bool:
        return self.session.state.is_terminal()

    def prompt(self) -> str:
        if self.replay is not None:
            return self.replay.prompt()
        return self.parts.presenter.prompt(self)

    # ------------------------------------------------------------------ acting
    def perform(self, actions: Sequence[Action], quiet: bool = False) -> bool:
        """Take ``actions`` in order (a person's click may mean several engine steps); stop at
        the first refusal and show its reason. True when all were taken. ``quiet``: said in
        the log but not animated or heard (a replay jumping back)."""
        for action in actions:
            try:
                applied = self.session.apply(action)
            except IllegalAction as error:
                self.refuse(error.reason)
                return False
            self._present(applied, quiet)
        return True

    def _present(self, applied: Applied, quiet: bool = False) -> None:
        if applied.turn_over and not self.replaying:
            # Before the presenter: with several people the hand just played is hidden, so
            # what was taken flies to the player's box, not into a hand on show.
            self.handover.turn_over(applied.player)
        narration = self.parts.presenter.present(applied, self)
        for line in narration.lines:
            self.log.append(LogLine(line, applied.player))
        del self.log[:-LOG_LINES]
        if quiet:
            return
        for flight in narration.flights:
            self.motions.add(flight)
        if narration.effect is not None:
            self.sound.play(narration.effect)
        if applied.turn_over:
            self.parts.input_map.reset()
            if (not self.replaying and self.session.person_to_act
                    and self.handover.viewer == self.session.current):
                self.sound.play("turn")

    def refuse(self, reason: str, at: tuple[int, int] | None = None) -> None:
        """Show why a click is refused, next to it; the game is unchanged."""
        self.bubble = Bubble(reason, at or self.mouse, MESSAGE_S, True)
        self.sound.play("refuse")

    def note(self, message: str, at: tuple[int, int] | None = None) -> None:
        self.bubble = Bubble(message, at or self.mouse, MESSAGE_S, False)

    def _intent(self, intent: Intent | None) -> None:
        if intent is None:
            return
        if intent.refusal is not None:
            self.refuse(intent.refusal)
        elif intent.note is not None:
            self.note(intent.note)
        if intent.actions:
            self.bubble = None
            self.motions.skip()
            self.perform(intent.actions)

    # ------------------------------------------------------------------ the host's calls
    def update(self, real_s: float, speed: float = 1.0) -> None:
        seconds = real_s * speed
        self.motions.update(seconds * (4.0 if self.scheduler.hurry else 1.0))
        if self.bubble is not None:
            self.bubble.seconds_left -= real_s
            if self.bubble.seconds_left <= 0:
                self.bubble = None
        if self.replay is not None:
            self.replay.update(seconds, self)
            if self.over and not self.motions.busy:
                self.end_shown = True
            return
        if self.over:
            if not self.end_shown and not self.motions.busy:
                self.end_shown = True
                self.sound.play("bell")
            return
        self._advance(seconds)

    def _advance(self, seconds: float) -> None:
        """Let the bots act when it is their turn. A bot thinks in one frame and its move is
        taken (said, drawn) in the next, so no frame carries both costs."""
        if self._bot_move is not None:
            move, self._bot_move = self._bot_move, None
            self.perform([move])
            return
        seat = self.session.current
        bot = seat if self.session.is_bot(seat) else None
        if self.scheduler.due(seconds, bot, self.motions.busy):
            self._bot_move = self.session.bot_choice()

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain:
            seat = self.session.current
            first = not self.session.state.history
            draw_curtain(surface, self.text, self.names[seat], self.parts.presenter.prompt(self),
                         first)
            return
        if self.over and self.end_shown:
            self.parts.drawing.draw_end(surface, self)
            if self.replay is None:
                self._draw_end_buttons(surface)
        else:
            self.parts.drawing.draw(surface, self)
            self.motions.draw(surface)
        if self.bubble is not None:
            size = max(16, surface.get_height() // 40)
            bubble(surface, self.text, self.bubble.text, self.bubble.at, size,
                   surface.get_rect())
        if self.replay is not None:
            self.replay.draw_bar(surface, self)

    def end_choices(self) -> list[tuple[str, Callable[[], None]]]:
        """The end screen's buttons: (label, what it does)."""
        found: list[tuple[str, Callable[[], None]]] = []
        if self.on_new_game is not None:
            found.append(("N: new game", self.on_new_game))
        found.append(("V: watch the replay", self.replay_this_game))
        if self.on_home is not None:
            found.append(("L: the launcher", self.on_home))
        return found

    def _draw_end_buttons(self, surface: pygame.Surface) -> None:
        size = max(16, surface.get_height() // 36)
        width, height = max(150, surface.get_width() // 7), size + 16
        choices = self.end_choices()
        x = surface.get_width() - (width + 10) * len(choices)
        y = surface.get_height() - height - 8
        self.end_buttons = []
        for index, (label, _) in enumerate(choices):
            rect = pygame.Rect(x + index * (width + 10), y, width, height)
            draw_button(surface, self.text, Button(rect, label, _nothing), size,
                        hover=rect.collidepoint(self.mouse))
            self.end_buttons.append((rect, label))

    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        if self.curtain:
            self.handover.ready(self.session.current)
            self.sound.play("turn")
            return
        if self.replay is not None:
            self.replay.click(pos, self)
            return
        if self.over and self.end_shown:
            for rect, label in self.end_buttons:
                if rect.collidepoint(pos):
                    dict(self.end_choices())[label]()
                    return
            return
        if not self.session.person_to_act:
            if button == 1:
                self.note("wait: " + self.parts.presenter.prompt(self), pos)
            return
        self._intent(self.parts.input_map.mouse_down(button, pos, self))

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        self.parts.input_map.mouse_move(pos, self)

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos

    def key(self, key: int) -> None:
        if self.replay is not None:
            self.motions.skip()
            self.replay.key(key, self)
            return
        if key == pygame.K_SPACE:
            self.motions.skip()
            if not self.session.person_to_act:
                self.scheduler.hurry = True
            return
        if self.over and self.end_shown:
            if key == pygame.K_n and self.on_new_game is not None:
                self.on_new_game()
            elif key == pygame.K_l and self.on_home is not None:
                self.on_home()
            elif key == pygame.K_v:
                self.replay_this_game()
            return
        if self.person_to_act:
            self._intent(self.parts.input_map.key(key, self))


def _nothing() -> None:
    """End-screen buttons are hit-tested by the scene; the widget only draws."""
