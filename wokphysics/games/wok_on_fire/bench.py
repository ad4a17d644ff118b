"""Wok on Fire's speed figures for ``wokphysics bench`` (medians of repeated runs).

Heavy parts are imported inside the functions, so listing the games stays quick.
"""

from __future__ import annotations


def bench_figures(repeat: int) -> dict[str, float]:
    """``wok_on_fire.score_20_cards_ms``: median milliseconds to score one 20-card pile.

    Each run scores the same 200 random 20-card piles (seeded), and the figure is the median
    run's time divided by 200, so timer resolution does not dominate.
    """
    import random

    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.scoring import Scorer
    from wokphysics.timing import median_seconds

    scorer = Scorer(load_config().rules)
    deck = scorer.deck.cards()
    rng = random.Random(20)  # a seeded generator of its own: the same piles every run
    piles = [rng.sample(deck, 20) for _ in range(200)]

    def run() -> None:
        for pile in piles:
            scorer.score_pile(pile)

    seconds = median_seconds(run, repeat)
    figures = {"wok_on_fire.score_20_cards_ms": 1000.0 * seconds / len(piles)}
    figures.update(_game_figures(repeat))
    return figures


def _game_figures(repeat: int) -> dict[str, float]:
    """``wok_on_fire.game_4_bots_wall_s``: median wall seconds of one whole 4-bot game (strong,
    weak, strong, weak; seeds 1, 2, ...), and ``wok_on_fire.game_4_bots_x_simulated``: the
    game's simulated table time divided by its wall time (median over the same games)."""
    import statistics
    import time

    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.simulate import play_one

    cfg = load_config()
    names = ("strong", "weak", "strong", "weak")
    walls, ratios = [], []
    for index in range(max(1, repeat)):
        start = time.perf_counter()
        game = play_one(cfg, 4, 1 + index, names)
        wall = time.perf_counter() - start
        walls.append(wall)
        ratios.append(game.stats.simulated_s / wall)
    return {
        "wok_on_fire.game_4_bots_wall_s": statistics.median(walls),
        "wok_on_fire.game_4_bots_x_simulated": statistics.median(ratios),
    }
