"""Reading and writing the project's record files (replays, saved games) safely.

A bottom layer beside :mod:`wokphysics.config`: the games' record modules and the ``replay``
command both build on it, so neither imports the other. Files are JSON data only; nothing read
is ever executed.
"""
