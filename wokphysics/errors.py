"""Errors meant for people.

Every error a user can cause (a bad config file, a bad replay file, a bad argument) is a
:class:`UserError`. The CLI prints its one-line message and exits with status 2, never a
traceback. Errors of the rules (an illegal move) are :class:`RulesError` and say why.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake in something a user gave us; ``str(error)`` is one clear line."""

    exit_status = 2


class ConfigError(UserError, ValueError):
    """A config file that cannot be used: names the file, the key and what is allowed."""

    def __init__(self, file: str, key: str | None, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        where = f"{file}: {key}" if key else file
        super().__init__(f"{where}: {problem}")


class ReplayFileError(UserError, ValueError):
    """A replay file that cannot be read: truncated, malformed or of another version."""

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: {problem}")


class RulesError(ValueError):
    """A move or choice the rules forbid; the message says why. The state is unchanged."""
