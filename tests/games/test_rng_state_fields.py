"""A saved turn game's random-number state that no generator could have saved (a number below
0 or above 2**32 - 1, too few numbers, an index past the end) is refused in one line naming
the field, by ``state_from_json``, ``replay FILE --verify`` and ``play GAME --resume FILE``:
``random.Random.setstate`` raised an OverflowError there, a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import wokphysics
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wokphysics.errors import ReplayFileError
from wokphysics.games.registry import make_bot, new_game, state_from_json, turn_game_names
from wokphysics.replay.turn_record import record_text

GAMES = turn_game_names()


def _record(game: str) -> dict[str, object]:
    """A record of a game two bots played part way."""
    state = new_game(game, 2, seed=4)
    initial = state.clone()
    bots = [make_bot(game, "random", seat) for seat in range(2)]
    for _ in range(12):
        if state.current_player >= 0:
            state.apply(bots[state.current_player].choose(state))
    data: dict[str, object] = json.loads(record_text(game, ["person", "random"], initial, state))
    return data


RECORDS = {game: _record(game) for game in GAMES}

# (at most 19 digits: a longer number is refused by the bounded JSON reader before the
# random state is read, with its own one-line message)
bad_word = st.one_of(st.integers(max_value=-1, min_value=-(10**18)),
                     st.integers(min_value=2**32, max_value=10**19 - 1))
bad_rng = st.one_of(
    st.tuples(st.integers(0, 623), bad_word).map(lambda at: ("word", at)),
    st.integers(625, 2**32).map(lambda index: ("index", index)),
    st.integers(0, 624).map(lambda size: ("size", size)),
)


def _damaged(game: str, damage: tuple[str, object]) -> dict[str, object]:
    data = json.loads(json.dumps(RECORDS[game]))
    rng = data["state"]["rng"]
    kind, value = damage
    if kind == "word":
        at, word = value  # type: ignore[misc]
        rng[1][at] = word
    elif kind == "index":
        rng[1][-1] = value
    else:
        rng[1] = rng[1][: int(value)]  # type: ignore[call-overload]
    return data


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), damage=bad_rng)
def test_a_damaged_random_state_is_one_line_in_every_reader(
    game: str, damage: tuple[str, object], tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _damaged(game, damage)
    with pytest.raises(ReplayFileError, match="rng"):
        state_from_json(json.dumps({"game": game, "state": data["state"]}))
    path = tmp_path_factory.mktemp("saves") / "game.json"
    path.write_text(json.dumps(data))
    outcome = wokphysics(capsys, monkeypatch, "replay", str(path), "--verify")
    assert outcome.status == 2 and outcome.one_line_error, outcome
    assert "rng" in outcome.err and str(path) in outcome.err


@pytest.mark.parametrize("game", GAMES)
def test_resuming_a_game_with_a_damaged_random_state_is_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_damaged(game, ("word", (5, -1)))))
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--resume", str(path),
                         "--max-frames", "2")
    assert outcome.status == 2 and outcome.one_line_error, outcome
    assert "rng" in outcome.err
