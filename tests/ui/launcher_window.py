"""The launcher window as ``wokphysics`` opens it, headless, for tests that click through it."""

from __future__ import annotations

import argparse
from pathlib import Path

from wwwy_clicks import FRAME_S

from wokphysics.ui.app import App
from wokphysics.ui.launcher.run import build_launcher
from wokphysics.ui.launcher.scene import LauncherScene


def launcher_window(folder: Path) -> tuple[App, LauncherScene]:
    """The launcher at 1280x800, muted, its files (autosaves, choices) in ``folder``, after
    its first frame."""
    args = argparse.Namespace(size="1280x800", fullscreen=False, mute=True, max_frames=None,
                              screenshot=None)
    app, _ = build_launcher(args, folder)
    scene = app.scene
    assert isinstance(scene, LauncherScene)
    app.frame(FRAME_S)
    return app, scene
