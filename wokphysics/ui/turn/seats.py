"""Who sits where: a label per seat, ``"person"`` or a bot's name (its strength), and the names
people read. No pygame: the launcher, the CLI and the scenes share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.errors import UserError
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


def seat_labels(players: int, bots: str | None, known: Sequence[str], default_bot: str
                ) -> tuple[str, ...]:
    """One label per seat from ``--bots``: a number of bots (each ``default_bot``), or one
    bot name per bot, comma-separated; bots take the last seats. None: all seats but the
    first are bots. A UserError names a bad value and what is allowed."""
    if bots is None:
        names = [default_bot] * (players - 1)
    elif bots.strip().isascii() and bots.strip().isdigit():
        digits = bots.strip().lstrip("0") or "0"
        # a count past a few digits is refused before int() (which refuses 4,300 digits)
        if len(digits) > 3 or int(digits) > players:
            shown = digits if len(digits) <= 12 else digits[:12] + "..."
            raise UserError(f"--bots {shown}: there are only {players} players")
        count = int(digits)
        names = [default_bot] * count
    else:
        names = [name.strip() for name in bots.split(",") if name.strip()]
        for name in names:
            if name not in known:
                raise UserError(f"--bots: unknown bot {name!r}; choose from "
                                f"{', '.join(known)} (or give a number of bots)")
        if len(names) > players:
            raise UserError(f"--bots names {len(names)} bots but there are {players} players")
    return (PERSON,) * (players - len(names)) + tuple(names)
