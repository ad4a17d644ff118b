"""Wok and Roll in the terminal: ``play``, the options of ``simulate``, and its plain-text
screens. Wired in by :mod:`.entry`."""
