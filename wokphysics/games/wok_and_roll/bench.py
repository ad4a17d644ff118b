"""Wok and Roll's speed figures for ``wokphysics bench`` (medians of repeated runs).

Heavy parts are imported inside the functions, so listing the games stays quick.
"""

from __future__ import annotations


def _search_figures(repeat: int) -> dict[str, float]:
    """The default search bot (``mcts``) on 12 decisions of two greedy 2-player games: its
    playouts per CPU second, and the median and largest CPU seconds of a decision."""
    from wokphysics.games.protocol import GameState
    from wokphysics.games.search import SearchBot, bench_search, positions_of
    from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
    from wokphysics.games.wok_and_roll.factory import new_state
    from wokphysics.games.wok_and_roll.search import DEFAULT_BUDGET, WokAndRollSearch

    def decision(state: GameState) -> bool:
        return len(state.legal_actions()) > 1

    positions = []
    for seed in (1, 2):
        bots = [WokAndRollGreedyBot(seed), WokAndRollGreedyBot(seed + 1)]
        positions += positions_of(new_state(2, seed), bots, 5, 6, decision)
    return bench_search(SearchBot(1, WokAndRollSearch(), DEFAULT_BUDGET), positions, repeat)


def bench_figures(repeat: int) -> dict[str, float]:
    """Random full 4-player games per second (the issue's target: 1,500 on one core), also in
    CPU time, and greedy-against-random 3-player games per second; medians of ``repeat``
    runs."""
    from wokphysics.games.bots import RandomBot
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.simulation import play_out
    from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
    from wokphysics.games.wok_and_roll.factory import new_state
    from wokphysics.timing import median_cpu_seconds, median_seconds

    games = 200
    counter = [0]

    def random_games() -> None:
        base = counter[0] * games
        counter[0] += 1
        for seed in range(base, base + games):
            state = new_state(4, seed)
            play_out(state, [RandomBot(bot_seed(seed, seat)) for seat in range(4)])

    def greedy_games() -> None:
        for seed in range(50):
            state = new_state(3, seed)
            play_out(state, [WokAndRollGreedyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)])

    random_games()  # warm the option caches once, as a long simulation would
    random_seconds = median_seconds(random_games, repeat)
    cpu_seconds = median_cpu_seconds(random_games, repeat)  # the same in CPU time
    greedy_seconds = median_seconds(greedy_games, repeat)
    search = _search_figures(repeat)
    return {
        **{f"wok_and_roll.mcts_{name}": value for name, value in search.items()},
        "wok_and_roll.random_games_per_s_4p": games / random_seconds,
        "wok_and_roll.random_games_per_s_4p_cpu": games / cpu_seconds,
        "wok_and_roll.greedy_vs_2_random_games_per_s_3p": 50 / greedy_seconds,
    }
