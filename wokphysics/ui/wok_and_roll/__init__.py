"""Wok and Roll in the window: the scene's parts (see :mod:`wokphysics.ui.turn.scene`).

- :mod:`.layout`: where everything sits, and what is under the pointer;
- :mod:`.faces`: the symbols, dice, hats, locks and hexagons drawn with pygame;
- :mod:`.payment`: choosing what pays for a serving, a skill, a bonus or a lock;
- :mod:`.view`: what the parts share (the dice tray's order, the person's choice, the hover);
- :mod:`.presenter`, :mod:`.input_map`, :mod:`.drawing` (with :mod:`.sheet_drawing`): the
  scene's three own parts;
- :mod:`.scene`: the scene made from them (the parts are built on the scene's shared
  :class:`~wokphysics.ui.turn.state.TurnUi`, never handed the scene).
"""
