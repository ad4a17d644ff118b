"""Saving a game played at the prompt as the window saves it: the same options, files and
locks.

- ``--save FILE`` (default ``GAME-autosave.json`` in the current folder, or the ``--resume``
  file), ``--no-save`` and ``--resume FILE``, checked as the window checks them
  (:func:`~wokphysics.terminal.options.check_save_options`): every refusal is one line and
  exit status 2 (a file that is missing, unreadable, damaged, of another game or of a finished
  game; contradicting options; options of a new game with ``--resume``).
- The file is the window's (:mod:`wokphysics.replay.turn_record`, with each step's game time
  for Wok Star's sand timers): a game saved at the prompt resumes in the window, and the other
  way round. It is written after every turn, atomically (a temporary file renamed over it),
  and once more when the game is left (``quit``, the end of the input, Ctrl-C), with the turn
  under way.
- A new game never overwrites another unfinished one (it saves to ``NAME-2.json`` and says
  so); a finished game's save is kept as ``NAME.previous.json``; the file is locked while the
  game is played, so a second window or terminal cannot resume or overwrite it
  (:mod:`wokphysics.records.saving`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.games.bots import Bot
from wokphysics.games.plugin import GamePlugin
from wokphysics.games.protocol import GameState
from wokphysics.games.seeds import bot_seed
from wokphysics.records.saving import (
    SaveFailed,
    claim_play_file,
    play_command,
    release_save_file,
    saved_game_line,
)
from wokphysics.replay.turn_record import PERSON, TurnRecord, read_record, write_record
from wokphysics.terminal.options import autosave_name, check_save_options, save_path
from wokphysics.terminal.prompt import print_fitted
from wokphysics.terminal.seating import seats_line


def resumed_game(args: argparse.Namespace, plugin: GamePlugin) -> TurnRecord | None:
    """The saved game ``--resume`` names, every step replayed and checked (None without
    ``--resume``), after the save options are checked; a UserError in one line for a file
    that cannot be read, is damaged, holds another game or a finished one."""
    check_save_options(args)
    if not args.resume:
        return None
    path = Path(args.resume)
    record = read_record(path)
    if record.game != plugin.name:
        raise UserError(f"{path}: a saved game of {record.game}, not {plugin.name}; resume it "
                        f"with: {play_command(record.game, terminal=True)} --resume {path}")
    if record.state.is_terminal():
        raise UserError(f"{path}: this game of {plugin.title} is over; watch it with: "
                        f"wokphysics replay {path} (a new game: leave out --resume)")
    return record


def seat_labels(seats: Sequence[str | None]) -> tuple[str, ...]:
    """The save file's seats: ``"person"`` for a person at the keyboard, else the bot's name."""
    return tuple(PERSON if seat is None else seat for seat in seats)


def seats_of(record: TurnRecord) -> list[str | None]:
    """The seats of a saved game as the terminal seats them: None for a person, else the bot's
    name."""
    return [None if label == PERSON else label for label in record.seats]


@dataclass
class TerminalSave:
    """The autosave of one game at the prompt: ``path`` (None: not saved), the game's name,
    its seats (``"person"`` or a bot's name), its initial state, and for a game on a game
    clock the game time of every step so far (``times``; None otherwise)."""

    path: Path | None
    game: str
    seats: tuple[str, ...]
    initial: GameState
    times: list[float] | None = None
    problem: str | None = None
    """Why the last write failed (a full disk), said once; None once a write succeeds."""
    say: Callable[[str], None] = field(default=lambda text: print(text, file=sys.stderr))
    """Where a failed write is said: standard error, or a live prompt's :meth:`~wokphysics.
    terminal.live_line.LiveLine.write`, which prints above the prompt line, not on it."""

    @classmethod
    def claim(cls, args: argparse.Namespace, game: str, seats: Sequence[str],
              initial: GameState, times: list[float] | None = None) -> TerminalSave:
        """The save of a game whose options are all checked: its file claimed (locked) now,
        so a refused command leaves the save files alone. A file holding another unfinished
        game is kept and a new name said; a resumed game's file that cannot be written is
        played unsaved (said)."""
        path = save_path(args, autosave_name(game))
        if path is not None:
            resume = Path(args.resume) if args.resume else None
            path = claim_play_file(path, resume, game, terminal=True, say=print_fitted)
        return cls(path, game, tuple(seats), initial, times)

    def write(self, state: GameState) -> None:
        """Write the game as it stands, whole or not at all. A failed write (a full disk) is
        said once on standard error and the game goes on; the next turn tries again."""
        if self.path is None:
            return
        try:
            write_record(self.path, self.game, self.seats, self.initial, state, self.times)
        except SaveFailed as failure:
            if self.problem is None:
                self.say(f"wokphysics: {failure}; the game goes on and is saved again after "
                         "the next turn")
            self.problem = str(failure)
            return
        self.problem = None

    def close(self, state: GameState) -> None:
        """The game is over or left: write it as it stands (the turn under way too), let go
        of the file and say how to continue or replay it."""
        if self.path is None:
            return
        self.write(state)
        release_save_file(self.path)
        line = saved_game_line(self.game, self.path, terminal=True)
        if line is not None and self.problem is None:
            # the command on a line of its own: it fits 80 columns and copies whole
            said, command = line.split(" with: ", 1)
            print(f"{said} with:\n  {command}")


@dataclass
class Seated:
    """A game to play at the prompt, new or resumed: its state, who sits where (None for a
    person, else a bot's name), its save, and how the first line introduces it."""

    state: GameState
    names: list[str | None]
    save: TerminalSave
    opening: str
    """``"seed 7"``, or ``"seed 7, resumed from FILE after 12 steps"``."""

    def bots(self, game: str) -> list[Bot | None]:
        """A bot of game ``game`` for each bot seat, seeded from the game's seed and the seat
        (a resumed game's bots play on as they would have); None for a person."""
        from wokphysics.games.registry import make_bot

        return [None if name is None else make_bot(game, name, bot_seed(self.state.seed, seat))
                for seat, name in enumerate(self.names)]


TurnPlay = Callable[[GameState, list[Bot | None], Callable[[GameState], None]], object]
"""``play(state, seats, saved)``: play ``state`` to its end at the prompt with these seats
(a bot, or None for a person), calling ``saved(state)`` after every turn (what it returns
is not used)."""


def play_seated(game: Seated, plugin: GamePlugin, hint: str, play: TurnPlay) -> int:
    """Play a seated turn game at the prompt: a line introducing it (the game, how it opens,
    who sits where, then ``hint``), the play with its bots, saved after every turn, and its
    save closed however the play ends. Exit status 0."""
    seats = game.bots(plugin.name)
    print_fitted(f"{plugin.title}, {game.opening}: {seats_line(game.names)}. {hint}")
    try:
        play(game.state, seats, game.save.write)
    finally:
        game.save.close(game.state)
    return 0


def seat_game(args: argparse.Namespace, plugin: GamePlugin, record: TurnRecord | None,
              new: GameState | None, names: Sequence[str | None],
              times: list[float] | None = None) -> Seated:
    """The game to play: the resumed ``record``'s (its seats and initial state), or the
    ``new`` game for ``names``; its save claimed. Call once every option is checked."""
    if record is not None:
        state, initial, seated = record.state, record.initial, seats_of(record)
        steps = len(state.history)
        opening = (f"seed {state.seed}, resumed from {args.resume} after {steps} "
                   f"step{'' if steps == 1 else 's'}")
    else:
        assert new is not None
        state, initial, seated = new, new.clone(), list(names)
        opening = f"seed {state.seed}"
    save = TerminalSave.claim(args, plugin.name, seat_labels(seated), initial, times)
    save.write(state)  # saved from the start, as the window's Wok on Fire is
    return Seated(state, seated, save, opening)
