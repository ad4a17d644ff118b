"""Wok and Roll: the roll-and-write for 1 to 5 players, Simple and Expert Menus, with bots.

Importing this package registers the game ``wok-and-roll`` and its bots ``random`` and
``greedy`` with the turn engine.
"""

from wokphysics.games.bots import RandomBot, register_bot
from wokphysics.games.protocol import register_game
from wokphysics.games.wok_and_roll.bots import GreedyBot
from wokphysics.games.wok_and_roll.factory import make_game
from wokphysics.games.wok_and_roll.state import INFO, WokAndRollState

register_game(INFO, WokAndRollState, make_game)
register_bot(INFO.name, "random", RandomBot)
register_bot(INFO.name, "greedy", GreedyBot)

__all__ = ["GreedyBot", "WokAndRollState", "make_game"]
