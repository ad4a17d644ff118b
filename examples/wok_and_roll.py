"""Wok and Roll on the turn engine: a greedy bot and a random bot fill their menu sheets; the
state's text form round-trips exactly.

Run: ``python -m examples.wok_and_roll`` (or ``python examples/wok_and_roll.py``).
"""

from __future__ import annotations

from wokphysics.games.registry import make_bot, new_game, state_from_json
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out


def main() -> None:
    state = new_game("wok-and-roll", players=2, seed=2)
    print(f"the dice and the first choices: {[str(a) for a in state.legal_actions()[:3]]}")
    names = ["greedy", "random"]
    bots = [make_bot("wok-and-roll", name, bot_seed(2, seat)) for seat, name in enumerate(names)]
    play_out(state, bots)
    for seat, score in enumerate(state.scores()):
        print(f"seat {seat + 1} ({names[seat]}): {score} points")
    print(f"winners: {[seat + 1 for seat in state.winners()]}")
    print(f"saved and loaded back equal: {state_from_json(state.to_json()) == state}")


if __name__ == "__main__":
    main()
