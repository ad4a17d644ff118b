"""We Will Wok You in the terminal: ``play``, ``score``, the options of ``simulate``, and its
plain-text screens. Wired in by :mod:`.entry`."""
