"""Text that fits its box (issue 27, "layouts that reflow instead of shrinking"): in each of
the five windows, in the smallest window and a large one, at UI scales 1, 1.5 and 2, no text
the scene draws is cut by the box it is drawn in or by the scene's edges, and none is
shortened with an ellipsis (a text longer than its box goes on more lines, or its box has
the room). The scene is drawn whole (no view: what the pan shows is not a cut) on a surface
that reports every blit of a rendered text (:mod:`text_cuts`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest
from readable_windows import (
    PRACTICE,
    STAR_SCREENS,
    TURN_ENDS,
    TURN_REPLAYS,
    WINDOWS,
    open_window,
)
from text_cuts import TextCuts

from wokphysics.ui.app import App

SIZES = ((1024, 640), (1600, 1000))
SCALES = (1.0, 1.5, 2.0)
CONFIG = Path(__file__).resolve().parents[2] / "config"


def _names(value: object) -> list[str]:
    """Every ``name = "..."`` of a config's tables."""
    if isinstance(value, dict):
        found = [value["name"]] if isinstance(value.get("name"), str) else []
        return found + [name for item in value.values() for name in _names(item)]
    if isinstance(value, list):
        return [name for item in value for name in _names(item)]
    return []


def dish_name_ends(shortened: list[str]) -> list[str]:
    """The texts of ``shortened`` that are the second line of a Wok and Roll dish's name in
    its column's header, cut with an ellipsis: the header has two lines and no room for a
    third (the Expert Menu fills the sheet's paper), and the dish's tooltip names it whole.
    The one shortening the test lets be (a limit in docs/ui.md)."""
    names = _names(tomllib.loads((CONFIG / "wok_and_roll.toml").read_text()))
    return [text for text in shortened
            if text.endswith("\u2026") and any(text[:-1].strip() in name for name in names)]


CASES = [(name, scale) for name in WINDOWS for scale in SCALES]
STAR_DESIGN = (*STAR_SCREENS, "wok-star:replay")
"""Wok Star's windows whose 1x design still shortens a name (docs/ui.md, Limits)."""
CASES += [(name, scale) for name in STAR_DESIGN for scale in SCALES if scale > 1.0]
CASES += [(name, scale) for name in TURN_ENDS + PRACTICE + TURN_REPLAYS for scale in SCALES
          if name not in STAR_DESIGN]
"""Each window at each scale; Wok Star's screens between rounds and its replay where they
reflow (at 1x, the design's Purchase and end screens and a seat's upgraded preparation still
shorten a few names: docs/ui.md, Limits); the turn games' end screens and replays; Wok on
Fire's practice."""


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
    allowed = dish_name_ends(cuts.shortened) if name.startswith("wok-and-roll") else []
    shortened = [text for text in cuts.shortened if text not in allowed]
    assert not shortened, sorted(set(shortened))
    assert not cuts.cuts, cuts.cuts[:8]
