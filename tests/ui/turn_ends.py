"""A turn game's window opened on its end screen: a game played to its end by greedy bots on
the engine, saved, and resumed in the window (a finished game opens on its end screen)."""

from __future__ import annotations

from pathlib import Path

from wokphysics.games.registry import plugin as game_plugin
from wokphysics.replay.turn_record import write_record
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.front_ends import _wok_and_roll_maker, _wwwy_maker
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.turn.play import Setup, turn_factory
from wokphysics.ui.turn.scene import TurnScene

GAMES = ("we-will-wok-you", "wok-and-roll")
"""The turn games with an end screen of their own."""


def finished_game(game: str, folder: Path, seats: tuple[str, ...] = ("person", "greedy"),
                  seed: int = 3) -> Path:
    """A save of ``game`` played to its end by greedy bots in every seat (written in
    ``folder``)."""
    engine = game_plugin(game).turn_engine
    assert engine is not None
    state = engine.new_state(len(seats), seed, None)
    initial = state.clone()
    bots = [engine.bots["greedy"](seed + seat) for seat in range(len(seats))]
    for _ in range(100_000):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].choose(state))
    assert state.is_terminal()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}-over.json"
    write_record(path, game, seats, initial, state)
    return path


def open_turn_end(game: str, size: tuple[int, int], scale: float, folder: Path) -> App:
    """``game``'s window at ``size`` and UI ``scale`` on a finished game's end screen, after
    its first frames."""
    maker = _wwwy_maker() if game == "we-will-wok-you" else _wok_and_roll_maker()
    seats = ("person", "greedy")
    save = finished_game(game, folder, seats)
    app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
              turn_factory(Setup(game, seats, 3, None, None, save), maker), HandClock())
    for _ in range(3):
        app.frame()
    scene = app.scene
    assert isinstance(scene, TurnScene) and scene.over and scene.end_shown
    return app


def open_turn_replay(game: str, size: tuple[int, int], scale: float, folder: Path) -> App:
    """``game``'s replay viewer (V on a finished game's end screen) at ``size`` and UI
    ``scale``, on the game's start, after its first frames."""
    app = open_turn_end(game, size, scale, folder)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    scene.replay_this_game()
    for _ in range(3):
        app.frame()
    assert scene.ui.replay is not None
    return app
