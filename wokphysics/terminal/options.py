"""Command-line options every turn-based game shares: players, seed and config.

Each game's ``commands`` module adds these with the game's own limits and defaults, so the
options read and fail the same way in every game.
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin, TurnEngine
from wokphysics.games.seeds import MAX_SEED
from wokphysics.terminal.seating import add_level_option


def add_players(parser: argparse.ArgumentParser, default: int, low: int, high: int) -> None:
    """``--players N``, documented with the game's range."""
    parser.add_argument(
        "--players",
        type=int,
        default=default,
        metavar="N",
        help=f"number of players, {low} to {high} (default {default})",
    )


def check_players(players: int, low: int, high: int, title: str) -> int:
    """``players`` if the game allows it, else a one-line UserError."""
    if not low <= players <= high:
        raise UserError(f"--players must be {low} to {high} for {title}, not {players}")
    return players


def bot_words(engine: TurnEngine) -> str:
    """The game's bots as people read them, in its plugin's order: ``"greedy, mcts (or
    mcts:N) or random"`` (a bot that takes a budget of N iterations a move says so)."""
    words = [f"{name} (or {name}:N)" if name in engine.budgeted else name
             for name in engine.bots]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def add_bot_options(parser: argparse.ArgumentParser, plugin: GamePlugin, default: str) -> None:
    """``--bots N|NAMES`` (the seats bots take), ``--bot NAME`` (the bot a number of them
    plays) and ``--level NAME`` (a named difficulty), naming the bots of ``plugin``'s turn
    engine and its ``default``."""
    if plugin.turn_engine is None:
        raise ValueError(f"{plugin.title} seats no turn-game bots")
    words = bot_words(plugin.turn_engine)
    parser.add_argument(
        "--bots",
        default=None,
        metavar="N|NAMES",
        help="how many seats are bots (default: all but one), or one bot name per bot seat, "
        f"comma-separated ({', '.join(plugin.turn_engine.bots)}); bots take the last seats; "
        "0 = people only",
    )
    parser.add_argument(
        "--bot",
        default=None,  # the command's default applies; given or not, --resume refuses it
        metavar="NAME",
        help=f"the bot a number of --bots seats: {words} (default {default})",
    )
    add_level_option(parser, plugin)


def add_seed_and_config(parser: argparse.ArgumentParser, seeded: str, config_file: str,
                        simulate: bool = False) -> None:
    """``--seed N`` (what it seeds, for ``play`` or for ``simulate``) and ``--config PATH``
    (layered over ``config_file``)."""
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help=(f"seed of the first game's {seeded}, then N+1, N+2, ... (default 1)"
              if simulate else f"seed of the {seeded} (default: a fresh one each game)"),
    )
    parser.add_argument(
        "--config",
        default=None,
        metavar="PATH",
        help=f"a TOML file (or folder) layered over config/{config_file}",
    )


def add_simulation_options(parser: argparse.ArgumentParser, games: int, bots: str) -> None:
    """``--games N``, ``--bots NAMES`` (one per seat, cycled) and ``--no-progress``."""
    parser.add_argument(
        "--games", type=int, default=games, metavar="N", help=f"how many games (default {games})"
    )
    parser.add_argument(
        "--bots",
        default=bots,
        metavar="NAMES",
        help=f"comma-separated bot per seat, cycled to fill the seats (default {bots})",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def check_seed(seed: int) -> int:
    """``seed`` if it is 0 to :data:`~wokphysics.games.seeds.MAX_SEED`, else a one-line
    UserError (``--seed``): every game takes the same seeds."""
    if not 0 <= seed <= MAX_SEED:
        raise UserError(f"--seed must be 0 to {MAX_SEED}, not {seed}")
    return seed


def seed_or_fresh(seed: int | None) -> int:
    """The checked ``--seed``, or a fresh random one when none is given (``play``)."""
    if seed is None:
        return random.SystemRandom().randrange(1 << 30)
    return check_seed(seed)


MAX_GAMES = 1_000_000
"""Most games a study plays per setting: its task list is held in memory (a billion games
would take days anyway), so ``--games 99999999999999999999999`` is refused, not planned."""


def check_games(games: int) -> int:
    """``games`` if it is 1 to :data:`MAX_GAMES`, else a one-line UserError (``--games``)."""
    if games < 1:
        raise UserError(f"--games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise UserError(f"--games must be at most {MAX_GAMES}, not {games}")
    return games


NEW_GAME_OPTIONS = (
    ("players", "--players"),
    ("bots", "--bots"),
    ("bot", "--bot"),
    ("level", "--level"),
    ("seed", "--seed"),
    ("config", "--config"),
    ("expert", "--expert"),
    ("dishes", "--dishes"),
    ("difficulty", "--difficulty"),
    ("no_timer", "--no-timer"),
    ("no_events", "--no-events"),
    ("no_characters", "--no-characters"),
    ("first_game", "--first-game"),
)
"""The options that set up a new game (``dest``, flag), as the window's play commands name them;
a parser has the ones its game takes. Unset, each is None or False."""


def check_save_options(args: argparse.Namespace) -> None:
    """``--save FILE``, ``--no-save`` and ``--resume FILE`` of ``play`` (in the window and at
    the prompt: :mod:`wokphysics.terminal.saving`): a UserError
    when they contradict each other (``--no-save --save FILE`` used to drop one silently), or
    when ``--resume`` comes with options for a new game, which a resumed game would ignore (its
    players, seed and rules are the saved game's)."""
    if getattr(args, "no_save", False) and getattr(args, "save", None):
        raise UserError("--no-save and --save FILE contradict each other; give one of them")
    if getattr(args, "save", None) is not None and not getattr(args, "no_save", False):
        check_save_file(args.save)
    if not getattr(args, "resume", None):
        return
    given = [flag for dest, flag in NEW_GAME_OPTIONS
             if getattr(args, dest, None) not in (None, False)]
    if given:
        raise UserError(f"--resume continues the saved game with its own players, seed and "
                        f"rules; drop {' and '.join(given)}")


def autosave_name(game: str) -> str:
    """The default autosave file of ``game`` in the current folder (the window's too)."""
    return f"{game}-autosave.json"


def save_hint(game: str) -> str:
    """The sentence a terminal game's ``--help`` ends with: how it is saved."""
    return (f"The game autosaves after every turn and when you leave to "
            f"{autosave_name(game)} (--save FILE, --no-save), the window's file: --resume "
            "FILE continues it here or in the window, and a game saved in the window here.")


def add_save_options(parser: argparse.ArgumentParser, game: str) -> None:
    """``--resume FILE``, ``--save FILE`` and ``--no-save``, as the window's ``play`` has
    them."""
    default = autosave_name(game)
    parser.epilog = f"{parser.epilog} {save_hint(game)}" if parser.epilog else save_hint(game)
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help=f"continue a saved game (e.g. {default}; a game saved in the "
                        "window too), with its own players, seed and rules")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=f"autosave after every turn here (default {default}, or the "
                        "--resume file); a file holding another unfinished game is kept and "
                        "the game saves to NAME-2.json")
    parser.add_argument("--no-save", action="store_true", help="do not autosave")


def save_path(args: argparse.Namespace, default: str, window: bool = False) -> Path | None:
    """The autosave file the options ask for: ``--save``, else the ``--resume`` file, else
    ``default``; None with ``--no-save``, and in a ``window`` run to ``--max-frames`` (tests
    and bug reports) none unless asked. The terminal's and every window's rule."""
    if args.no_save:
        return None
    if args.save:
        return Path(args.save)
    if args.resume:
        return Path(args.resume)
    if window and args.max_frames is not None:
        return None
    return Path(default)


def _shown(name: str) -> str:
    """A file name for a message line: at most 60 characters, and the count if cut."""
    return name if len(name) <= 60 else f"{name[:40]}...({len(name)} characters)"


def check_save_file(name: str) -> None:
    """``--save NAME`` names a file that can be a save: a UserError in one line for an empty
    name, a folder, a device or pipe (``/dev/null`` took the save as ``/dev/null-2``), or a
    file in a folder that does not exist. Whether the folder may be written is found when the
    file is claimed (:mod:`wokphysics.records.saving`)."""
    if not name.strip():
        raise UserError("--save needs a file name, e.g. --save game.json")
    path = Path(name)
    shown = _shown(name)
    try:
        if name.endswith(("/", os.sep)) or path.is_dir():
            raise UserError(f"--save {shown}: names a folder; name a file in it, e.g. "
                            f"--save {_shown(str(path / 'game.json'))}")
        if path.exists() and not path.is_file():
            raise UserError(f"--save {shown}: not a regular file (a device or a pipe); name "
                            "a save file, e.g. --save game.json")
        if not path.parent.is_dir():
            raise UserError(f"--save {shown}: there is no folder {_shown(str(path.parent))}; "
                            "name a file in a folder that exists")
    except OSError as error:  # a name too long for the file system, say
        raise UserError(f"--save {shown}: {error.strerror or error}") from None
    except ValueError:  # a NUL in the name
        raise UserError(f"--save {shown!r}: a file name cannot hold that character") from None
