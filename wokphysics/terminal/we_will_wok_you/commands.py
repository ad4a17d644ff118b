"""We Will Wok You's command-line verbs (``play``, ``score``) and the options of ``simulate``
(its bench figures: :mod:`wokphysics.games.we_will_wok_you.bench`).

Heavy parts are imported inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse

from wokphysics.games.we_will_wok_you.plugin import PLUGIN
from wokphysics.terminal.options import (
    add_bot_options,
    add_players,
    add_seed_and_config,
    add_simulation_options,
    check_players,
    seed_or_fresh,
)
from wokphysics.terminal.seating import level_bot

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
    from wokphysics.terminal.options import add_save_options

    parser.epilog = HOW_TO_PLAY + TERMINAL_HINT
    _add_common(parser, players=3)
    parser.set_defaults(players=None)  # given or not: --resume refuses it
    add_bot_options(parser, PLUGIN, "greedy")
    add_save_options(parser, GAME)


def play(args: argparse.Namespace) -> int:
    """Play in the terminal against bots: type an action's number or its text. The game
    autosaves after every turn (``--save``, ``--no-save``); ``--resume FILE`` continues a
    saved game (the window's too)."""

    from wokphysics.games.registry import bot_choices, check_bot_names, new_game
    from wokphysics.terminal.prompt import play_in_terminal
    from wokphysics.terminal.saving import play_seated, resumed_game, seat_game
    from wokphysics.terminal.seating import bot_seats
    from wokphysics.terminal.we_will_wok_you.play import WeWillWokYouTerminal

    record = resumed_game(args, PLUGIN)
    state = None
    names: list[str | None] = []
    if record is None:
        players = 3 if args.players is None else args.players
        _check_players(players)
        bot = level_bot(PLUGIN, getattr(args, "level", None), args.bot or "greedy")
        check_bot_names(GAME, [bot], "--bot")
        names = bot_seats(players, args.bots, bot_choices(GAME), bot, GAME)
        _check_config(args.config)
        # A fresh deal each time unless a seed is given; the game itself stays seeded.
        state = new_game(GAME, players=players, seed=seed_or_fresh(args.seed),
                         config=args.config)
    game = seat_game(args, PLUGIN, record, state, names)
    return play_seated(
        game, PLUGIN, "Take a wok card with 'take W..' and then pay card by card.",
        lambda state, seats, saved: play_in_terminal(state, seats, WeWillWokYouTerminal(),
                                                     turn_over=saved),
    )


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
    from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer
    from wokphysics.terminal.we_will_wok_you.render import render_score, score_to_json

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
