"""We Will Wok You on the turn engine: a greedy bot against two random bots, then the exact
final scoring of the winner's cards.

Run: ``python -m examples.we_will_wok_you`` (or ``python examples/we_will_wok_you.py``).
"""

from __future__ import annotations

from wokphysics.games.registry import make_bot, new_game
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out


def main() -> None:
    state = new_game("we-will-wok-you", players=3, seed=1)
    print(f"first legal actions: {[str(a) for a in state.legal_actions()[:3]]}")
    names = ["greedy", "random", "random"]
    bots = [make_bot("we-will-wok-you", name, bot_seed(1, seat)) for seat, name in enumerate(names)]
    play_out(state, bots)
    state.check_invariants()  # 63 ingredient cards, 22 coins, 25 woks: all still there
    for seat, score in enumerate(state.scores()):
        print(f"seat {seat + 1} ({names[seat]}): {score} points")
    print(f"winners: {[seat + 1 for seat in state.winners()]} after {len(state.history)} actions")


if __name__ == "__main__":
    main()
