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
from typing import Any, ClassVar, Self

from wokphysics.games.protocol import (
    Action,
    GameInfo,
    GameState,
    IllegalAction,
    InvariantViolation,
)
from wokphysics.games.wok_and_roll.actions import (
    Convert,
    Cook,
    Done,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
    parse_action,
)
from wokphysics.games.wok_and_roll.menu import Menu, candidates
from wokphysics.games.wok_and_roll.options import book_payments, cook_actions, reroll_actions
from wokphysics.games.wok_and_roll.settings import (
    BOOK,
    CODES,
    WokAndRollSettings,
    settings_from_data,
)
from wokphysics.games.wok_and_roll.sheet import (
    Serving,
    Sheet,
    _BY_TEXT,
    canonical_settings,
    sheet_for,
)

INFO = GameInfo(
    name="wok-and-roll",
    title="Wok and Roll",
    min_players=1,
    max_players=5,
    hidden_information=True,
    simultaneous=True,
)

DONE = Done()
LOCK = Lock()
ALL_DICE = 0b111111


class WokAndRollState(GameState):
    """A game in progress. See the module docstring for the turn structure."""

    info: ClassVar[GameInfo] = INFO

    def __init__(self, num_players: int, seed: int, settings: WokAndRollSettings) -> None:
        super().__init__(num_players, seed)
        self.settings = settings
        self.sheet: Sheet = sheet_for(settings)
        sheet = self.sheet
        tiles = (
            self.rng.sample(range(len(sheet.tiles)), num_players) if sheet.expert else [-1] * num_players
        )
        self.menus = [Menu(sheet, tile) for tile in tiles]
        self.roller = 0
        self.turn = 1
        self.phase = "roll"
        self.rolls = 0
        self.dice = [0] * 6
        self.cooker = -1
        self.ending = False
        self.public: list[Menu] = []
        self._legal: list[Action] | None = None
        self._seen: list[tuple[int, ...]] | None = None
        self._roll(range(6))

    # --- chance and flow --------------------------------------------------------------
    def _roll(self, indices: Any) -> None:
        faces = self.sheet.die_faces
        randrange = self.rng.randrange
        for i in indices:
            self.dice[i] = faces[randrange(6)]
        self.rolls += 1
        if self.rolls > self.sheet.rerolls:
            self._start_cooking()

    def usable(self, seat: int) -> int:
        """Mask of the dice ``seat`` may cook with this turn (roller: all six; others: white)."""
        return ALL_DICE if seat == self.roller else (1 << self.sheet.white) - 1

    def _start_cooking(self) -> None:
        self.phase = "cook"
        for menu in self.menus:
            menu.dice_used = 0
        self.public = [menu.copy() for menu in self.menus]
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
        self._roll(range(6))

    # --- whose move and what is legal --------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == "roll":
            return self.roller
        if self.phase == "cook":
            return self.cooker
        return -1

    def _cook_options(self, seat: int) -> list[Action]:
        sheet = self.sheet
        menu = self.menus[seat]
        counts, allowance = menu.pools(sheet, self.dice, self.usable(seat))
        conversions = menu.conversions
        fridge_ok = 1 if allowance else 0
        direct = [
            counts[f] + counts[6 + f] * fridge_ok + counts[12 + f] + counts[18 + f]
            for f in range(5)
        ]
        books = counts[BOOK] + min(counts[6 + BOOK], allowance) + counts[12 + BOOK]
        actions: list[Action] = []
        for serving in candidates(sheet, menu):
            # a quick necessary condition before the (memoised) exact enumeration
            short = 0
            for face, count in serving.need_counts:
                if direct[face] < count:
                    if not conversions >> face & 1:
                        short = 99
                        break
                    short += count - direct[face]
            if short > books:
                continue
            actions.extend(cook_actions(serving, counts, allowance, conversions))
        if books >= min(sheet.conversion_cost, sheet.rectangle_cost, sheet.unlock_cost):
            if books >= sheet.conversion_cost:
                missing = sheet.conversions & ~menu.conversions
                if missing:
                    pays = book_payments(sheet.conversion_cost, counts, allowance)
                    for food in range(5):
                        if missing >> food & 1:
                            actions.extend(Convert(food, p) for p in pays)
            if books >= sheet.rectangle_cost:
                pays = book_payments(sheet.rectangle_cost, counts, allowance)
                for rect in sheet.rectangles:
                    if not menu.rectangles >> rect.index & 1:
                        actions.extend(Rectangle(rect.rid, p) for p in pays)
            if books >= sheet.unlock_cost:
                locked = menu.locked_groups(sheet)
                if locked:
                    pays = book_payments(sheet.unlock_cost, counts, allowance)
                    for g in locked:
                        actions.extend(Unlock(sheet.groups[g].gid, p) for p in pays)
        if menu.recipes_used < len(sheet.recipes):
            actions.extend(Unlock(sheet.groups[g].gid, ()) for g in menu.locked_groups(sheet))
        actions.append(DONE)
        return actions

    def _legal_list(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            if self.phase == "roll":
                legal = []
                if self.rolls <= self.sheet.rerolls:
                    legal.extend(reroll_actions(tuple(self.dice), self.sheet.white))
                legal.append(LOCK)
            elif self.phase == "cook":
                legal = self._cook_options(self.cooker)
            else:
                legal = []
            self._legal = legal
        return legal

    def legal_actions(self) -> list[Action]:
        return list(self._legal_list())

    def check_legal(self, action: Action) -> None:
        legal = self._legal_list()
        for candidate in legal:
            if candidate is action:
                return
        if action in legal:
            return
        raise IllegalAction(self._why_not(action))

    def _why_not(self, action: Action) -> str:
        if self.phase == "over":
            return "the game is over"
        if self.phase == "roll":
            if isinstance(action, Reroll):
                return (f"'{action}' is not possible: no re-rolls left" if self.rolls > self.sheet.rerolls
                        else f"'{action}': re-roll only the first of equal dice of one colour "
                        "(dice are numbered 1-4 white, 5-6 red)")
            return f"'{action}': player {self.roller + 1} is at the market; reroll or lock first"
        if isinstance(action, Reroll | Lock):
            return "the dice are locked in; cook or say done"
        menu = self.menus[self.cooker]
        if isinstance(action, Cook):
            serving = self._serving(action.sid, menu)
            if serving is None:
                return f"there is no serving {action.sid} on this menu"
            if serving not in menu.candidates(self.sheet):
                return (f"{action.sid} cannot be crossed now: it is crossed already, not the next "
                        "serving of its dish, or behind a lock")
            if tuple(n for n, _ in action.uses) != serving.needs:
                needs = "".join(CODES[n] for n in serving.needs)
                return f"{action.sid} needs {needs}"
            return f"'{action}': those ingredients are not available to you now"
        return f"'{action}' is not possible now (not enough Recipe Books, or done already)"

    # --- doing ----------------------------------------------------------------------
    def _serving(self, sid: str, menu: Menu) -> Serving | None:
        if sid.startswith("HS."):
            if menu.hs_tile < 0:
                return None
            tile = self.sheet.tiles[menu.hs_tile]
            try:
                pos = int(sid[3:]) - 1
            except ValueError:
                return None
            return tile.servings[pos] if 0 <= pos < len(tile.servings) else None
        return self.sheet.by_id.get(sid)

    def _apply(self, action: Action) -> None:
        self._legal = None
        if self.phase == "roll":
            if isinstance(action, Reroll):
                self._roll(action.dice)
            else:
                self._start_cooking()
            return
        if isinstance(action, Done):
            self._next_cook()
            return
        sheet = self.sheet
        seat = self.cooker
        menu = self.menus[seat]
        usable = self.usable(seat)
        if isinstance(action, Cook):
            for _, token in action.uses:
                menu.spend(sheet, token, self.dice, usable)
            serving = self._serving(action.sid, menu)
            assert serving is not None
            if menu.cross(sheet, serving) and menu.completed(sheet) >= sheet.dishes_to_end:
                self.ending = True
        else:
            assert isinstance(action, Convert | Rectangle | Unlock)
            for pool in action.pools:
                menu.spend(sheet, pool * 6 + BOOK, self.dice, usable)
            if isinstance(action, Convert):
                menu.conversions |= 1 << action.food
            elif isinstance(action, Rectangle):
                rect = next(r for r in sheet.rectangles if r.rid == action.rid)
                menu.rectangles |= 1 << rect.index
            else:
                if not action.pools:
                    menu.recipes_used += 1
                menu.unlocked |= 1 << sheet.group_by_id[action.gid].index
        options = self._cook_options(seat)
        if len(options) > 1:
            self._legal = options
        else:
            self._next_cook()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

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
            "settings": self.settings.model_dump(),
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
            "public": [m.to_dict() for m in self.public],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        text = json.dumps(data["settings"], sort_keys=True)
        settings = _BY_TEXT.get(text) or canonical_settings(settings_from_data(data["settings"]))
        state = cls.__new__(cls)
        GameState.__init__(state, int(data["num_players"]), int(data["seed"]))
        state.settings = settings
        state.sheet = sheet_for(settings)
        state.set_rng_state(data["rng"])
        state.history = [parse_action(t) for t in data["history"]]
        state.roller = int(data["roller"])
        state.turn = int(data["turn"])
        state.phase = str(data["phase"])
        state.rolls = int(data["rolls"])
        state.dice = [int(d) for d in data["dice"]]
        state.cooker = int(data["cooker"])
        state.ending = bool(data["ending"])
        state.menus = [Menu.from_dict(state.sheet, m) for m in data["menus"]]
        state.public = [Menu.from_dict(state.sheet, m) for m in data["public"]]
        state._legal = None
        state._seen = None
        return state

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: the dice, their own menu, and the others' menus as they were
        when the dice were locked (their crossings this turn stay hidden until it ends)."""
        shown = []
        for seat, menu in enumerate(self.menus):
            visible = menu if seat == player or not self.public else self.public[seat]
            shown.append(visible.to_dict() | {"score": visible.score(self.sheet)})
        return {
            "player": player,
            "turn": self.turn,
            "phase": self.phase,
            "roller": self.roller,
            "rolls": self.rolls,
            "dice": [CODES[d] for d in self.dice],
            "usable": [bool(self.usable(player) >> i & 1) for i in range(6)],
            "menus": shown,
        }

    def check_invariants(self) -> None:
        problems = []
        if len(self.dice) != 6 or any(not 0 <= d < 6 for d in self.dice):
            problems.append(f"dice out of range: {self.dice}")
        if self.phase not in ("roll", "cook", "over"):
            problems.append(f"unknown phase {self.phase}")
        if self.phase == "roll" and not 1 <= self.rolls <= self.sheet.rerolls + 1:
            problems.append(f"{self.rolls} rolls made")
        if self.is_terminal() != (not self.legal_actions()):
            problems.append("terminal exactly when no legal action fails")
        seen = []
        for seat, menu in enumerate(self.menus):
            problems.extend(f"player {seat + 1}: {p}" for p in menu.problems(self.sheet))
            if self.phase == "cook" and menu.dice_used & ~self.usable(seat):
                problems.append(f"player {seat + 1} used a die they may not use")
            marks = (
                menu.crossed, menu.fridge_used, menu.circled, menu.circle_used, menu.unlocked,
                menu.conversions, menu.rectangles,
            )
            counts = (menu.hs_done, menu.recipes_used, *menu.pantry_circled, *menu.pantry_used)
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
