"""``wokphysics replay FILE`` on a Wok on Fire game record or table recording: the window."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.records.files import read_replay_json
from wokphysics.ui.render import TableRenderer
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
from wokphysics.ui.wok_on_fire.replay.sources import GameSource, Source, TableSource

if TYPE_CHECKING:
    from wokphysics.ui.app import App


def run_replay_window(path: str, args: argparse.Namespace) -> int:
    """Open the window on the replay file ``path`` (``args``: max_frames, screenshot)."""
    from wokphysics.ui.app import App, on_table, replay_window_options

    data = read_replay_json(path)
    source: Source = (TableSource(path, data) if data.get("format") == "wokphysics-table-replay"
                      else GameSource(path))
    options = replay_window_options(args, f"Wok on Fire replay - {Path(path).name}")

    def rebuild() -> Source:
        return TableSource(path, data) if isinstance(source, TableSource) else GameSource(path)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> ReplayScene:
        # The first scene plays the source read above; R (restart) starts a fresh one.
        fresh = source if app_started[0] is False else rebuild()
        app_started[0] = True
        return ReplayScene(fresh, renderer, text, path, rebuild)

    app_started = [False]
    status = App(options, on_table(source.cfg, new_scene)).run()
    if options.screenshot is not None:
        print(f"screenshot saved to {options.screenshot}")
    return status
