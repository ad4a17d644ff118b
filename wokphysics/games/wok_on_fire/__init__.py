"""Wok on Fire: the dexterity game whose rules drive the physics table.

Wok on Fire is not a turn-engine game; :mod:`.plugin` wires it into the program. The parts:

- :mod:`.ingredients`: the 11 ingredient types, their categories and deck counts, and the
  parser for the names people type.
- :mod:`.scoring`: the exact end-of-game scoring (each player's optimal arrangement, the Pork
  and Broccoli majorities, the fewest-ingredients tie-break).
- :mod:`.engine`: :class:`~.engine.WokOnFireGame`, the game on its table (what it expects,
  the inputs, the turn's flow), with :mod:`.picking` (what may be picked and what a pick
  takes), :mod:`.holdings` (the piles and the discard), :mod:`.events` (what happened) and
  :mod:`.record` (the record and saving).
- :mod:`.bench`: the bench figures (``wokphysics score wok-on-fire`` is the terminal's:
  :mod:`wokphysics.terminal.wok_on_fire`).
"""
