"""The games' rules: one package per game, each wired in by its plugin entry.

The three turn-based games share the protocol in :mod:`.protocol`; :mod:`.registry` lists every
game. Importing this package loads none of the games (and no pymunk, shapely or pygame).
"""
