"""We Will Wok You's command-line verbs (play, simulate, score) and bench figures.

Heavy parts are imported inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse

from wokphysics.games.cli_options import (
    add_players,
    add_seed_and_config,
    add_simulation_options,
    check_players,
    seed_or_fresh,
)

TITLE = "We Will Wok You"
GAME = "we-will-wok-you"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def _add_common(parser: argparse.ArgumentParser, players: int, simulate: bool = False) -> None:
    add_players(parser, players, MIN_PLAYERS, MAX_PLAYERS)
    add_seed_and_config(parser, "shuffles", "we_will_wok_you.toml", simulate)


def _check_players(players: int) -> None:
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)


def _check_config(config: str | None) -> None:
    from wokphysics.games.we_will_wok_you.cards import load_cards

    load_cards(config)  # a bad file is one ConfigError line before anything starts


# --------------------------------------------------------------------------- play
HOW_TO_PLAY = (
    "How to play: on your turn collect a coin from a coin set (the upper set prices rows 1-2, "
    "the lower rows 3-4), buy a whole row of ingredient cards for its set's coins, or take a "
    "wok card from the offer by paying hand cards that show 4 identical symbols (a star "
    "counts as any symbol). Buying the last cards next to one coin set triggers the end: "
    "everyone takes one final action, then each player's cards go into their woks for the "
    "most points (the game finds the best arrangement)."
)
TERMINAL_HINT = (
    " At the prompt: a choice's number or an action's text (collect upper, buy row 2, "
    "take W07, then pay card by card); show reprints the table (show hand, show woks), legend "
    "explains the card kinds, ? the commands. With --bots 0 the screen is cleared and the "
    "next player presses Enter before their hand is shown."
)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = HOW_TO_PLAY + TERMINAL_HINT
    _add_common(parser, players=3)
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
    """Play in the terminal against bots: type an action's number or its text."""

    from wokphysics.games.bots import bot_names, check_bot_names, make_bot
    from wokphysics.games.registry import new_game
    from wokphysics.games.seating import bot_seats, seats_line
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.terminal import play_in_terminal, print_fitted
    from wokphysics.games.we_will_wok_you.terminal import WeWillWokYouTerminal

    _check_players(args.players)
    check_bot_names(GAME, [args.bot], "--bot")
    names = bot_seats(args.players, args.bots, bot_names(GAME), args.bot, GAME)
    _check_config(args.config)
    # A fresh deal each time unless a seed is given; the game itself stays seeded.
    seed = seed_or_fresh(args.seed)
    state = new_game(GAME, players=args.players, seed=seed, config=args.config)
    seats = [
        None if name is None else make_bot(GAME, name, bot_seed(seed, seat))
        for seat, name in enumerate(names)
    ]
    print_fitted(
        f"We Will Wok You, seed {seed}: {seats_line(names)}. "
        "Take a wok card with 'take W..' and then pay card by card."
    )
    play_in_terminal(state, seats, WeWillWokYouTerminal())
    return 0


# --------------------------------------------------------------------------- simulate
def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    _add_common(parser, players=4, simulate=True)
    add_simulation_options(parser, games=1000, bots="greedy,random,random,random")



# --------------------------------------------------------------------------- score
def add_score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE.json",
        help="one player's holdings: woks, hand, front, coins "
        "(see examples/we-will-wok-you-scoring.json)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--config",
        default=None,
        metavar="PATH",
        help="a TOML file (or folder) layered over config/we_will_wok_you.toml",
    )


def score(args: argparse.Namespace) -> int:
    """Print the optimal arrangement of one player's cards and the total."""
    import json

    from wokphysics.games.we_will_wok_you.cards import load_cards
    from wokphysics.games.we_will_wok_you.holdings import load_holdings
    from wokphysics.games.we_will_wok_you.render import render_score, score_to_json
    from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer

    data = load_cards(args.config)
    holdings = load_holdings(args.file, data)
    result = WeWillWokYouScorer(data).score(
        list(holdings.woks), list(holdings.hand), list(holdings.front), holdings.coins
    )
    if args.json:
        print(json.dumps(score_to_json(result), indent=2))
    else:
        print(f"We Will Wok You: optimal scoring of {args.file}")
        print(render_score(data, result))
    return 0


# --------------------------------------------------------------------------- bench
def bench_figures(repeat: int) -> dict[str, float]:
    """Random 2-player games per second (set-up, play and winners: the issue's target is 3,000
    on one core), random 4-player playouts per second, and final-scoring time per player."""
    import time

    from wokphysics.games.bots import RandomBot
    from wokphysics.games.registry import new_game
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.simulation import play_out
    from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
    from wokphysics.timing import median_cpu_seconds, median_seconds

    playouts = 200

    def run_playouts(players: int = 4) -> list[WeWillWokYouState]:
        finished = []
        for seed in range(playouts):
            state = new_game(GAME, players=players, seed=seed)
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
            state = new_game(GAME, players=4, seed=seed)
            bots = [
                WeWillWokYouGreedyBot(seed),
                *(RandomBot(bot_seed(seed, s)) for s in range(1, 4)),
            ]
            play_out(state, bots)
            state.scores()

    greedy = median_seconds(greedy_games, repeat)
    return {
        "wwwy.random_games_2p_per_s": playouts / two_players,
        "wwwy.random_games_2p_per_s_cpu": playouts / two_players_cpu,
        "wwwy.random_playouts_4p_per_s": playouts / seconds,
        "wwwy.final_scoring_ms_per_player": 1000 * scoring / len(holdings),
        "wwwy.final_scoring_ms_worst_player": 1000 * worst,
        "wwwy.greedy_vs_3_random_games_per_s": 20 / greedy,
    }
