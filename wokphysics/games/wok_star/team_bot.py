"""The team bot: one cook of a cooperating kitchen.

Every seat runs its own :class:`TeamBot`; they share no memory, only what the table shows
(the state's public parts: counters, everyone's dice, owners, the expected customers still to
come from :meth:`WokStarState.expected_remaining`). On its move a cook, in order:

1. serves the current customer when it can (a Chef's Special with its best recipe; it
   declines a Chef's Special only when no teammate can serve it either);
2. makes a missing ingredient of the current customer: on its own preparation, or with a die
   it was given straight on a teammate's whose owner holds no dice (one step, where handing
   it on would take two: a given die goes on any of the team's preparations);
3. hands one of its own dice to the owner of a missing ingredient who has no dice left, or
   to a teammate short of dice for what is expected;
4. prepares for the customers still expected this round, choosing the placement that makes
   the most *needed* ingredients per die (a matching number or a combination);
5. uses its Family Character where it saves a customer (Little Bo, Grandma), the game
   (Auntie, near the Bad Publicity limit), the timer (Grandpa) or a die in round 6 (Cousin):
   its own when it acts, a teammate's only as the cook of a customer that must be resolved
   now (the engine lists every seat's cards at every step, as owners may use them "at
   anytime");
   otherwise turns the customer away when nobody can make what is missing any more;
6. otherwise waits (or reveals the next card, in a game without timer).

Leftover dice prepare the ingredients the next round will need most. The head chef buys,
in order: a recipe (at most one new ingredient, richest per ingredient) while the next deck
is smaller than the kitchen can cook, advertising for the same reason, then upgrades of the
busiest preparations; the margin kept grows with the Bad Publicity, and in round 5 up to
four more customers are risked for round 6 within the Bad Publicity still allowed. The
bonus at setup is always the extra die (measured: far better than an upgrade).
"""

from __future__ import annotations

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, GameState
from wokphysics.games.wok_star.actions import (
    ADVERTISE,
    DONE,
    NEXT,
    TURN_AWAY,
    WAIT,
    Advertise,
    Assign,
    BonusDie,
    Buy,
    Combo,
    Give,
    Next,
    Place,
    Serve,
    TurnAway,
    Upgrade,
    Use,
    Wait,
    WokStarAction,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.characters import acting_for_team
from wokphysics.games.wok_star.model import (
    ACTION,
    LEFTOVER,
    PURCHASE_ASSIGN,
    SETUP_ASSIGN,
    SETUP_BONUS,
)
from wokphysics.games.wok_star.state import WokStarState

# How many ingredients one die makes on average (front side; upgraded adds about one).
_DIE_YIELD = 1.5
# Customers kept below what the kitchen can cook when buying (word-of-mouth + a margin).
# More margin as Bad Publicity piles up: max(_DECK_MARGIN, _DECK_CAUTION - budget / 2).
_DECK_MARGIN = 1.0
_DECK_CAUTION = 4.0
# Extra customers risked for round 6 when buying in round 5 (at most the budget - 1).
_LAST_RISK = 4.0
# Ingredients one die makes next round, by share of upgraded preparations (measured).
_PLAN_YIELD = 1.25
_PLAN_UPGRADE = 1.2


class TeamBot(Bot):
    """A cooperative cook that plans dice, customers and purchases (see module docstring)."""

    name = "team"

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, WokStarState)
        legal = state.legal_wok_star_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase is SETUP_ASSIGN or phase is PURCHASE_ASSIGN:
            return self._assign(state, legal)
        if phase is SETUP_BONUS:
            return self._bonus(state, legal)
        if phase is ACTION:
            return self._act(state, legal)
        if phase is LEFTOVER:
            return self._leftover(state, legal)
        return self._buy(state, legal)

    # ------------------------------------------------------------------ setup
    def _assign(self, state: WokStarState, legal: list[WokStarAction]) -> Action:
        def load(action: Assign) -> tuple[int, int, int]:
            seat = action.seat
            owned = len(state.preps_of(seat))
            mine = sum(
                1
                for r in state.recipes_of(seat)
                if action.prep in state.config.recipe_by_id[r].ingredients
            )
            return (owned, -mine, seat)

        assigns = [a for a in legal if isinstance(a, Assign)]
        return min(assigns, key=load) if assigns else legal[0]

    def _bonus(self, state: WokStarState, legal: list[WokStarAction]) -> Action:
        for action in legal:
            if isinstance(action, BonusDie):
                return action
        return legal[0]

    # ------------------------------------------------------------------ needs
    def _needs(self, state: WokStarState, include_current: bool = True) -> dict[str, float]:
        """Ingredients to make for the customers the team can still cook this round.

        The current customer first, then the expected ones, richest per ingredient first; a
        customer is planned only while the team's unplaced dice can make what the board
        lacks for it, so dice go to dishes that can be finished, not to a pile of one
        ingredient. Returns, per ingredient, planned uses minus what is on the board.
        """
        recipes = state.config.recipe_by_id
        queue: list[str] = []
        card = state.current
        if include_current and "#" in card:
            queue.append(recipe_of(card))
        expected = state.expected_remaining()
        ranked = sorted(
            expected,
            key=lambda r: -sum(recipes[r].customers) / len(recipes[r].ingredients),
        )
        for recipe in ranked:
            queue.extend([recipe] * int(expected[recipe] + 0.5))
        stock = dict(state.counters)
        capacity = self._dice_capacity(state)
        uses = {i: 0.0 for i in state.counters}
        for recipe in queue:
            ingredients = recipes[recipe].ingredients
            short = sum(1 for i in ingredients if stock[i] <= 0)
            if short > capacity:
                continue
            capacity -= short
            for i in ingredients:
                uses[i] += 1
                stock[i] -= 1
        return {i: uses[i] - state.counters[i] for i in uses}

    def _dice_capacity(self, state: WokStarState) -> float:
        """About how many ingredients the team's unplaced dice can still make."""
        total = 0.0
        upgraded = set(state.upgraded)
        share = len(upgraded) / max(1, len(state.prep_owner))
        for die in state.dice:
            if die.free:
                total += _DIE_YIELD + share
        return total

    def _missing(self, state: WokStarState) -> list[str]:
        card = state.current
        if "#" not in card:
            return []
        return [
            i
            for i in state.config.recipe_by_id[recipe_of(card)].ingredients
            if state.counters[i] <= 0
        ]

    def _made(self, state: WokStarState, action: Place | Combo) -> int:
        sides = state.yields(action.prep)
        if isinstance(action, Combo):
            return sides[2]
        number = state.config.prep_by_id[action.prep].number
        return sides[1] if action.face == number else sides[0]

    def _best_placement(
        self,
        state: WokStarState,
        legal: list[WokStarAction],
        needs: dict[str, float],
        only: str = "",
    ) -> Place | Combo | None:
        """The placement making the most needed ingredients per die (None if none helps)."""
        best: Place | Combo | None = None
        best_key = (0.0, 0.0)
        for action in legal:
            if not isinstance(action, Place | Combo):
                continue
            if only and action.prep != only:
                continue
            need = needs.get(action.prep, 0.0)
            if need <= 0:
                continue
            made = self._made(state, action)
            dice = 2 if isinstance(action, Combo) else 1
            useful = min(float(made), need)
            if dice == 2 and useful <= 1.0:
                continue
            faces = action.face if isinstance(action, Place) else action.low + action.high
            # Prefer useful ingredients per die, then low faces (high faces make combos).
            key = (useful / dice, -float(faces))
            if key > best_key:
                best_key = key
                best = action
        return best

    # ------------------------------------------------------------------ the Action phase
    def _act(self, state: WokStarState, legal: list[WokStarAction]) -> Action:
        seat = state.current_player
        actions = legal
        verbs = {a.verb for a in actions}
        card = state.current
        serves = [a for a in actions if isinstance(a, Serve)]
        if serves:
            return max(serves, key=lambda a: self._serve_value(state, a))
        missing = self._missing(state)
        needs = self._needs(state)
        for ingredient in missing:
            owner = state.prep_owner[ingredient]
            if owner == seat or not state.free_dice(owner):
                # (legal places a teammate's preparation only with a die this seat was given)
                wanted = {ingredient: max(1.0, needs[ingredient])}
                choice = self._best_placement(state, legal, wanted, only=ingredient)
                if choice is not None:
                    return choice
        family = self._family(state, actions, missing)
        if family is not None:
            return family
        gift = self._gift(state, actions, missing, needs)
        if gift is not None:
            return gift
        choice = self._best_placement(state, legal, needs)
        if choice is not None:
            return choice
        if TurnAway.verb in verbs and "#" in card and missing:
            if not self._makeable(state, missing):
                return TURN_AWAY
        if TurnAway.verb in verbs and state.is_chefs_special(card):
            if not self._teammate_can_serve(state, seat):
                return TURN_AWAY  # nobody can serve it now: do not idle
        if Wait.verb in verbs:
            return WAIT
        if Next.verb in verbs:
            return NEXT
        if TurnAway.verb in verbs and "#" in card:
            return TURN_AWAY
        fallback = [a for a in actions if not isinstance(a, Use | Give)]
        return fallback[0] if fallback else legal[0]

    def _family(
        self, state: WokStarState, actions: list[WokStarAction], missing: list[str]
    ) -> Use | None:
        """Use a Family Character where it saves a customer, a die or the game: its own (the
        engine lists every seat's), or a teammate's where it decides for the team (the cook
        of a late customer: the owner would still use it then)."""
        seat = state.current_player
        mine = {f.id for f in state.characters[seat]}
        uses = [a for a in actions if isinstance(a, Use)]
        if any(a.character not in mine for a in uses) and not acting_for_team(state):
            uses = [a for a in uses if a.character in mine]
        kinds = {state.config.character_by_id[a.character].kind: a for a in uses}
        limit = state.config.rules.bad_publicity_limit
        if "auntie" in kinds and len(state.bad) >= limit - 3:
            return kinds["auntie"]
        if "cousin" in kinds and state.round == 6:
            return kinds["cousin"]
        if not missing or self._makeable(state, missing):
            left = state.time_left()
            if missing and "grandpa" in kinds and left is not None and left < 2.0:
                return kinds["grandpa"]
            return None
        if "little_bo" in kinds:
            return kinds["little_bo"]
        if len(missing) == 1:
            for action in uses:
                if action.ingredient == missing[0]:
                    return action
        return None

    def _teammate_can_serve(self, state: WokStarState, seat: int) -> bool:
        """Whether another seat has a recipe whose ingredients are all on the board (it will
        serve the Chef's Special on its turn, so this cook waits instead of declining)."""
        return any(
            owner != seat and state.can_serve(recipe)
            for recipe, owner in state.recipe_owner.items()
        )

    def _serve_value(self, state: WokStarState, action: Serve) -> float:
        if not action.recipe:
            return 0.0
        ingredients = state.config.recipe_by_id[action.recipe].ingredients
        return -sum(1.0 / max(1, state.counters[i]) for i in ingredients)

    def _makeable(self, state: WokStarState, missing: list[str]) -> bool:
        """Whether the team can still make every missing ingredient this round: one die
        each, as any unplaced die can be handed to the owner (a received one too)."""
        free = sum(1 for d in state.dice if d.free)
        return free >= len(missing)

    def _gift(
        self,
        state: WokStarState,
        actions: list[WokStarAction],
        missing: list[str],
        needs: dict[str, float],
    ) -> Give | None:
        """One of its own dice for a teammate: for a missing ingredient of the current
        customer whose owner holds no die (a die it was given it would have placed there
        itself), or for a need the teammate cannot cover (a given die is not sent round on
        plans, so dice cannot go back and forth; it goes on the preparation that needs it)."""
        gives = [a for a in actions if isinstance(a, Give)]
        if not gives:
            return None
        seat = state.current_player
        # the faces it holds an own die of (a gift hands an own die over before a given one)
        held = state.free_dice(seat)
        own = {d.face for d in held if not d.given}
        my_preps = state.preps_of(seat)
        my_need = sum(max(0.0, needs[p]) for p in my_preps)
        my_dice = len(state.free_dice(seat))
        targets: list[str] = [i for i in missing if state.prep_owner[i] != seat]
        if my_dice * _DIE_YIELD > my_need + 1:
            for prep, need in sorted(needs.items(), key=lambda kv: -kv[1]):
                owner = state.prep_owner[prep]
                if owner == seat or need <= 0 or prep in targets:
                    continue
                if len(state.free_dice(owner)) * _DIE_YIELD < need:
                    targets.append(prep)
        for prep in targets:
            owner = state.prep_owner[prep]
            if prep in missing and state.free_dice(owner):
                continue
            number = state.config.prep_by_id[prep].number
            options = [a for a in gives if a.seat == owner and a.face in own]
            if not options:
                continue
            options.sort(key=lambda a: (a.face != number, a.face))
            return options[0]
        return None

    # ------------------------------------------------------------------ leftover dice
    def _leftover(self, state: WokStarState, legal: list[WokStarAction]) -> Action:
        # Next round wants about what this round's customers wanted: the taken customers
        # come back, so the recipes in play weigh by their customers in the piles.
        demand = {i: 0.0 for i in state.counters}
        recipes = state.config.recipe_by_id
        for pile in state.piles:
            for taken in pile:
                card = taken.card
                if "#" in card:
                    for ingredient in recipes[recipe_of(card)].ingredients:
                        demand[ingredient] += 1
        for recipe in state.recipe_owner:
            for ingredient in recipes[recipe].ingredients:
                demand[ingredient] += 0.5
        needs = {i: demand[i] - state.counters[i] for i in demand}
        choice = self._best_placement(state, legal, needs)
        if choice is not None:
            return choice
        # Still dice: the lowest counters get them (they carry over).
        cap = state.config.rules.ingredient_max - 3
        places = [a for a in legal if isinstance(a, Place) and state.counters[a.prep] < cap]
        if places:
            return min(places, key=lambda a: (state.counters[a.prep], -self._made(state, a)))
        return DONE

    # ------------------------------------------------------------------ purchases
    def _buy(self, state: WokStarState, legal: list[WokStarAction]) -> Action:
        actions = legal
        recipes = state.config.recipe_by_id
        demand = {i: 0.0 for i in state.counters}
        customers = 0.0
        for recipe, count in self._next_deck(state).items():
            customers += count
            for ingredient in recipes[recipe].ingredients:
                demand[ingredient] += count
        per_customer = sum(demand.values()) / customers if customers else 3.0
        # Customers the kitchen can cook next round, less a margin that grows as Bad
        # Publicity piles up; in round 5 some of the Bad Publicity still allowed is risked.
        can_cook = self._production(state) / per_customer
        budget = state.config.rules.bad_publicity_limit - 1 - len(state.bad)
        room = can_cook - customers - max(_DECK_MARGIN, _DECK_CAUTION - budget / 2)
        if state.round == 5:
            room += min(_LAST_RISK, max(0.0, budget - 1.0))
        buys = [a for a in actions if isinstance(a, Buy)]
        if room >= 2 and buys:
            best = self._best_recipe(state, buys)
            if best is not None:
                return best
        if room >= 1 and any(isinstance(a, Advertise) for a in actions):
            return ADVERTISE
        upgrades = [a for a in actions if isinstance(a, Upgrade)]
        if upgrades:
            return max(upgrades, key=lambda a: (demand[a.prep], a.prep))
        return DONE

    def _next_deck(self, state: WokStarState) -> dict[str, float]:
        """Expected customers per recipe in the next round's deck (known + unknown)."""
        counts = {r: 0.0 for r in state.recipe_owner}
        unknown = 0
        for card, known in zip(state.deck, state.deck_known, strict=True):
            if "#" not in card:
                continue
            if known:
                counts[recipe_of(card)] += 1
            else:
                unknown += 1
        if unknown:
            share = unknown / len(counts)
            for recipe in counts:
                counts[recipe] += share
        return counts

    def _production(self, state: WokStarState) -> float:
        """Ingredients the team can make next round: dice times yield, plus the board."""
        upgraded = len(state.upgraded) / max(1, len(state.prep_owner))
        per_die = _PLAN_YIELD + upgraded * _PLAN_UPGRADE
        return sum(state.pool) * per_die + sum(state.counters.values())

    def _best_recipe(self, state: WokStarState, buys: list[Buy]) -> Buy | None:
        recipes = state.config.recipe_by_id
        best: Buy | None = None
        best_key: tuple[float, float] = (-1e9, 0.0)
        for action in buys:
            recipe = recipes[action.recipe]
            new = sum(1 for i in recipe.ingredients if i not in state.prep_owner)
            if new > 1:
                continue
            dollars_per_ingredient = sum(recipe.customers) / 4 / len(recipe.ingredients)
            # The buyer: the seat with fewest recipes (its pool grows with its customers).
            load = len(state.recipes_of(action.seat)) * 10 - state.pool[action.seat]
            key = (dollars_per_ingredient - new * 0.6, -float(load))
            if key > best_key:
                best_key = key
                best = action
        return best
