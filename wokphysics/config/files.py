"""Reading a file a user names: a regular file, of bounded size, UTF-8 text.

Every file the program reads on a user's say-so (a config, a replay, a score file) comes
through :func:`read_user_text`, so none can make it hang or exhaust memory: a device
(``/dev/zero``), a pipe or a socket is refused before a byte is read, a symbolic-link loop is
named as one, and a file larger than the caller's limit is refused after reading at most
``limit + 1`` bytes. A UTF-8 byte-order mark (as some Windows editors write) is dropped.

Problems are :class:`FileProblem` with a short phrase; each reader turns it into its own
one-line error naming the file (a ConfigError, a ReplayFileError).

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "my.toml")
>>> with open(path, "wb") as handle:
...     _ = handle.write(b"\\xef\\xbb\\xbf[physics]\\n")
>>> read_user_text(path, limit=1024)
'[physics]\\n'
>>> read_user_text("/dev/zero", limit=1024)
Traceback (most recent call last):
...
wokphysics.config.files.FileProblem: is not a regular file (a device, pipe or socket)
"""

from __future__ import annotations

import errno
import os
import stat

KIB = 1024
MIB = 1024 * KIB

CONFIG_LIMIT = 1 * MIB
"""Largest config file read (the shipped ones are 5-20 KiB)."""

RECORD_LIMIT = 16 * MIB
"""Largest replay or game record read (a long game played by hand is a few MiB)."""


class FileProblem(Exception):
    """Why a file cannot be read, as a phrase that follows its name ("no such file")."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem)


def _size(byte_count: int) -> str:
    if byte_count >= MIB:
        return f"{byte_count / MIB:.1f} MiB"
    if byte_count >= KIB:
        return f"{byte_count / KIB:.1f} KiB"
    return f"{byte_count} bytes"


def read_user_text(path: str | os.PathLike[str], limit: int) -> str:
    """The text of the regular file ``path`` (at most ``limit`` bytes), or a FileProblem."""
    data = read_user_bytes(path, limit)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem(f"is not UTF-8 text (byte {error.start} cannot be decoded)") from None


def read_user_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), or a FileProblem."""
    try:
        # O_NONBLOCK: opening a pipe with no writer must not wait; a regular file ignores it.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FileProblem("no such file") from None
    except IsADirectoryError:
        raise FileProblem("is a folder, not a file") from None
    except ValueError:  # what os.open raises for a name holding a null character
        raise FileProblem("is not a file name (it holds a null character)") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise FileProblem("is a symbolic link that leads back to itself") from None
        raise FileProblem(f"cannot be read: {error.strerror}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("is not a regular file (a device, pipe or socket)")
        if info.st_size > limit:
            raise FileProblem(f"is {_size(info.st_size)}; at most {_size(limit)} is read")
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise FileProblem(f"cannot be read: {error.strerror}") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # it grew while we read it
        raise FileProblem(f"is larger than {_size(limit)}; at most that is read")
    return data

