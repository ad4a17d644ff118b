"""Bots for the turn-based games: actors that choose actions exactly as a person would.

A bot sees the state only through what it is allowed to see (its code should read
``state.observation(player)`` or public parts of the state) and returns one of
``state.legal_actions()``. Each bot owns a seeded generator, so a game with bots is still
reproducible from its seed.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable

from wokphysics.errors import UserError
from wokphysics.games.protocol import Action, GameState


class Bot(abc.ABC):
    """A player that picks actions. ``name`` is what results tables show."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()`` for ``state.current_player``."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions (the conformance tests' playout policy)."""

    name = "random"

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())


BotFactory = Callable[[int], Bot]
"""``factory(seed)``: a new bot."""

_BOTS: dict[str, dict[str, BotFactory]] = {}


def register_bot(game: str, name: str, factory: BotFactory) -> None:
    """Make bot ``name`` available for ``game`` (``--bots name,...`` on the command line)."""
    _BOTS.setdefault(game, {})[name] = factory


def bot_names(game: str) -> list[str]:
    """The bots ``game`` has, sorted."""
    from wokphysics.games.protocol import registered

    registered(game)  # loads the game's package, which registers its bots
    return sorted(_BOTS.get(game, {}))


def make_bot(game: str, name: str, seed: int) -> Bot:
    """A new bot, or a UserError naming the bots this game has."""
    names = bot_names(game)
    if name not in _BOTS.get(game, {}):
        raise UserError(f"unknown bot '{name}' for {game}; choose from: {', '.join(names)}")
    return _BOTS[game][name](seed)
