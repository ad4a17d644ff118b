"""Real-time Wok Star in a plain terminal: a prompt loop on the wall clock.

The state is given a :class:`~wokphysics.games.wok_star.clock.WallClock` by the caller, so
the time a person spends typing is the time the kitchen loses. Each prompt re-prints the
countdown, the current customer, the counters, your dice and preparations. Bots act between
your commands, each taking the turn the engine gives it. ``read`` and ``write`` are injected
so tests feed input and a fake clock.

Short commands (``help`` lists them): ``p 4 rice`` place (your own dice on your
preparations, a die you were given on any of the team's), ``c 3 4 rice`` combination,
``g 5 2`` give a 5 to seat 2, ``s`` serve, ``s fried_rice`` serve a Chef's Special,
``t`` turn away, ``w`` or an empty line wait, ``n`` next, ``d`` done, ``u grandma rice`` use a
character, ``b kung_pao 2`` buy for seat 2, ``up rice`` upgrade, ``ad`` advertise,
``a rice 2`` assign, ``bd`` / ``bu rice`` starting bonus, ``l`` list the legal actions by
number; a number picks from that list; any full action text works too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, ActionParseError, IllegalAction
from wokphysics.games.text import typed_number
from wokphysics.games.wok_star.actions import Use, WokStarAction
from wokphysics.games.wok_star.characters import may_use, owner, user
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timeline import turn_key
from wokphysics.games.wok_star.words import Told, step_words
from wokphysics.terminal.wok_star.render import fit, render, render_end, status_line

Reader = Callable[[str], str]
Writer = Callable[[str], None]
Poller = Callable[[str, float], "str | None"]
_STATUS_EVERY = 5.0  # seconds between repeated countdown lines when nothing moves
"""``poll(prompt, seconds)``: a line typed within ``seconds``, or None (EOFError at the end)."""

HELP = """Commands (seats are numbered from 1, dice by the face they show):
  p V PREP      place a die showing V on your preparation PREP; a die you
                were given (5g) on any of the team's: p 5 bamboo
  c V W PREP    place two dice V and W meeting PREP's combination (on a
                teammate's preparation: two dice you were given)
  g V S         give one of your dice showing V to seat S (yours first)
  s [RECIPE]    serve the customer (a Chef's Special: name the recipe)
  t             turn the customer away (Bad Publicity)
  w / Enter     wait (let the others work)
  n             next card after an event (no timer)
  u CHAR [ING]  use your Family Character; acting for the team (handing
                preparations out, purchases, a late customer): any seat's
  d             done (leftover dice, purchases)
  b RECIPE S    buy a recipe for seat S     up PREP  upgrade    ad  advertise
  a PREP S      assign a preparation to seat S
  bd / bu PREP  starting bonus: a die / upgrade PREP
  l [PAGE]      list the legal actions by number (a page at a time)
  show / v      the whole table again       q  quit
  help          these commands and the legend"""

LEGEND = """Legend: [12.3s] sand left for the card on the table; "rice:3*" = the Rice
counter is 3 and its preparation is upgraded (*); a preparation "any->1  4->2
pair->3" makes 1 from any die, 2 from a die showing 4, 3 from two dice meeting
its combination; dice are listed by the face they show, "5g" = a 5 you were
given (it goes on any of the team's preparations; your own dice go on yours);
"pool 4" = dice rolled each round; seats are numbered from 1."""

CLEAR = "\x1b[2J\x1b[H"
"""Clears a terminal (ANSI): hot seat's hand-over when several people share the keyboard."""

# Short command -> (its full form, how it is written with its words).
_ALIASES: dict[str, tuple[str, str]] = {
    "p": ("place {0} on {1}", "p V PREP"),
    "c": ("combo {0}+{1} on {2}", "c V W PREP"),
    "g": ("give {0} to {1}", "g V S"),
    "s": ("serve {0}", "s [RECIPE]"),
    "t": ("turn away", "t"),
    "w": ("wait", "w"),
    "n": ("next", "n"),
    "d": ("done", "d"),
    "u": ("use {0} {1}", "u CHAR [ING]"),
    "b": ("buy {0} for {1}", "b RECIPE S"),
    "up": ("upgrade {0}", "up PREP"),
    "ad": ("advertise", "ad"),
    "a": ("assign {0} to {1}", "a PREP S"),
    "bd": ("bonus die", "bd"),
    "bu": ("bonus upgrade {0}", "bu PREP"),
}
# The card names each word of a form may be completed to: a short command's placeholders,
# and a full form's words after its verb (None: a number or a keyword, kept as typed, so
# "on" stays "on", not onions_peppers). A name is completed among its own kind only, so
# "p 1 nood" is noodles (the preparation), not ambiguous with noodle_soup (a recipe).
_PREP, _RECIPE, _CHAR = "preparation", "recipe", "character"
_PLACEHOLDER_KINDS = {"PREP": _PREP, "ING": _PREP, "RECIPE": _RECIPE, "CHAR": _CHAR}
_FULL_KINDS: dict[str, tuple[str | None, ...]] = {
    "assign": (_PREP, None, None),
    "bonus": (None, _PREP),
    "place": (None, None, _PREP),
    "combo": (None, None, _PREP),
    "serve": (_RECIPE,),
    "use": (_CHAR, _PREP),
    "buy": (_RECIPE, None, None),
    "upgrade": (_PREP,),
}


def _complete(word: str, names: Sequence[str]) -> str:
    """A unique prefix of a name becomes the name (``ri`` -> ``rice``)."""
    if word in names:
        return word
    matches = [n for n in names if n.startswith(word)]
    return matches[0] if len(matches) == 1 else word


def _names(state: WokStarState, kind: str | None) -> Sequence[str]:
    """The card names of ``kind`` (none: the word is kept as typed)."""
    config = state.config
    if kind == _PREP:
        return list(config.prep_by_id)
    if kind == _RECIPE:
        return list(config.recipe_by_id)
    if kind == _CHAR:
        return list(config.character_by_id)
    return ()


def expand(state: WokStarState, text: str) -> str:
    """Turn a short command into an action's text form; in a full form, complete the card
    names only. A short command with missing or extra words is an ActionParseError."""
    words = text.strip().lower().split()
    if not words:
        return "wait"
    head, args = words[0], words[1:]
    short = _ALIASES.get(head)
    if short is None:
        # A full form: keywords, dice and seats stay as typed.
        kinds = _FULL_KINDS.get(head, ())
        done = [
            _complete(a, _names(state, kinds[i] if i < len(kinds) else None))
            for i, a in enumerate(args)
        ]
        return " ".join([head, *done])
    pattern, usage = short
    words_allowed = usage.split()[1:]
    least = sum(1 for w in words_allowed if not w.startswith("["))
    if not least <= len(args) <= len(words_allowed):
        if not words_allowed:
            raise ActionParseError(
                f"'{text.strip()}': '{head}' takes nothing after it (it means '{pattern}')"
            )
        raise ActionParseError(f"'{text.strip()}': write it as '{usage}' (type 'help')")
    done = [
        _complete(a, _names(state, _PLACEHOLDER_KINDS.get(slot.strip("[]"))))
        for a, slot in zip(args, words_allowed, strict=False)
    ]
    full = pattern.format(*done, "", "", "")
    return " ".join(full.split())


def play_live(
    state: WokStarState,
    seats: Sequence[Bot | None],
    read: Reader = input,
    write: Writer = print,
    poll: Poller | None = None,
    clear: str = "",
    after_step: Callable[[], None] | None = None,
) -> WokStarState:
    """Play to the end: ``seats[i]`` is a Bot or None for a person at this keyboard;
    ``after_step()`` is called after every step (the autosave: :class:`StarAutosave`).

    With ``poll`` (a real terminal, timer on) the kitchen does not stop while you think:
    when you type nothing for a moment your turn passes as a ``wait`` and the bots go on,
    and a one-line countdown is re-printed. Without it each turn waits for your line.

    Hot seat (several people): when another person is to type, ``clear`` (the terminal's
    clear-screen code, "" when not a terminal) and a banner naming the seat come first, then
    the whole table; without the timer the game waits for that person's Enter (with it the
    sand keeps running, so it does not). Every step but a wait is said in words with its
    numbers, the bots' and your own ("seat 1: placed a 4 on Pork: +2, now 3"). Every line
    fits 80 columns. In a real terminal, ``read``, ``write`` and ``poll`` are a
    :class:`~wokphysics.terminal.live_line.LiveLine`'s, so no line lands on the prompt line.
    """
    return _LiveGame(state, seats, read, _fitting(write), poll, clear, after_step).run()


class _LiveGame:
    """One game at the keyboard (see :func:`play_live`): the bots' steps, the hand-over
    between people (hot seat), what is shown, what is read, the commands and the moves."""

    def __init__(self, state: WokStarState, seats: Sequence[Bot | None], read: Reader,
                 write: Writer, poll: Poller | None, clear: str,
                 after_step: Callable[[], None] | None = None) -> None:
        self.state = state
        self.seats = seats
        self.read = read
        self.write = write
        self.poll = poll
        self.clear = clear
        self.names = seat_names(seats)
        self.people = sum(1 for bot in seats if bot is None)
        self.at_keyboard = -1
        self.listed: list[Action] = []  # the numbered list last shown ('l')
        self.shown: tuple[object, ...] = ()  # the scene whose table was last printed
        self.changes = 0  # actions other than waits: something on the table moved
        self.status = (-1, -1e9)  # (changes, time) when the last status line was printed
        self.late = False  # the customer on the table was overdue at the last line
        self.after_step = after_step

    def run(self) -> WokStarState:
        """Play until the game ends or the person at the keyboard leaves."""
        state, write = self.state, self.write
        while not state.is_terminal():
            seat = state.current_player
            bot = self.seats[seat]
            if bot is not None:
                self._bot_step(seat, bot)
                continue
            if not self._hand_over(seat):
                break
            self._show(seat)
            try:
                text = self._typed(seat)
            except EOFError:
                write("(end of input: leaving the game)")
                break
            if text is None:  # time passed: a wait, and the others go on
                continue
            said = text.lower()  # the commands, like the actions, in any case ("Help")
            if said in ("q", "quit", "exit"):
                write("leaving the game")
                break
            if self._command(said, seat):
                continue
            action = self._action(text, seat)
            if action is not None:
                self._step(action, seat, seat)
        if state.is_terminal():
            write("")
            write(render_end(state))
        return state

    def _bot_step(self, seat: int, bot: Bot) -> None:
        state = self.state
        action = bot.choose(state)
        self._step(action, _who(state, seat, action), seat)

    def _step(self, action: Action, who: int, seat: int) -> None:
        """Apply ``action`` (taken by ``who`` on ``seat``'s turn) and say it, a wait aside."""
        state = self.state
        if self.seats[seat] is None:
            self.listed = []
        before = Told.of(state)
        self._apply(action)
        if str(action) != "wait":
            self.changes += 1
            self.write(f"  {step_line(state, action, who, self.names, before)}")

    def _hand_over(self, seat: int) -> bool:
        """Hot seat: another person is to type (cleared screen, a banner, and without the
        timer their Enter); False when the input ends there."""
        if self.people > 1 and seat != self.at_keyboard:
            if self.at_keyboard >= 0:
                name = self.names[seat]
                self.write(self.clear + f"=== {name} at the keyboard ===")
                if not self.state.config.rules.timer:
                    try:
                        self.read(f"{name}: press Enter when you are at the keyboard ")
                    except EOFError:
                        self.write("(end of input: leaving the game)")
                        return False
            self.shown = ()  # the new person sees the whole table
            self.at_keyboard = seat
        return True

    def _show(self, seat: int) -> None:
        """The whole table when the scene changed, else a status line when something moved,
        a while passed or the sand ran out ([TIME UP]: the next prompt waits for the late
        customer to be dealt with)."""
        state = self.state
        now = state.clock.peek(state.now)
        scene = (state.round, state.phase, state.current, seat)
        if scene != self.shown:
            self.write("")
            self.write(render(state, seat, now))
            self.shown = scene
            self.status = (self.changes, now)
        elif state.phase is Phase.ACTION and (
            self.status[0] != self.changes or now - self.status[1] >= _STATUS_EVERY
            or state.overdue != self.late
        ):
            self.write(status_line(state, seat, now))
            self.status = (self.changes, now)
        self.late = state.overdue

    def _typed(self, seat: int) -> str | None:
        """The line typed (stripped), or None when the timer's moment passed in silence (a
        wait was taken). EOFError at the end of the input."""
        state = self.state
        prompt = f"seat {seat + 1}> "
        if self.poll is not None and _can_pass(state):
            patience = state.config.time.wait / max(1, state.num_players)
            typed = self.poll(prompt, patience)
            if typed is None:
                self._apply(state.parse_action("wait"))
                return None
            return typed.strip()
        try:
            return self.read(prompt).strip()
        except KeyboardInterrupt:  # Ctrl-C: what follows (the save's line) below the prompt
            self.write("")
            raise

    def _apply(self, action: Action) -> None:
        """Take ``action`` on the table, then tell :attr:`after_step` (the autosave)."""
        self.state.apply(action)
        if self.after_step is not None:
            self.after_step()

    def _command(self, said: str, seat: int) -> bool:
        """Help, the table again or a page of the numbered moves; False for anything else."""
        write = self.write
        if said in ("help", "?", "h"):
            write(HELP)
            write(LEGEND)
            return True
        if said in ("v", "view", "show"):
            write(render(self.state, seat, self.state.clock.peek(self.state.now)))
            return True
        page = _list_page(said)
        if page is None:
            return False
        self.listed = choices(self.state, seat)
        pages = numbered_pages([str(a) for a in self.listed])
        number = min(page, len(pages))
        for line in pages[number - 1]:
            write(line)
        if len(pages) > 1:
            more = f"; 'l {number + 1}' for the next" if number < len(pages) else ""
            write(f"  (page {number} of {len(pages)}{more})")
        return True

    def _action(self, text: str, seat: int) -> Action | None:
        """The move ``text`` names (a number from the list, or words), legal and ``seat``'s
        to take; None once the reason it is not has been said."""
        state = self.state
        try:
            index = typed_number(text)
            if index is not None:
                numbered = self.listed or choices(state, seat)
                if not 1 <= index <= len(numbered):
                    self.write(f"no action numbered {index}; type 'l' to list them")
                    return None
                action = numbered[index - 1]
            else:
                action = state.parse_action(expand(state, text))
            state.check_legal(action)
            refusal = _not_yours(state, seat, action, self.names)
            if refusal:
                raise IllegalAction(refusal)
        except (ActionParseError, IllegalAction) as error:
            self.write(f"not possible: {error}")
            return None
        return action


def choices(state: WokStarState, seat: int) -> list[Action]:
    """The legal actions ``seat`` may choose at the keyboard: the engine lists every seat's
    Family Characters at every step (their owners may use them "at anytime"), but at the
    terminal a player uses their own when they act, and a teammate's only where they decide
    for the team (the preparations handed out, the purchases, a late customer)."""
    return [
        a for a in state.legal_actions()
        if not (isinstance(a, Use) and not may_use(state, seat, a.character))
    ]


def _not_yours(state: WokStarState, seat: int, action: Action, names: Sequence[str]) -> str:
    """Why ``seat`` may not use the (legal) character ``action`` names ("" if it may)."""
    if not isinstance(action, Use) or may_use(state, seat, action.character):
        return ""
    holder = owner(state, action.character)
    return (f"{action.character} is {names[holder]}'s Family Character: its owner uses it "
            "(a teammate's is yours to use only where you decide for the team)")


def _who(state: WokStarState, seat: int, action: Action) -> int:
    """The seat that takes ``action`` on ``seat``'s turn: a teammate's character used then
    is its owner's interrupt (:func:`~.characters.user`), unless ``seat`` decides for the
    team."""
    return user(state, seat, action) if isinstance(action, Use) else seat


def _fitting(write: Writer) -> Writer:
    """``write`` with long lines broken to fit the terminal's 80 columns."""
    def fitted(text: str) -> None:
        write(fit(text))
    return fitted


def seat_names(seats: Sequence[Bot | None]) -> list[str]:
    """How the terminal names each seat: ``seat 2 (bot)``, ``seat 1`` (a person)."""
    return [f"seat {i + 1}" + (" (bot)" if bot is not None else "") for i, bot in
            enumerate(seats)]


def step_line(state: WokStarState, action: Action, seat: int, names: Sequence[str],
             before: Told) -> str:
    """A step in words with its numbers, e.g. ``seat 2 (bot): placed a 4 on Pork: +2, now
    3`` (``state`` is the table after it): bots' steps and your own are said alike."""
    if not isinstance(action, WokStarAction):
        return f"{names[seat]}: {action}"
    return f"{names[seat]}: {step_words(state, action, list(names), seat, before)}"


def numbered_pages(items: Sequence[str], width: int = 80, rows: int = 18
                   ) -> list[list[str]]:
    """``items`` numbered from 1, in as many columns as fit ``width`` characters (filled down
    then across), ``rows`` lines a page, so a long list of moves never scrolls off."""
    if not items:
        return [["  (nothing to do now)"]]
    cells = [f"{number:>3}. {text}" for number, text in enumerate(items, start=1)]
    cell = max(len(c) for c in cells) + 2
    columns = 1 if len(cells) <= rows else max(1, (width - 2) // cell)
    per_page = rows * columns
    pages = []
    for first in range(0, len(cells), per_page):
        chunk = cells[first:first + per_page]
        height = -(-len(chunk) // columns)
        pages.append([("  " + "".join(chunk[r + k * height].ljust(cell)
                                      for k in range(columns)
                                      if r + k * height < len(chunk))).rstrip()
                      for r in range(height)])
    return pages


def _list_page(text: str) -> int | None:
    """``l`` / ``list`` -> 1, ``l 2`` -> 2; None for any other command."""
    words = text.split()
    if not words or words[0] not in ("l", "list") or len(words) > 2:
        return None
    if len(words) == 1:
        return 1
    number = typed_number(words[1])
    return number if number is not None and number >= 1 else None


def _can_pass(state: WokStarState) -> bool:
    """Whether a silent moment may count as a wait (timer running, waiting allowed)."""
    return (
        state.phase is Phase.ACTION
        and state.config.rules.timer
        and state.parse_action("wait") in state.legal_actions()
    )


class StarAutosave:
    """Wok Star's autosave at the prompt, as the window's: after every turn (each card of the
    Action phase, each step of the other phases, the end), with the game time of every step
    (the sand timers run on the wall clock: replayed at those times on a step clock, the
    steps reach the saved game exactly, in the window too). ``times`` holds one time per step
    of the state's history so far; ``write(state)`` writes the save file."""

    def __init__(self, state: WokStarState, times: list[float],
                 write: Callable[[WokStarState], None]) -> None:
        if len(times) != len(state.history):
            raise ValueError(f"{len(times)} step times for {len(state.history)} steps")
        self.state = state
        self.times = times
        self._write = write
        self._turn = turn_key(state)

    def __call__(self) -> None:
        """A step was just taken: note its time; write the game when a turn is over."""
        state = self.state
        self.times.append(state.now)
        turn = turn_key(state)
        if state.is_terminal() or turn != self._turn:
            self._turn = turn
            self._write(state)
