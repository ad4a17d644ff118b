"""Writing save files so that no game is lost: atomic writes, one owner per file.

- :func:`write_atomically` writes a temporary file beside the target, flushes it to disk and
  renames it over the target: a crash leaves the old file or the new one, and a failed write
  (a full disk) leaves the old file and no temporary behind.
- :func:`claim_save_file` gives a new game a save file it may overwrite: a file that holds
  another unfinished game, or that another running game owns, is never overwritten (the new
  game gets the next free name, ``NAME-2.json``, ...); a finished game's save is kept as
  ``NAME.previous.json`` before it is replaced. The claimed file is locked (an exclusive
  ``flock`` on ``NAME.lock``) while this process plays it, so two windows never write one file;
  the lock file is removed when the game lets go of it (:func:`release_save_file`, or at the
  latest when the command ends: :func:`release_all`), so a refused command leaves none behind.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "game.json", '{"finished": false}\\n')
>>> claim_save_file(folder / "game.json").name   # an unfinished game there: a new name
'game-2.json'
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

from wokphysics.config.files import RECORD_LIMIT, FileProblem, read_user_bytes
from wokphysics.errors import UserError

MAX_NAMES = 1000
"""Most numbered names tried for a new save file before giving up."""

_HELD: dict[Path, IO[bytes]] = {}
"""Lock files this process holds, by the save file they guard (resolved path)."""

LOCK_TRIES = 10
"""Most times a lock is taken again because its file was removed meanwhile (by the game that
held it letting go): one more try is all it ever takes."""


class SaveFailed(UserError):
    """A save file could not be written (a full disk, a folder made read-only meanwhile): the
    old file is still whole. A game in a window goes on and tries again (the player may free
    some space); ``reason`` is the system's word for it."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: cannot write the save file: {reason}")


class FolderNotWritable(UserError):
    """The folder of a save file refuses new files (read-only, or not the user's): no game can
    be saved there, so none can be written by two windows either."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        """Why, in one line: ``cannot save in FOLDER: Permission denied``."""
        super().__init__(f"{path}: {reason}; save the game in a folder you can write "
                         "(--save FILE), or play it unsaved (--no-save)")


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path``'s contents by ``text`` (UTF-8) in one step, or raise SaveFailed.

    The temporary file (``NAME.<pid>.tmp`` beside it) is removed if anything fails.
    """
    path = Path(os.path.realpath(path))  # through a symbolic link: the link stays one
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise SaveFailed(path, error.strerror or str(error)) from None


def _lock_file(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _try_lock(path: Path) -> bool:
    """Lock ``path`` for this process (True), or False if another process holds it.

    The lock is the file's own, whatever name it is reached by: a symbolic link locks the file
    it leads to (``NAME.lock`` beside that file), and a file with a second name (a hard link)
    is refused, since writing a save replaces the file under one name only (a game played
    through ``link.json`` while another window played ``g.json`` split in two)."""
    key = path.resolve()
    if key in _HELD:
        return True
    try:
        links = key.stat().st_nlink
    except FileNotFoundError:
        links = 1
    except OSError as error:
        raise UserError(f"{path}: cannot lock the save file: {error.strerror}") from None
    if links > 1:
        raise UserError(f"{path}: this save file has another name (a hard link), and a game "
                        "saved under one name would leave the other behind; copy it to a file "
                        "of its own and play that")
    lock = _lock_file(key)
    for _ in range(LOCK_TRIES):
        try:
            handle = _open_lock(lock)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise FolderNotWritable(
                    path, f"cannot save in {key.parent}: {error.strerror}") from None
            raise UserError(f"{path}: cannot lock the save file: {error.strerror}") from None
        if not _lock_exclusively(handle):
            handle.close()
            return False
        if _still_named(handle, lock):
            _HELD[key] = handle
            return True
        handle.close()  # the holder let go and removed the file it locked: lock the new one
    raise UserError(f"{path}: cannot lock the save file: it keeps being replaced")


def _open_lock(lock: Path) -> IO[bytes]:
    """The lock file, opened (made if new) for appending: nothing is ever written to it."""
    return lock.open("ab")


def _still_named(handle: IO[bytes], lock: Path) -> bool:
    """Whether the open ``handle`` is still the file named ``lock`` (a game letting go removes
    its lock file while it holds the lock, so a lock taken on a removed file guards nothing)."""
    try:
        named = lock.stat()
    except OSError:
        return False
    opened = os.fstat(handle.fileno())
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _lock_exclusively(handle: IO[bytes]) -> bool:
    """Take an exclusive lock on an open file without waiting; False if another holds it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - the CI runs on Linux
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def release_save_file(path: Path) -> None:
    """Let other games write ``path`` again (this process stopped playing it). The lock file is
    removed while still locked, so a game that opened it meanwhile finds it gone once it holds
    the lock, and locks the file of that name instead (:func:`_still_named`)."""
    key = path.resolve()
    handle = _HELD.pop(key, None)
    if handle is not None:
        lock = _lock_file(key)
        with contextlib.suppress(OSError):
            if _still_named(handle, lock):
                lock.unlink()
        handle.close()  # closing the descriptor drops the lock


def release_all() -> None:
    """Let go of every save file this process holds (the command is over, whatever ended it:
    a refusal after a file was claimed leaves no lock file behind)."""
    for key in list(_HELD):
        release_save_file(key)


atexit.register(release_all)  # a process that ends with a game claimed (Ctrl-C, a refusal)


def holds_unfinished_game(path: Path) -> bool:
    """Whether ``path`` holds something that is not a finished game's record (an unfinished
    game, or a file that is no game record at all: either is worth keeping)."""
    try:
        data = json.loads(read_user_bytes(path, RECORD_LIMIT))
    except (FileProblem, ValueError, RecursionError):
        return os.path.lexists(path)
    return not (isinstance(data, dict) and data.get("finished") is True)


def play_command(game: str, terminal: bool = False) -> str:
    """``wokphysics play GAME`` (with ``--terminal`` for a game played at the prompt): how a
    message tells a person to continue a saved game where they played it."""
    return f"wokphysics play {game}" + (" --terminal" if terminal else "")


def saved_game_line(game: str, path: Path, terminal: bool = False) -> str | None:
    """What to say when a window (or a ``terminal`` game) closes on its autosave ``path`` of
    ``game`` (a command name such as ``wok-star``): how to continue an unfinished game, or how
    to replay a finished one (``--resume`` would only show its end); None when nothing was
    saved."""
    if not path.exists():
        return None
    if holds_unfinished_game(path):
        return (f"the game is saved in {path}; continue it with: "
                f"{play_command(game, terminal)} --resume {path}")
    return f"the finished game is saved in {path}; replay it with: wokphysics replay {path}"


def claim_play_file(save: Path, resume: Path | None, game: str, terminal: bool = False,
                    say: Callable[[str], None] = print) -> Path | None:
    """The save file a window or a ``terminal`` game owns (locked): the resumed game's own
    file, or for a new game ``save`` unless it holds another unfinished game or another game
    plays it (then a new name, said with ``say``). ``game``: whose resume command to suggest.
    None: the resumed game's folder cannot be written, so it is played unsaved (said); a new
    game's save file that cannot be written is a UserError."""
    if resume is not None and resume.resolve() == save.resolve():
        try:
            return claim_to_resume(save)
        except FolderNotWritable as refusal:
            say(f"{save}: {refusal.reason}: this game is not saved as it goes on; to keep "
                "it, resume it with --save FILE in a folder you can write")
            return None
    chosen = claim_save_file(save)
    if chosen != save:
        say(f"{save} holds another game (continue it with: {play_command(game, terminal)} "
            f"--resume {save}); this game autosaves to {chosen}")
    return chosen


def _numbered(path: Path, number: int) -> Path:
    return path.with_name(f"{path.stem}-{number}{path.suffix}")


def save_to_resume(path: Path) -> Path | None:
    """The save a person most likely wants to continue among ``path`` and the numbered names
    :func:`claim_save_file` gives (``NAME-2.json``, ...): the newest one holding an unfinished
    game, else ``path`` itself if it exists (a finished game, shown at its end), else None."""
    pattern = re.compile(re.escape(path.stem) + r"-([0-9]{1,4})" + re.escape(path.suffix))
    candidates = [path]
    with contextlib.suppress(OSError):
        candidates += [path.with_name(name) for name in os.listdir(path.parent or Path())
                       if (found := pattern.fullmatch(name)) is not None
                       and 2 <= int(found.group(1)) <= MAX_NAMES]
    unfinished: list[tuple[float, str, Path]] = []
    for candidate in candidates:
        try:
            stamp = candidate.stat().st_mtime
        except OSError:
            continue
        if candidate.is_file() and holds_unfinished_game(candidate):
            unfinished.append((stamp, candidate.name, candidate))
    if unfinished:
        return max(unfinished)[2]
    return path if path.is_file() else None


def claim_save_file(path: Path) -> Path:
    """A save file for a new game, locked for this process: ``path`` itself unless another
    game owns it or it holds an unfinished game or other data (then the next free
    ``NAME-2.json``, ``NAME-3.json``, ...). A finished game's save there is kept as
    ``NAME.previous.json``."""
    for number in range(1, MAX_NAMES + 1):
        candidate = path if number == 1 else _numbered(path, number)
        if candidate.exists() and holds_unfinished_game(candidate):
            continue
        if not _try_lock(candidate):
            continue
        keep_previous(candidate)
        return candidate
    raise UserError(f"{path}: {MAX_NAMES} save files of that name are in use; pick --save FILE")


def keep_previous(path: Path) -> Path | None:
    """Before a new game writes to ``path``: the save there (if any) becomes
    ``NAME.previous.json`` (replacing an older one), which is returned (None: nothing was
    there); a UserError if it cannot be moved."""
    if not path.exists():
        return None
    backup = path.with_name(f"{path.stem}.previous{path.suffix}")
    try:
        os.replace(path, backup)
    except OSError as error:
        raise UserError(f"{path}: cannot keep the previous save: {error.strerror}") from None
    return backup


def claim_to_resume(path: Path) -> Path:
    """Lock ``path`` to continue the game in it, or a UserError if another game plays it."""
    if not _try_lock(path):
        raise UserError(
            f"{path}: another wokphysics window or terminal is playing this game; close it "
            "first"
        )
    return path
