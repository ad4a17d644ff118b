"""Building Wok Star positions for tests through the public API.

A position is a real game (started by the factory, moved on by legal actions) with some
fields set the way a saved game would hold them: :func:`position` writes the changes into
``to_dict()`` data and loads it with ``from_dict``, so a test never pokes a live state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wokphysics.games.saved_state import JsonValue
from wokphysics.games.wok_star.cards import WokStarConfig, default_config
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import Die, FamilyCard, Phase, PileCard
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timers import SandTimer

Piece = Die | PileCard | FamilyCard | SandTimer


def _json(value: object) -> JsonValue:
    if isinstance(value, Die | PileCard | FamilyCard | SandTimer):
        return value.to_json()
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, WokStarConfig):
        return value.canonical
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_json(v) for v in value]
    assert value is None or isinstance(value, str | int | float | bool), value
    return value


def position(state: WokStarState, **changes: object) -> WokStarState:
    """A copy of ``state`` with fields changed (names as in ``to_dict``), loaded like a save."""
    data = dict(state.to_dict())
    for key, value in changes.items():
        assert key in data, f"no field {key}"
        data[key] = _json(value)
    return WokStarState.from_dict(data, state.clock)


def config(**options: bool | int | float | str) -> WokStarConfig:
    """The shipped config with some rules options changed."""
    return default_config().with_options(**options) if options else default_config()


def started(players: int = 2, seed: int = 0, **options: bool | int | float | str) -> WokStarState:
    """A game in round 1's Action phase (setup choices: the first legal ones)."""
    state = new_wok_star(players, seed, config(**options))
    while state.phase in (Phase.SETUP_ASSIGN, Phase.SETUP_BONUS):
        state.apply(state.legal_actions()[0])
    return state


def quiet(players: int = 2, seed: int = 0, **options: bool | int | float | str) -> WokStarState:
    """The first game's rules: no timer, no events, no characters."""
    return started(players, seed, timer=False, events=False, characters=False, **options)


def with_dice(state: WokStarState, seat: int, faces: list[int]) -> WokStarState:
    """``seat`` holds exactly unplaced dice of its own colour showing ``faces``, and acts."""
    dice = [d for d in state.dice if d.holder != seat and d.colour != seat]
    dice += [Die(seat, face, seat) for face in faces]
    pool = list(state.pool)
    pool[seat] = len(faces)
    return position(state, dice=dice, pool=pool, turn=seat)


def counters(state: WokStarState, **values: int) -> dict[str, int]:
    """The state's counters with some changed."""
    return {**state.counters, **values}
