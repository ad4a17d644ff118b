"""Who sits where: a label per seat, ``"person"`` or a bot's name (its strength), and the names
people read. No pygame: the launcher, the CLI and the scenes share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.errors import UserError
from wokphysics.games.bots import refuse_unknown_bots
from wokphysics.games.text import typed_number
from wokphysics.replay.turn_record import PERSON


def player_names(labels: Sequence[str]) -> list[str]:
    """Display names: one person is "You"; several are "Player N"; bots "Bot N (name)"."""
    people = sum(1 for label in labels if label == PERSON)
    names = []
    for index, label in enumerate(labels):
        if label == PERSON:
            names.append("You" if people == 1 else f"Player {index + 1}")
        else:
            names.append(f"Bot {index + 1} ({label})")
    return names


def seat_labels(players: int, bots: str | None, known: Sequence[str], default_bot: str,
                game: str) -> tuple[str, ...]:
    """One label per seat from ``--bots``: a number of bots (each ``default_bot``), or one
    bot name per bot, comma-separated; bots take the last seats. None: all seats but the
    first are bots. The one reading of ``--bots`` for every game's window; a UserError names a
    bad value and what is allowed."""
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
    return (PERSON,) * (players - len(names)) + tuple(names)
