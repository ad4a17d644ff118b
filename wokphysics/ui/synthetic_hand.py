"""A synthetic hand on a virtual clock: pointer events posted to the real event queue at the
moments a mouse would report them, for tests and the input benchmark.

:class:`HandClock` is the window's clock (a :class:`~wokphysics.ui.pointer_clock.VirtualClock`)
and the hand at once: events scheduled for time ``t`` are posted to pygame's queue when the
clock passes ``t``, so the window reads and stamps them exactly as it would a real mouse's
(several per frame, some while the frame is busy). Positions are whole pixels, as a mouse
gives them. The hand never tells the window when an event happened. With ``follow_wall`` the
clock also runs with the machine's during the frame's work (the input benchmark: events queue
up while the frame really works), and only the waits for the frame cap are skipped.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Sequence

import pygame

from wokphysics.ui.pointer_clock import VirtualClock

Point = tuple[int, int]


class HandClock(VirtualClock):
    """A virtual clock that posts scheduled pointer and key events as it passes them."""

    def __init__(self, start_s: float = 1.0, follow_wall: bool = False) -> None:
        super().__init__(start_s, self._post_due)
        self._queue: list[tuple[float, int, int, dict[str, object]]] = []
        self._order = itertools.count()
        self.follow_wall = follow_wall
        self._wall = time.perf_counter()

    def now(self) -> float:
        """The clock's time; with ``follow_wall`` time also passes as the machine's does
        between two readings (the frame's real work), the waits being skipped."""
        if self.follow_wall:
            wall = time.perf_counter()
            self.advance(wall - self._wall)
            self._wall = wall
        return self.t

    def schedule(self, t_s: float, kind: int, data: dict[str, object]) -> None:
        """Post a pygame event of ``kind`` with ``data`` once the clock reaches ``t_s``."""
        heapq.heappush(self._queue, (t_s, next(self._order), kind, data))

    @property
    def pending(self) -> int:
        """Events scheduled but not posted yet."""
        return len(self._queue)

    @property
    def last_scheduled(self) -> float:
        """The time of the latest scheduled event (the clock's time when none is)."""
        return max((item[0] for item in self._queue), default=self.t)

    def _post_due(self, _t0: float, t1: float) -> None:
        while self._queue and self._queue[0][0] <= t1:
            _, _, kind, data = heapq.heappop(self._queue)
            pygame.event.post(pygame.event.Event(kind, data))

    # ------------------------------------------------------------------ gestures
    def drag(self, points: Sequence[tuple[float, Point]], button: int = 1,
             start_s: float | None = None) -> float:
        """Press at the first point, move through the others, release at the last; each
        ``(t_s, (px, py))`` is seconds after ``start_s`` (default: now). Returns the time of
        the release."""
        t0 = self.t if start_s is None else start_s
        last = len(points) - 1
        previous = points[0][1]
        for index, (t, pos) in enumerate(points):
            when = t0 + t
            if index == 0:
                self.schedule(when, pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": button})
            elif index == last:
                if pos != previous:
                    self.schedule(when, pygame.MOUSEMOTION, self._motion(pos, previous, button))
                self.schedule(when, pygame.MOUSEBUTTONUP, {"pos": pos, "button": button})
            elif pos != previous:  # a mouse reports motion only when the pixel changes
                self.schedule(when, pygame.MOUSEMOTION, self._motion(pos, previous, button))
            previous = pos
        return t0 + points[-1][0]

    @staticmethod
    def _motion(pos: Point, previous: Point, button: int) -> dict[str, object]:
        buttons = (1 if button == 1 else 0, 0, 1 if button == 3 else 0)
        return {"pos": pos, "rel": (pos[0] - previous[0], pos[1] - previous[1]),
                "buttons": buttons}

    def click(self, pos: Point, button: int = 1, hold_s: float = 0.05) -> float:
        """Press and release at ``pos``; returns the release time."""
        return self.drag([(0.0, pos), (hold_s, pos)], button)
