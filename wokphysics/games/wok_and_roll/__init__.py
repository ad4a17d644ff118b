"""Wok and Roll: the roll-and-write for 1 to 5 players, Simple and Expert Menus, with bots.

Wired in by :mod:`.plugin` (bots ``greedy`` and ``random``); start one with
:func:`.factory.new_state`. This package's ``__init__`` imports nothing, so listing the games
stays quick.
"""
