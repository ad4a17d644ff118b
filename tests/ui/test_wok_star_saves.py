"""Wok Star's autosave, --resume and replay viewer in the window (headless)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.timeline import turn_key
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.pointer_clock import VirtualClock
from wokphysics.ui.wok_star.play import StarSetup, first_session, star_factory
from wokphysics.ui.wok_star.record import read_record
from wokphysics.ui.wok_star.replay import StarReplay
from wokphysics.ui.wok_star.scene import StarScene

SEATS = ("team", "team", "team")


def bots_window(save: Path, resume: Path | None = None, seed: int = 9) -> App:
    setup = StarSetup(SEATS, seed, save=save, resume=resume)
    return App(WindowOptions(size=(1280, 800), fps=20), star_factory(setup), VirtualClock())


def scene_of(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": code, "mod": 0,
                                                          "unicode": ""}))
    app.frame()


def test_the_autosave_follows_every_card_and_resumes_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "star.json"
    app = bots_window(save)
    scene = scene_of(app)
    state = scene.session.state
    cards = 0
    key_before = turn_key(state)
    while cards < 8:
        app.frame()
        if turn_key(state) != key_before:
            key_before = turn_key(state)
            cards += 1
            # Written when the turn changed: the file holds the game as it is now.
            scene.session.flush()
            record = read_record(save)
            assert record.state.to_json() == state.to_json()
    app.frame()
    if app.on_leave is not None:
        app.on_leave()  # the window closing saves too
    resumed = first_session(StarSetup(SEATS, 9, save=save, resume=save))
    assert resumed.state.to_json() == state.to_json()
    assert resumed.time_s == state.now
    # A window on the resumed game plays on from there.
    again = bots_window(save, resume=save)
    go_on = scene_of(again)
    steps = len(go_on.session.state.history)
    for _ in range(200):
        again.frame()
    assert len(go_on.session.state.history) > steps
    assert go_on.presenter.lines[0].text.startswith("Resumed after")


def test_a_damaged_autosave_is_one_line_naming_the_problem(tmp_path: Path) -> None:
    save = tmp_path / "star.json"
    app = bots_window(save)
    for _ in range(400):
        app.frame()
    scene_of(app).session.flush()
    data = json.loads(save.read_text())
    data["times"] = [t + 5.0 for t in data["times"]]  # every step five seconds later
    save.write_text(json.dumps(data))
    with pytest.raises(ReplayFileError) as error:
        read_record(save)
    assert "steps do not lead to its saved state" in str(error.value) or \
        "is not legal there" in str(error.value)
    data["times"] = data["times"][:-1]
    save.write_text(json.dumps(data))
    with pytest.raises(ReplayFileError, match="'times' has"):
        read_record(save)


def test_the_replay_viewer_steps_a_game_turn_by_turn(tmp_path: Path) -> None:
    save = tmp_path / "star.json"
    app = bots_window(save, seed=13)
    scene = scene_of(app)
    while scene.session.state.round < 2:
        app.frame()
    scene.session.flush()
    record = read_record(save)
    control = StarReplay(record.seats, record.initial, record.actions, record.times)
    scene.start_replay(control)
    assert control.index == 0 and scene.session.state.phase is Phase.SETUP_ASSIGN
    seen = []
    for _ in range(12):
        key(app, pygame.K_RIGHT)
        seen.append((control.index, turn_key(scene.session.state)))
    indices = [index for index, _ in seen]
    assert indices == sorted(set(indices))  # one turn further each time
    assert all(index in control.starts or index == len(record.actions) for index in indices)
    key(app, pygame.K_LEFT)
    assert control.index == seen[-2][0]
    key(app, pygame.K_END)
    assert scene.session.state.to_json() == record.state.to_json()
    key(app, pygame.K_HOME)
    assert control.index == 0
    # Nobody acts in a replay.
    assert not scene.act_for(0, record.actions[0])


def test_times_are_only_for_a_game_on_a_game_clock(tmp_path: Path) -> None:
    from wokphysics.games.registry import new_game
    from wokphysics.replay.turn_record import read_record as read_turn_record
    from wokphysics.replay.turn_record import write_record

    wwwy = new_game("we-will-wok-you", 2, 1)
    path = tmp_path / "wwwy.json"
    write_record(path, "we-will-wok-you", ("person", "greedy"), wwwy, wwwy, times=[])
    with pytest.raises(ReplayFileError, match="we-will-wok-you has no game clock"):
        read_turn_record(path)


def test_a_wok_star_save_without_times_is_read_on_its_simulated_clock(tmp_path: Path) -> None:
    from wokphysics.games.wok_star.factory import new_wok_star
    from wokphysics.games.wok_star.team_bot import TeamBot
    from wokphysics.replay.turn_record import write_record

    state = new_wok_star(2, 4)
    initial = state.clone()
    bots = [TeamBot(1), TeamBot(2)]
    for _ in range(60):
        state.apply(bots[state.current_player].choose(state))
    path = tmp_path / "star.json"
    write_record(path, "wok-star", ("team", "team"), initial, state)
    record = read_record(path)
    assert record.times[-1] == state.now and len(record.times) == 60
    # A window resumes it and plays on (each step at its time, then on the frame clock).
    app = bots_window(tmp_path / "again.json", resume=path)
    scene = scene_of(app)
    assert scene.session.state.to_json() == state.to_json()
    for _ in range(100):
        app.frame()
    assert len(scene.session.state.history) > 60
