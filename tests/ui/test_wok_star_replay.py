"""Wok Star's replay viewer: what a turn raised (a notice over the table, the Accounting
screen) is shown with that turn and no later, whether the replay is stepped by hand (keys,
clicks on the bar) or plays on its own. Headless: SDL's dummy drivers and a virtual clock."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.pointer_clock import VirtualClock
from wokphysics.ui.replay_steps import TURN_S
from wokphysics.ui.wok_star.play import StarSetup, star_factory
from wokphysics.ui.wok_star.record import StarRecord, read_record, replay
from wokphysics.ui.wok_star.replay import SETUP_BEAT_S, StarReplay
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.screens import screen_name

FPS = 20


def saved_game(save: Path, rounds: int) -> StarRecord:
    """Three team bots play ``rounds`` rounds (and their Accounting) into ``save``."""
    setup = StarSetup(("team", "team", "team"), 13, save=save)
    app = App(WindowOptions(size=(1280, 800), fps=FPS), star_factory(setup), VirtualClock())
    scene = app.scene
    assert isinstance(scene, StarScene)
    frames = 0
    while len(scene.session.state.incomes) < rounds:
        app.frame()
        frames += 1
        assert frames < 20000
    scene.session.flush()
    return read_record(save)


def replay_window(record: StarRecord) -> tuple[App, StarScene, StarReplay]:
    """The replay viewer as ``wokphysics replay FILE`` opens it, on a virtual clock."""
    from wokphysics.games.wok_star.state import WokStarState
    from wokphysics.ui.wok_star.session import StarSession

    def new_scene(app: App) -> StarScene:
        session = StarSession(WokStarState.from_dict(record.initial.to_dict()), record.seats)
        scene = StarScene(session, app.text, app.sound)
        scene.start_replay(StarReplay(record.seats, record.initial, record.actions,
                                      record.times))
        return scene

    app = App(WindowOptions(size=(1280, 800), fps=FPS), new_scene, VirtualClock())
    scene = app.scene
    assert isinstance(scene, StarScene) and scene.replay is not None
    return app, scene, scene.replay


def raised(record: StarRecord) -> list[str | None]:
    """Per step, the start of the notice it puts over the table (None: none), read from the
    states themselves: a round's Action phase begins, or a customer's sand runs out."""
    notices: list[str | None] = []
    phase, overdue = record.initial.phase, record.initial.overdue
    for state in replay(record.initial, record.actions, record.times):
        if state.phase is Phase.ACTION and phase is not Phase.ACTION:
            notices.append(f"Round {state.round}: the red timer is flipped. Cook!")
        elif phase is Phase.ACTION and not overdue and state.overdue:
            notices.append("Time's up! ")
        else:
            notices.append(None)
        phase, overdue = state.phase, state.overdue
    return notices


def shown_turn_notice(control: StarReplay, notices: list[str | None]) -> str | None:
    """The newest notice the turn shown last raised (None: it raised none)."""
    first = max((start for start in control.starts if start < control.index), default=0)
    said = [n for n in notices[first:control.index] if n is not None]
    return said[-1] if said else None


def press(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": code, "mod": 0,
                                                          "unicode": ""}))
    app.frame()


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, {"button": 1, "pos": pos}))
    app.frame()


@pytest.mark.slow
def test_a_notice_is_shown_with_the_turn_that_raised_it_and_no_later(tmp_path: Path) -> None:
    record = saved_game(tmp_path / "star.json", 3)
    notices = raised(record)
    rounds_begun = [n for n in notices if n is not None and n.startswith("Round")]
    assert len(rounds_begun) == 3
    app, scene, control = replay_window(record)
    seen: list[tuple[int, str | None]] = []

    def check() -> None:
        notice = scene.presenter.notice
        expected = shown_turn_notice(control, notices)
        shown = None if notice is None else notice.text
        seen.append((control.index, shown))
        if expected is None:
            assert shown is None, (control.index, control.turn, shown)
        else:
            assert shown is not None and shown.startswith(expected), \
                (control.index, control.turn, shown, expected)

    # Quickly on, a frame a turn: with the keys, then by clicks on the bar's right half.
    while control.index < len(record.actions):
        if control.turn % 2 == 0:
            press(app, pygame.K_RIGHT)
        else:
            bar = control.bar
            click(app, (bar.right - 20, bar.centery))
        check()
    shown_round = [index for index, text in seen if text and text.startswith("Round")]
    assert len(shown_round) == 3  # each round's notice shown with its own turn only
    # Quickly back, by keys and clicks on the bar's left half: a turn that raised a notice
    # shows it again, any other shows none.
    while control.index > 0:
        if control.turn % 2 == 0:
            press(app, pygame.K_LEFT)
        else:
            bar = control.bar
            click(app, (bar.x + 20, bar.centery))
        check()
    assert sum(1 for _, text in seen if text and text.startswith("Round 2")) == 2


@pytest.mark.slow
def test_the_accounting_screen_follows_the_replay_as_it_plays(tmp_path: Path) -> None:
    record = saved_game(tmp_path / "star.json", 3)
    # After these many steps a round has just ended (its Accounting is the news).
    ended = []
    incomes = len(record.initial.incomes)
    for index, state in enumerate(replay(record.initial, record.actions, record.times)):
        if len(state.incomes) > incomes:
            ended.append(index + 1)
        incomes = len(state.incomes)
    assert len(ended) == 3
    app, scene, control = replay_window(record)
    press(app, pygame.K_SPACE)
    assert control.playing
    frames_at: dict[int, int] = {}
    purchase_frames = 0
    frames = 0
    while control.playing:
        app.frame()
        frames += 1
        assert frames < 20000
        shown = screen_name(scene.session, scene.presenter)
        if shown == "accounting":
            # Up only while the step that ended the round is the last one shown ...
            assert control.index in ended, (control.index, ended)
            frames_at[control.index] = frames_at.get(control.index, 0) + 1
        else:
            # ... and up for as long as it is: it gives way when the next step comes.
            assert control.index not in ended, (control.index, shown)
        purchase_frames += shown == "purchase"
    assert control.index == len(record.actions)
    # Each Accounting stayed up for the replay's beat between two steps (a frame: 1/20 s),
    # and so did every step of the Purchase after it (not all taken in one frame).
    assert sorted(frames_at) == ended
    beat = round(TURN_S * FPS)
    assert all(count >= beat - 1 for index, count in frames_at.items()
               if index < len(record.actions)), frames_at
    assert purchase_frames >= 2 * beat


def test_a_jump_while_the_replay_plays_makes_no_burst_of_sounds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = saved_game(tmp_path / "star.json", 1)
    app, scene, control = replay_window(record)
    played: list[str] = []
    monkeypatch.setattr(scene.sound, "play", played.append)
    press(app, pygame.K_SPACE)
    while control.index < control.starts[12]:  # into the Action phase: dice and cards
        app.frame()
    assert played  # playing, the steps are heard
    played.clear()
    press(app, pygame.K_END)  # every step to the end replayed in this frame
    press(app, pygame.K_LEFT)  # and again up to the turn before
    assert control.index == control.starts[-1]
    assert played == []


def test_the_setup_plays_at_its_own_quicker_beat_and_each_deal_is_seen(tmp_path: Path) -> None:
    record = saved_game(tmp_path / "star.json", 1)
    setup_steps = 0
    for state in replay(record.initial, record.actions, record.times):
        setup_steps += 1
        if state.phase not in (Phase.SETUP_ASSIGN, Phase.SETUP_BONUS):
            break
    assert setup_steps >= 6  # the deals and the free bonuses of 3 seats
    app, scene, control = replay_window(record)
    press(app, pygame.K_SPACE)
    frames_at: dict[int, int] = {}
    frames = 0
    while scene.session.state.phase in (Phase.SETUP_ASSIGN, Phase.SETUP_BONUS):
        app.frame()
        frames += 1
        assert frames < 20000
        frames_at[control.index] = frames_at.get(control.index, 0) + 1
    # Round 1 comes after the setup's steps at SETUP_BEAT_S each (the first at once), not
    # at the 1.2 s beat of the later phases (some 15 s of waiting in a 4-player game) ...
    beat = round(SETUP_BEAT_S * FPS)
    assert frames <= (setup_steps - 1) * (beat + 1) + 2, (frames, setup_steps)  # +1: float sums
    # ... and every deal stays on the table for that beat before the next one.
    shown = [count for index, count in frames_at.items() if 0 < index < setup_steps]
    assert shown and min(shown) >= beat - 1, frames_at
