"""Wok Star: a cooperative real-time restaurant on the turn engine (1-4 players).

The game is wired in by :mod:`.plugin` (bots ``team``, which plans dice, customers and
purchases, and ``random``); start one with :func:`.factory.new_wok_star` or
``wokphysics.games.registry.new_game("wok-star", ...)``. This package's ``__init__`` imports
nothing, so listing the games stays quick.
"""
