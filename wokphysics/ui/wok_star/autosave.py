"""Writing the autosave without stalling a frame.

A save is written atomically and flushed to disk (:func:`wokphysics.records.saving.
write_atomically`), which takes tens of milliseconds on a busy disk: longer than a frame. So
the window makes the file's text (a millisecond or two) and hands it to :class:`Autosaver`,
whose worker thread writes the newest text it was given (an older one still waiting is
dropped: only the game as it is now matters). :meth:`Autosaver.flush` waits until the newest
text is on disk (the window closing, a test reading the file). A failed write (a full disk)
is kept in :attr:`Autosaver.problem` until a later write succeeds, and raised by
:meth:`Autosaver.flush`; every text handed over is still written (the player may free some
space meanwhile). No pygame.
"""

from __future__ import annotations

import threading
from pathlib import Path

from wokphysics.records.saving import SaveFailed, write_atomically


class Autosaver:
    """Writes texts to ``path`` on a worker thread, newest first (see the module doc)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._changed = threading.Condition()
        self._pending: str | None = None
        self._writing = False
        self._error: SaveFailed | None = None
        self._thread: threading.Thread | None = None

    @property
    def problem(self) -> str | None:
        """Why the last write failed (None: it succeeded, or none was made)."""
        error = self._error
        return None if error is None else str(error)

    def save(self, text: str) -> None:
        """Have ``text`` written (soon)."""
        with self._changed:
            self._pending = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="wok-star-autosave",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self) -> None:
        """Wait until the newest text is written; SaveFailed if that write failed."""
        with self._changed:
            while self._pending is not None or self._writing:
                self._changed.wait()
            if self._error is not None:
                raise self._error

    def _work(self) -> None:
        while True:
            with self._changed:
                while self._pending is None:
                    if not self._changed.wait(timeout=5.0) and self._pending is None:
                        self._thread = None  # idle: this thread ends; a save starts another
                        return
                text, self._pending = self._pending, None
                self._writing = True
            try:
                write_atomically(self.path, text)
            except SaveFailed as error:
                with self._changed:
                    self._error = error
            else:
                with self._changed:
                    self._error = None
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()
