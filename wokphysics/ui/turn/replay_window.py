"""``wokphysics replay GAME-autosave.json`` for a turn-based game: the replay viewer's window.

The game's scene comes from its window entry (:mod:`wokphysics.ui.front_ends`), driven by a
:class:`~wokphysics.ui.turn.replay.ReplayControl`.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from wokphysics.ui.turn.replay import replay_session

if TYPE_CHECKING:
    from wokphysics.ui.turn.scene import TurnScene


def run_turn_replay(path: str, args: argparse.Namespace) -> int:
    """Open the replay viewer on a saved turn-based game (``args``: max_frames, screenshot)."""
    from pathlib import Path

    from wokphysics.errors import UserError
    from wokphysics.games.registry import plugin
    from wokphysics.replay.turn_record import read_record
    from wokphysics.ui.app import App, replay_window_options
    from wokphysics.ui.front_ends import front_end

    record = read_record(path)
    window = front_end(plugin(record.game))
    if window is None or window.turn_maker is None:
        raise UserError(f"{path}: {record.game} has no window yet; check the file with "
                        f"wokphysics replay {path} --verify")
    maker = window.turn_maker()
    options = replay_window_options(
        args, f"{plugin(record.game).title} replay - {Path(path).name}")

    def new_scene(app: App) -> TurnScene:
        scene = maker(replay_session(record.game, record.seats, record.initial), app.text,
                      app.sound, app.restart, None)
        scene.start_replay(scene.replay_of(record.seats, record.initial, record.actions))
        return scene

    status = App(options, new_scene).run()
    if options.screenshot is not None:
        print(f"screenshot saved to {options.screenshot}")
    return status
