"""A full disk during play does not end the game: a save that fails at the end of a turn is
kept as the game's save problem (shown across the top of the window) and tried again at the
next turn, and closing the window with the disk still full keeps the window open with a box
saying so, until the player frees some space and closes again (or quits unsaved with Q). The
game used to quit with "cannot write the save file: No space left on device"."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import Autosave, load_game_record
from wokphysics.records import saving
from wokphysics.records.saving import SaveFailed, release_save_file
from wokphysics.replay.turn_record import read_record
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.turn.play import Setup, turn_factory
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.we_will_wok_you.scene import wwwy_scene as make_scene

REAL_FSYNC = os.fsync


class Disk:
    """The device under the save files: full (every write fails, as ENOSPC) or not."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False

        def fsync(descriptor: int) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            REAL_FSYNC(descriptor)

        monkeypatch.setattr(saving.os, "fsync", fsync)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(full=st.lists(st.booleans(), min_size=40, max_size=40))
def test_a_turn_game_goes_on_while_the_disk_is_full(
    full: list[bool], tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    disk = Disk(monkeypatch)
    save = tmp_path_factory.mktemp("full") / "game.json"
    session = TurnSession.new("we-will-wok-you", ("random", "greedy"), 4, None, save)
    session.autosave()
    saved_steps = 0
    for step in range(40):
        if session.state.is_terminal():
            break
        disk.full = full[step]
        applied = session.apply(session.bot_choice())  # never raises for the disk
        if applied.turn_over:
            if full[step]:
                assert session.save_problem is not None
                assert "No space left on device" in session.save_problem
            else:
                assert session.save_problem is None
                saved_steps = session.steps
        # the file is always the game as it was last saved, whole
        assert len(read_record(save).state.history) == saved_steps


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(full=st.lists(st.booleans(), min_size=6, max_size=6))
def test_wok_on_fire_goes_on_while_the_disk_is_full(
    full: list[bool], tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    disk = Disk(monkeypatch)
    cfg = load_config()
    save = tmp_path_factory.mktemp("full") / "game.json"
    game = WokOnFireGame(cfg, 2, 5, 0, ("weak", "weak"))
    saver = Autosave(game, save)
    bots = [make_wof_bot(cfg, "weak", seat) for seat in range(2)]
    saved_turns = 0
    for turn in range(6):
        disk.full = full[turn]
        while game.turn_number == turn and not game.is_over:
            bots[game.current_player].act(game)
        assert (saver.problem is not None) == full[turn]
        if not full[turn]:
            saved_turns = game.turn_number
        assert len(load_game_record(save).turns) == saved_turns
    disk.full = False
    saver.save()
    assert saver.problem is None and len(load_game_record(save).turns) == game.turn_number
    release_save_file(save)


def _window(save: Path) -> App:
    setup = Setup("we-will-wok-you", ("greedy", "random"), 4, None, save)
    saving.claim_save_file(save)
    return App(WindowOptions(size=(1280, 800), title="full disk"),
               turn_factory(setup, make_scene))


def _script(app: App, monkeypatch: pytest.MonkeyPatch, step: Any) -> list[str]:
    """Run ``app`` with ``step(frame number)`` before each frame; what its boxes said."""
    real = app.frame
    seen: list[str] = []
    frames = 0

    def frame(real_s: float | None = None) -> bool:
        nonlocal frames
        frames += 1
        step(frames)
        if app.unsaved is not None:
            seen.append(app.unsaved)
        assert frames < 500, "the window never closed"
        return real(1 / 60)

    monkeypatch.setattr(app, "frame", frame)
    return seen


def test_closing_on_a_full_disk_waits_for_space_and_then_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    save = tmp_path / "game.json"
    app = _window(save)
    session = app.scene.session  # type: ignore[attr-defined]

    def step(frame: int) -> None:
        if frame == 30:  # the bots have played some turns; the disk fills; the player closes
            disk.full = True
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        if frame == 60:  # the box has been up a while: the player frees space, closes again
            disk.full = False
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    said = _script(app, monkeypatch, step)
    assert app.run() == 0
    assert said and "No space left on device" in said[0]
    assert len(read_record(save).state.history) == len(session.state.history)
    assert not (tmp_path / "game.json.lock").exists()


def test_q_in_the_box_quits_without_the_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(monkeypatch)
    save = tmp_path / "game.json"
    app = _window(save)
    app.scene.session.autosave()  # type: ignore[attr-defined]
    before: list[str] = []

    def step(frame: int) -> None:
        if frame == 30:
            before.append(save.read_text())
            disk.full = True
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        if frame == 40:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q))

    said = _script(app, monkeypatch, step)
    assert app.run() == 0 and said
    assert json.loads(save.read_text()) == json.loads(before[0])  # as last saved


def test_a_window_that_closes_by_itself_says_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--max-frames (tests, bug reports) or SIGTERM: nobody is there to free space."""
    disk = Disk(monkeypatch)
    save = tmp_path / "game.json"
    saving.claim_save_file(save)
    setup = Setup("we-will-wok-you", ("greedy", "random"), 4, None, save)
    app = App(WindowOptions(size=(1280, 800), title="full disk", max_frames=3),
              turn_factory(setup, make_scene))
    disk.full = True
    with pytest.raises(SaveFailed, match="No space left on device"):
        app.run()
    release_save_file(save)
