"""``wokphysics play wok-and-roll`` in the window: the game's own options on top of every turn
game's (:mod:`wokphysics.ui.turn.play`).

``--expert`` plays the Expert Menu and ``--dishes N`` sets the end (a player completing N
dishes or platters), as in the terminal. They are rules options of the config's ``[rules]``
table, so they become a small override file (the kind the launcher writes and ``--config``
takes) kept in a temporary folder for the window's lifetime; a saved game carries its own
settings, so ``--resume`` needs none of them.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import tempfile
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin

WINDOW_HINT = (
    " In the window: click dice and Re-roll or Lock in at the market; click a bright serving "
    "(the cheapest payment is proposed; click dice, Fridge items and circles to change it), "
    "then Cook; Done cooking ends your turn's cooking. Hover for details; F1 for help."
)


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--expert`` and ``--dishes``, and how to play (after the options)."""
    from wokphysics.terminal.wok_and_roll.commands import HOW_TO_PLAY

    parser.epilog = HOW_TO_PLAY + WINDOW_HINT
    parser.add_argument("--expert", action="store_true",
                        help="play the Expert Menu (House Specials, locks, Chef's Hats, Pantry, "
                        "Recipes)")
    parser.add_argument("--dishes", type=int, default=None, metavar="N",
                        help="end after a player completes N dishes or platters (default from "
                        "the config: 3; the rulebook's longer Expert game: 5)")


def rules_config(args: argparse.Namespace, plugin: GamePlugin) -> str | None:
    """The ``--config`` the game starts with: the user's, or an override file for
    ``--expert`` / ``--dishes`` (None: the shipped config). A UserError names a bad value."""
    from wokphysics.games.rules_options import write_override
    from wokphysics.games.wok_and_roll.settings import check_dishes_option

    expert = bool(getattr(args, "expert", False))
    dishes = getattr(args, "dishes", None)
    if not expert and dishes is None:
        config: str | None = args.config
        return config
    if args.config is not None:
        raise UserError("--expert and --dishes cannot be layered over --config: set "
                        "menu = \"expert\" or dishes_to_end in that file's [rules] instead")
    if getattr(args, "resume", None):
        raise UserError("--resume continues the saved game with its own menu; drop --expert "
                        "and --dishes")
    check_dishes_option(dishes, expert, None)
    values: dict[str, bool | int | float | str] = {}
    if expert:
        values["menu"] = "expert"
    if dishes is not None:
        values["expert_dishes_to_end" if expert else "dishes_to_end"] = dishes
    folder = Path(tempfile.mkdtemp(prefix="wokphysics-rules-"))
    atexit.register(shutil.rmtree, folder, True)
    path = write_override(plugin, values, folder)
    return str(path) if path is not None else None
