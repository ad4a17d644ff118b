"""Readable at any size (issue 27): in every game's window and the launcher, at the smallest
window the games support and larger, no text is under 12 px, every control lies inside the
window and apart from the others, and no tooltip covers a control. The windows run headless
(SDL's dummy drivers); the text heights are those of the images pygame's fonts rendered, the
controls those the scene's own layout hit-tests, the tooltip the cream box on the screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from readable_windows import (
    WINDOWS,
    TextHeights,
    controls,
    covered,
    crossings,
    hover,
    open_window,
    tip_box,
)

from wokphysics.cli import main
from wokphysics.errors import UserError
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.play import parse_size
from wokphysics.ui.readable import MIN_TEXT_PX, MIN_WINDOW
from wokphysics.ui.widgets import Text

SIZES = (MIN_WINDOW, (1280, 800))


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", WINDOWS)
def test_no_text_under_12_px_and_every_control_inside_and_apart(
        name: str, size: tuple[int, int], tmp_path: Path) -> None:
    heights = TextHeights()
    with heights.recording():
        app = open_window(name, size, tmp_path)
        assert app.screen.get_size() == size
        found = controls(app)
        assert len(found) >= 3, found
        window = app.screen.get_rect()
        outside = [(rect, target) for rect, target in found if not window.contains(rect)]
        assert not outside, outside
        assert not crossings(found), crossings(found)[:3]
        checked = 0
        for rect, _ in found:  # each control's tooltip (its words are text too)
            hover(app, rect.center)
            box = tip_box(app.screen)
            if box is None:
                continue
            checked += 1
            assert window.contains(box), box
            hit = covered(box, controls(app), rect.center)
            assert not hit, (rect, box, hit[:3])
        app.close()
    assert checked >= 2 or name == "wok-on-fire", checked
    smallest = heights.smallest()
    assert smallest[0] >= MIN_TEXT_PX, smallest
    assert len(heights.heights) > 10


def test_a_small_font_asked_for_is_raised_to_12_px() -> None:
    pygame.font.init()
    text = Text()
    for size in (6, 11, 14, 17):
        assert text.render("Hg 0123", size).get_height() >= MIN_TEXT_PX, size
        assert text.font(size).get_height() >= MIN_TEXT_PX, size


def test_a_window_resized_below_the_minimum_is_set_back_to_it() -> None:
    app = App(WindowOptions(size=(600, 380), mute=True), lambda _app: _Blank())
    assert app.screen.get_size() == MIN_WINDOW  # asked smaller: opened at the minimum
    pygame.display.set_mode((700, 900), pygame.RESIZABLE)  # the person drags it narrower
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, {"size": (700, 900), "w": 700,
                                                              "h": 900}))
    app.frame()
    assert app.screen.get_size() == (MIN_WINDOW[0], 900)
    pygame.display.set_mode((1300, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, {"size": (1300, 900), "w": 1300,
                                                              "h": 900}))
    app.frame()
    assert app.screen.get_size() == (1300, 900)  # larger is left as it is
    app.close()


def test_size_below_the_minimum_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_size(f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}") == MIN_WINDOW
    with pytest.raises(UserError, match="1024..10000 and height 640..10000"):
        parse_size("600x380")
    assert main(["play", "we-will-wok-you", "--size", "800x600", "--max-frames", "1"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "--size '800x600'" in lines[0], lines


class _Blank:
    """A scene that draws nothing."""

    help_lines = ()

    def update(self, real_s: float, speed: float = 1.0) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))

    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        pass

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        pass

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        pass

    def key(self, key: int) -> None:
        pass

    def pointer_away(self) -> None:
        pass
