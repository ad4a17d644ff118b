"""Starting a game: which settings file, which menu side, which end condition.

``config`` (as given to :func:`wokphysics.games.protocol.new_game`) may be None (the shipped
file), a path to an override file or folder, a loaded :class:`WokAndRollSettings`, or a
mapping of options: ``{"path": ..., "expert": bool, "dishes_to_end": int}`` where
``dishes_to_end`` sets the end condition of the side being played.

>>> new_state(2, 1, {"expert": True}).sheet.name
'Expert Menu'
>>> new_state(2, 1, {"colour": "red"})
Traceback (most recent call last):
...
wokphysics.errors.ConfigError: (game options): colour: unknown option; allowed: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wokphysics.config.paths import default_config_dir
from wokphysics.errors import ConfigError
from wokphysics.games.wok_and_roll.settings import (
    CONFIG_FILE,
    WokAndRollSettings,
    load_settings,
    settings_from_data,
)
from wokphysics.games.wok_and_roll.sheet import canonical_settings
from wokphysics.games.wok_and_roll.state import WokAndRollState

_LOADED: dict[tuple[Any, ...], WokAndRollSettings] = {}


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except (OSError, ValueError):  # ValueError: a name holding a null character
        return -1  # (the loader then says what is wrong with the file)


def cached_settings(override: str | Path | None) -> WokAndRollSettings:
    """``load_settings(override)``, reused while neither file changes (games start fast)."""
    default = default_config_dir() / CONFIG_FILE
    key: tuple[Any, ...] = (
        str(override),
        _mtime(default),
        _mtime(Path(override)) if override else 0,
    )
    found = _LOADED.get(key)
    if found is None:
        found = canonical_settings(load_settings(override))
        _LOADED[key] = found
    return found


def with_options(
    settings: WokAndRollSettings, expert: bool | None = None, dishes_to_end: int | None = None
) -> WokAndRollSettings:
    """``settings`` with the menu side and/or the end condition changed (validated)."""
    if expert is None and dishes_to_end is None:
        return settings
    data = settings.model_dump()
    if expert is not None:
        data["rules"]["menu"] = "expert" if expert else "simple"
    if dishes_to_end is not None:
        side = data["rules"]["menu"]
        data["rules"]["expert_dishes_to_end" if side == "expert" else "dishes_to_end"] = (
            dishes_to_end
        )
    return canonical_settings(settings_from_data(data, "(game options)"))


def make_settings(config: Any) -> WokAndRollSettings:
    """The settings a ``config`` argument names (see the module docstring)."""
    if config is None or isinstance(config, str | Path):
        return cached_settings(config)
    if isinstance(config, WokAndRollSettings):
        return canonical_settings(config)
    if isinstance(config, Mapping):
        unknown = sorted(set(config) - {"path", "expert", "dishes_to_end"})
        if unknown:
            raise ConfigError(
                "(game options)", unknown[0], "unknown option; allowed: ..."
            )
        base = cached_settings(config.get("path"))
        return with_options(base, config.get("expert"), config.get("dishes_to_end"))
    raise ConfigError(
        "(game options)",
        None,
        f"Wok and Roll cannot use {type(config).__name__} as its config "
        "(a path, its settings, or options)",
    )


def new_state(num_players: int, seed: int, config: Any = None) -> WokAndRollState:
    """A new game (the factory registered with the turn engine)."""
    return WokAndRollState(num_players, seed, make_settings(config))
