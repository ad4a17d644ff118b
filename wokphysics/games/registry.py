"""The registry of games: one typed :class:`~wokphysics.games.plugin.GamePlugin` per game.

This is the only list of games. The CLI builds its verbs from it, the launcher shows it, the
batch runner and the front ends start games through it. Importing it is quick: each plugin
module imports its game's heavy parts only when a hook is called.
"""

from __future__ import annotations

import json
from typing import Any

from wokphysics.errors import ReplayFileError, UserError
from wokphysics.games.plugin import GamePlugin, TurnEngine
from wokphysics.games.protocol import GameState
from wokphysics.games.we_will_wok_you.plugin import PLUGIN as WE_WILL_WOK_YOU
from wokphysics.games.wok_and_roll.plugin import PLUGIN as WOK_AND_ROLL
from wokphysics.games.wok_on_fire.plugin import PLUGIN as WOK_ON_FIRE
from wokphysics.games.wok_star.plugin import PLUGIN as WOK_STAR

PLUGINS: tuple[GamePlugin, ...] = (WOK_ON_FIRE, WE_WILL_WOK_YOU, WOK_STAR, WOK_AND_ROLL)
"""Every game, in the order the launcher and ``--help`` list them."""


def plugin(name: str) -> GamePlugin:
    """The plugin called ``name``, or a UserError listing the games there are."""
    for entry in PLUGINS:
        if entry.name == name:
            return entry
    known = ", ".join(entry.name for entry in PLUGINS)
    raise UserError(f"unknown game '{name}'; the games are: {known}")


def game_names() -> list[str]:
    """Names of every game, in registry order."""
    return [entry.name for entry in PLUGINS]


def turn_game_names() -> list[str]:
    """Names of the games that run on the turn engine, in registry order."""
    return [entry.name for entry in PLUGINS if entry.turn_engine is not None]


def turn_engine(name: str) -> TurnEngine:
    """The turn-engine hooks of ``name``, or a UserError if it is not a turn-based game."""
    entry = plugin(name)
    if entry.turn_engine is None:
        raise UserError(f"{entry.title} does not run on the turn engine")
    return entry.turn_engine


def check_players(entry: GamePlugin, players: int) -> int:
    """``players`` if ``entry`` allows that many, else a one-line UserError."""
    info = entry.info
    if not info.min_players <= players <= info.max_players:
        raise UserError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}"
        )
    return players


def new_game(name: str, players: int, seed: int, config: Any = None) -> GameState:
    """A new turn-based game of ``name`` for ``players`` seats, its chance seeded by ``seed``.

    ``config`` is None (the shipped config), a path to an override, or the game's validated
    config object.
    """
    engine = turn_engine(name)
    check_players(plugin(name), players)
    return engine.new_state(players, seed, config)


def state_from_json(text: str) -> GameState:
    """Rebuild any turn-based game's state from its ``to_json()`` text.

    A text that is not such a state raises one :class:`~wokphysics.errors.ReplayFileError`
    (a UserError), whatever is wrong with it.
    """
    try:
        payload = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ReplayFileError("game state", f"not JSON: {error}") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("game"), str):
        raise ReplayFileError("game state", "must be a JSON object with a 'game' name")
    if not isinstance(payload.get("state"), dict):
        raise ReplayFileError("game state", "must hold the game's 'state' object")
    engine = turn_engine(payload["game"])
    try:
        return engine.load_state(payload["state"])
    except UserError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayFileError(
            "game state", f"is not a valid {payload['game']} state ({type(error).__name__}: "
            f"{error})"
        ) from None
