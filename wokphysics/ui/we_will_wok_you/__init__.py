"""We Will Wok You in the window: the scene's parts (see :mod:`wokphysics.ui.turn.scene`).

- :mod:`.layout`: where everything sits, and what is under the pointer;
- :mod:`.faces`: card pictures drawn with pygame;
- :mod:`.payment`: which chosen cards can pay for a wok card, and the engine steps;
- :mod:`.view`: what the parts share (the person's choice, the hover, the layout);
- :mod:`.presenter`, :mod:`.input_map`, :mod:`.drawing`: the scene's three own parts;
- :mod:`.scene`: the scene made from them (the parts are built on the scene's shared
  :class:`~wokphysics.ui.turn.state.TurnUi`, never handed the scene).
"""
