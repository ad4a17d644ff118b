"""The turn games' guided first turn (:mod:`wokphysics.ui.guide`): a few steps per game, each
a one-line hint that moves on when the person takes an action of the kind it names.

The steps read the session's events (each step the engine took, :class:`.session.Applied`)
and never act. We Will Wok You's first step points at the first coin set; the others' hints
name the control in words. (Wok Star, in real time, has its own scene and its own steps:
:mod:`wokphysics.ui.wok_star.guide`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wokphysics.ui.guide import Guide, GuideStep, Point

if TYPE_CHECKING:
    from wokphysics.ui.turn.session import TurnSession


def turn_guide(steps: tuple[tuple[str, tuple[str, ...]], ...], session: TurnSession,
               target: Callable[[int], Point | None] | None = None) -> Guide | None:
    """The guide of ``session``'s game (``steps``: its parts' ``guide_steps``) for its first
    person (None: no steps for this game, or no person). ``target(step)`` is where step
    ``step`` points (None: nowhere)."""
    if not steps or not session.people:
        return None
    me = session.people[0]

    def mine() -> bool:
        return session.person_to_act and session.current == me

    def did(words: tuple[str, ...]) -> Callable[[int], bool]:
        def done(mark: int) -> bool:
            return any(applied.player == me and str(applied.action).split(" ")[0] in words
                       for applied in session.events[mark:])
        return done

    def waiting() -> str:
        if session.state.is_terminal():
            return "the game is over"
        return "the others' turn: watch the log; yours comes next"

    def aim(index: int) -> Callable[[], Point | None]:
        return lambda: target(index) if target is not None else None

    def say(hint: str) -> Callable[[], str]:
        return lambda: hint

    return Guide("Your first turn (a guide)",
                 [GuideStep(hint=say(hint), done=did(words), target=aim(i), ready=mine,
                            waiting=waiting)
                  for i, (hint, words) in enumerate(steps)],
                 lambda: len(session.events),
                 "that is how a turn goes! F1 shows the rules (G there: this guide again)")
