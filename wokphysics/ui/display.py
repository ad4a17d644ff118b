"""Whether a window can open here, said before SDL is asked (SDL's own failure is a traceback).

No pygame import: this runs before the window is set up.
"""

from __future__ import annotations

import os
import sys

HEADLESS_COMMANDS = (
    "wokphysics simulate wok-on-fire, wokphysics score wok-on-fire, "
    "wokphysics replay FILE --verify, wokphysics bench"
)


def missing_display(environ: dict[str, str] | None = None, platform: str | None = None
                    ) -> str | None:
    """A one-line explanation when no window can open, else None.

    On Linux and the BSDs a window needs an X display (``DISPLAY``) or a Wayland one
    (``WAYLAND_DISPLAY``), unless SDL is told to draw off screen (``SDL_VIDEODRIVER=dummy``,
    as tests and screenshots do). Windows and macOS always have a display.
    """
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return None
    if system.startswith(("win", "darwin", "cygwin")):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the game window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
        f"these commands work without one: {HEADLESS_COMMANDS}; or set SDL_VIDEODRIVER=dummy "
        "with --max-frames N --screenshot PATH to render off screen"
    )
