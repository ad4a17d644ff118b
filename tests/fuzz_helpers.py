"""Shared pieces of the fuzz tests: the command's verbs as its parser knows them, a hang guard,
and one run of the command that must end in exit 0, 1 or 2 without a traceback."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from wokphysics.cli import build_parser, main

HANG_S = 300
"""A run still going after this long is a hang: a generous bound, since a shared 2-core machine
can be 30 times oversubscribed; the runs here take well under a second each on a quiet one."""

MEMORY_LIMIT = 256 * 1024 * 1024
"""Most Python memory (tracemalloc's peak) one run may take: the readers bound their input."""


class Hang(Exception):
    """A run did not end within :data:`HANG_S`."""


@contextlib.contextmanager
def deadline(seconds: int = HANG_S) -> Iterator[None]:
    def expired(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Verb:
    """One command line's leading words (``["play", "wok-star"]``) and its options."""

    words: tuple[str, ...]
    options: tuple[argparse.Action, ...]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps its sub-parsers only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def verbs() -> list[Verb]:
    """Every command the ``wokphysics`` parser accepts, with its options."""
    found: list[Verb] = []

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        children = _subcommands(parser)
        if not children or parser.get_default("handler") is not None:  # runs by itself too
            options = tuple(
                a
                for a in parser._actions
                if not isinstance(a, argparse._SubParsersAction)
                and (a.option_strings or a.dest != "help")
            )
            found.append(Verb(words, options))
        for name, child in children.items():
            walk(child, (*words, name))

    walk(build_parser(), ())
    return found


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str
    peak_bytes: int


def run_quietly(argv: list[str], folder: Path, stdin: str = "") -> Outcome:
    """``wokphysics ARGV`` in this process, in ``folder``, with ``stdin``; exits are statuses;
    the peak of Python memory is traced."""
    out, err = io.StringIO(), io.StringIO()
    old = (sys.stdin, sys.stdout, sys.stderr, Path.cwd())
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    os.chdir(folder)
    tracemalloc.start()
    try:
        with deadline():
            try:
                status = main(argv)
            except SystemExit as stop:
                code = stop.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        sys.stdin, sys.stdout, sys.stderr = old[0], old[1], old[2]
        os.chdir(old[3])
    return Outcome(status, out.getvalue(), err.getvalue(), peak)


def assert_clean_end(outcome: Outcome, argv: list[str]) -> None:
    """Exit 0, 1 or 2, no traceback, bounded memory; a failure names the command line."""
    shown = " ".join(a if len(a) < 60 else a[:60] + "..." for a in argv)
    assert outcome.status in (0, 1, 2), f"wokphysics {shown}: exit {outcome.status}"
    assert "Traceback" not in outcome.err + outcome.out, f"wokphysics {shown}:\n{outcome.err}"
    assert outcome.peak_bytes < MEMORY_LIMIT, f"wokphysics {shown}: {outcome.peak_bytes} bytes"
