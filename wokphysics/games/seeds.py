"""How a game's seed seeds the bots at its table: the one place this formula lives.

Simulations, the batch runner, the terminal and the window all seat bots through
:func:`bot_seed`, so a game with bots is reproducible from its seed alone.

>>> bot_seed(3, 1)  # seat 1's bot in game 3
23758
>>> [task_seed(7, index) for index in range(3)]  # game i of `simulate --seed 7` is seed 7+i
[7, 8, 9]
"""

from __future__ import annotations

MAX_SEED = 2**63 - 1
"""Largest game seed (``--seed`` takes 0 to this; records refuse others)."""

SEAT_STRIDE = 7919
"""A prime larger than any seat count, so the bots of different games get different seeds."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (0-based) of the game seeded ``game_seed``."""
    return game_seed * SEAT_STRIDE + seat


def task_seed(study_seed: int, index: int) -> int:
    """The seed of task ``index`` (0-based: one game or one flick trial) of a study seeded
    ``study_seed``; the batch runner derives every task's seed here and nowhere else.

    ``study_seed + index``: it depends on the study's seed and the task's index alone (never
    on the worker or the order tasks finish), and game ``i`` of ``simulate --seed S`` is the
    game ``--seed S+i --games 1`` plays, so a surprising game in a study can be replayed
    alone (in a study of repeating blocks, ``index`` is the game's place in its block: see
    ``Study.seed_every``). Studies with nearby seeds share most of their games: give studies
    that must be independent seeds further apart than their task counts.
    """
    if index < 0:
        raise ValueError(f"a task index is 0 or more, not {index}")
    return study_seed + index
