"""Wok and Roll in the terminal, on the shared loop (:mod:`wokphysics.terminal.prompt`).

What this game adds to the loop:

- the screen (:func:`.render.render`) fits an 80 x 24 terminal with the choices below it;
  ``show dice``, ``show sheet`` (the whole sheet, with the dish names), ``show others`` and
  ``show tally`` reprint a part, ``legend`` explains the codes;
- the choices are short: at the market, "lock" (re-rolls are typed, ``reroll 2 5``: there are
  up to 63 of them); while cooking, one choice per serving that can be cooked (its ways to
  pay listed when picked, or typed in full), one for the skills, one for the end-game
  bonuses, one for the locks, and ``done``;
- re-roll numbers are the player's: the dice keep their places in a :class:`DiceTray`, so the
  dice named are the ones re-rolled and echoed (the engine's own re-roll may name other,
  equal dice);
- the market is announced as it happens, while each player's cooking stays secret until the
  turn is over (then every player's cooking of the turn is shown together, as at the table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, ActionParseError, GameState
from wokphysics.games.text import typed_number
from wokphysics.games.wok_and_roll.actions import (
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.advice import payment_words, why_not
from wokphysics.games.wok_and_roll.lanes import FACE_LANES
from wokphysics.games.wok_and_roll.rules import serving_of
from wokphysics.games.wok_and_roll.sheet import CIRCLE, DIE, FRIDGE, PANTRY
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_and_roll.tray import DiceTray
from wokphysics.terminal.prompt import (
    Choice,
    Reader,
    TerminalGame,
    Writer,
    play_in_terminal,
    print_fitted,
    terminal_clear,
)
from wokphysics.terminal.wok_and_roll.render import (
    dice_line,
    legend,
    render,
    render_end,
    render_menu,
    sheet_lines,
    tally_line,
)

SHOW = "show: the screen; show dice, sheet, names, others, P2, tally or full"


def _names(game: WokAndRollState, seat: int) -> str:
    """The dishes' names by id, packed to 78 columns."""
    parts = [f"{g.gid} {g.name}" for g in game.sheet.groups]
    tile = game.menus[seat].hs_tile
    if tile >= 0:
        parts.append(f"HS {game.sheet.tiles[tile].name}")
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and len(line) + len(part) + 3 > 78:
            lines.append(line)
            line = ""
        line = f"{line} | {part}" if line else part
    return "\n".join([*lines, line])


def _cost(action: Action) -> int:
    """How dear a payment is, to list the cheapest first: dice are free (gone at the end of
    the turn), circled and Pantry ingredients cost a little, Fridge items more (they score
    while unused), a Recipe Book standing in for a food one more."""
    assert isinstance(action, Cook)
    weights = {DIE: 0, CIRCLE: 1, PANTRY: 1, FRIDGE: 2}
    cost = 0
    for need, token in action.uses:
        pool, face = divmod(token, FACE_LANES)
        cost += weights[pool] + (face != need)
    return cost


def _state(game: GameState) -> WokAndRollState:
    assert isinstance(game, WokAndRollState)
    return game


class WokAndRollTerminal(TerminalGame):
    """Wok and Roll's words for the shared terminal loop (see the module docstring)."""

    def __init__(self, dice: int) -> None:
        super().__init__(render, render_end)
        self.tray = DiceTray(dice)
        self._typed: tuple[Reroll, list[int]] | None = None

    # ------------------------------------------------------------------ the screen
    def screen(self, state: GameState, seat: int) -> str:
        return render(state, seat, self.tray)

    def show(self, state: GameState, seat: int, what: str) -> str:
        """``show``: the screen; ``show dice | sheet | names | others | P2 | tally | full``:
        a part of it, each short enough to keep the screen above in view (``full``: the
        whole sheet with every dish's name, longer)."""
        game = _state(state)
        sheet = game.sheet
        word = what.lower().replace("player", "p").replace(" ", "")
        if word.startswith("dice"):
            return dice_line(game, seat, self.tray)
        if word.startswith("sheet"):
            return "\n".join(sheet_lines(game, seat, seat))
        if word.startswith("name"):
            return _names(game, seat)
        if word.startswith("other"):
            lines = [f"P{other + 1}: " + tally_line(game, seat, other)
                     for other in range(game.num_players) if other != seat]
            return "\n".join(lines) or "(no other players)"
        number = typed_number(word.removeprefix("p"))
        if number is not None and 1 <= number <= game.num_players:
            other = number - 1
            who = "Your menu" if other == seat else f"Player {number}'s menu"
            when = " (as the dice locked)" if other != seat and game.public else ""
            return "\n".join([f"{who}{when}:", *sheet_lines(game, other, seat)])
        if word.startswith("tally"):
            return f"You: {tally_line(game, seat, seat)}"
        if word.startswith("full"):
            return render_menu(sheet, game.menus[seat], f"Your menu (Player {seat + 1})")
        head = "" if not word else f"(nothing called '{what}' to show)\n{SHOW}\n"
        return head + self.screen(state, seat)

    def legend(self, state: GameState) -> str:
        return legend(_state(state).sheet) + "\n" + SHOW

    def per_line(self) -> int:
        return 4

    def page_lines(self) -> int:
        return 4  # with the screen above, an 80 x 24 terminal shows it all

    # ------------------------------------------------------------------ the choices
    def hint(self, state: GameState, seat: int) -> str:
        """How to type a move, with examples legal now (derived from the legal actions: a
        fixed 'cook R1.2' was shown when R1.2 could not be cooked)."""
        game = _state(state)
        legal = game.legal_actions()
        if game.phase != "roll":
            sids = list(dict.fromkeys(a.sid for a in legal if isinstance(a, Cook)))
            if not sids:
                return "no serving can be cooked now; done ends your cooking"
            return (f"a serving's number (then how to pay), or cook {sids[0]}, or done")
        if not any(isinstance(a, Reroll) for a in legal):
            return "no re-roll left: lock"
        left = game.sheet.rerolls + 1 - game.rolls
        dice = len(self.tray.order)
        pair = (2, 5) if dice >= 5 else (1, dice)
        return (f"reroll {pair[0]} {pair[1]} rolls dice {pair[0]} and {pair[1]} again "
                f"({left} left), or lock:")

    def choices(self, state: GameState, seat: int) -> list[Choice]:
        game = _state(state)
        legal = game.legal_actions()
        if game.phase == "roll":
            return [Choice("lock the dice in", [a]) for a in legal if isinstance(a, Lock)]
        sheet = game.sheet
        menu = game.menus[seat]
        cooks: dict[str, list[Action]] = {}
        kinds: dict[str, list[Action]] = {}
        done: list[Action] = []
        for action in legal:
            if isinstance(action, Cook):
                cooks.setdefault(action.sid, []).append(action)
            elif isinstance(action, Convert):
                kinds.setdefault("convert", []).append(action)
            elif isinstance(action, Rectangle):
                kinds.setdefault("rectangle", []).append(action)
            elif isinstance(action, Unlock):
                kinds.setdefault("unlock", []).append(action)
            elif isinstance(action, DoneCooking):
                done.append(action)
        found = []
        for sid, actions in cooks.items():
            serving = serving_of(sheet, menu, sid)
            assert serving is not None
            needs = "".join(sheet.codes[f] for f in serving.needs)
            actions.sort(key=_cost)
            found.append(Choice(
                f"{sid} {needs} +{serving.points}", actions,
                [payment_words(sheet, a) for a in actions],
                f"cook {sid} ({self._dish(game, sid)}, +{serving.points}): pay with? "
                "(or 'back')"))
        words = {
            "convert": f"skill ({sheet.conversion_cost}B)",
            "rectangle": f"end bonus ({sheet.rectangle_cost}B)",
            "unlock": "unlock a dish",
        }
        for kind, actions in kinds.items():
            labels = [f"{a}  ({payment_words(sheet, a)})" for a in actions]
            found.append(Choice(words[kind], actions, labels, f"{words[kind]}: which one?"))
        found.extend(Choice("done", [a]) for a in done)
        return found

    @staticmethod
    def _dish(game: WokAndRollState, sid: str) -> str:
        if sid.startswith("HS."):
            tile = game.sheet.tiles[game.menus[game.cooker].hs_tile]
            return f"House Special {tile.name}"
        group = game.sheet.group_by_id[sid.split(".")[0]]
        return group.name

    def expand(self, state: GameState, text: str) -> Choice | None:
        """``cook R1.2`` or ``R1.2``: that serving's ways to pay; ``convert``, ``rectangle``,
        ``unlock`` alone: that kind's choices."""
        game = _state(state)
        words = text.split()
        if game.phase != "cook" or not words or len(words) > 2:
            return None
        if len(words) == 2 and words[0].lower() != "cook":
            return None
        key = words[-1].upper()
        for choice in self.choices(state, game.cooker):
            first = choice.actions[0]
            if isinstance(first, Cook) and first.sid == key:
                return choice
            kind = {Convert: "CONVERT", Rectangle: "RECTANGLE", Unlock: "UNLOCK"}.get(type(first))
            if len(words) == 1 and kind == key:
                return choice
        return None

    def parse(self, state: GameState, text: str) -> Action:
        """As the engine reads it, except a re-roll: the dice named are the player's."""
        game = _state(state)
        words = text.split()
        if words and words[0].lower() == "reroll" and game.phase == "roll":
            numbers = [typed_number(w) for w in words[1:]]
            if not numbers or any(n is None for n in numbers):
                raise ActionParseError(f"'{text}': reroll takes die numbers (1, 2, ...)")
            positions = [n - 1 for n in numbers if n is not None]
            action = self.tray.reroll(game, positions)
            self._typed = (action, positions)
            return action
        if words and (len(words) == 1 or len(words) == 2 and words[0].lower() == "cook"):
            # 'cook R1.2' (or 'R1.2') that is not among the choices: say why, not "not an
            # action" (it is the form the prompt offers)
            self._why_not_serving(game, words[-1].upper())
        return state.parse_action(text)

    @staticmethod
    def _why_not_serving(game: WokAndRollState, sid: str) -> None:
        """An ActionParseError saying why serving ``sid`` cannot be cooked now (a word
        that names no serving is left to the engine's reading)."""
        seat = game.current_player
        if seat < 0 or "." not in sid:
            return
        serving = serving_of(game.sheet, game.menus[seat], sid)
        if serving is None:
            raise ActionParseError(f"there is no serving {sid} on this menu ('show sheet' "
                                   "lists them)")
        reason = why_not(game, seat, serving)
        if reason is not None:
            raise ActionParseError(f"{sid}: {reason}")

    # ------------------------------------------------------------------ telling moves
    def said(self, before: GameState, action: Action, state: GameState, seat: int,
             name: str) -> list[str]:
        old, new = _state(before), _state(state)
        sheet = new.sheet
        self.tray.follow(old)
        if isinstance(action, Reroll):
            typed = self._typed
            self._typed = None
            positions = typed[1] if typed is not None and typed[0] == action else \
                self.tray.positions(action.dice)
            self.tray.rerolled(old, positions, action)
            faces = self.tray.faces(new) if new.turn == old.turn else []
            rolled = ", ".join(f"{p + 1} {sheet.names[sheet.codes[faces[p]]]}"
                               for p in sorted(set(positions))) if faces else ""
            lines = [f"{name}: {self.tray.text(action)}" + (f" -> {rolled}" if rolled else "")]
        elif isinstance(action, Lock):
            lines = [f"{name}: lock"]
        elif isinstance(action, Cook):
            serving = serving_of(sheet, old.menus[seat], action.sid)
            assert serving is not None
            lines = [f"{name}: cooked {action.sid} ({self._dish(old, action.sid)}, "
                     f"+{serving.points}) with {payment_words(sheet, action)}"]
        elif isinstance(action, DoneCooking):
            lines = [f"{name}: done cooking"]
        else:
            lines = [f"{name}: {action} ({payment_words(sheet, action)})"]
        if old.phase == "roll" and new.phase == "cook":
            market = dice_line(new, new.roller, self.tray).removeprefix("Dice: ")
            market = market.rsplit(" (you:", 1)[0]
            lines.append(f"Turn {old.turn}: the dice are locked in: {market}; everybody cooks")
        return lines

    def private(self, before: GameState, action: Action, seat: int) -> bool:
        return _state(before).phase == "cook"

    def reveal(self, before: GameState, state: GameState) -> str | None:
        old, new = _state(before), _state(state)
        if new.turn == old.turn and not new.is_terminal():
            return None
        return f"Turn {old.turn} cooking (revealed now that everybody is done):"


def play_hidden(
    state: WokAndRollState,
    seats: Sequence[Bot | None],
    read: Reader = input,
    write: Writer = print_fitted,
    clear: Callable[[], None] = terminal_clear,
    turn_over: Callable[[GameState], None] | None = None,
) -> WokAndRollState:
    """Play to the end; ``seats[i]`` is a Bot, or None for a person at the keyboard
    (``turn_over``: the autosave, after every turn)."""
    names = [
        f"Player {i + 1}" if bot is None else f"Player {i + 1} ({bot.name} bot)"
        for i, bot in enumerate(seats)
    ]
    game = WokAndRollTerminal(state.sheet.dice)
    play_in_terminal(state, seats, game, read, write, names, clear, turn_over)
    return state

