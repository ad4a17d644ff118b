"""When bots act: on the frame clock, at a pace a person can follow.

A bot waits ``turn_pause_s`` before the first step of its turn and ``step_pause_s`` before
each further step of the same turn (paying for a wok card card by card), and never while
something is still moving on screen. ``hurry`` (Space) makes every wait zero until a person
must act again. The pauses are real seconds of the window's clock, never the game's: the game
itself has no clock (Wok Star's sand timers are its own, given to its engine).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class BotScheduler:
    """Counts down the wait before the current bot's next step."""

    turn_pause_s: float = 0.9
    step_pause_s: float = 0.35
    hurry: bool = False
    _left: float | None = None
    _last_player: int = -1

    def due(self, real_s: float, bot_to_act: int | None, busy: bool) -> bool:
        """Advance the clock by ``real_s``; True when bot ``bot_to_act`` (its seat, or None
        when a person or nobody is to act) should take its next step now. ``busy``: something
        is still moving on screen, so the bot waits."""
        if bot_to_act is None:
            self._left = None
            self._last_player = -1
            self.hurry = False
            return False
        if self._left is None:
            same_turn = bot_to_act == self._last_player
            self._left = self.step_pause_s if same_turn else self.turn_pause_s
        if busy and not self.hurry:
            return False
        self._left -= real_s
        if self._left <= 0.0 or self.hurry:
            self._left = None
            self._last_player = bot_to_act
            return True
        return False

    @property
    def waiting_s(self) -> float:
        """Seconds left before the bot acts (0 when no bot is waiting)."""
        return max(0.0, self._left or 0.0)
