"""The registry of games: one typed :class:`~wokphysics.games.plugin.GamePlugin` per game.

This is the only list of games. The CLI builds its verbs from it, the launcher shows it, the
batch runner and the front ends start games through it. Importing it is quick: each plugin
module imports its game's heavy parts only when a hook is called.

>>> state = new_game("we-will-wok-you", players=3, seed=1)
>>> state.current_player, [str(action) for action in state.legal_actions()]
(0, ['collect upper', 'collect lower'])
>>> state.apply(state.parse_action("collect upper"))
>>> state_from_json(state.to_json()) == state
True
>>> state_from_json('{"game": "we-will-wok-you", "state": {}}')
Traceback (most recent call last):
...
wokphysics.errors.ReplayFileError: saved We Will Wok You state: field 'settings' is missing

Bots are made by their game's and their own name:

>>> bot_names("wok-and-roll")
['greedy', 'mcts', 'random']
>>> state = new_game("wok-and-roll", 2, seed=3)
>>> make_bot("wok-and-roll", "random", seed=1).choose(state) in state.legal_actions()
True
>>> make_bot("wok-and-roll", "wizard", seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wokphysics.errors.UserError: bot: unknown bot 'wizard' for wok-and-roll; choose from: greedy, ...
>>> make_bot("wok-and-roll", "mcts:200", seed=1).budget   # a search bot, 200 iterations a move
200
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from wokphysics.errors import InvariantViolation, ReplayFileError, UserError
from wokphysics.games.bots import Bot, parse_budget, refuse_unknown_bots, split_budget
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


def bot_names(game: str) -> list[str]:
    """The bots ``game`` has, sorted (a UserError for an unknown or non-turn-based game)."""
    return sorted(turn_engine(game).bots)


def bot_choices(game: str) -> list[str]:
    """What a seat of ``game`` may hold, as :func:`~wokphysics.games.bots.refuse_unknown_bots`
    reads it: every bot's name, and ``NAME:N`` for each bot that takes a budget."""
    engine = turn_engine(game)
    return sorted([*engine.bots, *(f"{name}:N" for name in engine.budgeted)])


def check_bot_names(game: str, names: Sequence[str], option: str = "--bots") -> list[str]:
    """``names`` if every one is a bot of ``game`` (``NAME:N`` for a bot that takes a budget),
    else one UserError naming the bad one and the bots there are. An empty list is refused
    too."""
    if not names:
        raise UserError(f"{option} needs at least one bot name")
    refuse_unknown_bots(names, bot_choices(game), game, option)
    return list(names)


def make_bot(game: str, name: str, seed: int) -> Bot:
    """A new bot (``NAME:N``: a search bot with a budget of N iterations a move), or a
    UserError naming the bots this game has."""
    check_bot_names(game, [name], "bot")
    engine = turn_engine(game)
    base, budget = split_budget(name)
    if budget is not None:
        return engine.budgeted[base](seed, parse_budget(budget))
    return engine.bots[name](seed)


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
    (a UserError), whatever is wrong with it: not JSON, nested too deeply, numbers too long,
    fields missing, mistyped or unknown, a state whose invariants fail or whose legal actions
    cannot be listed, or one that re-saving would change (an edited or damaged text; a save of
    an older format is re-saved in the new one, so only its fields are compared by name).
    """
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, int digit limit
        raise ReplayFileError("game state", f"not JSON: {str(error)[:200]}") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("game"), str):
        raise ReplayFileError("game state", "must be a JSON object with a 'game' name")
    if set(payload) != {"game", "state"}:
        raise ReplayFileError("game state", "must hold exactly 'game' and 'state'")
    data = payload.get("state")
    if not isinstance(data, dict):
        raise ReplayFileError("game state", "must hold the game's 'state' object")
    engine = turn_engine(payload["game"])
    name = payload["game"]
    try:
        state = engine.load_state(data)
        state.check_invariants()
        state.legal_actions()
        resaved = state.to_dict()
    except UserError:
        raise
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        RecursionError,
        OverflowError,
        InvariantViolation,
    ) as error:
        raise ReplayFileError(
            "game state", f"is not a valid {name} state ({type(error).__name__}: "
            f"{str(error)[:200]})"
        ) from None
    unknown = sorted(str(key) for key in data if key not in resaved)
    if unknown:
        raise ReplayFileError("game state", f"unknown field '{unknown[0][:40]}' in a {name} state")
    if data.get("format") == resaved.get("format"):
        changed = sorted(key for key in data if data[key] != resaved[key])
        if changed:
            raise ReplayFileError(
                "game state", f"field '{changed[0]}' does not hold what the {name} state it "
                "rebuilds would save (an edited or damaged text)"
            )
    return state
