"""Wok Star in the window, in real time (see :mod:`.scene` for how the parts fit)."""
