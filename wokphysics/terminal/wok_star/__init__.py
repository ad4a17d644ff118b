"""Wok Star in the terminal: ``play`` in real time at a prompt, the options of ``simulate``,
and its plain-text screens. Wired in by :mod:`.entry`."""
