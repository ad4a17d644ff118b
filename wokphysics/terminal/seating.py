"""Who sits where in a turn-based game: ``--bots`` read once for the window and the terminal.

A seat is None for a person (at the keyboard or the mouse) or a bot's name.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from wokphysics.errors import UserError
from wokphysics.games.bots import refuse_unknown_bots
from wokphysics.games.plugin import GamePlugin
from wokphysics.games.text import typed_number


def bot_seats(players: int, bots: str | None, known: Sequence[str], default_bot: str,
              game: str) -> list[str | None]:
    """Who sits in each seat, from ``--bots``: None for a person, else a bot's name. ``bots``
    is a number of bots (each ``default_bot``) or one bot name per bot, comma-separated; bots
    take the last seats; None: every seat but the first is a bot. The one reading of
    ``--bots`` for every turn-based game, in the window and in the terminal; a UserError
    names a bad value and what is allowed."""
    if bots is None:
        names = [default_bot] * (players - 1)
    elif (count := typed_number(bots.strip())) is not None:
        if count > players:
            raise UserError(f"--bots asks for {count} bots but --players is {players}: "
                            f"there are only {players} players")
        names = [default_bot] * count
    elif bots.strip().isdigit():  # digits int() will not take ("²") or too many of them
        raise UserError(f"--bots {bots.strip()[:20]!r}: give a number of bots, 0 to {players} "
                        f"(there are only {players} players)")
    else:
        names = [name.strip() for name in bots.split(",")]
        if "" in names:  # "strong,,weak" or "greedy,": a seat nobody named
            raise UserError(f"--bots {bots.strip()[:40]!r}: a bot name is missing between "
                            f"commas; give one name per bot seat ({', '.join(known)})")
        refuse_unknown_bots(names, known, game)
        if len(names) > players:
            raise UserError(f"--bots asks for {len(names)} bots but --players is {players}: "
                            f"there are only {players} players")
    return [None] * (players - len(names)) + list(names)


def seats_line(seats: Sequence[str | None]) -> str:
    """Who plays, for a terminal game's first line: "players 1-2 at the keyboard, 1 bot
    (greedy)", "player 1 at the keyboard, 2 bots (greedy, random)", "3 bots (...)"."""
    people = sum(1 for seat in seats if seat is None)
    bots = [seat for seat in seats if seat is not None]
    parts = []
    if people == 1:
        parts.append("player 1 at the keyboard")
    elif people:
        parts.append(f"players 1-{people} at the keyboard")
    if bots:
        parts.append(f"{len(bots)} bot{'s' if len(bots) > 1 else ''} ({', '.join(bots)})")
    return ", ".join(parts)


def add_level_option(parser: argparse.ArgumentParser, plugin: GamePlugin) -> None:
    """``--level NAME``: the bots play at one of the game's named difficulties (the bot of
    every bot seat a number of ``--bots`` asks for); the help lists them with their
    measured strength."""
    if not plugin.levels:
        return
    listed = "; ".join(f"{level.key} = {level.bot}" + (f" ({level.rating})" if level.rating
                                                       else "") for level in plugin.levels)
    listed = listed.replace("%", "%%")  # argparse formats help: "wins 70 %" is literal
    parser.add_argument("--level", default=None, metavar="NAME",
                        help=f"how strong the bots are: {listed} (the bot a number of --bots "
                        "means; measured with 'wokphysics ladder', docs/bots.md)")


def level_bot(plugin: GamePlugin, key: str | None, default: str) -> str:
    """The bot of the level called ``key`` (any case), or ``default`` when none is named; a
    UserError lists the levels there are."""
    if key is None:
        return default
    for level in plugin.levels:
        if level.key == key.strip().lower():
            return level.bot
    names = ", ".join(level.key for level in plugin.levels) or "none"
    raise UserError(f"--level: {plugin.title} has no level {key[:40]!r}; choose from: {names}")
