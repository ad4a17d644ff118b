"""Wok and Roll for the search bot (:mod:`wokphysics.games.search`): ``mcts`` and ``mcts:N``.

- **What a seat sees.** The dice, its own menu, and the others' menus as they were when the
  dice locked (their cooking of the turn stays hidden until the turn ends). A
  determinization rolls the dice still to come with its own generator, and gives each
  seat that has cooked before it this turn a cooking of its own: the greedy bot's, from the
  menu the seat shows and the turn's dice (what it may have done, crossings or none alike;
  whether the game ends this turn follows from it).
- **Moves.** At the market: the greedy bot's re-roll (every die its plan leaves unused),
  lock, and that re-roll with one die more or one fewer. While cooking: the
  :data:`COOKS_WEIGHED` steps the greedy bot values most, and ``done``.
- **Playouts.** The greedy bot plays every seat to the end of the game (a whole game takes
  it a few milliseconds); the reward grows with the final margin over the best other seat
  (:data:`MARGIN_SCALE`).
- **Comparing the moves.** Not a tree: every move is played out on the same possible
  worlds (the same dice to come), and the worse half dropped in stages
  (:func:`~wokphysics.games.search.paired_search`). Against the greedy bot, 60 playouts a
  decision won 33 of 40 games this way and 12 of 40 as a tree (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from typing import Final

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.search import Move, Playout
from wokphysics.games.wok_and_roll.actions import DoneCooking, Lock, Reroll
from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
from wokphysics.games.wok_and_roll.menu import face_dice
from wokphysics.games.wok_and_roll.options import canonical_reroll
from wokphysics.games.wok_and_roll.rules import apply_to_menu, menu_actions
from wokphysics.games.wok_and_roll.state import WokAndRollState

COOKS_WEIGHED: Final = 4
"""Cooking steps (besides ``done``) a node tries."""
MARGIN_SCALE: Final = 10.0
"""Points of margin over the best other seat that make the reward about 0.73 (a logistic
curve): the margin, not the win alone, is rewarded (a finer measure of a move than the
win, whose playouts' dice make it noisy)."""
SOLO_SCALE: Final = 40.0
"""Alone, the reward is ``1 - exp(-points / SOLO_SCALE)``: more points, more reward."""
DEFAULT_BUDGET: Final = 60
"""Playouts a move of the plain ``mcts`` bot: at 150 a move took 0.7 s of CPU on average in
plain Python (an editable install), little room under 1 s for the longest; 60 takes 0.135 s
compiled (docs/bots.md)."""


class WokAndRollSearch:
    """The game as the search sees it (see the module docstring)."""

    paired = True
    confidence = 0.0

    def __init__(self) -> None:
        self.greedy = WokAndRollGreedyBot(0)

    # ------------------------------------------------------------------ hidden information
    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        assert isinstance(state, WokAndRollState)
        world = state.clone()
        world.rng.seed(rng.getrandbits(64))
        if state.phase != "cook":
            return world
        sheet = world.sheet
        weights = world.settings.bots.greedy
        faces = face_dice(world.dice, len(sheet.codes))
        ending = False
        cooked = _cooked_before(state, seat)
        # every score as ``seat`` sees it (the others' as at the lock)
        seen = [float(m["score"]) for m in state.observation(seat)["menus"]]
        for other in range(state.num_players):
            if other in cooked:  # what it shows (its menu at the lock), then a cooking
                shown = state.public[other] if state.public else None
                menu = (shown if shown is not None else state.menus[other]).copy()
                menu.dice_used = 0
                usable = world.usable(other)
                leading = all(seen[other] >= score for score in seen)
                for _ in range(len(sheet.servings)):
                    best: Action | None = None
                    best_value = weights.least_value
                    for action in menu_actions(sheet, menu, world.dice, usable):
                        value = self.greedy.value(sheet, menu, action, leading, weights)
                        if value > best_value:
                            best, best_value = action, value
                    if best is None:
                        break
                    apply_to_menu(sheet, menu, best, faces, usable)
                world.menus[other] = menu
            if world.menus[other].completed(sheet) >= sheet.dishes_to_end:
                ending = True
        if world.menus[seat].completed(sheet) >= sheet.dishes_to_end:
            ending = True
        world.ending = ending
        return world

    # ------------------------------------------------------------------ moves
    def moves(self, state: GameState) -> list[Move]:
        assert isinstance(state, WokAndRollState)
        legal = state.legal_actions()
        if state.phase == "roll":
            return self._market(state, legal)
        seat = state.current_player
        weights = state.settings.bots.greedy
        leading = _leads(state, seat)
        menu = state.menus[seat]
        valued: list[tuple[float, Action]] = []
        done: Action | None = None
        for action in legal:
            if isinstance(action, DoneCooking):
                done = action
                continue
            valued.append((self.greedy.value(state.sheet, menu, action, leading, weights),
                           action))
        valued.sort(key=lambda item: -item[0])
        moves: list[Move] = [(action,) for _, action in valued[:COOKS_WEIGHED]]
        if done is not None:
            # where the greedy bot would say done, done goes first
            if not valued or valued[0][0] <= weights.least_value:
                moves.insert(0, (done,))
            else:
                moves.append((done,))
        return moves

    def _market(self, state: WokAndRollState, legal: list[Action]) -> list[Move]:
        """The greedy bot's re-roll, lock, and that re-roll with a die more or fewer."""
        choice = self.greedy.choose(state)
        listed = set(legal)
        found: list[Action] = [choice]
        lock = next((a for a in legal if isinstance(a, Lock)), None)
        if lock is not None and lock not in found:
            found.append(lock)
        rolled = set(choice.dice) if isinstance(choice, Reroll) else set()
        sheet = state.sheet
        for die in range(sheet.dice):
            dice = rolled ^ {die}
            if not dice:
                continue
            variant = state.parse_action(
                "reroll " + " ".join(str(i + 1) for i in sorted(dice))
            )
            if isinstance(variant, Reroll):
                variant = canonical_reroll(variant.dice)
            if variant in listed and variant not in found:
                found.append(variant)
        return [(action,) for action in found]

    # ------------------------------------------------------------------ playouts
    def playout(self, state: GameState, rng: random.Random) -> Playout:
        assert isinstance(state, WokAndRollState)
        greedy = self.greedy
        greedy.rng.seed(rng.getrandbits(32))
        apply = state.apply
        choose = greedy.choose
        while state.current_player >= 0:
            apply(choose(state))
        players = range(state.num_players)
        points = [float(p) for p in state.scores()]
        winners = state.winners()
        wins = [1.0 / len(winners) if p in winners else 0.0 for p in players]
        margins = [_margin(points, p) for p in players]
        if state.num_players == 1:  # alone, the score is all there is
            return Playout([1.0 - math.exp(-points[0] / SOLO_SCALE)], wins, margins)
        return Playout([_logistic(margins[p] / MARGIN_SCALE) for p in players], wins, margins)

    # ------------------------------------------------------------------ words
    def describe(self, state: GameState, move: Move) -> str:
        return str(move[0])


def _cooked_before(state: WokAndRollState, seat: int) -> set[int]:
    """The seats that have cooked this turn before ``seat`` (the cooking goes round from the
    roller): what they crossed is hidden from ``seat`` until the turn ends, whether they
    crossed anything or not."""
    found: set[int] = set()
    other = state.roller
    for _ in range(state.num_players):
        if other == seat:
            return found
        found.add(other)
        other = (other + 1) % state.num_players
    return found


def _leads(state: WokAndRollState, seat: int) -> bool:
    """Whether ``seat``'s visible score is at least every other visible one (the greedy
    bot's own test)."""
    return WokAndRollGreedyBot._leading(state, seat)


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _margin(points: list[float], player: int) -> float:
    """``player``'s points less the best other seat's (its own points when alone)."""
    others = [p for q, p in enumerate(points) if q != player]
    return points[player] - max(others) if others else points[player]
