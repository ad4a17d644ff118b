"""Wok and Roll's command-line verb ``play`` and the options of ``simulate`` (its bench
figures: :mod:`wokphysics.games.wok_and_roll.bench`).

Heavy parts are imported inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse
from typing import Any

from wokphysics.games.wok_and_roll.plugin import PLUGIN
from wokphysics.terminal.options import (
    add_bot_options,
    add_players,
    add_seed_and_config,
    add_simulation_options,
    check_players,
    seed_or_fresh,
)
from wokphysics.terminal.seating import level_bot

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


def _options(args: argparse.Namespace, players: int) -> dict[str, Any]:
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
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
    from wokphysics.terminal.options import add_save_options

    parser.epilog = HOW_TO_PLAY + TERMINAL_HINT
    _add_common(parser, players=3)  # as the window
    parser.set_defaults(players=None)  # given or not: --resume refuses it
    add_bot_options(parser, PLUGIN, "greedy")
    add_save_options(parser, GAME)


def play(args: argparse.Namespace) -> int:
    """Play in the terminal: people type actions by number or text, bots are announced. The
    game autosaves after every turn (``--save``, ``--no-save``); ``--resume FILE`` continues
    a saved game (the window's too)."""

    from wokphysics.games.registry import bot_choices, check_bot_names, new_game
    from wokphysics.games.wok_and_roll.state import WokAndRollState
    from wokphysics.terminal.saving import play_seated, resumed_game, seat_game
    from wokphysics.terminal.seating import bot_seats
    from wokphysics.terminal.wok_and_roll.play import play_hidden

    record = resumed_game(args, PLUGIN)
    state = None
    names: list[str | None] = []
    if record is None:
        players = 3 if args.players is None else args.players
        options = _options(args, players)
        bot = level_bot(PLUGIN, getattr(args, "level", None), args.bot or "greedy")
        check_bot_names(GAME, [bot], "--bot")
        names = bot_seats(players, args.bots, bot_choices(GAME), bot, GAME)
        # a fresh game each time unless a seed is given (the game itself stays seeded)
        state = new_game(GAME, players=players, seed=seed_or_fresh(args.seed), config=options)
    game = seat_game(args, PLUGIN, record, state, names)
    assert isinstance(game.state, WokAndRollState)
    roll = game.state
    return play_seated(
        game, PLUGIN,
        "Type an action's number or its text. The bots' cooking is shown when each turn is over.",
        lambda _, seats, saved: play_hidden(roll, seats, turn_over=saved),
    )


# --------------------------------------------------------------------------- simulate


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    _add_common(parser, players=3, simulate=True)
    add_simulation_options(parser, games=200, bots="greedy,random,random")
