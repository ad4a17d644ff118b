"""The live spatula: the pointer drives a table stroke one physics step at a time while the
button is held; the release is the flick.

Physics step ``k`` of a stroke pressed at ``t0`` (the window's clock) happens at
``t0 + k * dt``, with the blade moved to where the pointer was then: linear between the
pointer's stamped events (:mod:`wokphysics.ui.pointer_clock`), held at the last one after it.
The window runs the steps whose moment has come each frame: up to the moment it last read its
event queue (an event read later is stamped after that moment, see
:mod:`wokphysics.ui.pointer_clock`, so no step is ever taken ahead of an event; between
events the pointer did not move). The release runs
the remaining steps up to the button-up event (each a whole ``dt`` of the pointer's motion, so
the blade's release velocity is the pointer's), and then the flick; the stroke's gesture is
exactly the steps run, so ``Table.stir`` of it replays the stroke. Nothing is replayed
after the release: the cards moved while the blade did. No pygame here.
"""

from __future__ import annotations

import math
from typing import Generic, Protocol, TypeVar

from wokphysics.table.gesture import Gesture, path_position


class StrokeLike(Protocol):
    """What the live spatula drives: a table's or an engine's stroke."""

    def move_to(self, x: float, y: float) -> None: ...

    @property
    def gesture(self) -> Gesture: ...


S = TypeVar("S", bound=StrokeLike)


class PointerTrack:
    """The pointer's stamped positions since the press: ``(t_s, x_mm, y_mm)``, times strictly
    increasing; a sample stamped at or before the last is moved just after it."""

    def __init__(self, t_s: float, x: float, y: float) -> None:
        self.samples: list[tuple[float, float, float]] = [(t_s, x, y)]

    @property
    def start(self) -> float:
        return self.samples[0][0]

    @property
    def last(self) -> tuple[float, float, float]:
        return self.samples[-1]

    def add(self, t_s: float, x: float, y: float, not_before: float | None = None) -> None:
        """A pointer event at ``t_s``; ``not_before``: a time already committed to physics
        (a late event is moved after it, so the steps taken stay true)."""
        floor = self.samples[-1][0]
        if not_before is not None and not_before > floor:
            # The pointer was held still up to the committed step: keep that in the path.
            self.samples.append((not_before, *self.samples[-1][1:]))
            floor = not_before
        if t_s <= floor:
            t_s = floor + 1e-6
        self.samples.append((t_s, x, y))

    def position(self, t_s: float) -> tuple[float, float]:
        """Where the pointer was at ``t_s``: linear between samples, held at the ends."""
        return path_position(self.samples, t_s)


class LiveSpatula(Generic[S]):
    """Runs a stroke's physics steps as the pointer's moments come (see the module doc).

    ``max_speed`` (mm/s): a pointer faster than a hand is followed at that speed (the blade
    lags it and ``slowed`` says so) rather than refused.
    """

    def __init__(self, stroke: S, track: PointerTrack, dt: float,
                 max_speed: float) -> None:
        self.stroke = stroke
        self.track = track
        self.dt = dt
        self.max_step = max_speed * 0.999 * dt
        self.steps = 0
        self.slowed = False
        _, x, y = track.last
        self.blade = (x, y)
        self.path: list[tuple[float, float]] = [(x, y)]
        """Where each step put the blade (the stroke's gesture without its times), mm."""
        self._along = 0.0

    @property
    def committed(self) -> float:
        """The moment of the last physics step run (the press for none), window clock s."""
        return self.track.start + self.steps * self.dt

    def pointer(self, t_s: float, x: float, y: float) -> None:
        """A pointer event while the button is held."""
        self.track.add(t_s, x, y, not_before=self.committed)

    def _step_to(self, x: float, y: float) -> None:
        bx, by = self.blade
        dx, dy = x - bx, y - by
        distance = math.hypot(dx, dy)
        if distance > self.max_step:
            share = self.max_step / distance
            x, y = bx + dx * share, by + dy * share
            self.slowed = True
        self.stroke.move_to(x, y)
        self.blade = (x, y)
        self.path.append((x, y))
        self.steps += 1

    def catch_up(self, read_s: float) -> int:
        """Run the steps whose moment has come by ``read_s``, when the window last read its
        events (the pointer held still since its last event); returns how many ran."""
        return self.catch_up_to(max(self.track.last[0], read_s))

    def finish(self, t_s: float, x: float, y: float) -> None:
        """The button went up at ``t_s`` at (x, y): run the steps whose moment came by then,
        each with the blade where the pointer was (then release the stroke). No partial last
        step: a step is ``dt`` of motion, so the release velocity is the pointer's own."""
        self.pointer(t_s, x, y)
        self.catch_up_to(self.track.last[0])

    def catch_up_to(self, until: float) -> int:
        """Run the steps whose moment is at or before ``until``; returns how many ran."""
        ran = 0
        while self.track.start + (self.steps + 1) * self.dt <= until + 1e-9:
            self._step_to(*self.track.position(self.track.start + (self.steps + 1) * self.dt))
            ran += 1
        return ran

    def recent_motion(self, window_s: float) -> tuple[float, float]:
        """The blade's mean velocity over its last ``window_s`` seconds (mm/s; zero before
        it has moved)."""
        path = self.path
        back = min(len(path) - 1, max(1, round(window_s / self.dt)))
        if back <= 0:
            return 0.0, 0.0
        x1, y1 = path[-1]
        x0, y0 = path[-1 - back]
        span = back * self.dt
        return (x1 - x0) / span, (y1 - y0) / span

    def recent_speed(self, window_s: float) -> float:
        """The blade's mean speed over its last ``window_s`` seconds, mm/s."""
        return math.hypot(*self.recent_motion(window_s))

    def blade_pose(self) -> tuple[float, float, float]:
        """Where the blade is: centre (mm) and the direction it lies along (rad): the
        stroke's own when it tells, else across the recent motion."""
        pose = getattr(self.stroke, "blade", None)
        if pose is not None:
            x, y, along = pose
            return float(x), float(y), float(along)
        dx, dy = self.recent_motion(0.05)
        if math.hypot(dx, dy) > 1e-9:
            self._along = math.atan2(dx, -dy)
        return self.blade[0], self.blade[1], self._along
