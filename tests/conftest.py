"""Test setup: SDL's dummy drivers before pygame starts, so the suite runs with no display;
property tests without a time limit, since the shared 2-core CI machine is noisy and the tests
judge results, never speed."""

import os

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("wokphysics", deadline=None)
settings.load_profile("wokphysics")
