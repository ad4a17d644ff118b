"""We Will Wok You: the card game of coins, rows of ingredients and wok cards.

Importing this package registers the game (``we-will-wok-you``) and its bots with the
turn-engine registry.
"""

from wokphysics.games.bots import RandomBot, register_bot
from wokphysics.games.protocol import register_game
from wokphysics.games.we_will_wok_you.bots import GreedyBot
from wokphysics.games.we_will_wok_you.state import INFO, WeWillWokYouState, new_state

register_game(INFO, WeWillWokYouState, new_state)
register_bot(INFO.name, "random", RandomBot)
register_bot(INFO.name, "greedy", GreedyBot)

__all__ = ["INFO", "GreedyBot", "WeWillWokYouState", "new_state"]
