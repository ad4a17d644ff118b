"""Wok Star's speed figures for ``wokphysics bench`` (medians of repeated runs).

Heavy parts are imported inside the functions, so listing the games stays quick.
"""

from __future__ import annotations


def bench_figures(repeat: int) -> dict[str, float]:
    from wokphysics.games.wok_star.simulate import play_games
    from wokphysics.timing import median_cpu_seconds, median_seconds

    figures: dict[str, float] = {}
    games = 100
    for players in (2, 4):

        def random_games(count: int = players) -> None:
            play_games(None, count, games, 1, "random")

        seconds = median_seconds(random_games, repeat)
        figures[f"wok_star.random_games_per_s_{players}p"] = games / seconds
        cpu_seconds = median_cpu_seconds(random_games, repeat)  # the same in CPU time
        figures[f"wok_star.random_games_per_s_{players}p_cpu"] = games / cpu_seconds
    team_games = 20
    seconds = median_seconds(lambda: play_games(None, 2, team_games, 1, "team"), repeat)
    figures["wok_star.team_bot_games_per_s_2p"] = team_games / seconds
    for players in (2, 4):
        search = _planner_figures(players, repeat)
        figures.update({f"wok_star.planner_{name}_{players}p": value
                        for name, value in search.items()})
    return figures


def _planner_figures(players: int, repeat: int) -> dict[str, float]:
    """The default team planner on the first 6 purchase decisions of a team-bot game (seed
    1): its playouts per CPU second, and the median and largest CPU seconds of a decision."""
    from wokphysics.games.protocol import GameState
    from wokphysics.games.search import bench_search, positions_of
    from wokphysics.games.wok_star.factory import new_wok_star
    from wokphysics.games.wok_star.model import PURCHASE
    from wokphysics.games.wok_star.planner import DEFAULT_BUDGET, TeamPlanner, planned_choices
    from wokphysics.games.wok_star.state import WokStarState
    from wokphysics.games.wok_star.team_bot import TeamBot

    team = TeamBot(0)

    def decision(state: GameState) -> bool:
        assert isinstance(state, WokStarState)
        legal = state.legal_wok_star_actions()
        return state.phase is PURCHASE and bool(planned_choices(state, legal, team.choose(state)))

    bots = [TeamBot(seat) for seat in range(players)]
    positions = positions_of(new_wok_star(players, 1, None), bots, 1, 6, decision)
    return bench_search(TeamPlanner(1, DEFAULT_BUDGET), positions, repeat)
