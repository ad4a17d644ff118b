"""Playing a turn-based game in the terminal: people type, bots are announced. One loop for
every turn game played at a prompt (We Will Wok You, Wok and Roll).

Each person's turn shows the game through :meth:`TerminalGame.screen` (only what that seat
may see) and the choices, numbered. A person types a number, an action's text, or a command:

- ``show`` reprints the screen (``show WHAT`` a part of it: the game lists what);
- ``list`` lists the choices again from the first, ``more`` the next page (long lists are
  paged, so the screen above stays in view on an 80 x 24 terminal);
- ``legend`` explains the symbol codes; ``?`` or ``help`` lists these commands.

A choice may hold several actions (e.g. the ways to pay for one serving): picking it lists
them, numbered, and ``back`` returns. Invalid input asks again with the reason.

Hot seat (several people at one keyboard): when one person's turn is over the screen is
cleared, and before the next person's turn it says "Pass to Player 2 - press Enter when
ready"; what happened in between (bot moves) is shown after Enter. Bot moves name what they
took (:meth:`TerminalGame.said`). A game may hold some lines back until a later moment (Wok
and Roll's cooking, secret until the turn is over: :meth:`TerminalGame.private` and
:meth:`TerminalGame.reveal`).

After every turn the game is handed to ``turn_over`` (the autosave: :mod:`.saving`).

``read``, ``write`` and ``clear`` are injected so tests drive the loop without a terminal.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, ActionParseError, GameState, IllegalAction
from wokphysics.games.text import typed_number

Reader = Callable[[str], str]
Writer = Callable[[str], None]

PAGE = 12
"""Lines of choices listed at once (a game may pack several choices to a line, and ask for
fewer lines: :meth:`TerminalGame.page_lines`)."""
HELP = (
    "Type a choice's number, or an action's text. Commands:\n"
    "  show [WHAT]  reprint the screen (or a part of it)\n"
    "  list / more  the choices from the first / the next page\n"
    "  legend       what the symbol codes mean\n"
    "  back         leave a sub-list of choices\n"
    "  quit or q    leave the game (Ctrl-D too); it is saved to resume later\n"
    "  ? or help    this help"
)

WIDTH = 80
"""Columns of the terminal the games are written for (80 x 24)."""


def print_fitted(text: str) -> None:
    """``print`` for an 80-column terminal: a line longer than :data:`WIDTH` (a bot's move
    naming its cards, the final tally's sentences, a legend) is wrapped between words, its
    continuation indented, instead of being cut mid-word by the terminal."""
    for line in text.split("\n"):
        if len(line) <= WIDTH:
            print(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        print("\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=indent + "    ",
                                       break_on_hyphens=False)))


QUIT_WORDS = ("quit", "exit", "q")
"""What a person types to leave a terminal game (it is saved as it stands, unless played with
``--no-save``: ``--resume`` continues it); 'q' as in Wok Star's live terminal and the window's
pause."""


@dataclass
class Choice:
    """One numbered line: ``label``, and the actions it stands for (one: it is taken at once;
    several: they are listed to choose from, each with its label in ``labels``)."""

    label: str
    actions: list[Action]
    labels: list[str] = field(default_factory=list)
    title: str = ""
    """Said above the sub-list (several actions)."""


class TerminalGame:
    """A game's words for the shared loop. The defaults suit any game; games override."""

    def __init__(self, render: Callable[[GameState, int], str],
                 render_end: Callable[[GameState], str]) -> None:
        self._render = render
        self._render_end = render_end

    def screen(self, state: GameState, seat: int) -> str:
        """What ``seat`` sees before choosing."""
        return self._render(state, seat)

    def end_screen(self, state: GameState) -> str:
        return self._render_end(state)

    def show(self, state: GameState, seat: int, what: str) -> str:
        """``show WHAT``: a part of the screen ("" or an unknown WHAT: the whole screen)."""
        return self.screen(state, seat)

    def legend(self, state: GameState) -> str:
        return "Actions are written as the list shows them."

    def describe(self, state: GameState, action: Action) -> str:
        """An action's line in the list of choices."""
        return str(action)

    def choices(self, state: GameState, seat: int) -> list[Choice]:
        """The numbered choices: by default one per legal action."""
        return [Choice(self.describe(state, a), [a]) for a in state.legal_actions()]

    def hint(self, state: GameState, seat: int) -> str:
        """Said after "Player 1, your move:" above the choices (e.g. how to type an action
        that is not listed)."""
        return ""

    def expand(self, state: GameState, text: str) -> Choice | None:
        """A typed text that names a choice of several actions (e.g. ``cook R1.2``), or None."""
        return None

    def parse(self, state: GameState, text: str) -> Action:
        """A typed action (ActionParseError if it is none)."""
        return state.parse_action(text)

    def said(self, before: GameState, action: Action, state: GameState, seat: int,
             name: str) -> list[str]:
        """The lines telling ``name``'s step, naming what was taken (``before``: the state
        before it; ``state``: after)."""
        return [f"{name}: {action}"]

    def private(self, before: GameState, action: Action, seat: int) -> bool:
        """The step's lines are held back until :meth:`reveal` (a secret move)."""
        return False

    def reveal(self, before: GameState, state: GameState) -> str | None:
        """After a step: the heading under which held lines are shown now, or None (keep
        holding them)."""
        return ""

    def per_line(self) -> int:
        """Choices packed on one line when listed."""
        return 1

    def page_lines(self) -> int:
        """Lines of choices listed at once (the rest: 'more')."""
        return PAGE


def terminal_clear() -> None:
    """Clear the terminal (a screen of blank lines where the output is not a terminal)."""
    if sys.stdout.isatty():
        sys.stdout.write("\x1b[2J\x1b[H")
        sys.stdout.flush()
    else:
        print("\n" * 3 + "-" * 78)


class _Prompt:
    """Asking one person for one action."""

    def __init__(self, game: TerminalGame, state: GameState, seat: int, read: Reader,
                 write: Writer) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.read = read
        self.write = write

    def _list(self, labels: Sequence[str], start: int, per_line: int, lines: int = PAGE
              ) -> int:
        """List ``labels`` numbered from ``start`` (one page of ``lines`` lines); returns
        where the next page starts (len(labels) when all are shown)."""
        end = min(len(labels), start + lines * per_line)
        width = max((len(label) for label in labels[start:end]), default=0) + 6
        line = ""
        for number in range(start, end):
            item = f"{number + 1:>3}. {labels[number]}"
            if per_line > 1:
                if line and len(line) + width > 78:
                    self.write(line.rstrip())
                    line = ""
                line += item.ljust(width)
            else:
                self.write(item)
        if line:
            self.write(line.rstrip())
        if end < len(labels):
            self.write(f"  ... {len(labels) - end} more: type 'more' (or 'list' for the first)")
        return end

    def ask(self, name: str = "") -> Action:
        """Ask until the person names a legal action; return it (``name``: who is asked,
        said above the choices)."""
        game = self.game
        choices = game.choices(self.state, self.seat)
        labels = [c.label for c in choices]
        hint = game.hint(self.state, self.seat)
        if name or hint:
            self.write(f"{name}, your move: {hint}" if name else hint)
        per_line, lines = game.per_line(), game.page_lines()
        shown = self._list(labels, 0, per_line, lines)
        while True:
            text = self._read("your move (number or text; show, list, legend, ? for help): ")
            word = text.lower()
            if word in ("?", "help"):
                self.write(HELP)
            elif word in ("list", "l"):
                shown = self._list(labels, 0, per_line, lines)
            elif word in ("more", "m"):
                shown = self._list(labels, shown if shown < len(labels) else 0, per_line, lines)
            elif word == "legend":
                self.write(game.legend(self.state))
            elif word == "show" or word.startswith("show "):
                self.write(game.show(self.state, self.seat, text[4:].strip()))
            elif word == "back":
                self.write("(nothing to go back from)")
            else:
                found = self._answer(text, choices)
                if found is not None:
                    return found

    def _read(self, prompt: str) -> str:
        try:
            text = self.read(prompt).strip()
        except EOFError:  # Ctrl-D: said on a line of its own, not after the prompt
            self.write("\n(end of input: you left the game)")
            raise SystemExit(0) from None
        except KeyboardInterrupt:  # Ctrl-C: what follows (the save's line) below the prompt
            self.write("")
            raise
        if text.lower() in QUIT_WORDS:
            self.write("You left the game.")
            raise SystemExit(0)
        return text

    def _answer(self, text: str, choices: list[Choice]) -> Action | None:
        index = typed_number(text)
        if index is not None:
            if 1 <= index <= len(choices):
                return self._pick(choices[index - 1])
            self.write(f"no action numbered {index}; choose 1 to {len(choices)}")
            return None
        group = self.game.expand(self.state, text)
        if group is not None:
            return self._pick(group)
        try:
            action = self.game.parse(self.state, text)
            self.state.check_legal(action)
        except (ActionParseError, IllegalAction) as error:
            self.write(f"not possible: {error}")
            return None
        return action

    def _pick(self, choice: Choice) -> Action | None:
        """The action of a choice: itself, or one chosen from its sub-list (None: back)."""
        if len(choice.actions) == 1:
            return choice.actions[0]
        labels = choice.labels or [str(a) for a in choice.actions]
        self.write(choice.title or f"{choice.label}: choose one (or 'back')")
        shown = self._list(labels, 0, 1)
        while True:
            text = self._read("which one (number, 'more', or 'back'): ")
            word = text.lower()
            if word in ("back", "b", ""):
                self.write("back to the choices ('list' shows them)")
                return None
            if word in ("more", "m"):
                shown = self._list(labels, shown if shown < len(labels) else 0, 1)
                continue
            if word in ("list", "l"):
                shown = self._list(labels, 0, 1)
                continue
            index = typed_number(text)
            if index is not None and 1 <= index <= len(labels):
                return choice.actions[index - 1]
            self.write(f"choose 1 to {len(labels)}, or 'back'")


def choose_action(state: GameState, read: Reader, write: Writer,
                  game: TerminalGame | None = None, seat: int | None = None,
                  name: str = "") -> Action:
    """Ask until the person names a legal action (by number, text or command); return it."""
    words = game if game is not None else TerminalGame(lambda s, p: "", lambda s: "")
    return _Prompt(words, state, state.current_player if seat is None else seat, read,
                   write).ask(name)


def seat_names(seats: Sequence[Bot | None]) -> list[str]:
    """"Player N" for a person, "Bot N (name)" for a bot."""
    return [f"Player {i + 1}" if bot is None else f"Bot {i + 1} ({bot.name})"
            for i, bot in enumerate(seats)]


def play_in_terminal(
    state: GameState,
    seats: Sequence[Bot | None],
    game: TerminalGame,
    read: Reader = input,
    write: Writer = print_fitted,
    names: Sequence[str] | None = None,
    clear: Callable[[], None] = terminal_clear,
    turn_over: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play to the end; ``seats[i]`` is a Bot or None for a person at the keyboard.
    ``turn_over(state)`` is called after every turn (the player to act changes, or the game
    ends): the autosave."""
    names = list(names or seat_names(seats))
    people = [seat for seat, bot in enumerate(seats) if bot is None]
    hot_seat = len(people) > 1
    on_screen: int | None = None  # the person whose view is on the screen (hot seat)
    news: list[str] = []  # said while nobody's view is on the screen, shown after Enter
    held: list[str] = []

    def say(lines: Sequence[str]) -> None:
        if hot_seat and on_screen is None:
            news.extend(lines)
        else:
            for line in lines:
                write(line)

    while not state.is_terminal():
        seat = state.current_player
        bot = seats[seat]
        if bot is None:
            if hot_seat and on_screen != seat:
                clear()
                write(f"Pass to {names[seat]} - press Enter when ready (the previous "
                      "screen is hidden)")
                try:
                    read("")
                except EOFError:
                    write("\n(end of input: you left the game)")
                    raise SystemExit(0) from None
                clear()
                on_screen = seat
                for line in news:
                    write(line)
                news.clear()
            write("")
            write(game.screen(state, seat))
            action = choose_action(state, read, write, game, seat, names[seat])
        else:
            action = bot.choose(state)
        before = state.clone()
        state.apply(action)
        if turn_over is not None and (state.is_terminal() or state.current_player != seat):
            turn_over(state)
        lines = game.said(before, action, state, seat, names[seat])
        secret = game.private(before, action, seat)
        if bot is None:
            for line in lines:  # the person sees their own step at once
                write(line)
            if hot_seat:  # the next person reads it after the hand-over (a secret: later)
                (held if secret else news).extend(lines)
        elif secret:
            held.extend(lines)
        else:
            say(lines)
        if held:
            heading = game.reveal(before, state)
            if heading is not None:
                say(([heading] if heading else []) + held)
                held.clear()
        if hot_seat and bot is None and state.current_player != seat:
            clear()  # the person's turn is over: hide their hand at once
            on_screen = None
    for line in news + held:
        write(line)
    write("")
    write(game.end_screen(state))
    return state
