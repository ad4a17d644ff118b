"""Which engine runs: the modules that ``pip install .`` compiles with mypyc, and whether
this process loaded them compiled.

The wheel's build hook (``hatch_build.py``, configured in ``pyproject.toml``) compiles
:data:`COMPILED_MODULES` when mypyc and a C compiler work, and installs them as extension
modules beside their ``.py`` files; Python's import system prefers the extension module.
An editable install, ``WOKPHYSICS_PURE=1`` or a failed compilation gives the same modules
as plain Python: the same games, only slower (``wokphysics bench`` says which ran).

>>> engine() in (COMPILED, INTERPRETED, MIXED)
True
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType
from typing import Final

COMPILED_MODULES: Final = (
    "wokphysics.games.protocol",
    "wokphysics.games.bots",
    "wokphysics.games.simulation",
    "wokphysics.games.wok_and_roll.actions",
    "wokphysics.games.wok_and_roll.lanes",
    "wokphysics.games.wok_and_roll.menu",
    "wokphysics.games.wok_and_roll.options",
    "wokphysics.games.wok_and_roll.rules",
    "wokphysics.games.wok_and_roll.sheet",
    "wokphysics.games.wok_and_roll.state",
)
"""What the build compiles: the Wok and Roll engine and every module a step of a random game
runs through (the turn protocol, the random bot, the play-out loop). pyproject.toml's list
of files is checked against this one by tests/test_compiled.py."""

COMPILED: Final = "compiled (mypyc)"
INTERPRETED: Final = "interpreted (pure Python)"
MIXED: Final = "mixed (some modules compiled)"


def modules() -> tuple[ModuleType, ...]:
    """The modules of :data:`COMPILED_MODULES`, imported (by name in import statements, which
    the architecture's checks can see)."""
    from wokphysics.games import bots, protocol, simulation
    from wokphysics.games.wok_and_roll import actions, lanes, menu, options, rules, sheet, state

    return (protocol, bots, simulation, actions, lanes, menu, options, rules, sheet, state)


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (not from its ``.py``)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def engine() -> str:
    """:data:`COMPILED` when every module of :data:`COMPILED_MODULES` runs compiled,
    :data:`INTERPRETED` when none does, else :data:`MIXED`."""
    flags = [is_compiled(module) for module in modules()]
    if all(flags):
        return COMPILED
    return MIXED if any(flags) else INTERPRETED
