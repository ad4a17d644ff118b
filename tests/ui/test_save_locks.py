"""A save file's lock (``NAME.lock``, see records/saving.py) lives only while a game holds it:
no resume, refused or played, leaves one behind (refused resumes of damaged saves left them);
and a saved game whose folder cannot be written opens unsaved, saying so, instead of being
refused with "cannot lock the save file"."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import wokphysics
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wokphysics.games.registry import PLUGINS
from wokphysics.records import saving

GAMES = [plugin.name for plugin in PLUGINS]


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An unfinished game of each game, as its window autosaved it."""
    from wokphysics.cli import main

    folder = tmp_path_factory.mktemp("saves")
    texts = {}
    for game in GAMES:
        path = folder / f"{game}.json"
        assert main(["play", game, "--seed", "3", "--players", "2", "--bots", "1",
                     "--max-frames", "3", "--save", str(path)]) == 0
        texts[game] = path.read_text()
    return texts


def _places(data: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys and list positions from the top)."""
    found = [where]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*where, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _places(value, (*where, index))
    return found


def _damaged(text: str, at: int, value: object) -> str:
    data = json.loads(text)
    places = _places(data)[1:]
    place = places[at % len(places)]
    parent = data
    for step in place[:-1]:
        parent = parent[step]
    parent[place[-1]] = value
    return json.dumps(data)


damage = st.one_of(
    st.none(),
    st.tuples(st.integers(0, 10**6),
              st.sampled_from([None, -1, 10**6, 2.5, "x", [], {}, True])),
)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), change=damage)
def test_no_resume_leaves_a_lock_file(
    game: str, change: tuple[int, object] | None, saves: dict[str, str],
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path_factory.mktemp("resume")
    monkeypatch.chdir(folder)
    text = saves[game] if change is None else _damaged(saves[game], *change)
    (folder / "game.json").write_text(text)
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--resume", "game.json",
                         "--max-frames", "1")
    assert outcome.status in (0, 2), outcome
    assert outcome.status == 0 or outcome.one_line_error, outcome
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".lock") == []


def _folder_refuses_new_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a read-only folder (the tests run as root, whom permissions do not stop)."""
    def refused(lock: Path) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied", str(lock))

    monkeypatch.setattr(saving, "_open_lock", refused)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_in_a_folder_that_cannot_be_written_is_resumed_unsaved(
    game: str, saves: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(saves[game])
    _folder_refuses_new_files(monkeypatch)
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--resume", str(path),
                         "--max-frames", "2")
    assert outcome.status == 0, outcome
    assert f"{path}: cannot save in {tmp_path}: Permission denied: this game is not saved" \
        in outcome.out
    assert path.read_text() == saves[game]
    new = wokphysics(capsys, monkeypatch, "play", game, "--max-frames", "2",
                     "--save", str(tmp_path / "new.json"))
    assert new.status == 2 and new.one_line_error, new
    assert "cannot save in" in new.err and "--save FILE" in new.err
