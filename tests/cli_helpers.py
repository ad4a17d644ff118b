"""Running the ``wokphysics`` command in this process, as a user would from a shell."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import pytest

from wokphysics.cli import main


@dataclass(frozen=True)
class Outcome:
    """What a command did: its exit status and what it printed."""

    status: int
    out: str
    err: str

    @property
    def one_line_error(self) -> bool:
        """Exactly one line on standard error, and no traceback."""
        lines = self.err.strip().splitlines()
        return len(lines) == 1 and "Traceback" not in self.err


def wokphysics(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: str = "",
) -> Outcome:
    """Run ``wokphysics ARGS`` with ``stdin`` as its input; argparse's exits are statuses."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    out, err = capsys.readouterr()
    return Outcome(status, out, err)
