"""The turn-engine protocol shared by the non-dexterity games.

A game declares its :class:`GameInfo` once, in its plugin entry (listed in
:mod:`wokphysics.games.registry`). Its state is a :class:`GameState`: whose turn it is, the
legal actions as small frozen values with a text form that parses back, ``apply`` that refuses
an illegal action with :class:`IllegalAction` (leaving the state unchanged), terminal test,
scores and winners with the game's tie-breaks, ``clone``, a canonical JSON form, and
per-player observations that hide what the player may not see.

Chance (shuffles, dice) comes only from the state's own seeded :class:`random.Random`, which
is part of the state (its JSON form carries the generator's state), so replaying the seed and
the history reproduces the state exactly. No module-level randomness, no wall clock.

>>> from wokphysics.games.registry import new_game
>>> state = new_game("wok-and-roll", players=2, seed=2)
>>> action = state.legal_actions()[0]
>>> str(action), state.parse_action(str(action)) == action   # the text form parses back
('reroll 1', True)
>>> state.apply(state.parse_action("done"))
Traceback (most recent call last):
...
wokphysics.errors.IllegalAction: 'done': player 1 is at the market; reroll or lock first
"""

from __future__ import annotations

import abc
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from mypy_extensions import mypyc_attr

from wokphysics.errors import ActionParseError, IllegalAction, InvariantViolation

RNG_WORDS: Final = 625
"""The numbers of ``random.Random``'s state: 624 words of the Mersenne Twister and its index."""
RNG_WORD_MAX: Final = 2**32 - 1


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once.

    Attributes:
        name: the registry and command-line name, e.g. ``"we-will-wok-you"``.
        title: the name people read, e.g. ``"We Will Wok You"``.
        min_players, max_players: the player counts the rules allow.
        hidden_information: some of the state is hidden from some players.
        simultaneous: the rules have players act at once (the engine serialises it in
            seat order, nobody seeing another's choice before all are made).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    simultaneous: bool


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """A move: a small frozen value object (make subclasses ``@dataclass(frozen=True)``).

    ``str(action)`` is its text form, and the game's ``parse_action`` reads it back to an
    equal action.
    """

    @abc.abstractmethod
    def __str__(self) -> str: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """The state of one game. Subclasses implement the abstract methods.

    A plain class, not an ``abc.ABC``: under mypyc every compiled subclass of an ABC shares
    its base's ``ABCMeta`` cache (``_abc_impl``), so ``isinstance(a_we_will_wok_you_state,
    WokAndRollState)`` answered True once a We Will Wok You state had been checked against
    ``GameState``. mypy still refuses to instantiate a class that leaves an
    ``abc.abstractmethod`` unimplemented.

    Invariants: ``is_terminal()`` exactly when ``legal_actions()`` is empty; ``apply`` either
    applies a legal action and appends it to ``history`` or raises ``IllegalAction`` and
    changes nothing; two states are equal exactly when their ``to_json()`` texts are equal.
    """

    info: ClassVar[GameInfo]

    def __init__(self, num_players: int, seed: int) -> None:
        self.num_players = num_players
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []

    # --- whose move and what is legal -------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat (0-based) whose input is expected; -1 when the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty exactly when terminal)."""

    def legal_view(self) -> Sequence[Action]:
        """The legal actions as ``legal_actions()`` lists them, read-only and valid until the
        next ``apply``: a game that keeps its list returns it without the copy (a bot's
        choice reads it once per step of every simulated game). Default: ``legal_actions()``.
        """
        return self.legal_actions()

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's text form; raise ActionParseError if it is not one."""

    def check_legal(self, action: Action) -> None:
        """Raise IllegalAction (saying why) if ``action`` may not be taken now.

        The default compares against ``legal_actions()``; games override it to say why.
        """
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not a legal action now")

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player, or raise IllegalAction and change nothing."""
        self.check_legal(action)
        self._apply(action)
        self.history.append(action)

    # --- the end ----------------------------------------------------------------------
    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score (final when terminal, running otherwise)."""

    @abc.abstractmethod
    def winners(self) -> list[int]:
        """The seats that won, after the game's tie-breaks (several on a shared victory)."""

    # --- copies, text and views -------------------------------------------------------
    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Every bit of state as plain JSON data, including ``self.rng.getstate()``."""

    @classmethod
    @abc.abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild a state from ``to_dict()`` data."""

    @abc.abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as plain data (others' hands and the draw order hidden)."""

    def check_invariants(self) -> None:  # noqa: B027 - optional hook, empty by default
        """Raise InvariantViolation if a declared invariant fails. Games extend this."""

    def to_json(self) -> str:
        """The canonical text of the whole state (sorted keys; equal states, equal texts)."""
        payload = {"game": self.info.name, "state": self.to_dict()}
        return json.dumps(payload, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json_text(cls, text: str) -> Self:
        """Rebuild a state of this game from ``to_json()``."""
        payload = json.loads(text)
        return cls.from_dict(payload["state"])

    def clone(self) -> Self:
        """An independent copy equal to this state."""
        return self.from_json_text(self.to_json())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    # --- helpers for subclasses -------------------------------------------------------
    def rng_state(self) -> list[Any]:
        """The generator's state as JSON data."""
        version, internal, gauss = self.rng.getstate()
        return [version, list(internal), gauss]

    def set_rng_state(self, data: Sequence[Any]) -> None:
        """Restore the generator from ``rng_state()`` data; a ValueError says what is wrong
        with data no generator saved (a number out of range made ``setstate`` raise an
        OverflowError, which a saved game's readers did not expect)."""
        if not isinstance(data, list | tuple) or len(data) != 3:
            raise ValueError("field 'rng' must be [version, 625 numbers, gauss]")
        version, internal, gauss = data
        if (not isinstance(internal, list | tuple) or len(internal) != RNG_WORDS
                or not all(type(word) is int and 0 <= word <= RNG_WORD_MAX
                           for word in internal)
                or internal[-1] > RNG_WORDS - 1):
            raise ValueError(f"field 'rng' must hold {RNG_WORDS} whole numbers 0 to "
                             f"{RNG_WORD_MAX}, the last at most {RNG_WORDS - 1}")
        if type(version) is not int or not (gauss is None or type(gauss) is float):
            raise ValueError("field 'rng' must be [version, 625 numbers, gauss]")
        self.rng.setstate((version, tuple(internal), gauss))


__all__ = [
    "Action",
    "ActionParseError",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvariantViolation",
]
