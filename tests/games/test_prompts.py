"""Whatever a person types at a turn game's prompt, the game answers; it never crashes.

``"²"`` and ``"①"`` are digits to ``str.isdigit`` but not to ``int``, and a 100,000-digit
number is too long for ``int``: each used to end ``wokphysics play`` in a traceback.
"""

from __future__ import annotations

import pytest
from cli_helpers import wokphysics
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.errors import ActionParseError
from wokphysics.games.protocol import Action
from wokphysics.games.registry import new_game, turn_game_names
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.terminal.wok_star.play import expand

NASTY = ["²", "①", "1" * 100_000, "٣", "-1", "0", "1e3", " ", "\x00", "buy row ²", "p ² rice"]


@pytest.mark.parametrize("typed", ["²", "①", "1" * 100_000])
@pytest.mark.parametrize("game", turn_game_names())
def test_odd_digits_at_the_prompt_are_refused_and_the_game_goes_on(
    game: str, typed: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(
        capsys, monkeypatch, "play", game, "--terminal", "--seed", "1", "--players", "2",
        "--bots", "1", "--no-save", stdin=typed + "\n",
    )
    assert outcome.status == 0, outcome.err
    assert "Traceback" not in outcome.err
    assert "not possible" in outcome.out or "no action numbered" in outcome.out


def _read_back(game: str, text: str) -> Action | None:
    state = new_game(game, 2, 3)
    try:
        if isinstance(state, WokStarState):
            text = expand(state, text)  # a short command with wrong words is a parse error
        return state.parse_action(text)
    except ActionParseError:
        return None


@pytest.mark.parametrize("game", turn_game_names())
def test_nasty_texts_are_parsed_or_refused_with_a_reason(game: str) -> None:
    for text in NASTY:
        action = _read_back(game, text)
        assert action is None or isinstance(action, Action)


@settings(max_examples=150)
@given(game=st.sampled_from(turn_game_names()), words=st.lists(st.text(max_size=12), max_size=4))
def test_any_text_is_an_action_or_a_parse_error(game: str, words: list[str]) -> None:
    action = _read_back(game, " ".join(words))
    assert action is None or isinstance(action, Action)


@pytest.mark.parametrize("word", ["quit", "exit", "Quit", "q"])
@pytest.mark.parametrize("game", turn_game_names())
def test_quit_leaves_a_terminal_game(
    game: str, word: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'quit' at the first prompt ends the game at once (a new user's first guess); nothing
    typed after it is read."""
    outcome = wokphysics(
        capsys, monkeypatch, "play", game, "--terminal", "--seed", "1", "--players", "2",
        "--bots", "1", "--no-save", stdin=f"{word}\n1\n1\n",
    )
    assert outcome.status == 0, outcome.err
    assert "not possible" not in outcome.out and "not an action" not in outcome.out
    if game != "wok-star":
        assert outcome.out.rstrip().endswith("You left the game.")
