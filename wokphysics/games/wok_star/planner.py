"""The team planner: a Wok Star cook that plans the team's big decisions by playing them out.

The game is won or lost together, so the planner maximises the *team's* chance to pay the
loan (and, a little, the margin over it): every seat's reward in a playout is the team's.
Where the team's future turns on a choice it searches (:mod:`wokphysics.games.search`);
elsewhere it cooks as the team bot (:class:`~.team_bot.TeamBot`) does, which the playouts
also assume of every seat, itself included.

- **What it plans.** The Purchase phase, where the team's future is decided: each recipe
  the team could buy (for the seat the team bot would give it), each upgrade, advertising,
  and being done, one purchase at a time. Planning the purchases alone took the team bot's
  2-player wins at Normal from 26 to 52 of the same 78 deals (docs/bots.md). The Action
  phase runs against the sand, so there it cooks as the team bot does (and thinks no
  longer than it).
- **What it sees.** Everything on the table but the orders of the decks. A determinization
  deals again, from what the team cannot see: the face-down customers of the Customer deck
  together with the Potential deck (the customers of the recipes in play that are nowhere
  else), the face-down events with the event deck, the Customer deck's order, and the dice
  still to be rolled.
- **Playouts.** From the position after the move, the team bot plays every seat to the end
  of the game on simulated time; the reward is the win (the last round's income pays the
  loan) with :data:`MARGIN_SHARE` for the income over the loan.
"""

from __future__ import annotations

import math
import random
from typing import Final

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.search import (
    Analysis,
    Move,
    Planner,
    Playout,
    decision_rng,
    paired_search,
)
from wokphysics.games.wok_star.actions import Advertise, Buy, Done, Upgrade, WokStarAction
from wokphysics.games.wok_star.clock import SimulatedClock
from wokphysics.games.wok_star.model import OVER, PURCHASE
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot

MARGIN_SHARE: Final = 0.1
"""Of the reward, the share that grows with the last round's income over the loan."""
MARGIN_SCALE: Final = 10.0
"""Dollars over the loan that make the margin's share about 73 % (a logistic curve)."""
DEFAULT_BUDGET: Final = 40
"""Playouts a planned decision of the plain ``planner`` bot (docs/bots.md). The issue allows
1 s of one core a move, and 4 players' playouts are the longest: over the 66 planned
decisions of 3 four-planner games (seeds 1-3) 40 playouts took a median of 0.65 s of CPU and
at most 0.80 s in plain Python, 0.29 s and 0.37 s compiled; 60 took up to 1.15 s in plain
Python, and 100 up to 0.89 s compiled (1.06 s on a busier machine)."""


class WokStarSearch:
    """Wok Star as the search sees it (see the module docstring)."""

    paired = True
    confidence = 2.0

    def __init__(self) -> None:
        self.team = TeamBot(0)

    # ------------------------------------------------------------------ hidden information
    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        assert isinstance(state, WokStarState)
        world = state.copy_on(SimulatedClock())
        hidden_customers = [c for c, known in zip(state.deck, state.deck_known, strict=True)
                            if not known and "#" in c]
        hidden_events = [c for c, known in zip(state.deck, state.deck_known, strict=True)
                         if not known and "#" not in c]
        customers = sorted(hidden_customers + state.potential)
        events = sorted(hidden_events + state.event_deck)
        rng.shuffle(customers)
        rng.shuffle(events)
        deck: list[tuple[str, bool]] = [
            (c, True) for c, known in zip(state.deck, state.deck_known, strict=True) if known
        ]
        deck += [(c, False) for c in customers[: len(hidden_customers)]]
        deck += [(c, False) for c in events[: len(hidden_events)]]
        deck.sort()
        rng.shuffle(deck)
        world.deck = [card for card, _ in deck]
        world.deck_known = [known for _, known in deck]
        world.potential = customers[len(hidden_customers):]
        world.event_deck = events[len(hidden_events):]
        world.rng.seed(rng.getrandbits(64))
        world.refresh()
        return world

    # ------------------------------------------------------------------ moves
    def moves(self, state: GameState) -> list[Move]:
        assert isinstance(state, WokStarState)
        legal = state.legal_wok_star_actions()
        first = self.team.choose(state)
        return [(action,) for action in planned_choices(state, legal, first)] or [(first,)]

    # ------------------------------------------------------------------ playouts
    def playout(self, state: GameState, rng: random.Random) -> Playout:
        assert isinstance(state, WokStarState)
        team = self.team
        team.rng.seed(rng.getrandbits(32))
        apply = state.apply
        choose = team.choose
        while state.phase is not OVER:
            apply(choose(state))
        won = 1.0 if state.won() else 0.0
        margin = float((0 if state.lost else state.final_income) - state.loan())
        reward = (1.0 - MARGIN_SHARE) * won + MARGIN_SHARE * _logistic(margin / MARGIN_SCALE)
        seats = state.num_players
        return Playout([reward] * seats, [won] * seats, [margin] * seats)

    # ------------------------------------------------------------------ words
    def describe(self, state: GameState, move: Move) -> str:
        return str(move[0])


def planned_choices(state: WokStarState, legal: list[WokStarAction],
                    first: Action) -> list[WokStarAction]:
    """The moves worth planning here, the team bot's choice ``first`` first; an empty list
    where the planner leaves the choice to the team bot."""
    if state.phase is not PURCHASE:
        return []
    found: list[WokStarAction] = []
    buyers: dict[str, WokStarAction] = {}
    for action in legal:
        if isinstance(action, Buy):
            if action.recipe not in buyers or action == first:
                buyers[action.recipe] = action
        elif isinstance(action, Upgrade | Advertise | Done):
            found.append(action)
    found += buyers.values()
    if len(found) < 2:
        return []
    assert isinstance(first, WokStarAction)
    if first in found:
        found.remove(first)
    return [first, *found]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


class TeamPlanner(Planner):
    """A team cook that plans the team's big decisions (see the module docstring):
    ``planner`` or ``planner:N`` (N playouts a planned decision)."""

    name = "planner"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET) -> None:
        super().__init__(seed, budget)
        self.game = WokStarSearch()
        self.team = TeamBot(seed)

    def quick_choice(self, state: GameState) -> Action | None:
        """The team bot's choice where there is nothing to plan."""
        assert isinstance(state, WokStarState)
        legal = state.legal_wok_star_actions()
        if len(legal) == 1:
            return legal[0]
        first = self.team.choose(state)
        return None if planned_choices(state, legal, first) else first

    def analyse(self, state: GameState, iterations: int | None = None) -> Analysis:
        """The search over this decision's planned moves (every legal move where the planner
        would leave it to the team bot: what the advice key asks), without playing anything."""
        assert isinstance(state, WokStarState)
        legal = state.legal_wok_star_actions()
        first = self.team.choose(state)
        assert isinstance(first, WokStarAction)
        choices = planned_choices(state, legal, first) or [
            first, *(a for a in legal if a is not first)
        ]
        budget = self.budget if iterations is None else iterations
        return paired_search(self.game, state, [(action,) for action in choices], budget,
                             decision_rng(self.seed, state))
