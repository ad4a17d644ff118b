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


def refuse_unknown_bots(
    names: Sequence[str], known: Sequence[str], game: str, option: str = "--bots"
) -> None:
    """The one check of bot names, for every game and front end: a UserError naming the first
    name not in ``known`` and the bots there are."""
    for name in names:
        if name not in known:
            choices = ", ".join(sorted(known)) or "none"
            raise UserError(f"{option}: unknown bot '{name}' for {game}; choose from: {choices}")
