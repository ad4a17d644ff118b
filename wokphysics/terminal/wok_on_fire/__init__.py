"""Wok on Fire on the command line: ``score`` and the options of ``simulate`` (the game itself
is played in the window). Wired in by :mod:`.entry`."""
