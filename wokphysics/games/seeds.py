"""How a game's seed seeds the bots at its table: the one place this formula lives.

Simulations, the batch runner, the terminal and the window all seat bots through
:func:`bot_seed`, so a game with bots is reproducible from its seed alone.
"""

from __future__ import annotations

SEAT_STRIDE = 7919
"""A prime larger than any seat count, so the bots of different games get different seeds."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (0-based) of the game seeded ``game_seed``."""
    return game_seed * SEAT_STRIDE + seat
