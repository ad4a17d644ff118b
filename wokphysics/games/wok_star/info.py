"""What Wok Star is: its one declaration of name, title, players and kind (and nothing
else, so that any module of the game may import it without an import cycle through the
plugin entry, whose hooks import the game).
"""

from __future__ import annotations

from wokphysics.games.protocol import GameInfo

INFO = GameInfo(
    name="wok-star",
    title="Wok Star",
    min_players=1,
    max_players=4,
    hidden_information=True,
    simultaneous=True,
)
