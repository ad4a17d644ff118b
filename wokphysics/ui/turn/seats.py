"""Who sits where: a label per seat, ``"person"`` or a bot's name (its strength), and the names
people read. No pygame: the launcher, the CLI and the scenes share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import GameState
from wokphysics.games.registry import make_bot
from wokphysics.games.seeds import bot_seed
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


class SeatedSession:
    """A game in the window with its seats: a label per seat (``"person"`` or a bot's name),
    the names people read, and a bot of its own for every bot seat (seeded from the game's
    seed and the seat, so a resumed game's bots play on as they would have). The window's
    sessions (:class:`~wokphysics.ui.turn.session.TurnSession`, Wok Star's ``StarSession``)
    are built on it."""

    def __init__(self, game: str, state: GameState, seats: Sequence[str]) -> None:
        self.state = state
        self.seats = tuple(seats)
        self.names = player_names(self.seats)
        self.bots: dict[int, Bot] = {
            seat: make_bot(game, label, bot_seed(state.seed, seat))
            for seat, label in enumerate(self.seats) if label != PERSON
        }

    @property
    def people(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat, label in enumerate(self.seats) if label == PERSON]

    @property
    def current(self) -> int:
        """The seat the engine names to act, or -1 when the game is over."""
        return self.state.current_player

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots
