"""The games in a terminal: the command line's verbs of each game and the text front ends.

One package per game (``play`` at a prompt, ``score``, the options of ``simulate``, and the
plain-text screens), each wired in by one typed :class:`~.entry.TerminalEntry` listed in
:mod:`.registry`; the shared prompt loop (:mod:`.prompt`), the options every game's commands
share (:mod:`.options`) and the reading of ``--bots`` (:mod:`.seating`). This layer sits on
the rules (:mod:`wokphysics.games`), which know nothing of it; the window and the command line
sit above it. Importing this package loads none of the games.
"""
