"""Wok Star's rules as a turn engine: setup, then rounds of Action, Accounting and Purchase.

The game is cooperative and simultaneous; the engine serialises it (docs/rules-wok-star.md).
:class:`WokStarState` holds the table as typed public fields and answers the turn-engine
protocol; the rules of each phase live in their own modules:

- :mod:`.setup`: recipes and customers dealt, preparations assigned, the starting bonus;
- :mod:`.action_phase` with :mod:`.timeline` (cards and sand timers), :mod:`.seats` (who
  acts next), :mod:`.dice` (placing and giving), :mod:`.events` and :mod:`.characters`;
- :mod:`.leftover`: unplaced dice at the end of the Action phase;
- :mod:`.accounting`: money, dice pools, the next deck (by itself);
- :mod:`.purchase`: recipes, upgrades and advertising bought by the round's head chef.

**Public state** (read by the renderers, the bots and the window; change fields only through
actions, or call :meth:`WokStarState.refresh` after changing them by hand in a test):

=====================  ==================================================================
``phase``              a :class:`~.model.Phase`
``round``              1 .. ``config.rules.rounds``
``now``                game time in seconds since the game began (the injected ``clock``)
``money``, ``incomes``   dollars on the money track; each finished round's income
``windfall_round``     dollars revealed events paid this round (part of its income)
``recipe_owner``       recipe id -> seat, in card order (config order)
``prep_owner``         preparation id -> seat, in card order
``counters``           ingredient id -> counter (0 .. ``rules.ingredient_max``), card order
``upgraded``           sorted ids of the preparations showing their upgraded side
``pool``               dice pool per seat
``dice``               this round's rolled :class:`~.model.Die` values
``current``            the card being served ("" when none): ``"recipe#n"`` or an event id
``deadline``           game time when the running timer's sand runs out (-1: no timer)
``overdue``            the current customer's sand ran out
``piles``              per seat, the completed :class:`~.model.PileCard` values this round
``bad``                the Bad Publicity pile (customer ids)
``revealed``           events revealed this round
``characters``         per seat, its :class:`~.model.FamilyCard` values
``timers``, ``last_timer``   the two :class:`~.timers.SandTimer` values; the one flipped last
``deck``, ``potential``  hidden from players: read ``len()`` or :meth:`expected_remaining`
=====================  ==================================================================

Invariants (checked by :meth:`check_invariants`): every customer card of a recipe in play is
in exactly one place (deck, potential deck, current, a pile, Bad Publicity); every event card
likewise; counters stay within 0..ingredient_max; dice pools within their maximum; money
never negative. The maps above keep card order by construction (every change and every load
goes through :func:`~.decks.card_order`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Self

from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.saved_state import JsonValue, SavedState
from wokphysics.games.wok_star import action_phase, leftover, purchase, refusals, setup
from wokphysics.games.wok_star.actions import WokStarAction, parse_action, parse_cached
from wokphysics.games.wok_star.cards import (
    WokStarConfig,
    config_from_canonical,
    default_config,
    recipe_of,
)
from wokphysics.games.wok_star.clock import Clock, SimulatedClock
from wokphysics.games.wok_star.decks import card_order
from wokphysics.games.wok_star.dice import HandMenus, hand_menus, menus_for
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.model import (
    ACTION,
    FREE,
    LEFTOVER,
    OVER,
    PURCHASE,
    PURCHASE_ASSIGN,
    SETUP_ASSIGN,
    Die,
    FamilyCard,
    Phase,
    PileCard,
)
from wokphysics.games.wok_star.timeline import NO_DEADLINE
from wokphysics.games.wok_star.timers import NOT_YET, SandTimer, fresh_timers

SAVE_FORMAT = 3
"""Version of the saved JSON (format 1 had no ``format`` key; format 3 says whether each die
was given, :attr:`~.model.Die.given`; the older ones still load)."""


class WokStarState(GameState):
    """One game of Wok Star. See the module docstring for the public fields."""

    info = INFO

    def __init__(
        self,
        num_players: int,
        seed: int,
        config: WokStarConfig | None = None,
        clock: Clock | None = None,
        _blank: bool = False,
    ) -> None:
        super().__init__(num_players, seed)
        self.config = config if config is not None else default_config()
        self.clock: Clock = clock if clock is not None else SimulatedClock()
        self.lookups = self.config.lookups
        """The config's values read at every step, as plain attributes (fast to read)."""
        self._legal: list[WokStarAction] | None = None
        self.dice_menus = menus_for(self.config)
        self._hand_menus: list[HandMenus | None] = [None] * num_players
        share = self.num_players if self.lookups.share_time else 1
        self.seconds: dict[str, float] = {
            verb: seconds / share for verb, seconds in self.lookups.action_seconds.items()
        }
        """Simulated seconds each timed verb costs (shared between the players)."""
        self.wait_seconds = self.lookups.wait_seconds / share
        n = num_players
        self.phase = SETUP_ASSIGN
        self.round = 1
        self.now = 0.0
        self.money = 0
        self.windfall_round = 0
        self.incomes: list[int] = []
        self.final_income = 0
        self.lost = False
        self.recipe_owner: dict[str, int] = {}
        self.prep_owner: dict[str, int] = {}
        self.upgraded: list[str] = []
        self.counters: dict[str, int] = {}
        self.pool = [0] * n
        self.dice: list[Die] = []
        self.deck: list[str] = []
        self.deck_known: list[bool] = []
        self.potential: list[str] = []
        self.current = ""
        self.deadline = NO_DEADLINE
        self.overdue = False
        self.piles: list[list[PileCard]] = [[] for _ in range(n)]
        self.bad: list[str] = []
        self.event_deck: list[str] = []
        self.event_discard: list[str] = []
        self.revealed: list[str] = []
        self.characters: list[list[FamilyCard]] = [[] for _ in range(n)]
        self.timers: list[SandTimer] = fresh_timers(0.0)
        self.last_timer = NOT_YET
        self.turn = 0
        self.idle = [False] * n
        self.finished = [False] * n
        self.turned_away_round = 0
        self.pending_assign: list[str] = []
        self.bonus_left = [0] * n
        if not _blank:
            setup.deal(self)

    def refresh(self) -> None:
        """Forget the cached legal actions: call after changing fields by hand (tests)."""
        self._legal = None
        self._hand_menus = [None] * self.num_players

    def seat_menus(self, seat: int) -> HandMenus:
        """``seat``'s memo of dice moves (:func:`.dice.hand_menus`), kept while its
        preparations stay: forgotten after every step outside the Action phase (the only
        steps that give preparations out) and by :meth:`refresh`."""
        menus = self._hand_menus[seat]
        if menus is None:
            menus = self._hand_menus[seat] = hand_menus(self, seat)
        return menus

    # ------------------------------------------------------------------ queries
    @property
    def solo(self) -> bool:
        """One player: all preparations and recipes, a bigger pool (the solo rules)."""
        return self.num_players == 1

    @property
    def max_dice(self) -> int:
        """The largest dice pool a seat may have."""
        rules = self.config.rules
        return rules.solo_max_dice if self.solo else rules.max_dice

    def preps_of(self, seat: int) -> list[str]:
        """The preparations ``seat`` owns, in card order."""
        return [p for p, owner in self.prep_owner.items() if owner == seat]

    def recipes_of(self, seat: int) -> list[str]:
        """The recipes ``seat`` owns, in card order."""
        return [r for r, owner in self.recipe_owner.items() if owner == seat]

    def is_event(self, card: str) -> bool:
        """Whether ``card`` is an event card (not a customer, not empty)."""
        return "#" not in card and card != ""

    def is_chefs_special(self, card: str) -> bool:
        """Whether ``card`` is a Chef's Special (an event served like a customer)."""
        return card in self.lookups.chefs_specials

    def can_serve(self, recipe: str) -> bool:
        """Whether every ingredient of ``recipe`` is on the board (counter above 0)."""
        counters = self.counters
        for ingredient in self.lookups.ingredients[recipe]:
            if counters[ingredient] <= 0:
                return False
        return True

    def handler(self) -> int:
        """The seat that serves or turns away the current customer (-1: anyone, or none)."""
        recipe = self.lookups.customer_recipe.get(self.current)
        return -1 if recipe is None else self.recipe_owner[recipe]

    def free_dice(self, seat: int) -> list[Die]:
        """The unplaced dice ``seat`` holds now."""
        return [d for d in self.dice if d.holder == seat and d.status is FREE]

    def yields(self, prep: str) -> list[int]:
        """[any die, matching die, combination] for the side of ``prep`` showing."""
        if prep in self.upgraded:
            return self.lookups.prep_upgraded[prep]
        return self.lookups.prep_front[prep]

    def loan(self) -> int:
        """Dollars of the last round's income the team needs."""
        return self.config.loan.amount(self.config.rules.difficulty, self.num_players)

    def in_time(self) -> bool:
        """Whether a card taken now goes face up (in time) rather than face down (late)."""
        if self.overdue:
            return False
        return not self.lookups.timer or self.now <= self.deadline

    def time_left(self, now: float | None = None) -> float | None:
        """Seconds left on the running timer (None with no timer or no card)."""
        if not self.lookups.timer or not self.current or self.deadline == NO_DEADLINE:
            return None
        at = self.now if now is None else now
        return max(0.0, self.deadline - at)

    def expected_remaining(self) -> dict[str, float]:
        """Expected customers per recipe still in this round's deck, from public knowledge.

        Cards known to be in the deck (last round's taken customers, new recipes' customers)
        count fully; the face-down unknown ones (first deal, word-of-mouth, advertising,
        walk-ins) are spread over the customers whose whereabouts nobody can see.
        """
        expected = {r: 0.0 for r in self.recipe_owner}
        per_recipe = {r: len(self.config.recipe_by_id[r].customers) for r in self.recipe_owner}
        unseen = dict(per_recipe)
        unknown_customers = 0
        for card, known in zip(self.deck, self.deck_known, strict=True):
            if "#" not in card:
                continue  # how many events went into the deck is public, so skip them
            if known:
                recipe = recipe_of(card)
                expected[recipe] += 1
                unseen[recipe] -= 1
            else:
                unknown_customers += 1
        located = [self.current, *self.bad]
        for pile in self.piles:
            located.extend(taken.card for taken in pile)
        for card in located:
            if "#" in card:
                unseen[recipe_of(card)] -= 1
        total_unseen = sum(unseen.values())
        if unknown_customers and total_unseen:
            for recipe, count in unseen.items():
                expected[recipe] += unknown_customers * count / total_unseen
        return expected

    # ------------------------------------------------------------------ protocol: whose move
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase is ACTION:  # asked before every step: the commonest phase first
            return self.turn
        if phase is OVER:
            return -1
        if phase is PURCHASE or phase is PURCHASE_ASSIGN:
            return purchase.head_chef(self)
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_wok_star_actions(self) -> list[WokStarAction]:
        """:meth:`legal_actions`, typed as Wok Star's actions."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[WokStarAction]:
        phase = self.phase
        if phase is ACTION:
            return action_phase.legal(self)
        if phase is LEFTOVER:
            return leftover.legal(self)
        if phase is PURCHASE:
            return purchase.legal(self)
        if phase is PURCHASE_ASSIGN:
            return purchase.assign_legal(self)
        if phase is OVER:
            return []
        return setup.legal(self)

    # ------------------------------------------------------------------ protocol: apply
    def parse_action(self, text: str) -> WokStarAction:
        return parse_action(text)

    def _match(self, action: Action) -> WokStarAction | None:
        """The legal action equal to ``action`` (None if it is not legal now). Identity is
        tried first: a bot returns one of the very objects the state listed."""
        if self._legal is None:
            self._legal = self._compute_legal()
        for candidate in self._legal:
            if candidate is action:
                return candidate
        for candidate in self._legal:
            if candidate == action:
                return candidate
        return None

    def check_legal(self, action: Action) -> None:
        if self.phase is OVER:
            raise IllegalAction("the game is over")
        if self._match(action) is None:
            raise IllegalAction(refusals.why_not(self, action))

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player, or raise IllegalAction and change
        nothing (the protocol's apply, with one look-up of the action)."""
        phase = self.phase
        if phase is OVER:
            raise IllegalAction("the game is over")
        chosen = self._match(action)
        if chosen is None:
            raise IllegalAction(refusals.why_not(self, action))
        if phase is ACTION:  # the commonest step, without _play's call
            self._legal = None
            action_phase.apply(self, chosen)
        else:
            self._play(chosen)
        self.history.append(chosen)

    def _apply(self, action: Action) -> None:
        chosen = self._match(action)
        if chosen is None:
            raise IllegalAction(refusals.why_not(self, action))
        self._play(chosen)

    def _play(self, action: WokStarAction) -> None:
        """Carry out a legal action: the phase's rules."""
        self._legal = None
        phase = self.phase
        if phase is ACTION:
            action_phase.apply(self, action)
            return
        # Outside the Action phase actions cost no simulated time, but on the wall clock the
        # round starts when the team is ready, not when the game began.
        self.now = self.clock.after_action(self.now, 0.0)
        if phase is LEFTOVER:
            leftover.apply(self, action)
        elif phase is PURCHASE:
            purchase.apply(self, action)
        elif phase is PURCHASE_ASSIGN:
            purchase.apply_assign(self, action)
        elif phase is SETUP_ASSIGN:
            setup.apply_assign(self, action)
        else:
            setup.apply_bonus(self, action)
        self._hand_menus = [None] * self.num_players  # preparations may have changed hands

    # ------------------------------------------------------------------ results
    def won(self) -> bool:
        """The loan is paid from the last round's income (only meaningful when over)."""
        return self.phase is OVER and not self.lost and self.final_income >= self.loan()

    def scores(self) -> list[int]:
        """Every seat scores the team's last-round income (0 after a Bad Publicity loss);
        before the end, the money the team has."""
        if self.phase is OVER:
            value = 0 if self.lost else self.final_income
        else:
            value = self.money
        return [value] * self.num_players

    def winners(self) -> list[int]:
        """All seats when the loan is paid, none otherwise (a cooperative game)."""
        return list(range(self.num_players)) if self.won() else []

    def observation(self, player: int) -> dict[str, JsonValue]:
        """Everything a player sees: all but the deck orders and face-down cards."""
        return {
            "player": player,
            "phase": self.phase.value,
            "round": self.round,
            "time": self.now,
            "time_left": self.time_left(),
            "overdue": self.overdue,
            "money": self.money,
            "incomes": list(self.incomes),
            "loan": self.loan(),
            "current": self.current,
            "deck_size": len(self.deck),
            "deck_known": sorted(c for c, k in zip(self.deck, self.deck_known, strict=True) if k),
            "potential_size": len(self.potential),
            "counters": dict(self.counters),
            "recipes": dict(self.recipe_owner),
            "preparations": dict(self.prep_owner),
            "upgraded": list(self.upgraded),
            "dice": [d.to_json() for d in self.dice],
            "pool": list(self.pool),
            "piles": [[t.to_json() for t in pile] for pile in self.piles],
            "bad_publicity": list(self.bad),
            "revealed_events": list(self.revealed),
            "characters": [[f.to_json() for f in chars] for chars in self.characters],
            "expected_remaining": self.expected_remaining(),
        }

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, JsonValue]:
        """Every field as new JSON data (it shares nothing with the state)."""
        return {
            "format": SAVE_FORMAT,
            "players": self.num_players,
            "seed": self.seed,
            "rng": self.rng_state(),
            "history": [str(a) for a in self.history],
            "config": self.config.canonical,
            "phase": self.phase.value,
            "round": self.round,
            "now": self.now,
            "money": self.money,
            "windfall_round": self.windfall_round,
            "incomes": list(self.incomes),
            "final_income": self.final_income,
            "lost": self.lost,
            "recipe_owner": dict(self.recipe_owner),
            "prep_owner": dict(self.prep_owner),
            "upgraded": list(self.upgraded),
            "counters": dict(self.counters),
            "pool": list(self.pool),
            "dice": [d.to_json() for d in self.dice],
            "deck": list(self.deck),
            "deck_known": list(self.deck_known),
            "potential": list(self.potential),
            "current": self.current,
            "deadline": self.deadline,
            "overdue": self.overdue,
            "piles": [[t.to_json() for t in pile] for pile in self.piles],
            "bad": list(self.bad),
            "event_deck": list(self.event_deck),
            "event_discard": list(self.event_discard),
            "revealed": list(self.revealed),
            "characters": [[f.to_json() for f in chars] for chars in self.characters],
            "timers": [t.to_json() for t in self.timers],
            "last_timer": self.last_timer,
            "turn": self.turn,
            "idle": list(self.idle),
            "finished": list(self.finished),
            "turned_away_round": self.turned_away_round,
            "pending_assign": list(self.pending_assign),
            "bonus_left": list(self.bonus_left),
        }

    def to_json(self) -> str:
        payload = {"game": self.info.name, "state": self.to_dict()}
        return json.dumps(payload, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, object], clock: Clock | None = None) -> Self:
        """Rebuild a state from :meth:`to_dict` data (format 1, 2 or 3)."""
        saved = SavedState(data, "saved Wok Star state")
        version = saved.integer("format") if "format" in data else 1
        if version > SAVE_FORMAT:
            saved.fail("format", f"is {version}; this program reads formats 1 to {SAVE_FORMAT}")
        config = config_from_canonical(saved.text("config"))
        state = cls(saved.integer("players"), saved.integer("seed"), config, clock, _blank=True)
        state.set_rng_state(saved.sequence("rng"))
        state.history = [parse_cached(text) for text in saved.texts("history")]
        state.phase = Phase(saved.text("phase"))
        state.round = saved.integer("round")
        state.now = saved.number("now")
        state.money = saved.integer("money")
        # Added within format 2: money revealed this round (0 in older saves).
        state.windfall_round = saved.integer("windfall_round") if "windfall_round" in data else 0
        state.incomes = saved.integers("incomes")
        state.final_income = saved.integer("final_income")
        state.lost = saved.flag("lost")
        state.recipe_owner = saved.seats_by_id("recipe_owner")
        state.prep_owner = saved.seats_by_id("prep_owner")
        state.upgraded = saved.texts("upgraded")
        state.counters = saved.seats_by_id("counters")
        state.pool = saved.integers("pool")
        dice = saved.integer_rows("dice")
        if any(len(row) not in (5, 6) for row in dice):
            saved.fail("dice", "must hold one list per die: colour, face, holder, status, "
                       "temporary, given")
        state.dice = [Die.from_json(item) for item in dice]
        state.deck = saved.texts("deck")
        state.deck_known = saved.flags("deck_known")
        state.potential = saved.texts("potential")
        state.current = saved.text("current")
        state.deadline = saved.number("deadline")
        state.overdue = saved.flag("overdue")
        state.piles = [
            [PileCard(card, face_up) for card, face_up in pile]
            for pile in saved.card_flags("piles")
        ]
        state.bad = saved.texts("bad")
        state.event_deck = saved.texts("event_deck")
        state.event_discard = saved.texts("event_discard")
        state.revealed = saved.texts("revealed")
        state.characters = [
            [FamilyCard(card, used) for card, used in chars]
            for chars in saved.card_flags("characters")
        ]
        state.timers = [SandTimer.from_json(row) for row in saved.number_rows("timers")]
        state.last_timer = saved.integer("last_timer")
        state.turn = saved.integer("turn")
        state.idle = saved.flags("idle")
        state.finished = saved.flags("finished")
        state.turned_away_round = saved.integer("turned_away_round")
        state.pending_assign = saved.texts("pending_assign")
        state.bonus_left = saved.integers("bonus_left")
        card_order(state)
        return state

    def clone(self) -> Self:
        """An independent equal copy that keeps this state's clock."""
        return self.copy_on(self.clock)

    def copy_on(self, clock: Clock) -> Self:
        """An independent equal copy on ``clock``: field by field (the team planner makes
        thousands; the JSON round trip took most of their time). Every field of
        :meth:`to_dict` is copied; tests/games/test_conformance.py compares the copies."""
        other = type(self)(self.num_players, self.seed, self.config, clock, _blank=True)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.phase = self.phase
        other.round = self.round
        other.now = self.now
        other.money = self.money
        other.windfall_round = self.windfall_round
        other.incomes = list(self.incomes)
        other.final_income = self.final_income
        other.lost = self.lost
        other.recipe_owner = dict(self.recipe_owner)
        other.prep_owner = dict(self.prep_owner)
        other.upgraded = list(self.upgraded)
        other.counters = dict(self.counters)
        other.pool = list(self.pool)
        # (each piece through its own JSON form: a field added to a piece is copied too)
        other.dice = [Die.from_json(d.to_json()) for d in self.dice]
        other.deck = list(self.deck)
        other.deck_known = list(self.deck_known)
        other.potential = list(self.potential)
        other.current = self.current
        other.deadline = self.deadline
        other.overdue = self.overdue
        other.piles = [list(pile) for pile in self.piles]  # PileCard is frozen
        other.bad = list(self.bad)
        other.event_deck = list(self.event_deck)
        other.event_discard = list(self.event_discard)
        other.revealed = list(self.revealed)
        other.characters = [[FamilyCard.from_json(f.to_json()) for f in chars]
                            for chars in self.characters]
        other.timers = [SandTimer.from_json(t.to_json()) for t in self.timers]
        other.last_timer = self.last_timer
        other.turn = self.turn
        other.idle = list(self.idle)
        other.finished = list(self.finished)
        other.turned_away_round = self.turned_away_round
        other.pending_assign = list(self.pending_assign)
        other.bonus_left = list(self.bonus_left)
        return other

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        from wokphysics.games.wok_star.invariants import check

        check(self)
