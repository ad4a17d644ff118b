"""Wok and Roll's command-line verbs (play, simulate) and bench figures.

Heavy parts are imported inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse
from typing import Any

from wokphysics.games.cli_options import (
    add_players,
    add_seed_and_config,
    add_simulation_options,
    check_players,
    seed_or_fresh,
)

TITLE = "Wok and Roll"
HOW_TO_PLAY = (
    "How to play: each turn one player goes to the market: they roll the 6 dice (4 white, "
    "2 red) and may roll any of them again twice, or lock them in. Then everyone cooks from "
    "those dice at once, the market player with all 6, the others with the 4 white ones: "
    "cross servings off your menu sheet (a dish from the top down, a platter in any order), "
    "paying each ingredient with a die, your Fridge (each item once per game), a circled row "
    "bonus or (Expert) the Pantry. Recipe Books buy conversion skills (2 Books), end-game "
    "bonuses (3) and (Expert) open locked dishes. The game ends in the turn a player "
    "completes 3 dishes or platters; the most taste points wins."
)
TERMINAL_HINT = (
    " At the prompt: a choice's number, or an action's text (reroll 2 5, lock, cook R1.2, "
    "done); show reprints the screen (show sheet: the dish names), list or more the choices, "
    "legend the codes, ? the commands. With --bots 0 the screen is cleared between players."
)
GAME = "wok-and-roll"
MIN_PLAYERS, MAX_PLAYERS = 1, 5


def _add_common(parser: argparse.ArgumentParser, players: int, simulate: bool = False) -> None:
    add_players(parser, players, MIN_PLAYERS, MAX_PLAYERS)
    parser.add_argument(
        "--expert",
        action="store_true",
        help="play the Expert Menu (House Specials, locks, Chef's Hats, Pantry, Recipes)",
    )
    parser.add_argument(
        "--dishes",
        type=int,
        default=None,
        metavar="N",
        help="end after a player completes N dishes/platters "
        "(default from the config: 3; the rulebook's longer Expert game: 5)",
    )
    add_seed_and_config(parser, "dice", "wok_and_roll.toml", simulate)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    check_players(args.players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    from wokphysics.games.wok_and_roll.settings import check_dishes_option

    check_dishes_option(args.dishes, args.expert, args.config)
    options: dict[str, Any] = {"path": args.config}
    if args.expert:
        options["expert"] = True
    if args.dishes is not None:
        options["dishes_to_end"] = args.dishes
    return options


# --------------------------------------------------------------------------- play


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = HOW_TO_PLAY + TERMINAL_HINT
    _add_common(parser, players=3)  # as the window
    parser.add_argument(
        "--bots",
        default=None,
        metavar="N|NAMES",
        help="how many seats are bots (default: all but one), or one bot name per bot seat, "
        "comma-separated (greedy, random); bots take the last seats; 0 = people only",
    )
    parser.add_argument(
        "--bot",
        default="greedy",
        metavar="NAME",
        help="the bot a number of --bots seats: greedy or random (default greedy)",
    )


def play(args: argparse.Namespace) -> int:
    """Play in the terminal: people type actions by number or text, bots are announced."""

    from wokphysics.games.bots import bot_names, check_bot_names, make_bot
    from wokphysics.games.registry import new_game
    from wokphysics.games.seating import bot_seats, seats_line
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.terminal import print_fitted
    from wokphysics.games.wok_and_roll.state import WokAndRollState
    from wokphysics.games.wok_and_roll.terminal import play_hidden

    options = _options(args)
    check_bot_names(GAME, [args.bot], "--bot")
    names = bot_seats(args.players, args.bots, bot_names(GAME), args.bot, GAME)
    # a fresh game each time unless a seed is given (the game itself stays seeded)
    seed = seed_or_fresh(args.seed)
    state = new_game(GAME, players=args.players, seed=seed, config=options)
    seats = [
        None if name is None else make_bot(GAME, name, bot_seed(seed, seat))
        for seat, name in enumerate(names)
    ]
    print_fitted(
        f"Wok and Roll, seed {seed}: {seats_line(names)}. Type an action's number or its "
        "text. The bots' cooking is shown when each turn is over."
    )
    assert isinstance(state, WokAndRollState)
    play_hidden(state, seats)
    return 0


# --------------------------------------------------------------------------- simulate


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    _add_common(parser, players=3, simulate=True)
    add_simulation_options(parser, games=200, bots="greedy,random,random")



# --------------------------------------------------------------------------- bench


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
    return {
        "wok_and_roll.random_games_per_s_4p": games / random_seconds,
        "wok_and_roll.random_games_per_s_4p_cpu": games / cpu_seconds,
        "wok_and_roll.greedy_vs_2_random_games_per_s_3p": 50 / greedy_seconds,
    }
