"""Wok Star's texts whole in the design (1x) too (issue 27, "text that fits its box"): the
Purchase screen puts an upgrade's yields on a second line where its line does not fit (the
other rows where they were, and none moving when one is bought), and the replay viewer keeps
the live window's scale, its seats' panels giving the bar's strip their height (the smaller
picture drew "Onions and Peppers+" and a recipe's dollars too large for their boxes)."""

from __future__ import annotations

import pygame
from star_screens import open_star_replay, open_star_screen

from wokphysics.games.wok_star.actions import Upgrade
from wokphysics.ui.app import App
from wokphysics.ui.wok_star.drawing import bar_strip
from wokphysics.ui.wok_star.layout import SEATS_GIVE, StarLayout
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.screens import UPGRADE_LINE, UPGRADE_STEP


def _scene(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


def _upgrades(scene: StarScene) -> dict[str, pygame.Rect]:
    return {c.action.prep: c.rect.copy() for c in scene.buttons
            if isinstance(c.action, Upgrade)}


def test_a_long_upgrade_takes_two_lines_and_no_row_moves_when_one_is_bought() -> None:
    app = open_star_screen("purchase", (1024, 640), 1.0, ("person", "team", "team", "team"))
    scene = _scene(app)
    lay = scene.layout()
    assert lay is not None
    before = _upgrades(scene)
    tops = sorted(rect.y for rect in before.values())
    gaps = [(b - a) / lay.scale for a, b in zip(tops, tops[1:], strict=False)]
    # Onions and Peppers' row has its yields on a second line; the others one line apart
    assert any(abs(gap - (UPGRADE_STEP + UPGRADE_LINE)) < 1.5 for gap in gaps), gaps
    assert sum(abs(gap - UPGRADE_STEP) < 1.5 for gap in gaps) >= len(gaps) - 1, gaps
    bought = next(prep for prep in before if prep != "onions_peppers")
    assert scene.act_for(scene.session.current, Upgrade(bought)), scene.presenter.status
    for _ in range(3):
        app.frame()
    after = _upgrades(scene)
    assert bought not in after
    assert after == {prep: rect for prep, rect in before.items() if prep != bought}
    app.close()


def _seats_bottom(lay: StarLayout) -> int:
    return max(seat.rect.bottom for seat in lay.seats)


def test_the_replay_keeps_the_windows_scale_and_its_seats_give_the_bar_room() -> None:
    app = open_star_replay((1024, 640), 1.0, "late")
    scene = _scene(app)
    lay = scene.layout()
    assert lay is not None
    replay = scene.replay
    assert replay is not None
    strip = bar_strip(scene.text, replay, (1024, 640), None)
    assert strip > 0
    assert abs(lay.scale - 0.8) < 1e-9  # as the live window's at 1024 x 640
    assert _seats_bottom(lay) <= 640 - strip
    assert 640 - strip - _seats_bottom(lay) < lay.px(12)  # the panels end at the strip
    shorter = (800 * lay.scale - (640 - strip)) / lay.scale
    assert 0 < shorter <= SEATS_GIVE
    app.close()


def test_a_notice_whose_zone_is_out_of_view_covers_no_counter_or_recipe() -> None:
    """At 2x in the smallest window the kitchen reflows and the notice's free zone (the
    customer line's events part) lies below the view: the notice was clamped into the view
    over the recipes ("Round 6: the red timer is flipped. Cook!" over Sweet and Sour Pork and
    Kung Pao Chicken in the replay). It takes a clear place in the view."""
    app = open_star_replay((1024, 640), 2.0, "late")
    scene = _scene(app)
    for _ in range(3):
        app.frame()
    box = scene.drawing.notice_box
    assert box is not None, "the round's notice is shown with its turn"
    lay = scene.layout()
    assert lay is not None
    view = app.viewport.view(app.screen.get_size())
    assert view.contains(box), (box, view)
    for rect in [*lay.counters.values(), *lay.recipes.values()]:
        assert not box.colliderect(rect), (box, rect)
    app.close()
