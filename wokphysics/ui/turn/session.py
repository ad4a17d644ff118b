"""A turn-based game being played in the window: the state, the seats, the bots, the autosave.

Every change to the game goes through :meth:`TurnSession.apply`, the same ``state.apply`` a
bot or the terminal uses; a refused action raises :class:`IllegalAction` and changes nothing.
Each step taken is appended to :attr:`TurnSession.events` (an :class:`Applied`), the typed
events the scene's presenter reads.
After every turn (the current player changes, or the game ends) the game is written to the
autosave file (:mod:`wokphysics.replay.turn_record`), which ``--resume`` and the replay viewer
read. No pygame here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.registry import new_game
from wokphysics.records.saving import SaveFailed
from wokphysics.replay.turn_record import read_record, write_record
from wokphysics.ui.turn.seats import SeatedSession


@dataclass(frozen=True)
class Applied:
    """One engine step just taken: who, what, the state before it (a copy) and whether it
    ended the player's turn."""

    player: int
    action: Action
    before: GameState
    turn_over: bool


class TurnSession(SeatedSession):
    """One game of a turn-based game with its seats; ``save`` is the autosave file or None."""

    def __init__(self, game: str, state: GameState, seats: Sequence[str],
                 save: Path | None = None, initial: GameState | None = None) -> None:
        super().__init__(game, state, seats)
        self.game = game
        self.save_path = save
        self.save_problem: str | None = None
        """Why the saved game is older than this one (a full disk): None once it is saved."""
        self.initial = initial if initial is not None else state.clone()
        self.steps = len(state.history)
        self.events: list[Applied] = []
        """Every step taken in this session, in order: what the presenter reads."""

    @classmethod
    def new(cls, game: str, seats: Sequence[str], seed: int, config: Any = None,
            save: Path | None = None) -> TurnSession:
        """A new game of ``game`` (its chance seeded by ``seed``) for these seats."""
        return cls(game, new_game(game, len(seats), seed, config), seats, save)

    @classmethod
    def resume(cls, path: Path, save: Path | None) -> TurnSession:
        """The game saved in ``path`` (every step replayed and checked), saving to ``save``.

        Bots are made anew from the game's seed: a bot's choices depend only on the state it
        sees and its seeded generator, so a resumed game goes on as the bots would have
        played it (their generators restart at the resume point)."""
        record = read_record(path)
        return cls(record.game, record.state, record.seats, save, record.initial)

    # ------------------------------------------------------------------ who acts
    @property
    def person_to_act(self) -> bool:
        return not self.state.is_terminal() and self.current not in self.bots

    # ------------------------------------------------------------------ changing the game
    def apply(self, action: Action) -> Applied:
        """Take ``action`` for the current player (or raise IllegalAction, nothing changed);
        autosave when the turn is over."""
        player = self.current
        before = self.state.clone()
        self.state.apply(action)
        self.steps += 1
        turn_over = self.state.is_terminal() or self.state.current_player != player
        applied = Applied(player, action, before, turn_over)
        self.events.append(applied)
        if turn_over:
            with contextlib.suppress(SaveFailed):  # kept in save_problem: the game goes on
                self.autosave()
        return applied

    def bot_choice(self) -> Action:
        """The current bot's next action (the bot reads what its seat may see)."""
        return self.bots[self.current].choose(self.state)

    def autosave(self) -> None:
        """Write the game to the autosave file, if there is one (SaveFailed if it cannot be,
        kept in :attr:`save_problem` until a later write succeeds)."""
        if self.save_path is None:
            return
        try:
            write_record(self.save_path, self.game, self.seats, self.initial, self.state)
        except SaveFailed as failure:
            self.save_problem = str(failure)
            raise
        self.save_problem = None
