"""The state of a game of Wok and Roll on the turn engine.

A turn has two phases. **Roll**: the player on turn (the *roller*) has rolled all six dice and
may ``reroll`` any subset up to ``rerolls`` times, or ``lock``; after the last re-roll the
dice lock by themselves. **Cook**: every player cooks from the locked dice, in seat order
starting with the roller; the roller may use all six dice, the others only the white ones.
Each player's cooking is a sequence of actions (cross one serving with a canonical payment,
gain a skill, remove a lock) ended by ``done``; a player's cooking ends by itself when
``done`` is the only thing left to do (that includes players who can do nothing at all).
Nobody sees another's crossings of the turn until the turn is over (:meth:`observation`).

The game ends at the end of the turn in which a player completed ``dishes_to_end`` dishes or
platters. Tie: the tied player furthest clockwise from the first player (seat 0) wins, i.e.
the highest seat number.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

from wokphysics.errors import UserError
from wokphysics.games.protocol import (
    Action,
    ActionParseError,
    GameInfo,
    GameState,
    IllegalAction,
    InvariantViolation,
)
from wokphysics.games.saved_state import SavedState
from wokphysics.games.wok_and_roll.actions import (
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
    parse_cached,
)
from wokphysics.games.wok_and_roll.info import INFO
from wokphysics.games.wok_and_roll.lanes import LANE
from wokphysics.games.wok_and_roll.menu import COMPLETED, GAINED, Menu, face_dice
from wokphysics.games.wok_and_roll.options import canonical_reroll, market_actions
from wokphysics.games.wok_and_roll.rules import (
    ENDS,
    apply_to_menu,
    cooking_options,
    options_after_cook,
    serving_of,
)
from wokphysics.games.wok_and_roll.settings import (
    WokAndRollSettings,
    settings_from_data,
)
from wokphysics.games.wok_and_roll.sheet import (
    Serving,
    Sheet,
    canonical_settings,
    known_settings,
    settings_text,
    sheet_for,
)

LOCK: Final = Lock()
PHASES: Final = ("roll", "cook", "over")
"""The phases a turn goes through (see the module docstring), as saved."""


class WokAndRollState(GameState):
    """A game in progress. See the module docstring for the turn structure."""

    info: ClassVar[GameInfo] = INFO

    def __init__(
        self, num_players: int, seed: int, settings: WokAndRollSettings, deal: bool = True
    ) -> None:
        """A new game; ``deal=False`` (for :meth:`from_dict`, which sets every field from the
        saved state) deals no House Special tiles and rolls no dice, so it draws nothing from
        the generator (a compiled class is made only through its ``__init__``)."""
        super().__init__(num_players, seed)
        self.settings = settings
        self.sheet: Sheet = sheet_for(settings)
        sheet = self.sheet
        tiles: Sequence[int] = ()
        if deal:
            tiles = (
                self.rng.sample(range(len(sheet.tiles)), num_players)
                if sheet.expert
                else [-1] * num_players
            )
        self.menus = [Menu(sheet, tile) for tile in tiles]
        self.roller = 0
        self.turn = 1
        self.phase = "roll"
        self.rolls = 0
        self.dice = [0] * sheet.dice
        self.cooker = -1
        self.ending = False
        # each player's menu as it was when the dice locked, kept (copied on a player's first
        # change of the turn) so the others' crossings stay hidden until the turn is over
        self.public: list[Menu | None] = []
        # the legal list while known (None: to be listed); the market's is its memoised tuple
        self._legal: Sequence[Action] | None = None
        # the ids of the market's listed actions while it is the legal list (see apply)
        self._market_ids: frozenset[int] | None = None
        self._tokens = 0  # what the cooker can spend, packed (Menu.pools), while cooking
        self._allowance = 0  # and the cooker's Fridge allowance (Menu.fridge_allowance)
        self._face_dice: tuple[int, ...] = ()  # the locked dice showing each face
        # the token lanes (Menu.pools) of the white dice and of all the dice, while cooking
        self._dice_tokens: tuple[int, int] | None = None
        self._cook_index: tuple[Sequence[Action], dict[tuple[str, tuple[int, ...]], Action]] | None
        self._cook_index = None
        self._seen: list[tuple[int, ...]] | None = None
        if deal:
            self._roll(tuple(range(sheet.dice)))

    # --- chance and flow --------------------------------------------------------------
    def _roll(self, indices: tuple[int, ...]) -> None:
        """Roll the dice at ``indices`` (a typed tuple: the compiled loop indexes natively)."""
        faces = self.sheet.die_faces
        sides = len(faces)
        # int(random() * sides) is uniform up to float granularity (2**-53), and cheaper than
        # randrange in the hot loop of simulations
        random = self.rng.random
        dice = self.dice
        for i in indices:
            dice[i] = faces[int(random() * sides)]
        self.rolls += 1
        if self.rolls > self.sheet.rerolls:
            self._start_cooking()

    def usable(self, seat: int) -> int:
        """Mask of the dice ``seat`` may cook with this turn (roller: all; others: white)."""
        sheet = self.sheet
        return (1 << (sheet.dice if seat == self.roller else sheet.white)) - 1

    def _start_cooking(self) -> None:
        self.phase = "cook"
        sheet = self.sheet
        dice = self.dice
        self._face_dice = face_dice(dice, len(sheet.codes))
        # what the white dice and all the dice pay, in token lanes (Menu.pools), once a turn
        white = 0
        for face in dice[: sheet.white]:
            white += 1 << (LANE * face)
        every = white
        for face in dice[sheet.white :]:
            every += 1 << (LANE * face)
        self._dice_tokens = (white, every)
        for menu in self.menus:
            menu.dice_used = 0
        self.public = [None] * self.num_players
        self.cooker = self.roller
        options = self._cook_options(self.cooker)
        if len(options) > 1:
            self._legal = options
        else:
            self._next_cook()

    def _next_cook(self) -> None:
        """Hand cooking to the next seat that has something to do, or end the turn."""
        n = self.num_players
        while True:
            self.cooker = (self.cooker + 1) % n
            if self.cooker == self.roller:
                self._end_turn()
                return
            options = self._cook_options(self.cooker)
            if len(options) > 1:
                self._legal = options
                return

    def _end_turn(self) -> None:
        self.public = []
        if self.ending:
            self.phase = "over"
            self.cooker = -1
            self._legal = []
            return
        self.roller = (self.roller + 1) % self.num_players
        self.turn += 1
        self.phase = "roll"
        self.cooker = -1
        self.rolls = 0
        self._legal = None
        self._roll(tuple(range(self.sheet.dice)))

    # --- whose move and what is legal --------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == "roll":
            return self.roller
        if self.phase == "cook":
            return self.cooker
        return -1

    def _cook_options(self, seat: int) -> list[Action]:
        """``seat``'s legal cooking list from scratch; remembers what the seat can spend."""
        menu = self.menus[seat]
        sheet = self.sheet
        dice_tokens = self._dice_tokens
        if menu.dice_used or dice_tokens is None:
            tokens, allowance = menu.pools(sheet, self.dice, self.usable(seat))
        else:  # no die used yet: the turn's dice tokens (_start_cooking) and the menu's own
            tokens, allowance = menu.kept_pools(sheet)
            tokens += dice_tokens[seat == self.roller]
        self._tokens = tokens
        self._allowance = allowance
        return cooking_options(sheet, menu, tokens, allowance)

    def _legal_list(self) -> Sequence[Action]:
        legal = self._legal
        if legal is None:
            if self.phase == "roll":
                if self.rolls <= self.sheet.rerolls:
                    legal, self._market_ids = market_actions(
                        self.dice, self.sheet.white, LOCK
                    )
                else:
                    legal = (LOCK,)
            elif self.phase == "cook":
                legal = self._cook_options(self.cooker)
            else:
                legal = []
            self._legal = legal
        return legal

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        return list(legal if legal is not None else self._legal_list())

    def legal_view(self) -> Sequence[Action]:
        legal = self._legal
        return legal if legal is not None else self._legal_list()

    def check_legal(self, action: Action) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal_list()
        # listed actions are shared objects: look for this very one first (``in`` would call
        # the dataclasses' __eq__ on every action before it)
        for candidate in legal:
            if candidate is action:
                return
        if action in legal:
            return
        raise IllegalAction(self._why_not(action))

    def apply(self, action: Action) -> None:
        """Carry out ``action`` and record it, or raise IllegalAction (check_legal says why)
        and change nothing: GameState.apply's contract. A listed object (what bots pass) is
        found by identity here and carried out at once, without check_legal's call (this
        runs for every step of every simulated game); anything else goes the general way."""
        legal = self._legal
        if legal is not None:
            ids = self._market_ids
            if ids is not None:  # the market's list: up to 64 re-rolls, looked up at once
                if id(action) in ids:
                    self._apply(action)
                    self.history.append(action)
                    return
            else:
                for candidate in legal:
                    if candidate is action:
                        self._apply(action)
                        self.history.append(action)
                        return
        self.check_legal(action)
        self._apply(action)
        self.history.append(action)

    def _why_not(self, action: Action) -> str:
        if self.phase == "over":
            return "the game is over"
        if self.phase == "roll":
            if isinstance(action, Reroll):
                return (
                    f"'{action}' is not possible: no re-rolls left"
                    if self.rolls > self.sheet.rerolls
                    else f"'{action}': re-roll only the first of equal dice of one colour "
                    "(dice are numbered 1-4 white, 5-6 red)"
                )
            return f"'{action}': player {self.roller + 1} is at the market; reroll or lock first"
        if isinstance(action, Reroll | Lock):
            return "the dice are locked in; cook or say done"
        menu = self.menus[self.cooker]
        if isinstance(action, Cook):
            serving = self._serving(action.sid, menu)
            if serving is None:
                return f"there is no serving {action.sid} on this menu"
            if serving not in menu.candidates(self.sheet):
                return (
                    f"{action.sid} cannot be crossed now: it is crossed already, not the next "
                    "serving of its dish, or behind a lock"
                )
            if tuple(n for n, _ in action.uses) != serving.needs:
                needs = "".join(self.sheet.codes[n] for n in serving.needs)
                return f"{action.sid} needs {needs}"
            return f"'{action}': those ingredients are not available to you now"
        if isinstance(action, Unlock):
            return self._why_not_unlock(action, menu)
        if isinstance(action, Convert):
            return self._why_not_convert(action, menu)
        if isinstance(action, Rectangle):
            return self._why_not_rectangle(action, menu)
        return f"'{action}' is not possible now (type 'l' for the choices)"

    def _why_not_convert(self, action: Convert, menu: Menu) -> str:
        """Why a refused conversion skill cannot be gained (it said "not enough Recipe Books,
        or done already" whatever the reason)."""
        sheet = self.sheet
        code = sheet.codes[action.food]
        food = sheet.names.get(code, code)
        if not sheet.conversions >> action.food & 1:
            return f"this menu has no conversion skill for {food}"
        if menu.conversions >> action.food & 1:
            return f"you have the {food} conversion skill already"
        return _books_wanted("a conversion skill", sheet.conversion_cost, action)

    def _why_not_rectangle(self, action: Rectangle, menu: Menu) -> str:
        """Why a refused end-game bonus rectangle cannot be gained."""
        sheet = self.sheet
        rect = next((r for r in sheet.rectangles if r.rid == action.rid), None)
        if rect is None:
            names = ", ".join(r.rid for r in sheet.rectangles)
            return f"there is no bonus rectangle '{action.rid}' on this menu ({names})"
        if menu.rectangles >> rect.index & 1:
            return f"you have the {action.rid} rectangle already"
        return _books_wanted("a bonus rectangle", sheet.rectangle_cost, action)

    def _why_not_unlock(self, action: Unlock, menu: Menu) -> str:
        """Why ``action`` (a refused unlock) cannot be taken: 'unlock R2 using recipe' said
        "not enough Recipe Books, or done already", which a Recipe never needs."""
        group = self.sheet.group_by_id.get(action.gid)
        if group is None or group.locked_from < 0:
            return f"{action.gid} has no lock"
        if menu.unlocked >> group.index & 1:
            return f"{action.gid} is unlocked already"
        if not action.pools:
            return "every Recipe is crossed off already"
        return (f"unlocking {action.gid} takes {self.sheet.unlock_cost} Recipe Books; "
                f"'{action}' names Books you do not have now")

    # --- doing ----------------------------------------------------------------------
    def _serving(self, sid: str, menu: Menu) -> Serving | None:
        return serving_of(self.sheet, menu, sid)

    def _apply(self, action: Action) -> None:
        previous = self._legal
        self._legal = None
        self._market_ids = None
        # type(...) is: the action classes are final, and the exact type test is the cheaper
        # one in the hot loop of simulations
        if self.phase == "roll":
            if type(action) is Reroll:
                self._roll(action.dice)
            else:
                self._start_cooking()
            return
        if type(action) is DoneCooking:
            self._next_cook()
            return
        sheet = self.sheet
        seat = self.cooker
        menu = self.menus[seat]
        if self.public[seat] is None:
            self.public[seat] = menu.copy()
        # self.usable(seat) written out (a call less per step)
        usable = (1 << (sheet.dice if seat == self.roller else sheet.white)) - 1
        if type(action) is Cook:
            # rules.apply_to_menu's Cook branch and Menu.pay written out (most steps of a
            # game are crossings): spend the lowest-numbered free die of each face, then
            # the kept ingredients, and cross the serving
            used = menu.dice_used
            face_dice = self._face_dice
            for face in action.die_faces:
                free = face_dice[face] & usable & ~used
                assert free, f"no free die shows face {face}"  # the action was listed
                used |= free & -free
            menu.dice_used = used
            for token in action.kept:
                menu.spend_kept(sheet, token)
            serving = action.serving or serving_of(sheet, menu, action.sid)
            assert serving is not None
            flags = menu.cross(sheet, serving)
            if flags & COMPLETED and menu.completed(sheet) >= sheet.dishes_to_end:
                self.ending = True
        else:
            flags = apply_to_menu(sheet, menu, action, self._face_dice, usable)
            if flags & ENDS:
                self.ending = True
            serving = None
        if type(action) is Cook and not flags & GAINED and previous is not None:
            # what the player can spend only went down: update the list (rules.py)
            if action.fridge and sheet.chef_hats:  # a hat used: every hat lane went down
                tokens, allowance = menu.pools(sheet, self.dice, usable)
            else:
                # the allowance changes only when a Chef's Hat is used (above) or gained
                # (GAINED: a new list); the Simple Menu's is always UNLIMITED
                tokens, allowance = self._tokens - action.spend, self._allowance
            self._tokens = tokens
            self._allowance = allowance
            assert serving is not None
            options = options_after_cook(
                sheet, menu, previous, serving, tokens, allowance, action
            )
        else:
            options = self._cook_options(seat)
        if len(options) > 1:
            self._legal = options
        else:
            self._next_cook()

    def parse_action(self, text: str) -> Action:
        """Read an action's text. A re-roll naming one of several equal dice of a colour is
        read as the canonical one (the first such die): they are interchangeable; a cook
        that pays the same ingredients to its needs another way is read as the listed one."""
        action = parse_cached(text, self.sheet.codes)
        if isinstance(action, Reroll) and any(i >= self.sheet.dice for i in action.dice):
            raise ActionParseError(f"'{text}': the dice are numbered 1 to {self.sheet.dice}")
        if isinstance(action, Reroll) and self.phase == "roll":
            white = self.sheet.white
            wanted: dict[tuple[bool, int], int] = {}
            for i in action.dice:
                key = (i < white, self.dice[i])
                wanted[key] = wanted.get(key, 0) + 1
            chosen = []
            for i in range(self.sheet.dice):
                key = (i < white, self.dice[i])
                if wanted.get(key, 0):
                    chosen.append(i)
                    wanted[key] -= 1
            action = canonical_reroll(tuple(chosen))
        elif isinstance(action, Cook) and self.phase == "cook":
            # the same ingredients given to the needs the other way round: the listed form
            legal = self._legal_list()
            index = self._cook_index
            if index is None or index[0] is not legal:
                index = self._cook_index = (
                    legal,
                    {
                        (a.sid, tuple(sorted(t for _, t in a.uses))): a
                        for a in legal
                        if isinstance(a, Cook)
                    },
                )
            listed = index[1].get((action.sid, tuple(sorted(t for _, t in action.uses))))
            if listed is not None:
                return listed
        return action

    # --- the end ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        return [menu.score(self.sheet) for menu in self.menus]

    def winners(self) -> list[int]:
        """The best score; among tied players the one furthest clockwise from seat 0."""
        scores = self.scores()
        best = max(range(self.num_players), key=lambda seat: (scores[seat], seat))
        return [best]

    def completed(self) -> list[int]:
        """Dishes and platters each player has completed (House Special not counted)."""
        return [menu.completed(self.sheet) for menu in self.menus]

    # --- copies, text and views -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            # the settings travel as their canonical JSON text, so a saved game is complete
            "settings": settings_text(self.settings),
            "num_players": self.num_players,
            "seed": self.seed,
            "rng": self.rng_state(),
            "history": [str(a) for a in self.history],
            "roller": self.roller,
            "turn": self.turn,
            "phase": self.phase,
            "rolls": self.rolls,
            "dice": list(self.dice),
            "cooker": self.cooker,
            "ending": self.ending,
            "menus": [m.to_dict() for m in self.menus],
            "public": [None if m is None else m.to_dict() for m in self.public],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The state saved by :meth:`to_dict`; a missing or mistyped field is a
        ReplayFileError naming it (one line for the player, never Python's words)."""
        saved = SavedState(data, "saved Wok and Roll state")
        text = saved.text("settings")
        settings = known_settings(text)
        if settings is None:
            try:
                loaded = json.loads(text)
            except (TypeError, ValueError):
                raise UserError("saved game: 'settings' is not the settings' JSON text") from None
            settings = canonical_settings(settings_from_data(loaded))
        state = cls(saved.integer("num_players"), saved.integer("seed"), settings, deal=False)
        state.set_rng_state(saved.sequence("rng"))
        state.history = [parse_cached(t, state.sheet.codes) for t in saved.texts("history")]
        state.roller = saved.integer("roller")
        state.turn = saved.integer("turn")
        state.phase = saved.text("phase")
        if state.phase not in PHASES:
            saved.fail("phase", f"must be one of {', '.join(PHASES)}")
        state.rolls = saved.integer("rolls")
        state.dice = saved.integers("dice")
        state.cooker = saved.integer("cooker")
        state.ending = saved.flag("ending")
        state.menus = [Menu.from_dict(state.sheet, m) for m in saved.sequence("menus")]
        state.public = [
            None if m is None else Menu.from_dict(state.sheet, m)
            for m in saved.sequence("public")
        ]
        state._legal = None
        state._market_ids = None
        state._tokens = 0
        state._allowance = 0
        state._face_dice = face_dice(state.dice, len(state.sheet.codes))
        state._dice_tokens = None  # Menu.pools then, for the turn under way
        state._cook_index = None
        state._seen = None
        return state

    def clone(self) -> Self:
        """An independent equal copy (a structural copy: the search makes one per iteration,
        and the JSON round trip was most of its time). The listed actions are shared values;
        the lists holding them are copied."""
        other = type(self)(self.num_players, self.seed, self.settings, deal=False)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.menus = [menu.copy() for menu in self.menus]
        other.roller = self.roller
        other.turn = self.turn
        other.phase = self.phase
        other.rolls = self.rolls
        other.dice = list(self.dice)
        other.cooker = self.cooker
        other.ending = self.ending
        other.public = [None if menu is None else menu.copy() for menu in self.public]
        legal = self._legal
        other._legal = list(legal) if isinstance(legal, list) else legal
        other._market_ids = self._market_ids
        other._tokens = self._tokens
        other._allowance = self._allowance
        other._face_dice = self._face_dice
        other._dice_tokens = self._dice_tokens
        other._cook_index = None
        other._seen = None
        return other

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: the dice, their own menu, and the others' menus as they were
        when the dice were locked (their crossings this turn stay hidden until it ends)."""
        shown = []
        for seat, menu in enumerate(self.menus):
            hidden = self.public[seat] if self.public and seat != player else None
            visible = menu if hidden is None else hidden
            shown.append(visible.to_dict() | {"score": visible.score(self.sheet)})
        return {
            "player": player,
            "turn": self.turn,
            "phase": self.phase,
            "roller": self.roller,
            "rolls": self.rolls,
            "dice": [self.sheet.codes[d] for d in self.dice],
            "usable": [bool(self.usable(player) >> i & 1) for i in range(self.sheet.dice)],
            "menus": shown,
        }

    def check_invariants(self) -> None:
        problems = []
        sides = len(self.sheet.codes)
        if len(self.dice) != self.sheet.dice or any(not 0 <= d < sides for d in self.dice):
            problems.append(f"dice out of range: {self.dice}")
        if self.phase not in PHASES:
            problems.append(f"unknown phase {self.phase}")
        if self.phase == "roll" and not 1 <= self.rolls <= self.sheet.rerolls + 1:
            problems.append(f"{self.rolls} rolls made")
        if problems:  # the checks below list the legal actions, which need sound dice
            raise InvariantViolation("; ".join(problems))
        if self.is_terminal() != (not self.legal_actions()):
            problems.append("terminal exactly when no legal action fails")
        seen = []
        for seat, menu in enumerate(self.menus):
            problems.extend(f"player {seat + 1}: {p}" for p in menu.problems(self.sheet))
            if self.phase == "cook" and menu.dice_used & ~self.usable(seat):
                problems.append(f"player {seat + 1} used a die they may not use")
            marks = (
                menu.crossed,
                menu.fridge_used,
                menu.circled,
                menu.circle_used,
                menu.unlocked,
                menu.conversions,
                menu.rectangles,
            )
            counts = (
                menu.hs_done,
                menu.recipes_used,
                menu.hats_used,
                *menu.pantry_circled,
                *menu.pantry_used,
            )
            seen.append((*marks, *counts))
        if self._seen is not None:
            for seat, (old, new) in enumerate(zip(self._seen, seen, strict=True)):
                if any(o & ~n for o, n in zip(old[:7], new[:7], strict=True)) or any(
                    o > n for o, n in zip(old[7:], new[7:], strict=True)
                ):
                    problems.append(f"player {seat + 1}'s menu lost a crossing or a circle")
        self._seen = seen
        if problems:
            raise InvariantViolation("; ".join(problems))


def _books_wanted(what: str, cost: int, action: Convert | Rectangle) -> str:
    """A refused Recipe Book purchase whose target is open: the count, or the Books named."""
    if len(action.pools) != cost:
        return f"{what} takes {cost} Recipe Books, not {len(action.pools)}"
    return f"{what} takes {cost} Recipe Books; '{action}' names Books you do not have now"
