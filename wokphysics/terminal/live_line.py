"""A prompt line that output never lands on: Wok Star's real-time prompt.

While a person types at ``seat 1>``, the bots keep cooking and the countdown is re-printed.
Printed straight to the terminal, those lines landed on the prompt line, after the prompt and
whatever was typed ("seat 1> p 4 riseat 2 (bot): placed a 4 on Pork: +2, now 3", a line
wrapped past 80 columns, the typing lost in it). Here the program keeps the line being typed
itself (the terminal in cbreak mode: keys arrive one by one, not echoed), so every line
printed while the prompt is shown goes above it: the prompt line is cleared (``\\r`` and
erase-line), the text printed on its own lines, and the prompt redrawn with what was typed
so far, as chat clients and shells with background jobs do. The typing is never lost and
never mixed with the kitchen's lines; holding the lines back until Enter would hide the
kitchen from the person it is racing.

Keys: printable characters, Backspace, Ctrl-U (erase the line), Ctrl-W (erase a word),
Enter, Ctrl-D on an empty line (end of input); arrow and other escape keys are ignored;
Ctrl-C interrupts as usual. Input that is not a terminal (a pipe, a test) is read the same
way, without changing any terminal mode.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from typing import TextIO

CLEAR_LINE = "\r\x1b[K"
"""Back to the line's start and erase it (ANSI)."""
ERASE = "\x7f\x08"
"""Backspace, as terminals send it."""


class LiveLine:
    """The prompt line of a real-time game (see the module doc): :meth:`write` prints above
    it, :meth:`poll` reads a line within a time, keeping what was typed when time runs out.

    ``fd`` is the input's file descriptor (read with ``os.read``, waited on with
    ``select``), ``out`` the terminal's text stream; ``monotonic`` tells the time (tests
    inject one)."""

    def __init__(self, fd: int, out: TextIO,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.fd = fd
        self.out = out
        self.monotonic = monotonic
        self.prompt = ""
        self.typed = ""
        """What is typed on the prompt line so far (not yet sent with Enter)."""
        self.shown = False
        """Whether the prompt line is on the screen, the cursor at its end."""
        self._keys = ""  # keys read but not yet handled (typed ahead of the next prompt)
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._escape = False  # inside an escape sequence (an arrow key)
        self._after_cr = False  # the last key was a carriage return (its \n is the same Enter)
        self._ended = False  # the input ended

    # ------------------------------------------------------------------ output
    def write(self, text: str) -> None:
        """Print ``text`` on its own lines above the prompt line, which is redrawn below it
        with what was typed so far."""
        out = self.out
        if self.shown:
            out.write(CLEAR_LINE)
        out.write(text + "\n")
        if self.shown:
            out.write(self.prompt + self.typed)
        out.flush()

    def close(self) -> None:
        """The game is over: leave the prompt line (the next output starts a line of its
        own)."""
        if self.shown:
            self.out.write("\n")
            self.out.flush()
            self.shown = False

    # ------------------------------------------------------------------ input
    def read(self, prompt: str) -> str:
        """A line typed at ``prompt``, however long it takes (EOFError at the end of input)."""
        line = self.poll(prompt, None)
        assert line is not None  # no time limit: a line or EOFError
        return line

    def poll(self, prompt: str, seconds: float | None) -> str | None:
        """The line typed at ``prompt`` within ``seconds`` (None: no limit); None when the
        time runs out, with what was typed kept on the prompt line for the next call.
        EOFError when the input ends (Ctrl-D on an empty line)."""
        self._show(prompt)
        deadline = None if seconds is None else self.monotonic() + seconds
        while True:
            line = self._line()
            if line is not None:
                return line
            if self._ended:
                return self._end()
            left = None if deadline is None else deadline - self.monotonic()
            if left is not None and left <= 0:
                return None
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return None
            data = os.read(self.fd, 4096)
            if data:
                self._keys += self._decoder.decode(data)
            else:
                self._keys += self._decoder.decode(b"", final=True)
                self._ended = True

    def _show(self, prompt: str) -> None:
        if self.shown and prompt == self.prompt:
            return
        self.out.write((CLEAR_LINE if self.shown else "") + prompt + self.typed)
        self.out.flush()
        self.prompt = prompt
        self.shown = True

    def _end(self) -> str:
        """The input ended: a line typed without Enter still counts, then EOFError."""
        if self.typed:
            return self._enter()
        self.close()
        raise EOFError

    def _enter(self) -> str:
        line, self.typed = self.typed, ""
        self.out.write("\n")
        self.out.flush()
        self.shown = False
        return line

    def _line(self) -> str | None:
        """Handle the keys read so far: a whole line once Enter is among them (the keys after
        it wait for the next prompt), else None."""
        out = self.out
        while self._keys:
            key, self._keys = self._keys[0], self._keys[1:]
            after_cr, self._after_cr = self._after_cr, key == "\r"
            if self._escape:
                # ESC [ ... final letter (or ~): an arrow or function key, ignored
                if key.isalpha() or key == "~":
                    self._escape = False
                continue
            if key == "\x1b":
                self._escape = True
            elif key in "\r\n":
                if key == "\n" and after_cr:
                    continue  # \r\n: one Enter
                return self._enter()
            elif key in ERASE:
                if self.typed:
                    self.typed = self.typed[:-1]
                    out.write("\b \b")
            elif key == "\x15":  # Ctrl-U
                self.typed = ""
                out.write(CLEAR_LINE + self.prompt)
            elif key == "\x17":  # Ctrl-W
                self.typed = self.typed.rstrip(" ").rpartition(" ")[0]
                self.typed += " " if self.typed else ""
                out.write(CLEAR_LINE + self.prompt + self.typed)
            elif key == "\x04":  # Ctrl-D
                if not self.typed:
                    self._ended = True
                    return None
            elif key.isprintable():
                self.typed += key
                out.write(key)
        out.flush()
        return None


@contextlib.contextmanager
def keys_one_by_one(fd: int) -> Iterator[None]:
    """While inside: the terminal on ``fd`` sends keys one by one and does not echo them
    (cbreak mode; Ctrl-C still interrupts), then its mode as it was. Nothing changes where
    ``fd`` is not a terminal or the platform has no termios."""
    if sys.platform == "win32" or not os.isatty(fd):  # pragma: no cover - POSIX terminals
        yield
        return
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
