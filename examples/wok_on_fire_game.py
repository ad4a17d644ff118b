"""Wok on Fire's engine: two bots play a whole game on the physics table; its record (every
gesture and choice) is saved and verified bit for bit in a fresh world.

Run: ``python -m examples.wok_on_fire_game`` (or ``python examples/wok_on_fire_game.py``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from wokphysics import load_config
from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_on_fire.bots import make_wof_bot, play_bot_game
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import Autosave, verify_game_record


def main() -> None:
    cfg = load_config()
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.json"
        game = WokOnFireGame(cfg, players=2, seed=3, bots=("strong", "weak"))
        Autosave(game, record)  # the record is written now and after every turn
        bots = [make_wof_bot(cfg, name, bot_seed(game.seed, seat)) for seat, name in
                enumerate(game.bots)]
        play_bot_game(game, bots)  # each bot gives the input game.expect asks for
        for seat, score in enumerate(game.scores()):
            print(f"player {seat + 1} ({game.bots[seat]}): {score.total} points, "
                  f"{score.cards} cards")
        print(f"winners: {[seat + 1 for seat in game.winners()]} after {game.turn_number} turns")
        identical, message = verify_game_record(record)
        print(f"record verified: {identical} ({message})")


if __name__ == "__main__":
    main()
