"""Writing the autosave without stalling a frame.

A save is written atomically and flushed to disk (:func:`wokphysics.records.saving.
write_atomically`), which takes tens of milliseconds on a busy disk: longer than a frame. So
the window makes the file's text (a millisecond or two) and hands it to :class:`Autosaver`,
whose worker thread writes the newest text it was given (an older one still waiting is
dropped: only the game as it is now matters). :meth:`Autosaver.flush` waits until the newest
text is on disk (the window closing, a test reading the file). A failed write is kept and
raised by the next :meth:`Autosaver.save` or :meth:`Autosaver.flush`, one line for people.
No pygame.
"""

from __future__ import annotations

import threading
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.records.saving import write_atomically


class Autosaver:
    """Writes texts to ``path`` on a worker thread, newest first (see the module doc)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._changed = threading.Condition()
        self._pending: str | None = None
        self._writing = False
        self._error: UserError | None = None
        self._thread: threading.Thread | None = None

    def save(self, text: str) -> None:
        """Have ``text`` written (soon); raises the error of a previous failed write."""
        with self._changed:
            self._raise()
            self._pending = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="wok-star-autosave",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self) -> None:
        """Wait until the newest text is on disk; raises a failed write's error."""
        with self._changed:
            while self._pending is not None or self._writing:
                self._changed.wait()
            self._raise()

    def _raise(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

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
            except UserError as error:
                with self._changed:
                    self._error = error
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()
