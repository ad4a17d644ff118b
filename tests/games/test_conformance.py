"""Random playouts of every registered turn-engine game, checking the protocol's promises.

For each game, ``GAMES_PER_GAME`` seeded random playouts spread over its player counts (at
least ``MIN_PER_COUNT`` per count) check at every step: terminal exactly when no legal action
is left; ``legal_view()`` lists the very objects of ``legal_actions()``, whose list is the
caller's own; every legal action's text parses back to an equal action; the game's own
invariants (``check_invariants``).
At sampled steps and at the end: a clone equals its original and evolves independently;
the JSON round trip gives an equal state; an observation is plain JSON data; actions that
were legal earlier but are not now are refused with IllegalAction (saying why) and change
nothing. At the end:
replaying the seed and the history reproduces the final state; winners are distinct seats;
applying anything to a finished game raises IllegalAction and changes nothing.

Set ``WOKPHYSICS_CONFORMANCE_GAMES`` to play more (or fewer) games per game; the default keeps
the whole file to well under a minute on two cores.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.registry import new_game, plugin, state_from_json, turn_game_names

pytestmark = pytest.mark.engine

GAMES_PER_GAME = int(os.environ.get("WOKPHYSICS_CONFORMANCE_GAMES", "120"))
MIN_PER_COUNT = 10
SAMPLE_EVERY = 9  # steps between the (costlier) clone and JSON checks
MAX_STEPS = 20_000


def _check_copies(state: GameState, rng: random.Random) -> None:
    text = state.to_json()
    again = state_from_json(text)
    assert again == state and again.to_json() == text, "JSON round trip changed the state"
    assert type(state).from_json_text(text) == state
    copy = state.clone()
    assert copy == state and copy is not state
    if not copy.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
        assert state.to_json() == text, "applying to a clone changed the original"
        assert len(copy.history) == len(state.history) + 1
    for player in range(state.num_players):
        json.dumps(state.observation(player))


def _check_refusals(state: GameState, seen: dict[str, Action], rng: random.Random) -> None:
    """Actions legal earlier but not now are refused with IllegalAction, changing nothing."""
    legal = {str(action) for action in state.legal_actions()}
    stale = [action for text, action in sorted(seen.items()) if text not in legal]
    text = state.to_json()
    for action in rng.sample(stale, min(4, len(stale))):
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert str(refused.value), "a refusal says why"
        assert state.to_json() == text, f"refusing {action} changed the state"


def _play(name: str, players: int, seed: int) -> None:
    state = new_game(name, players=players, seed=seed)
    rng = random.Random(seed * 31 + players)
    seen: dict[str, Action] = {}
    steps = 0
    while True:
        state.check_invariants()
        legal = state.legal_actions()
        view = state.legal_view()
        assert all(a is b for a, b in zip(view, legal, strict=True)), "legal_view differs"
        state.legal_actions().clear()  # the caller's own list
        assert state.legal_actions() == legal, "changing the returned list changed the game"
        assert state.is_terminal() == (not legal), "terminal exactly when no action is legal"
        if not legal:
            break
        assert 0 <= state.current_player < players
        assert len(set(legal)) == len(legal), "legal actions are listed once each"
        for action in legal:
            assert state.parse_action(str(action)) == action, f"text of {action!r}"
            seen[str(action)] = action
        if steps % SAMPLE_EVERY == 0:
            _check_copies(state, rng)
            _check_refusals(state, seen, rng)
        before = len(state.history)
        state.apply(rng.choice(legal))
        assert len(state.history) == before + 1
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    _check_copies(state, rng)
    assert state.current_player == -1
    scores = state.scores()
    winners = state.winners()
    assert len(scores) == players
    # A cooperative game may have no winner, so only the seats are checked here; each game's
    # own tests check its tie-breaks.
    assert len(set(winners)) == len(winners) and set(winners) <= set(range(players))
    frozen = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(state.parse_action(str(state.history[-1])))
    assert state.to_json() == frozen, "a refused action changed the state"
    replay = new_game(name, players=players, seed=seed)
    for action in state.history:
        replay.apply(replay.parse_action(str(action)))
    assert replay == state, "replaying the seed and history did not reproduce the state"


@pytest.mark.slow
@pytest.mark.parametrize("name", turn_game_names())
def test_random_playouts_keep_the_protocol(name: str) -> None:
    info = plugin(name).info
    assert info.name == name and info.min_players <= info.max_players
    counts = range(info.min_players, info.max_players + 1)
    per_count = max(MIN_PER_COUNT, GAMES_PER_GAME // len(counts))
    for players in counts:
        for game in range(per_count):
            _play(name, players, seed=1000 * players + game)


@pytest.mark.parametrize("name", turn_game_names())
def test_player_count_outside_the_rules_is_refused(name: str) -> None:
    from wokphysics.errors import UserError

    info = plugin(name).info
    with pytest.raises(UserError):
        new_game(name, players=info.max_players + 1, seed=1)
    with pytest.raises(UserError):
        new_game(name, players=info.min_players - 1, seed=1)


def test_a_state_is_an_instance_of_its_own_game_only() -> None:
    """Every state is a GameState and an instance of no other game's state class, whatever
    was asked before. (Under mypyc, compiled subclasses of an ``abc.ABC`` shared its
    isinstance cache: once a We Will Wok You state had been checked against GameState, it
    was also a WokAndRollState, and saving a game called ``to_dict`` on the wrong thing.)"""
    from wokphysics.games.bots import Bot
    from wokphysics.games.registry import bot_names, make_bot

    names = turn_game_names()
    states = {name: new_game(name, plugin(name).info.min_players, seed=1) for name in names}
    for _ in range(2):  # the second round asks again, answered from whatever caches exist
        for name, state in states.items():
            assert isinstance(state, GameState)
            for other, other_state in states.items():
                assert isinstance(state, type(other_state)) == (name == other), (name, other)
    bots = [make_bot(name, bot, seed=1) for name in names for bot in bot_names(name)]
    for _ in range(2):
        for bot in bots:
            assert isinstance(bot, Bot)
            for other in bots:
                assert isinstance(bot, type(other)) == (type(bot) is type(other))


@pytest.mark.parametrize(
    ("name", "bots"),
    [
        ("we-will-wok-you", ["greedy", "random", "random"]),
        ("wok-star", ["team", "team", "team"]),
        ("wok-star", ["random", "random"]),
        ("wok-and-roll", ["greedy", "random", "random", "random"]),
    ],
)
def test_a_finished_game_leaves_no_reference_cycle(name: str, bots: list[str]) -> None:
    """The games free what they make by reference counting: nothing of a played game waits
    for the cycle collector, which a simulation would otherwise run about every game (a
    recursive search that names itself from its own closure was such a cycle, in three
    places)."""
    import gc

    from wokphysics.games.registry import make_bot
    from wokphysics.games.simulation import play_out

    def ours(thing: object) -> bool:
        module = getattr(thing, "__module__", "") or type(thing).__module__
        return module.startswith("wokphysics")

    def play(seed: int) -> None:
        state = new_game(name, len(bots), seed)
        play_out(state, [make_bot(name, bot, seed * 7 + k) for k, bot in enumerate(bots)])

    play(0)  # every module imported (a slots dataclass leaves its first class behind)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for seed in range(20, 30):  # seeds whose games reach the searches (late customers...)
            play(seed)
        gc.collect()
        left = [thing for thing in gc.garbage if ours(thing)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert not left, f"{len(left)} objects of a finished game in reference cycles: {left[:3]}"
