"""Who sits where: a label per seat, ``"person"`` or a bot's name (its strength), and the names
people read. No pygame: the launcher, the CLI and the scenes share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.replay.turn_record import PERSON
from wokphysics.terminal.seating import bot_seats


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
    """One label per seat from ``--bots`` (see :func:`terminal.seating.bot_seats`, the one
    reading of it for the window and the terminal): PERSON or a bot's name."""
    return tuple(PERSON if seat is None else seat
                 for seat in bot_seats(players, bots, known, default_bot, game))
