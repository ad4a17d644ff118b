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
from pathlib import Path
from types import ModuleType
from typing import Final

COMPILED_MODULES: Final = (
    "wokphysics.games.protocol",
    "wokphysics.games.bots",
    "wokphysics.games.simulation",
    "wokphysics.games.we_will_wok_you.actions",
    "wokphysics.games.we_will_wok_you.scoring",
    "wokphysics.games.we_will_wok_you.steps",
    "wokphysics.games.we_will_wok_you.state",
    "wokphysics.games.we_will_wok_you.bots",
    "wokphysics.games.wok_star.model",
    "wokphysics.games.wok_star.dice",
    "wokphysics.games.wok_star.seats",
    "wokphysics.games.wok_star.timers",
    "wokphysics.games.wok_star.clock",
    "wokphysics.games.wok_star.timeline",
    "wokphysics.games.wok_star.decks",
    "wokphysics.games.wok_star.setup",
    "wokphysics.games.wok_star.action_phase",
    "wokphysics.games.wok_star.accounting",
    "wokphysics.games.wok_star.purchase",
    "wokphysics.games.wok_star.late",
    "wokphysics.games.wok_star.leftover",
    "wokphysics.games.wok_star.characters",
    "wokphysics.games.wok_star.events",
    "wokphysics.games.wok_star.refusals",
    "wokphysics.games.wok_star.invariants",
    "wokphysics.games.wok_star.state",
    "wokphysics.games.wok_star.team_bot",
    "wokphysics.games.wok_and_roll.actions",
    "wokphysics.games.wok_and_roll.lanes",
    "wokphysics.games.wok_and_roll.menu",
    "wokphysics.games.wok_and_roll.options",
    "wokphysics.games.wok_and_roll.rules",
    "wokphysics.games.wok_and_roll.sheet",
    "wokphysics.games.wok_and_roll.state",
    "wokphysics.games.wok_and_roll.bots",
    "wokphysics.table.live",
    "wokphysics.table.cards",
    "wokphysics.table.chipmunk",
    "wokphysics.table.path",
    "wokphysics.table.geometry",
    "wokphysics.table.convex",
    "wokphysics.table.visibility",
    "wokphysics.table.flight",
    "wokphysics.table.impact",
    "wokphysics.table.lift",
    "wokphysics.table.flick",
    "wokphysics.table.contacts",
    "wokphysics.table.parking",
    "wokphysics.table.report",
    "wokphysics.table.base",
    "wokphysics.table.stacking",
    "wokphysics.table.release",
    "wokphysics.table.spread",
    "wokphysics.table.stroke",
    "wokphysics.table.chop",
    "wokphysics.table.world",
    "wokphysics.games.wok_on_fire.ingredients",
    "wokphysics.games.wok_on_fire.scoring",
    "wokphysics.games.wok_on_fire.viability",
    "wokphysics.games.wok_on_fire.picking",
    "wokphysics.games.wok_on_fire.events",
    "wokphysics.games.wok_on_fire.holdings",
    "wokphysics.games.wok_on_fire.engine",
    "wokphysics.games.wok_on_fire.bots",
)
"""What the build compiles: the three turn-based games' engines and bots, and every module a
step of a game runs through (the turn protocol, the random bot, the play-out loop); and Wok on
Fire's table (the physics around pymunk: the stroke, the flight, the lift, stacking,
visibility) with the game's engine, scoring, picking and bots, which a stir, a bench and a
bot game spend their time in (compiled they run 1.3-1.4x faster, bit for bit the same
physics: tests/test_compiled.py compares them). Not compiled: the games' config loading
(pydantic), text front ends and file formats, the table's gesture (its ``checked``
constructor bypasses ``__init__``, which a native class refuses), and Wok Star's action
classes (mypyc makes a dataclass's ``ClassVar`` a field: mypyc/mypyc#1122). The one list of
them: the wheel's build hook (``hatch_build.py``) reads it from this file."""

COMPILED: Final = "compiled (mypyc)"
INTERPRETED: Final = "interpreted (pure Python)"
MIXED: Final = "mixed (some modules compiled)"


def compiled_file(name: str) -> Path | None:
    """The extension module of ``name`` (one of :data:`COMPILED_MODULES`) beside its source in
    the package this process imports, or None. Python's import system prefers an extension
    module to the ``.py`` beside it, so a module with one is loaded compiled."""
    base = Path(__file__).resolve().parents[2].joinpath(*name.split("."))
    for suffix in EXTENSION_SUFFIXES:
        found = base.with_name(base.name + suffix)
        if found.is_file():
            return found
    return None


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (not from its ``.py``)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def engine() -> str:
    """:data:`COMPILED` when every module of :data:`COMPILED_MODULES` runs compiled,
    :data:`INTERPRETED` when none does, else :data:`MIXED` (found without importing them)."""
    flags = [compiled_file(name) is not None for name in COMPILED_MODULES]
    if all(flags):
        return COMPILED
    return MIXED if any(flags) else INTERPRETED
