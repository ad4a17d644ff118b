"""We Will Wok You's speed figures for ``wokphysics bench`` (medians of repeated runs).

Heavy parts are imported inside the functions, so listing the games stays quick.
"""

from __future__ import annotations


def _search_figures(repeat: int) -> dict[str, float]:
    """The default search bot (``mcts``) on 12 decisions of two greedy 2-player games: its
    iterations per CPU second, and the median and largest CPU seconds of a decision."""
    from wokphysics.games.search import SearchBot, bench_search, positions_of
    from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot
    from wokphysics.games.we_will_wok_you.factory import new_state
    from wokphysics.games.we_will_wok_you.search import DEFAULT_BUDGET, WeWillWokYouSearch
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

    def decision(state: object) -> bool:
        assert isinstance(state, WeWillWokYouState)
        return state.pending_wok < 0 and len(state.legal_actions()) > 1

    positions = []
    for seed in (1, 2):
        bots = [WeWillWokYouGreedyBot(seed), WeWillWokYouGreedyBot(seed + 1)]
        positions += positions_of(new_state(2, seed), bots, 3, 6, decision)
    return bench_search(SearchBot(1, WeWillWokYouSearch(), DEFAULT_BUDGET), positions, repeat)


def bench_figures(repeat: int) -> dict[str, float]:
    """Random 2-player games per second (set-up, play and winners: the issue's target is 3,000
    on one core), random 4-player playouts per second, and final-scoring time per player."""
    import time

    from wokphysics.games.bots import RandomBot
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.simulation import play_out
    from wokphysics.games.we_will_wok_you.factory import new_state
    from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
    from wokphysics.timing import median_cpu_seconds, median_seconds

    playouts = 200

    def run_playouts(players: int = 4) -> list[WeWillWokYouState]:
        finished = []
        for seed in range(playouts):
            state = new_state(players, seed)
            assert isinstance(state, WeWillWokYouState)
            play_out(state, [RandomBot(bot_seed(seed, seat)) for seat in range(players)])
            finished.append(state)
        return finished

    def two_player_games() -> None:
        # a whole game: set-up, random play to the end, and the winners (exact scoring)
        for state in run_playouts(2):
            state.winners()

    two_player_games()  # warm the caches once, as a long simulation would
    two_players = median_seconds(two_player_games, repeat)
    two_players_cpu = median_cpu_seconds(two_player_games, repeat)  # the same in CPU time
    seconds = median_seconds(run_playouts, repeat)
    ends = run_playouts()
    scorer = WeWillWokYouScorer(ends[0].data)
    holdings = [(s.woks[p], s.hands[p], s.fronts[p]) for s in ends for p in range(4)]

    def score_all() -> None:
        for woks, hand, front in holdings:
            scorer.score(woks, hand, front)

    scoring = median_seconds(score_all, repeat)
    worst = 0.0
    for woks, hand, front in holdings:
        start = time.perf_counter()
        scorer.score(woks, hand, front)
        worst = max(worst, time.perf_counter() - start)

    def greedy_games() -> None:
        from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot

        for seed in range(20):
            state = new_state(4, seed)
            bots = [
                WeWillWokYouGreedyBot(seed),
                *(RandomBot(bot_seed(seed, s)) for s in range(1, 4)),
            ]
            play_out(state, bots)
            state.scores()

    greedy = median_seconds(greedy_games, repeat)
    search = _search_figures(repeat)
    return {
        **{f"wwwy.mcts_{name}": value for name, value in search.items()},
        "wwwy.random_games_2p_per_s": playouts / two_players,
        "wwwy.random_games_2p_per_s_cpu": playouts / two_players_cpu,
        "wwwy.random_playouts_4p_per_s": playouts / seconds,
        "wwwy.final_scoring_ms_per_player": 1000 * scoring / len(holdings),
        "wwwy.final_scoring_ms_worst_player": 1000 * worst,
        "wwwy.greedy_vs_3_random_games_per_s": 20 / greedy,
    }
