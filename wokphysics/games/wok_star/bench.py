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
    return figures
