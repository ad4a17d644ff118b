"""The project's one error hierarchy.

Errors a user can cause (a bad config file, a bad replay file, a bad argument, a text that is
not a move) are :class:`UserError`: the CLI prints the one-line message and exits with status
2, never a traceback. A move the rules forbid is an :class:`IllegalAction`, which says why and
leaves the game unchanged (front ends show the reason and ask again). A broken invariant (a
card lost or in two places) is an :class:`InvariantViolation`: a bug, never a player's mistake.

Every game uses these classes; no game defines a parallel set.

>>> error = ConfigError("my.toml", "physics.dt_s", "must be at most 0.01")
>>> str(error), error.exit_status
('my.toml: physics.dt_s: must be at most 0.01', 2)
>>> refused = IllegalAction("it is not your turn")
>>> refused.reason, isinstance(refused, ValueError), isinstance(refused, UserError)
('it is not your turn', True, False)
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
    """A replay or saved-game file that cannot be read: truncated, malformed, another version."""

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: {problem}")


class ActionParseError(UserError, ValueError):
    """A text that is not an action of this game (a typo, an unknown verb, extra words)."""


class IllegalAction(ValueError):
    """A move, choice or input the rules forbid now; ``reason`` says why. State unchanged."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class InvariantViolation(AssertionError):
    """A game's declared invariant does not hold (a card lost, a coin duplicated): a bug."""
