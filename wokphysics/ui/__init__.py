"""The desktop window (pygame lives only in this package).

- :mod:`.app`: the window and its event loop (frame cap, overlays, screenshot, max frames).
- :mod:`.scene`: the shape of every game's scene (presenter, input mapping, scheduler,
  drawing); :mod:`.pointer_clock`: the window's clock and event time stamps.
- :mod:`.play` / :mod:`.wok_on_fire`: ``wokphysics play``: people and bots through the engine.
- :mod:`.wok_on_fire.replay`: ``wokphysics replay FILE`` on a Wok on Fire record, in the window.
- :mod:`.render`, :mod:`.sprite_cache`, :mod:`.widgets`: drawing; :mod:`.view`: mm <-> px.
- :mod:`.input`: pointer to gesture; :mod:`.animation`: fixed-step accumulator, interpolation.
- :mod:`.art`: the sprite art (``python -m wokphysics.sprites`` writes ``sprites/*.png``).
- :mod:`.display`: the no-display check; :mod:`.bench`: frame-time figures.
"""

import os

# pygame prints a greeting on import unless told not to; the window's users do not need it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
