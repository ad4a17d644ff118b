"""Bots for the turn-based games: actors that choose actions exactly as a person would.

A bot sees the state only through what it is allowed to see (its code should read
``state.observation(player)`` or public parts of the state) and returns one of
``state.legal_actions()``. Each bot owns a seeded generator, so a game with bots is still
reproducible from its seed.

A game's bots are listed by name in its plugin entry; a bot is made by name through the
registry (:func:`wokphysics.games.registry.make_bot`), which sits above every game: this
module imports no game, so a game's bot may subclass :class:`Bot` without loading the others.

>>> from wokphysics.games.wok_and_roll.factory import new_state
>>> state = new_state(2, seed=3)
>>> RandomBot(seed=1).choose(state) in state.legal_actions()
True
>>> refuse_unknown_bots(["wizard"], ["greedy", "random"], "wok-and-roll", "bot")
Traceback (most recent call last):
...
wokphysics.errors.UserError: bot: unknown bot 'wizard' for wok-and-roll; choose from: greedy, random
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Sequence

from mypy_extensions import mypyc_attr

from wokphysics.errors import UserError
from wokphysics.games.protocol import Action, GameState


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot:
    """A player that picks actions. ``name`` is what results tables show. (A plain class,
    not an ``abc.ABC``, for the reason given at :class:`~wokphysics.games.protocol.GameState`.)
    """

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()`` for ``state.current_player``."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions (the conformance tests' playout policy)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # the generator's bound getrandbits, looked up once (and again should ``rng`` be
        # replaced): the lookup was a tenth of a compiled choice
        self._bits_of = self.rng
        self._getrandbits: Callable[[int], int] = self.rng.getrandbits

    def choose(self, state: GameState) -> Action:
        actions = state.legal_view()
        count = len(actions)
        if not count:
            raise IndexError("Cannot choose from an empty sequence")
        # Exactly the draw of ``self.rng.choice(actions)`` (``Random._randbelow``: the
        # fewest random bits that can hold the count, drawn again while out of range),
        # without its two Python-level calls: the hot loop of every simulation runs here.
        # tests/games/test_random_bot.py checks it gives the same choices as ``choice``.
        if self.rng is not self._bits_of:
            self._bits_of = self.rng
            self._getrandbits = self.rng.getrandbits
        getrandbits = self._getrandbits
        bits = count.bit_length()
        index = getrandbits(bits)
        while index >= count:
            index = getrandbits(bits)
        return actions[index]


MAX_BUDGET = 100_000
"""The largest budget a bot's name may ask for (``mcts:N``: iterations a move)."""


def split_budget(name: str) -> tuple[str, str | None]:
    """``"mcts:200"`` -> ``("mcts", "200")``; a name without ``:`` -> ``(name, None)``."""
    base, colon, budget = name.partition(":")
    return (base, budget) if colon else (name, None)


def parse_budget(text: str, option: str = "bot") -> int:
    """The ``N`` of ``NAME:N``: a whole number of iterations, 1 to :data:`MAX_BUDGET` (a
    UserError otherwise)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 7:
        raise UserError(f"{option}: the budget after ':' is a whole number of iterations "
                        f"(e.g. mcts:200), not {text[:20]!r}")
    budget = int(text)
    if not 1 <= budget <= MAX_BUDGET:
        raise UserError(f"{option}: a budget is 1 to {MAX_BUDGET:,} iterations, not {budget}")
    return budget


def refuse_unknown_bots(
    names: Sequence[str], known: Sequence[str], game: str, option: str = "--bots"
) -> None:
    """The one check of bot names, for every game and front end: a UserError naming the first
    name not in ``known`` and the bots there are. ``known`` lists a bot that takes a budget
    also as ``NAME:N``; then ``NAME:200`` is accepted (and its budget checked)."""
    for name in names:
        if name in known:
            continue
        base, budget = split_budget(name)
        if budget is not None and f"{base}:N" in known:
            parse_budget(budget, option)
            continue
        choices = ", ".join(sorted(known)) or "none"
        raise UserError(f"{option}: unknown bot '{name[:40]}' for {game}; choose from: "
                        f"{choices}")
