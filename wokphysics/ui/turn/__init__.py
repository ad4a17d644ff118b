"""What every turn-based game's scene shares (see :mod:`.scene` for the shape).

- :mod:`.seats`: a label per seat and the names people read;
- :mod:`.session`: the game, its seats and bots, the autosave after every turn;
- :mod:`.scheduler`: when bots act (frame clock);
- :mod:`.handover`: hot seat's curtain;
- :mod:`.motion`: flights of cards and coins;
- :mod:`.state`: :class:`~.state.TurnUi`, what the roles and the game's parts share
  instead of the scene (the session shown, the hand-over, the replay, the end screen);
- :mod:`.scene`: :class:`TurnScene` and the protocols of a game's presenter, input map and
  drawing; :mod:`.replay`: the replay viewer (steps through a saved game turn by turn).
"""
