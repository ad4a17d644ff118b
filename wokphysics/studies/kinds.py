"""The four games as study kinds: every game's :class:`~.kind.StudyKind`, found by its plugin.

The registry of games (:mod:`wokphysics.games.registry`) says what a game is; this says how a
study of it runs on the batch runner (tests/test_architecture.py checks every game has one).
Importing this module imports numpy (through the charts), so the command line imports it only
when a study runs.
"""

from __future__ import annotations

from wokphysics.games.plugin import GamePlugin
from wokphysics.studies import we_will_wok_you, wok_and_roll, wok_on_fire, wok_star
from wokphysics.studies.kind import StudyKind

KINDS: tuple[StudyKind, ...] = (
    wok_on_fire.KIND, we_will_wok_you.KIND, wok_star.KIND, wok_and_roll.KIND,
)
"""One kind per game."""


def study_kind(game: GamePlugin) -> StudyKind:
    """``game``'s study kind (a LookupError for a game without one, which the architecture
    test refuses)."""
    for found in KINDS:
        if found.game is game:
            return found
    raise LookupError(f"{game.title} has no study kind (wokphysics/studies/kinds.py)")
