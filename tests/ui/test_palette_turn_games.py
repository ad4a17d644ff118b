"""Colours everyone can tell apart in the three turn games' windows (issue 27, part 2): each
game's state marks (``palette.TURN_MARKS``) checked under simulated protanopia, deuteranopia
and tritanopia (Machado et al. 2009, full severity, with ``colorspacious``), on the palette's
colours and on screenshots of the game's window with the marks drawn; each mark's cue other
than colour is said in the palette. ``test_palette.py`` does the same for Wok on Fire."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pygame
import pytest
from numpy.typing import NDArray
from readable_windows import open_window
from roll_clicks import FRAME_S, click
from roll_clicks import view as roll_view
from test_palette import MIN_MARK_PAIR, VISIONS, _colour, _difference, _seen
from wwwy_clicks import click as wwwy_click

from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.games.wok_and_roll.actions import Cook
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.ui import palette
from wokphysics.ui.app import App
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.we_will_wok_you.drawing import WwwyDrawing
from wokphysics.ui.we_will_wok_you.layout import WwwyTarget
from wokphysics.ui.wok_and_roll.layout import Hit
from wokphysics.ui.wok_star.scene import StarScene

Shot = NDArray[np.float64]


def _closest_pair(colours: dict[str, NDArray[np.float64]], vision: str
                  ) -> tuple[float, str, str]:
    seen = {name: _seen(colour, vision) for name, colour in colours.items()}
    return min((_difference(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("marks", palette.TURN_MARKS, ids=("wwwy", "roll", "star"))
def test_every_pair_of_a_games_marks_differs_in_every_vision(
    marks: tuple[palette.TurnMark, ...], vision: str
) -> None:
    colours = {mark.name: _colour(mark.color) for mark in marks}
    if marks is palette.STAR_MARKS:  # a drop's verdict is a background: against the plain one
        colours["plain panel"] = _colour(palette.STAR_PANEL)
    least, a, b = _closest_pair(colours, vision)
    assert least >= MIN_MARK_PAIR, (vision, a, b, round(least, 1))


@pytest.mark.parametrize("vision", VISIONS)
def test_wok_star_tells_some_left_from_none_wherever_a_counter_shows(vision: str) -> None:
    for where, some, none in palette.STAR_PAIRS:
        difference = _difference(_seen(_colour(some), vision), _seen(_colour(none), vision))
        assert difference >= MIN_MARK_PAIR, (where, vision, round(difference, 1))


def test_every_mark_says_its_other_cue() -> None:
    for marks in palette.TURN_MARKS:
        names = [mark.name for mark in marks]
        assert len(set(names)) == len(names)
        for mark in marks:
            assert len(mark.cue) >= 10, mark


def _shot(app: App) -> Shot:
    app.frame(FRAME_S)
    shot: Shot = pygame.surfarray.array3d(app.screen).astype(float)
    return shot


def _pixels(shots: list[Shot], marks: tuple[palette.TurnMark, ...], least: int = 40
            ) -> dict[str, NDArray[np.float64]]:
    """Each mark's pixels (its exact colour) gathered over ``shots``, as an (n, 3) array;
    every mark must be drawn with at least ``least`` pixels."""
    found = {}
    for mark in marks:
        colour = np.array(mark.color, dtype=float)
        pixels = np.concatenate([shot[np.all(shot == colour, axis=2)] for shot in shots])
        assert len(pixels) >= least, f"{mark.name} is drawn ({len(pixels)} px)"
        found[mark.name] = pixels
    return found


def _assert_apart_on_screen(pixels: dict[str, NDArray[np.float64]]) -> None:
    """The marks' pixels as each vision sees them: their mean colours pairwise apart."""
    for vision in VISIONS:
        means = {name: _seen(found, vision).mean(axis=0) for name, found in pixels.items()}
        for a, b in itertools.combinations(means, 2):
            difference = _difference(means[a], means[b])
            assert difference >= MIN_MARK_PAIR, (vision, a, b, round(difference, 1))


def _wwwy_window(tmp_path: Path) -> tuple[App, TurnScene, WeWillWokYouState]:
    """We Will Wok You's window as it opens (1280 x 800), its scene and its game."""
    app = open_window("we-will-wok-you", (1280, 800), tmp_path)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    state = scene.session.state
    assert isinstance(state, WeWillWokYouState)
    return app, scene, state


def test_we_will_wok_you_marks_on_screen_stay_apart(tmp_path: Path) -> None:
    """A wok chosen (its frame), and the pointer over a coin set (its thin frame)."""
    app, scene, state = _wwwy_window(tmp_path)
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    drawing.view.chosen_wok = state.offer[0]
    drawing.view.hover = WwwyTarget("coin", 0)
    shots = [_shot(app)]
    _assert_apart_on_screen(_pixels(shots, (palette.WWWY_CHOSEN, palette.WWWY_HOVER)))
    pygame.display.quit()


def test_a_clicked_wok_is_framed_in_the_chosen_mark(tmp_path: Path) -> None:
    app, scene, state = _wwwy_window(tmp_path)
    wwwy_click(app, scene, WwwyTarget("offer", state.offer[0]))
    _pixels([_shot(app)], (palette.WWWY_CHOSEN,))
    pygame.display.quit()


def test_wok_and_roll_marks_on_screen_stay_apart(tmp_path: Path) -> None:
    """A die picked up to re-roll; then, in the kitchen, the servings ready to cook, one
    chosen with the dice that pay for it; then that serving crossed."""
    app = open_window("wok-and-roll", (1280, 800), tmp_path)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    click(app, scene, Hit("die", "0"))
    shots = [_shot(app)]
    click(app, scene, Hit("button", "lock"))
    state = scene.session.state
    assert isinstance(state, WokAndRollState)
    cook = next(a for a in state.legal_actions() if isinstance(a, Cook))
    click(app, scene, Hit("serving", cook.sid))
    assert roll_view(scene).payment is not None
    shots.append(_shot(app))
    click(app, scene, Hit("button", "cook"))
    shots.append(_shot(app))
    marks = (palette.ROLL_LIFTED, palette.ROLL_READY, palette.ROLL_CHOSEN, palette.ROLL_CROSSED)
    _assert_apart_on_screen(_pixels(shots, marks))
    pygame.display.quit()


def test_wok_star_marks_on_screen_stay_apart(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The kitchen: counters with some left and one run out; a die held over a preparation
    where it may go, then where it may not."""
    app = open_window("wok-star", (1280, 800), tmp_path)
    scene = app.scene
    assert isinstance(scene, StarScene)
    lay = scene.layout()
    assert lay is not None
    inputs = scene.inputs
    preps = list(lay.seats[0].preps)
    counters = scene.session.state.counters
    assert any(counters.values()), "some counter holds ingredients"
    monkeypatch.setitem(counters, preps[-1], 0)  # run out, as a busy round leaves one
    shots = []
    for verdict in (True, False):
        inputs.drop_prep, inputs.drop_ok = preps[0], verdict
        scene.draw(app.screen)
        shots.append(pygame.surfarray.array3d(app.screen).astype(float))
    marks = (palette.STAR_SOME, palette.STAR_NONE, palette.STAR_DROP_OK,
             palette.STAR_DROP_REFUSED)
    _assert_apart_on_screen(_pixels(shots, marks, least=20))
    pygame.display.quit()
