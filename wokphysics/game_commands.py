"""Where each game's command-line options live.

Every game has a ``commands`` module that provides, for each verb it supports,
``add_<verb>_arguments(parser)`` and ``<verb>(args) -> int`` (verbs: play, simulate, score),
a ``TITLE``, and ``bench_figures(repeat: int) -> dict[str, float]`` for ``wokphysics bench``.
These modules import their heavy parts inside the functions, so ``--help`` stays quick.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

GAME_COMMAND_MODULES: dict[str, str] = {
    "wok-on-fire": "wokphysics.games.wok_on_fire.commands",
    "we-will-wok-you": "wokphysics.games.we_will_wok_you.commands",
    "wok-star": "wokphysics.games.wok_star.commands",
    "wok-and-roll": "wokphysics.games.wok_and_roll.commands",
}


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


GAME_NAMES: tuple[str, ...] = tuple(
    name for name, module in GAME_COMMAND_MODULES.items() if _present(module)
)


def commands_for(game: str) -> ModuleType:
    """The ``commands`` module of ``game``."""
    return importlib.import_module(GAME_COMMAND_MODULES[game])
