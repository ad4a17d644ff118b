"""Text that fits its box (issue 27, "layouts that reflow instead of shrinking"): in each of
the five windows, in the smallest window and a large one, at UI scales 1, 1.5 and 2, no text
the scene draws is cut by the box it is drawn in or by the scene's edges, and none is
shortened with an ellipsis (a text longer than its box goes on more lines, or its box has
the room). The scene is drawn whole (no view: what the pan shows is not a cut) on a surface
that reports every blit of a rendered text (:mod:`text_cuts`)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from readable_windows import (
    EXPERT,
    PRACTICE,
    STAR_SCREENS,
    STAR_UPGRADED,
    TURN_ENDS,
    TURN_REPLAYS,
    WINDOWS,
    open_window,
)
from text_cuts import TextCuts

from wokphysics.ui.app import App

SIZES = ((1024, 640), (1600, 1000))
SCALES = (1.0, 1.5, 2.0)


CASES = [(name, scale) for name in WINDOWS for scale in SCALES]
CASES += [(name, scale) for name in (*STAR_SCREENS, *STAR_UPGRADED, *TURN_ENDS, *EXPERT,
                                     *PRACTICE, *TURN_REPLAYS) for scale in SCALES]
"""Each window at each scale; Wok Star's screens between rounds, its replay, and with
preparations upgraded (a Purchase after an upgrade bought, the replay on the last round's
kitchen and its end screen) and a four-seat Purchase; the turn games' end screens and
replays; Wok and Roll's Expert Menu (its dishes' names the longest); Wok on Fire's
practice."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "scale"), CASES, ids=lambda v: f"{v:g}x"
                         if isinstance(v, float) else str(v))
def test_no_text_is_cut_or_shortened(name: str, size: tuple[int, int], scale: float,
                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                     ) -> None:
    cuts = TextCuts()
    wholes: dict[tuple[int, int], pygame.Surface] = {}

    def whole(app: App) -> pygame.Surface:  # the scene drawn whole, from its first frame
        size = app.scene_size
        if size not in wholes:
            wholes[size] = cuts.whole_surface(size)
        return wholes[size]

    monkeypatch.setattr(App, "scene_surface", whole)
    with cuts.recording():
        app = open_window(name, size, tmp_path, scale)
        for _ in range(2):
            app.frame()
        app.close()
    assert len(cuts.drawn) >= 8, cuts.drawn
    assert not cuts.shortened, sorted(set(cuts.shortened))
    assert not cuts.cuts, cuts.cuts[:8]
