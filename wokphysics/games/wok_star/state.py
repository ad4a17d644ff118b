"""Wok Star's rules as a turn engine: setup, six rounds of Action, Accounting and Purchase.

The game is cooperative and simultaneous; the engine serialises it (docs/rules-wok-star.md):

- **Setup**: seat 1 deals the preparations out (``assign``), then each seat takes its free
  bonus (``bonus die`` / ``bonus upgrade``), solo twice.
- **Action**: the seat that acts next is chosen round-robin among the seats that still have
  something to do (unplaced dice, the current customer's recipe, an unused character). Each
  action moves the injected clock on by its configured cost (divided by the number of players
  when ``share_time_between_players``, since the others work meanwhile). After every action
  the timers are checked: an event whose timer ran out reveals the next card; a customer
  whose timer ran out is *overdue* and its recipe's owner must serve it face down if the
  ingredients are there, else turn it away.
- **Leftover dice**: after the last card, seats with unplaced dice place them or say ``done``.
- **Accounting** happens by itself; **Purchase** is made by the round's head chef (seat
  ``(round - 1) mod players``) for the team, ending with ``done``.

State invariants (checked by :meth:`check_invariants`): every customer card of a recipe in
play is in exactly one place (deck, potential deck, current, a pile, Bad Publicity); every
event card likewise; counters stay within 0..ingredient_max; dice pools within their maximum;
money never negative.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Self

from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.wok_star.actions import WokAction, parse_action
from wokphysics.games.wok_star.cards import (
    WokStarConfig,
    config_from_canonical,
    customer_id,
    default_config,
    recipe_of,
)
from wokphysics.games.wok_star.clock import Clock, SimulatedClock
from wokphysics.games.wok_star.plugin import INFO
from wokphysics.games.wok_star.timers import flip, fresh_timers

ROUNDS = 6
NO_DEADLINE = -1.0

# Die fields: [colour seat, face, holder seat, status, temporary]
COLOUR, FACE, HOLDER, STATUS, TEMP = 0, 1, 2, 3, 4
FREE, PLACED, ASIDE = 0, 1, 2


# Actions are small immutable values; building the same ones again and again is the engine's
# hottest path, so they are made once and shared.
_action = lru_cache(maxsize=4096)(WokAction)

WAIT = WokAction("wait")
NEXT = WokAction("next")
DONE = WokAction("done")
SERVE = WokAction("serve")
TURN_AWAY = WokAction("turn_away")
ADVERTISE = WokAction("advertise")
BONUS_DIE = WokAction("bonus_die")


class WokStarState(GameState):
    """One game of Wok Star. See the module docstring for how turns are serialised."""

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
        self._legal: list[WokAction] | None = None
        self._init_fields()
        if not _blank:
            self._setup()

    # ------------------------------------------------------------------ fields
    def _init_fields(self) -> None:
        n = self.num_players
        self.phase = "setup_assign"
        self.round = 1
        self.now = 0.0
        self.money = 0
        self.incomes: list[int] = []
        self.final_income = 0
        self.lost = False
        self.recipe_owner: dict[str, int] = {}
        self.prep_owner: dict[str, int] = {}
        self.upgraded: list[str] = []
        self.counters: dict[str, int] = {}
        self.pool = [0] * n
        self.dice: list[list[int]] = []
        self.deck: list[str] = []
        self.deck_known: list[bool] = []
        self.potential: list[str] = []
        self.current = ""
        self.deadline = NO_DEADLINE
        self.overdue = False
        self.piles: list[list[list[Any]]] = [[] for _ in range(n)]
        self.bad: list[str] = []
        self.event_deck: list[str] = []
        self.event_discard: list[str] = []
        self.revealed: list[str] = []
        self.characters: list[list[list[Any]]] = [[] for _ in range(n)]
        self.timers = fresh_timers(0.0)
        self.last_timer = -1
        self.turn = 0
        self.idle = [False] * n
        self.finished = [False] * n
        self.turned_away_round = 0
        self.pending_assign: list[str] = []
        self.bonus_left = [0] * n

    def refresh(self) -> None:
        """Forget the cached legal actions: call after changing fields by hand (tests)."""
        self._legal = None

    # ------------------------------------------------------------------ setup
    @property
    def solo(self) -> bool:
        return self.num_players == 1

    @property
    def max_dice(self) -> int:
        rules = self.config.rules
        return rules.solo_max_dice if self.solo else rules.max_dice

    def _setup(self) -> None:
        cfg = self.config
        rng = self.rng
        n = self.num_players
        zero = [r.id for r in cfg.recipes if r.cost == 0]
        four = [r.id for r in cfg.recipes if r.cost == 4]
        rng.shuffle(zero)
        rng.shuffle(four)
        counts = {1: (1, 1), 2: (1, 1), 3: (2, 1), 4: (2, 2)}[n]
        dealt = zero[: counts[0]] + four[: counts[1]]
        if n == 1:
            for recipe in dealt:
                self.recipe_owner[recipe] = 0
        else:
            seats = list(range(n))
            rng.shuffle(seats)
            for seat, recipe in zip(seats, dealt, strict=True):
                self.recipe_owner[recipe] = seat
        for recipe in dealt:
            for ingredient in cfg.recipe_by_id[recipe].ingredients:
                self.prep_owner.setdefault(ingredient, -1)
                self.counters[ingredient] = 1
        customers = [customer_id(r, k) for r in dealt for k in range(1, 5)]
        rng.shuffle(customers)
        deck_size, _ = cfg.decks.sizes[n - 1]
        self.deck = customers[:deck_size]
        self.potential = customers[deck_size:]
        self.deck_known = [False] * len(self.deck)
        if cfg.rules.events:
            self.event_deck = [e.id for e in cfg.events]
            rng.shuffle(self.event_deck)
            self._deal_events()
        start = cfg.rules.solo_start_dice if self.solo else cfg.rules.start_dice
        self.pool = [start] * n
        if cfg.rules.characters:
            chars = [c.id for c in cfg.characters]
            rng.shuffle(chars)
            per = 2 if self.solo else 1
            for seat in range(n):
                self.characters[seat] = [[chars.pop(), False] for _ in range(per)]
        self.bonus_left = [2 if self.solo else 1] * n
        self._card_order()
        if self.solo:
            for prep in self.prep_owner:
                self.prep_owner[prep] = 0
            self._begin_bonus()
        else:
            self.phase = "setup_assign"
            self.turn = 0

    def _card_order(self) -> None:
        """Keep the recipes, preparations and counters in play in the config's card order.

        Every list the engine and the bots derive from these maps follows their order, and
        the saved JSON sorts keys; one canonical order makes a loaded or cloned state list
        its moves, and its bots choose, exactly as the original does.
        """
        recipes = self.recipe_owner
        preps = self.prep_owner
        counters = self.counters
        self.recipe_owner = {r.id: recipes[r.id] for r in self.config.recipes if r.id in recipes}
        self.prep_owner = {p.id: preps[p.id] for p in self.config.preparations if p.id in preps}
        self.counters = {p: counters[p] for p in self.prep_owner if p in counters}

    def _deal_events(self) -> None:
        """Two face-down events into the Customer deck, at random places."""
        for _ in range(2):
            if not self.event_deck:
                self.event_deck = self.event_discard
                self.event_discard = []
                self.rng.shuffle(self.event_deck)
            if not self.event_deck:
                return
            self._insert_unknown(self.event_deck.pop())

    def _insert_unknown(self, card: str) -> None:
        where = self.rng.randint(0, len(self.deck))
        self.deck.insert(where, card)
        self.deck_known.insert(where, False)

    def _begin_bonus(self) -> None:
        self.phase = "setup_bonus"
        self.turn = next(s for s in range(self.num_players) if self.bonus_left[s] > 0)

    # ------------------------------------------------------------------ helpers
    def preps_of(self, seat: int) -> list[str]:
        """The preparations ``seat`` owns, in card order."""
        return [p for p, owner in self.prep_owner.items() if owner == seat]

    def recipes_of(self, seat: int) -> list[str]:
        """The recipes ``seat`` owns, in the order they came into play."""
        return [r for r, owner in self.recipe_owner.items() if owner == seat]

    def is_event(self, card: str) -> bool:
        return "#" not in card and card != ""

    def is_chefs_special(self, card: str) -> bool:
        return self.is_event(card) and self.config.event_by_id[card].kind == "chefs_special"

    def can_serve(self, recipe: str) -> bool:
        """Whether every ingredient of ``recipe`` is on the board (counter above 0)."""
        counters = self.counters
        return all(counters[i] > 0 for i in self.config.recipe_by_id[recipe].ingredients)

    def handler(self) -> int:
        """The seat that serves or turns away the current customer (-1: anyone, or none)."""
        card = self.current
        if card and "#" in card:
            return self.recipe_owner[recipe_of(card)]
        return -1

    def free_dice(self, seat: int) -> list[list[int]]:
        """The unplaced dice ``seat`` holds now."""
        return [d for d in self.dice if d[HOLDER] == seat and d[STATUS] == FREE]

    def yields(self, prep: str) -> list[int]:
        """[any die, matching die, combination] for the side of ``prep`` showing."""
        card = self.config.prep_by_id[prep]
        return card.upgraded if prep in self.upgraded else card.front

    def loan(self) -> int:
        """Dollars of round-6 income the team needs."""
        rules = self.config.rules
        return self.config.loan.amount(rules.difficulty, self.num_players)

    def time_left(self, now: float | None = None) -> float | None:
        """Seconds left on the running timer (None with no timer or no card)."""
        if not self.config.rules.timer or not self.current or self.deadline == NO_DEADLINE:
            return None
        at = self.now if now is None else now
        return max(0.0, self.deadline - at)

    def _cost(self, kind: str) -> float:
        seconds: float = getattr(self.config.time, kind)
        if self.config.rules.share_time_between_players:
            seconds /= self.num_players
        return seconds

    def _character(self, seat: int, kind: str) -> list[Any] | None:
        for entry in self.characters[seat]:
            if not entry[1] and self.config.character_by_id[entry[0]].kind == kind:
                return entry
        return None

    # ------------------------------------------------------------------ protocol: whose move
    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return -1
        if self.phase in ("purchase", "purchase_assign"):
            return (self.round - 1) % self.num_players
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        out: list[Action] = list(self._legal)
        return out

    def _compute_legal(self) -> list[WokAction]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "setup_assign":
            return self._assign_actions(setup=True)
        if phase == "setup_bonus":
            seat = self.turn
            out = [BONUS_DIE] if self.pool[seat] < self.max_dice else []
            out += [
                WokAction("bonus_upgrade", target=p)
                for p in self.preps_of(seat)
                if p not in self.upgraded
            ]
            return out or [BONUS_DIE]
        if phase == "action":
            return self._action_actions(self.turn)
        if phase == "extra":
            return self._dice_actions(self.turn, gives=False) + [DONE]
        if phase == "purchase_assign":
            return self._assign_actions(setup=False)
        return self._purchase_actions()

    def _assign_actions(self, setup: bool) -> list[WokAction]:
        prep = (
            self.pending_assign[0]
            if not setup
            else next(p for p, o in self.prep_owner.items() if o == -1)
        )
        seats = range(self.num_players)
        if setup:
            left_after = sum(1 for o in self.prep_owner.values() if o == -1) - 1
            without = {s for s in seats if s not in self.prep_owner.values()}
            allowed = [s for s in seats if len(without - {s}) <= left_after]
        else:
            allowed = list(seats)
        return [WokAction("assign", target=prep, seat=s) for s in allowed]

    def _dice_actions(self, seat: int, gives: bool) -> list[WokAction]:
        free = self.free_dice(seat)
        if not free:
            return []
        counts: dict[int, int] = {}
        for die in free:
            counts[die[FACE]] = counts.get(die[FACE], 0) + 1
        faces = sorted(counts)
        out: list[WokAction] = []
        preps = self.preps_of(seat)
        prep_cards = self.config.prep_by_id
        for prep in preps:
            for face in faces:
                out.append(_action("place", prep, face))
        for prep in preps:
            combo = prep_cards[prep].combo
            for i, a in enumerate(faces):
                for b in faces[i:]:
                    if a == b and counts[a] < 2:
                        continue
                    if combo.met(a, b):
                        out.append(_action("combo", prep, a, b))
        if gives and self.num_players > 1:
            own = sorted({d[FACE] for d in free if d[COLOUR] == seat})
            for face in own:
                for other in range(self.num_players):
                    if other != seat:
                        out.append(_action("give", "", face, 0, other))
        return out

    def _forced(self) -> bool:
        """A customer must be resolved now: its timer ran out, or (no timer) nobody has
        anything left to do for it but serve it or turn it away."""
        if self.overdue:
            return True
        if self.config.rules.timer or "#" not in self.current:
            return False
        holders = self._holders()
        return not any(
            self._busy(s, as_handler=False, holders=holders) for s in range(self.num_players)
        )

    def _action_actions(self, seat: int) -> list[WokAction]:
        card = self.current
        is_customer = "#" in card
        if self._forced() and is_customer:
            return [SERVE] if self.can_serve(recipe_of(card)) else [TURN_AWAY]
        out = self._dice_actions(seat, gives=True)
        chefs = self.is_chefs_special(card)
        if is_customer and self.handler() == seat:
            if self.can_serve(recipe_of(card)):
                out.append(SERVE)
            out.append(TURN_AWAY)
        elif chefs:
            for recipe in self.recipes_of(seat):
                if self.can_serve(recipe):
                    out.append(WokAction("serve", target=recipe))
            out.append(TURN_AWAY)
        out += self._character_actions(seat)
        timer = self.config.rules.timer
        if timer:
            if card and self.now < self.deadline:
                out.append(WAIT)
        else:
            if card and not self.idle[seat] and not (self.is_event(card) and not chefs):
                out.append(WAIT)
            if self.is_event(card) and not chefs:
                out.append(NEXT)
        return out or ([WAIT] if timer else [NEXT])

    def _character_actions(self, seat: int) -> list[WokAction]:
        out: list[WokAction] = []
        by_id = self.config.character_by_id
        card = self.current
        for char_id, used in self.characters[seat]:
            if used:
                continue
            kind = by_id[char_id].kind
            if kind == "grandma":
                out += [WokAction("use", target=char_id, extra=i) for i in self.counters]
            elif kind == "uncle":
                if self.free_dice(seat):
                    out.append(WokAction("use", target=char_id))
            elif kind == "cousin":
                out.append(WokAction("use", target=char_id))
            elif kind == "auntie":
                if self.bad:
                    out.append(WokAction("use", target=char_id))
            elif kind == "grandpa":
                if self.config.rules.timer and card:
                    out.append(WokAction("use", target=char_id))
            elif kind == "little_bo":
                if "#" in card:
                    out.append(WokAction("use", target=char_id))
        return out

    def _purchase_actions(self) -> list[WokAction]:
        track = self.config.purchase_track
        row = self.round - 1
        out: list[WokAction] = []
        base = track.recipe_base[row]
        for recipe in self.config.recipes:
            if recipe.id in self.recipe_owner or base + recipe.cost > self.money:
                continue
            for seat in range(self.num_players):
                out.append(WokAction("buy", target=recipe.id, seat=seat))
        if track.upgrade[row] <= self.money:
            for prep in self.prep_owner:
                if prep not in self.upgraded:
                    out.append(WokAction("upgrade", target=prep))
        if self.potential and track.advertising[row] <= self.money:
            out.append(ADVERTISE)
        out.append(DONE)
        return out

    # ------------------------------------------------------------------ protocol: apply
    def parse_action(self, text: str) -> WokAction:
        return parse_action(text)

    def check_legal(self, action: Any) -> None:
        if self.phase == "over":
            raise IllegalAction("the game is over")
        if self._legal is None:
            self._legal = self._compute_legal()
        if action in self._legal:
            return
        raise IllegalAction(self._why_not(action))

    def _why_not(self, action: Any) -> str:
        """A reason a person can act on, for the common mistakes."""
        if not isinstance(action, WokAction):
            return f"'{action}' is not a Wok Star action"
        seat = self.current_player
        verb = action.verb
        if self.phase == "action" and self._forced():
            why = "the customer's timer ran out" if self.overdue else "nobody has more to do"
            if self.can_serve(recipe_of(self.current)):
                return f"{why} and the dish can be made: 'serve'"
            return f"{why} and the dish cannot be made: 'turn away'"
        if verb in ("place", "combo", "give", "serve", "turn_away", "wait", "use") and (
            self.phase not in ("action", "extra")
        ):
            return f"that belongs to the Action phase; now it is {self.phase} (type 'l')"
        if verb in ("buy", "upgrade", "advertise") and self.phase == "purchase":
            return f"the team has ${self.money}: not enough, or not available (type 'l')"
        if verb in ("place", "combo"):
            if self.prep_owner.get(action.target) is None:
                return f"'{action.target}' is not a preparation in play"
            if self.prep_owner[action.target] != seat:
                owner = self.prep_owner[action.target] + 1
                return f"only its owner (seat {owner}) may place dice on {action.target}"
            if verb == "combo":
                combo = self.config.prep_by_id[action.target].combo
                if not combo.met(action.value, action.value2):
                    return f"{action.target} needs two dice with {combo.text()}"
            return "you have no unplaced dice showing that"
        if verb in ("serve", "turn_away") and not self.current:
            return "no card is waiting to be served"
        if verb in ("serve", "turn_away") and "#" not in self.current:
            if self.is_chefs_special(self.current):
                return "name one of your recipes whose ingredients are all there: serve RECIPE"
            return "the current card is an event, not a customer"
        if verb == "turn_away":
            return "only the cook of the customer's recipe turns it away"
        if verb == "serve" and "#" in self.current:
            recipe = recipe_of(self.current)
            if self.recipe_owner[recipe] != seat:
                owner = self.recipe_owner[recipe] + 1
                return f"only the owner of {recipe} (seat {owner}) serves it"
            return f"an ingredient of {recipe} is at 0: prepare it first"
        return f"'{action}' is not possible now (phase: {self.phase}; type 'help')"

    def _apply(self, action: Any) -> None:
        self._legal = None
        phase = self.phase
        if phase != "action":
            # Outside the Action phase actions cost no simulated time, but on the wall
            # clock the round starts when the team is ready, not when the game began.
            self.now = self.clock.after_action(self.now, 0.0)
        if phase == "setup_assign":
            self.prep_owner[action.target] = action.seat
            if all(o >= 0 for o in self.prep_owner.values()):
                self._begin_bonus()
            return
        if phase == "setup_bonus":
            self._bonus(action)
            return
        if phase == "purchase_assign":
            prep = self.pending_assign.pop(0)
            self.prep_owner[prep] = action.seat
            if not self.pending_assign:
                self.phase = "purchase"
            return
        if phase == "purchase":
            self._purchase(action)
            return
        if phase == "extra":
            self._extra(action)
            return
        self._action(action)

    def _bonus(self, action: WokAction) -> None:
        seat = self.turn
        if action.verb == "bonus_die":
            self.pool[seat] = min(self.max_dice, self.pool[seat] + 1)
        else:
            self.upgraded.append(action.target)
            self.upgraded.sort()
        self.bonus_left[seat] -= 1
        if any(self.bonus_left):
            self.turn = next(s for s in range(self.num_players) if self.bonus_left[s] > 0)
        else:
            self._start_round()

    # ------------------------------------------------------------------ the Action phase
    def _start_round(self) -> None:
        rng = self.rng
        self.phase = "action"
        order = list(range(len(self.deck)))
        rng.shuffle(order)
        self.deck = [self.deck[i] for i in order]
        self.deck_known = [self.deck_known[i] for i in order]
        self.dice = []
        for seat in range(self.num_players):
            for _ in range(self.pool[seat]):
                self.dice.append([seat, rng.randint(1, 6), seat, FREE, 0])
        self.timers = fresh_timers(self.now)
        self.last_timer = -1
        self.idle = [False] * self.num_players
        self.turned_away_round = 0
        self.turn = (self.round - 1) % self.num_players
        self._reveal(self.now)
        if self.phase == "action":
            self.turn = self._next_seat(self.turn, include_self=True)

    def _reveal(self, at: float) -> None:
        """Flip a timer at ``at`` and reveal the next card (or end the Action phase)."""
        while True:
            self.overdue = False
            self.idle = [False] * self.num_players
            if self.config.rules.timer:
                self.last_timer, self.deadline = flip(
                    self.timers,
                    self.last_timer,
                    at,
                    self.config.rules.timer_seconds,
                    self.config.rules.sand_physics,
                )
            else:
                self.deadline = NO_DEADLINE
            if not self.deck:
                self.current = ""
                self._start_extra()
                return
            card = self.deck.pop()
            self.deck_known.pop()
            self.current = card
            if "#" in card:
                return
            event = self.config.event_by_id[card]
            if event.kind == "chefs_special":
                return
            if event.when == "reveal":
                self._event_effect(event.kind, event.amount)
            if event.kind == "rush":
                self.revealed.append(card)
                continue
            return

    def _event_effect(self, kind: str, amount: int) -> None:
        rng = self.rng
        top = self.config.rules.ingredient_max
        if kind == "delivery":
            for key in self.counters:
                self.counters[key] = min(top, self.counters[key] + amount)
        elif kind == "inspector":
            for key in self.counters:
                self.counters[key] = max(0, self.counters[key] - amount)
        elif kind == "extra_hands":
            for seat in range(self.num_players):
                for _ in range(amount):
                    self.dice.append([seat, rng.randint(1, 6), seat, FREE, 1])
        elif kind == "power_cut":
            for seat in range(self.num_players):
                free = self.free_dice(seat)
                for _ in range(max(1, amount)):
                    if free:
                        highest = max(free, key=lambda d: d[FACE])
                        highest[STATUS] = ASIDE
                        free.remove(highest)
        elif kind == "lucky_wok":
            for die in self.dice:
                if die[STATUS] == FREE:
                    die[FACE] = rng.randint(1, 6)
        elif kind == "walk_in":
            for _ in range(amount):
                if self.potential:
                    card = self.potential.pop(rng.randrange(len(self.potential)))
                    self._insert_unknown(card)
        elif kind == "windfall":
            self.money += amount

    def _catch_up(self) -> None:
        """After the clock moved: reveal past finished events, mark an overdue customer."""
        if not self.config.rules.timer:
            return
        while self.phase == "action" and self.current and not self.overdue:
            if self.now < self.deadline:
                return
            card = self.current
            if "#" in card:
                self.overdue = True
                return
            # An event's (or an unserved Chef's Special's) timer ran out: next card, flipped
            # the moment the sand ran out.
            self.revealed.append(card)
            self._reveal(self.deadline)

    def _action(self, action: WokAction) -> None:
        verb = action.verb
        seat = self.turn
        cost_kind = {
            "place": "place",
            "combo": "combo",
            "give": "give",
            "serve": "serve",
            "turn_away": "turn_away",
            "use": "use",
        }.get(verb)
        if cost_kind is not None:
            self.now = self.clock.after_action(self.now, self._cost(cost_kind))
        if verb in ("place", "combo", "give", "use"):
            # Something on the table changed: whoever had passed may have a move again.
            # (Bounded: each of these uses up a die or a character.)
            self.idle = [False] * self.num_players
        if verb == "place" or verb == "combo":
            self._place(seat, action)
        elif verb == "give":
            die = self._pick_die(seat, action.value, own=True)
            die[HOLDER] = action.seat
        elif verb == "serve":
            self._serve(seat, action.target)
        elif verb == "turn_away":
            self._turn_away()
        elif verb == "use":
            self._use(seat, action)
        elif verb == "wait":
            if self.config.rules.timer:
                if self._someone_busy():
                    self.now = self.clock.wait_for(self.now, self._cost("wait"))
                else:
                    self.now = self.clock.wait_until(self.now, self.deadline)
            else:
                self.idle[seat] = True
        elif verb == "next":
            self.revealed.append(self.current)
            self._reveal(self.now)
        if self.phase != "action":
            return
        self._catch_up()
        if self.phase == "action":
            self.turn = self._next_seat(seat, include_self=False)

    def _pick_die(self, seat: int, face: int, own: bool) -> list[int]:
        """The die to use: for placing, others' dice first (so own dice stay giveable)."""
        candidates = [d for d in self.free_dice(seat) if d[FACE] == face]
        if own:
            candidates = [d for d in candidates if d[COLOUR] == seat]
        else:
            candidates.sort(key=lambda d: (d[COLOUR] == seat, d[TEMP] == 0))
        return candidates[0]

    def _place(self, seat: int, action: WokAction) -> None:
        prep = action.target
        sides = self.yields(prep)
        if action.verb == "place":
            die = self._pick_die(seat, action.value, own=False)
            die[STATUS] = PLACED
            made = sides[1] if action.value == self.config.prep_by_id[prep].number else sides[0]
        else:
            first = self._pick_die(seat, action.value, own=False)
            first[STATUS] = PLACED
            second = self._pick_die(seat, action.value2, own=False)
            second[STATUS] = PLACED
            made = sides[2]
        self.counters[prep] = min(self.config.rules.ingredient_max, self.counters[prep] + made)

    def _serve(self, seat: int, recipe: str) -> None:
        card = self.current
        if not recipe:
            recipe = recipe_of(card)
        for ingredient in self.config.recipe_by_id[recipe].ingredients:
            self.counters[ingredient] -= 1
        face_up = not self.overdue and (not self.config.rules.timer or self.now <= self.deadline)
        self.piles[seat].append([card, face_up])
        self._reveal(self.now)

    def _turn_away(self) -> None:
        card = self.current
        if "#" in card:
            self.bad.append(card)
            self.turned_away_round += 1
            if len(self.bad) >= self.config.rules.bad_publicity_limit:
                self.current = ""
                self.lost = True
                self.phase = "over"
                return
        else:
            self.revealed.append(card)  # a Chef's Special declined: no Bad Publicity
        self._reveal(self.now)

    def _use(self, seat: int, action: WokAction) -> None:
        entry = next(e for e in self.characters[seat] if e[0] == action.target)
        entry[1] = True
        kind = self.config.character_by_id[action.target].kind
        rng = self.rng
        if kind == "grandma":
            top = self.config.rules.ingredient_max
            self.counters[action.extra] = min(top, self.counters[action.extra] + 2)
        elif kind == "uncle":
            for die in self.free_dice(seat):
                die[FACE] = rng.randint(1, 6)
        elif kind == "cousin":
            self.dice.append([seat, rng.randint(1, 6), seat, FREE, 1])
        elif kind == "auntie":
            card = self.bad.pop(rng.randrange(len(self.bad)))
            self.potential.append(card)
        elif kind == "grandpa":
            self.deadline = self.now + self.config.rules.timer_seconds
            self.timers[self.last_timer] = [self.now, self.config.rules.timer_seconds]
        elif kind == "little_bo":
            card = self.current
            face_up = not self.overdue
            self.piles[self.recipe_owner[recipe_of(card)]].append([card, face_up])
            self._reveal(self.now)

    def _busy(self, seat: int, as_handler: bool = True, holders: set[int] | None = None) -> bool:
        """Whether ``seat`` has something to do besides waiting (``as_handler``: counting
        serving or turning away the current customer; ``holders``: the seats holding
        unplaced dice, if already known)."""
        if self.idle[seat]:
            return False
        if self.overdue:
            return seat == self.handler()
        if holders is None:
            holders = self._holders()
        if seat in holders:
            return True
        if as_handler and self.handler() == seat:
            return True
        if self.is_chefs_special(self.current) and seat in self.recipe_owner.values():
            return True
        return any(not used for _, used in self.characters[seat])

    def _holders(self) -> set[int]:
        return {d[HOLDER] for d in self.dice if d[STATUS] == FREE}

    def _someone_busy(self) -> bool:
        holders = self._holders()
        return any(self._busy(s, holders=holders) for s in range(self.num_players))

    def _next_seat(self, after: int, include_self: bool) -> int:
        """Round-robin: the next seat with something to do (else the seat after ``after``)."""
        n = self.num_players
        if self.overdue or self._forced():
            handler = self.handler()
            if handler >= 0:
                return handler
        start = 0 if include_self else 1
        holders = self._holders()
        for step in range(start, n + start):
            seat = (after + step) % n
            if self._busy(seat, holders=holders):
                return seat
        return (after + start) % n

    # ------------------------------------------------------------------ leftover dice
    def _start_extra(self) -> None:
        self.phase = "extra"
        self.overdue = False
        self.finished = [not self.free_dice(s) for s in range(self.num_players)]
        self._next_extra(self.num_players - 1)

    def _next_extra(self, after: int) -> None:
        n = self.num_players
        for step in range(1, n + 1):
            seat = (after + step) % n
            if not self.finished[seat] and self.free_dice(seat):
                self.turn = seat
                return
        self._accounting()

    def _extra(self, action: WokAction) -> None:
        seat = self.turn
        if action.verb == "done":
            self.finished[seat] = True
        else:
            self._place(seat, action)
        self._next_extra(seat)

    # ------------------------------------------------------------------ accounting
    def _accounting(self) -> None:
        cfg = self.config
        if self.round == ROUNDS:
            self.money = 0
        money_before = self.money
        face_up_customers = 0
        next_deck: list[str] = []
        for seat in range(self.num_players):
            count = 0
            for card, face_up in self.piles[seat]:
                if "#" in card:
                    next_deck.append(card)
                    if face_up:
                        count += 1
                        self.money += cfg.customer_dollars[card]
                else:
                    self.event_discard.append(card)  # Chef's Special
                    if face_up:
                        self.money += cfg.event_by_id[card].amount
            face_up_customers += count
            if count > self.pool[seat]:
                self.pool[seat] = min(self.max_dice, count)
            self.piles[seat] = []
        for card in self.revealed:
            event = cfg.event_by_id[card]
            if event.when != "end":
                continue
            if event.kind == "spoilage":
                for key in self.counters:
                    self.counters[key] = min(self.counters[key], event.amount)
            elif event.kind == "tip_jar":
                self.money += event.amount * face_up_customers
            elif event.kind == "food_critic":
                if self.turned_away_round == 0:
                    self.money += event.amount
                else:
                    self.money = max(0, self.money - event.amount)
        self.event_discard.extend(self.revealed)
        self.revealed = []
        self.dice = []
        self.deck = next_deck
        self.deck_known = [True] * len(next_deck)
        income = self.money - money_before
        self.incomes.append(income)
        if self.round == ROUNDS:
            self.final_income = income
            self.phase = "over"
            return
        if self.turned_away_round == 0 and self.potential:
            card = self.potential.pop(self.rng.randrange(len(self.potential)))
            self._insert_unknown(card)
        if cfg.rules.events:
            self._deal_events()
        self.phase = "purchase"

    # ------------------------------------------------------------------ purchase
    def _purchase(self, action: WokAction) -> None:
        track = self.config.purchase_track
        row = self.round - 1
        verb = action.verb
        if verb == "buy":
            recipe = self.config.recipe_by_id[action.target]
            self.money -= track.recipe_base[row] + recipe.cost
            self.recipe_owner[recipe.id] = action.seat
            for ingredient in recipe.ingredients:
                if ingredient not in self.prep_owner:
                    self.prep_owner[ingredient] = action.seat  # reassigned just below
                    self.counters[ingredient] = 0
                    self.pending_assign.append(ingredient)
            cards = [customer_id(recipe.id, k) for k in range(1, 5)]
            self.rng.shuffle(cards)
            for card in cards[:2]:
                self.deck.append(card)
                self.deck_known.append(True)
            self.potential.extend(cards[2:])
            self.rng.shuffle(self.potential)
            self._card_order()
            if self.pending_assign:
                self.phase = "purchase_assign"
        elif verb == "upgrade":
            self.money -= track.upgrade[row]
            self.upgraded.append(action.target)
            self.upgraded.sort()
        elif verb == "advertise":
            self.money -= track.advertising[row]
            card = self.potential.pop(self.rng.randrange(len(self.potential)))
            self._insert_unknown(card)
        else:  # done: end of the round
            self.round += 1
            self._start_round()

    # ------------------------------------------------------------------ results
    def won(self) -> bool:
        """The loan is paid from round 6's income (only meaningful when the game is over)."""
        return self.phase == "over" and not self.lost and self.final_income >= self.loan()

    def scores(self) -> list[int]:
        """Every seat scores the team's round-6 income (0 after a Bad Publicity loss);
        before the end, the money the team has."""
        if self.phase == "over":
            value = 0 if self.lost else self.final_income
        else:
            value = self.money
        return [value] * self.num_players

    def winners(self) -> list[int]:
        """All seats when the loan is paid, none otherwise (a cooperative game)."""
        return list(range(self.num_players)) if self.won() else []

    # ------------------------------------------------------------------ knowledge
    def expected_remaining(self) -> dict[str, float]:
        """Expected customers per recipe still in this round's deck, from public knowledge.

        Cards known to be in the deck (last round's taken customers, new recipes' customers)
        count fully; the face-down unknown ones (first deal, word-of-mouth, advertising,
        walk-ins) are spread over the customers whose whereabouts nobody can see.
        """
        expected = {r: 0.0 for r in self.recipe_owner}
        unseen: dict[str, int] = {r: 4 for r in self.recipe_owner}
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
            located.extend(card for card, _ in pile)
        for card in located:
            if "#" in card:
                unseen[recipe_of(card)] -= 1
        total_unseen = sum(unseen.values())
        if unknown_customers and total_unseen:
            for recipe, count in unseen.items():
                expected[recipe] += unknown_customers * count / total_unseen
        return expected

    def observation(self, player: int) -> dict[str, Any]:
        """Everything a player sees: all but the deck orders and face-down cards."""
        return {
            "player": player,
            "phase": self.phase,
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
            "dice": [list(d) for d in self.dice],
            "pool": list(self.pool),
            "piles": [[list(e) for e in pile] for pile in self.piles],
            "bad_publicity": list(self.bad),
            "revealed_events": list(self.revealed),
            "characters": [[list(e) for e in chars] for chars in self.characters],
            "expected_remaining": self.expected_remaining(),
        }

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """A deep copy of every field as JSON data (it shares nothing with the state)."""
        import copy

        return copy.deepcopy(self._fields())

    def to_json(self) -> str:
        import json

        payload = {"game": self.info.name, "state": self._fields()}
        return json.dumps(payload, sort_keys=True, separators=(",", ":"))

    def _fields(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "seed": self.seed,
            "rng": self.rng_state(),
            "history": [str(a) for a in self.history],
            "config": self.config.canonical,
            "phase": self.phase,
            "round": self.round,
            "now": self.now,
            "money": self.money,
            "incomes": self.incomes,
            "final_income": self.final_income,
            "lost": self.lost,
            "recipe_owner": self.recipe_owner,
            "prep_owner": self.prep_owner,
            "upgraded": self.upgraded,
            "counters": self.counters,
            "pool": self.pool,
            "dice": self.dice,
            "deck": self.deck,
            "deck_known": self.deck_known,
            "potential": self.potential,
            "current": self.current,
            "deadline": self.deadline,
            "overdue": self.overdue,
            "piles": self.piles,
            "bad": self.bad,
            "event_deck": self.event_deck,
            "event_discard": self.event_discard,
            "revealed": self.revealed,
            "characters": self.characters,
            "timers": self.timers,
            "last_timer": self.last_timer,
            "turn": self.turn,
            "idle": self.idle,
            "finished": self.finished,
            "turned_away_round": self.turned_away_round,
            "pending_assign": self.pending_assign,
            "bonus_left": self.bonus_left,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], clock: Clock | None = None) -> Self:
        import copy

        config = config_from_canonical(data["config"])
        state = cls(data["players"], data["seed"], config, clock, _blank=True)
        state.set_rng_state(data["rng"])
        state.history = [parse_action(text) for text in data["history"]]
        skip = {"players", "seed", "rng", "history", "config"}
        for key, value in data.items():
            if key not in skip:
                setattr(state, key, copy.deepcopy(value))
        state._card_order()
        return state

    def clone(self) -> Self:
        """An independent equal copy that keeps this state's clock."""
        copy_ = self.from_json_text(self.to_json())
        copy_.clock = self.clock
        return copy_

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        from wokphysics.games.wok_star.invariants import check

        check(self)
