"""What Wok on Fire is: its one declaration of name, title, players and kind (and nothing
else, so that any module of the game may import it without an import cycle through the
plugin entry, whose hooks import the game).
"""

from __future__ import annotations

from wokphysics.games.protocol import GameInfo

INFO = GameInfo(
    name="wok-on-fire",
    title="Wok on Fire",
    min_players=1,
    max_players=4,
    hidden_information=False,
    simultaneous=False,
)

GAME_RECORD_FORMAT = "wokphysics-game-replay"
"""The ``format`` field of a whole-game record (autosaves and ``simulate --out`` files);
:mod:`.record` writes and reads it."""
