"""The dice tray as a player sees it: which die sits where, so re-roll numbers keep the
player's numbering.

The engine re-rolls only the first of equal dice of one colour (they are interchangeable, so
its legal list holds one re-roll per distinct choice): asked to re-roll dice 4 and 6 when die
3 shows the same as die 4 and die 5 the same as die 6, it re-rolls dice 3 and 5. The outcome
is the same game, but a player who named dice 4 and 6 expects those to change. A
:class:`DiceTray` keeps a display order per turn: position ``p`` (0-based, the player's die
``p + 1``) shows the engine's die ``order[p]``. A re-roll of positions is turned into the
engine's canonical action and the order is updated so that exactly the positions the player
named show the re-rolled dice. Positions never change colour (white dice stay in the white
positions), and equal dice are only exchanged while they show the same face, so the picture
is always the engine's dice. Front ends (the terminal and the window) keep one tray per game;
nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.games.protocol import ActionParseError
from wokphysics.games.wok_and_roll.actions import Reroll
from wokphysics.games.wok_and_roll.state import WokAndRollState


class DiceTray:
    """The display order of the dice for the current turn (see the module docstring)."""

    def __init__(self, dice: int) -> None:
        self.order = list(range(dice))
        self._turn = -1

    def reset(self) -> None:
        """Forget the order (a replay starting again from its first turn)."""
        self.order = list(range(len(self.order)))
        self._turn = -1

    def follow(self, state: WokAndRollState) -> None:
        """Start a fresh order when a new turn has begun (all dice rolled anew)."""
        if state.turn != self._turn:
            self._turn = state.turn
            self.order = list(range(state.sheet.dice))

    def faces(self, state: WokAndRollState) -> list[int]:
        """The face shown at each position."""
        self.follow(state)
        return [state.dice[i] for i in self.order]

    def position(self, engine_index: int) -> int:
        """Where the engine's die ``engine_index`` is shown (0-based position)."""
        return self.order.index(engine_index)

    def positions(self, engine_indices: Sequence[int]) -> list[int]:
        """The positions of these engine dice, sorted."""
        return sorted(self.position(i) for i in engine_indices)

    def reroll(self, state: WokAndRollState, positions: Sequence[int]) -> Reroll:
        """The engine's re-roll for the player's ``positions`` (0-based). Call
        :meth:`rerolled` with the same positions once the engine took it.
        ActionParseError for a position that is not a die."""
        self.follow(state)
        count = state.sheet.dice
        bad = [p + 1 for p in positions if not 0 <= p < count]
        if bad or not positions:
            raise ActionParseError(f"the dice are numbered 1 to {count}")
        engine = sorted(self.order[p] for p in set(positions))
        action = state.parse_action("reroll " + " ".join(str(i + 1) for i in engine))
        assert isinstance(action, Reroll)
        return action

    def rerolled(self, state_before: WokAndRollState, positions: Sequence[int],
                 action: Reroll) -> None:
        """The engine re-rolled ``action.dice`` for the player's ``positions``: show the
        re-rolled dice at those positions (exchanging only equal dice of one colour, as they
        were before the roll)."""
        white = state_before.sheet.white
        dice = state_before.dice
        chosen = sorted(set(positions))
        groups: dict[tuple[bool, int], list[int]] = {}
        for p in range(len(self.order)):
            engine = self.order[p]
            groups.setdefault((engine < white, dice[engine]), []).append(p)
        rolled = set(action.dice)
        for members in groups.values():
            engines = sorted(self.order[p] for p in members)
            mine = [p for p in members if p in chosen]
            others = [p for p in members if p not in chosen]
            fresh = [i for i in engines if i in rolled]
            kept = [i for i in engines if i not in rolled]
            if len(mine) != len(fresh):  # not the canonical form of these positions
                continue
            for p, i in zip(mine, fresh, strict=True):
                self.order[p] = i
            for p, i in zip(others, kept, strict=True):
                self.order[p] = i

    def text(self, action: Reroll) -> str:
        """``reroll 4 6``: the engine's re-roll in the player's numbering."""
        return "reroll " + " ".join(str(p + 1) for p in self.positions(action.dice))
