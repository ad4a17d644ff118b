"""``python -m wokphysics.sprites [FOLDER]``: redraw the sprite PNGs (default: ``sprites/``).

The art itself is :mod:`wokphysics.ui.art`; change it there and run this to regenerate.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip() if __doc__ else "")
        return 0
    # Drawing needs no window: SDL's dummy video driver is enough.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from wokphysics.config.paths import data_dir
    from wokphysics.ui.art import generate

    if args:
        folder = Path(args[0])
    else:
        try:
            folder = data_dir("sprites")
        except FileNotFoundError:
            folder = Path("sprites")
    for path in generate(folder):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
