"""Wok Star on the turn engine: two team bots run the restaurant for six rounds against the
sand timers (on a simulated clock), on the shipped difficulty (Normal).

Run: ``python -m examples.wok_star`` (or ``python examples/wok_star.py``).
"""

from __future__ import annotations

from wokphysics.games.registry import make_bot, new_game
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out


def main() -> None:
    state = new_game("wok-star", players=2, seed=4)
    bots = [make_bot("wok-star", "team", bot_seed(4, seat)) for seat in range(2)]
    play_out(state, bots)
    state.check_invariants()
    print(f"{len(state.history)} actions; scores (the team's): {state.scores()}")
    print(f"the team {'won' if state.winners() else 'lost'}")
    print(f"a clone is equal to the game: {state.clone() == state}")


if __name__ == "__main__":
    main()
