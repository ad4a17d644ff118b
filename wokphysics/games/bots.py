"""Bots for the turn-based games: actors that choose actions exactly as a person would.

A bot sees the state only through what it is allowed to see (its code should read
``state.observation(player)`` or public parts of the state) and returns one of
``state.legal_actions()``. Each bot owns a seeded generator, so a game with bots is still
reproducible from its seed.

>>> from wokphysics.games.registry import new_game
>>> bot_names("wok-and-roll")
['greedy', 'random']
>>> state = new_game("wok-and-roll", 2, seed=3)
>>> make_bot("wok-and-roll", "random", seed=1).choose(state) in state.legal_actions()
True
>>> make_bot("wok-and-roll", "wizard", seed=1)
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
from wokphysics.games.registry import turn_engine


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


def bot_names(game: str) -> list[str]:
    """The bots ``game`` has, sorted (a UserError for an unknown or non-turn-based game)."""
    return sorted(turn_engine(game).bots)


def refuse_unknown_bots(
    names: Sequence[str], known: Sequence[str], game: str, option: str = "--bots"
) -> None:
    """The one check of bot names, for every game and front end: a UserError naming the first
    name not in ``known`` and the bots there are."""
    for name in names:
        if name not in known:
            choices = ", ".join(sorted(known)) or "none"
            raise UserError(f"{option}: unknown bot '{name}' for {game}; choose from: {choices}")


def check_bot_names(game: str, names: Sequence[str], option: str = "--bots") -> list[str]:
    """``names`` if every one is a bot of ``game``, else one UserError naming the bad one and
    the bots there are. An empty list is refused too."""
    if not names:
        raise UserError(f"{option} needs at least one bot name")
    refuse_unknown_bots(names, bot_names(game), game, option)
    return list(names)


def make_bot(game: str, name: str, seed: int) -> Bot:
    """A new bot, or a UserError naming the bots this game has."""
    check_bot_names(game, [name], "bot")
    return turn_engine(game).bots[name](seed)
