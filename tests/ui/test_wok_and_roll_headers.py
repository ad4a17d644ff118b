"""Wok and Roll's dishes' names drawn whole (issue 27, "text that fits its box"): each dish's
header is as tall as its name needs at the window's fonts, on both menus, in the smallest
window, the default, a large one and the smaller picture of a replay (its bar's strip below),
and at UI scales where the layout reflows; nothing else on the sheet moves onto another thing
or off the paper for it."""

from __future__ import annotations

import pygame
import pytest

from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.sheet import Sheet
from wokphysics.ui.reflow import flow_for
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_and_roll.layout import (
    LEAST_WIDTH,
    NAME_LINES_TOP,
    RollLayout,
    build_layout,
)
from wokphysics.ui.wok_and_roll.sheet_drawing import name_lines, name_room

SIZES = ((1024, 640), (1024, 600), (1280, 800), (1600, 1000))
"""The smallest window, its replay picture (the bar's strip below it), the default, a large
window (px)."""


def _sheet(expert: bool) -> Sheet:
    return new_state(2, 1, {"expert": expert}).sheet


def _layout(sheet: Sheet, size: tuple[int, int], scale: float, text: Text) -> RollLayout:
    flow = flow_for(size, scale, LEAST_WIDTH) if scale > 1.0 else None
    return build_layout(size, sheet, 2, 0, (), house_special=bool(sheet.tiles), flow=flow,
                        room=name_room(text))


def _check(lay: RollLayout, sheet: Sheet, text: Text) -> None:
    names = {g.gid: (g.name, g.locked_from == 0, not g.is_dish) for g in sheet.groups}
    names["HS"] = (max((t.name for t in sheet.tiles), key=len, default=""), False, False)
    for gid, header in lay.groups.items():
        name = names[gid]
        drawn = name_lines(text, name, lay.scale)
        # every letter drawn (a word wider than the column at a large least font goes on
        # two lines)
        assert "".join(drawn.lines).replace(" ", "") == name[0].replace(" ", ""), drawn.lines
        bottom = header.y + lay.px(NAME_LINES_TOP) + (len(drawn.lines) - 1) * drawn.step
        bottom += drawn.height - lay.px(4)
        assert bottom <= header.bottom, (gid, name[0], drawn.lines)
        servings = [rect for sid, rect in lay.servings.items() if sid.split(".")[0] == gid]
        assert servings and min(rect.y for rect in servings) >= header.bottom, gid
        for other, rect in lay.servings.items():
            assert not header.colliderect(rect), (gid, other)
        lock = lay.locks.get(gid)
        if lock is not None and lock.y < header.y + lay.px(NAME_LINES_TOP):
            first = text.font(drawn.size).size(drawn.lines[0])[0] if drawn.lines[0] else 0
            assert header.x + lay.px(1) + first < lock.x, (gid, drawn.lines[0])
    paper = lay.sheet
    places = [*lay.servings.values(), *lay.columns.values(), *lay.groups.values()]
    extras = [lay.fridge_area, lay.skills_area, lay.bonus_area]
    extras += [rect for rect in (lay.pantry_area, lay.recipes_area) if rect.w]
    for rect in places + extras + ([lay.house_special] if lay.house_special.w else []):
        assert paper.contains(rect), (rect, paper)
    columns = [*lay.columns.values()] + ([lay.house_special] if lay.house_special.w else [])
    for area in extras:
        for column in columns:
            assert not area.colliderect(column), (area, column)
    boxes = list(lay.servings.items())
    for k, (sid, rect) in enumerate(boxes):
        for other, rect_b in boxes[k + 1:]:
            assert not rect.colliderect(rect_b), (sid, other)


@pytest.mark.parametrize("expert", [False, True], ids=["simple", "expert"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0], ids=lambda s: f"{s:g}x")
def test_every_name_whole_and_nothing_moved_onto_another(expert: bool,
                                                         size: tuple[int, int],
                                                         scale: float) -> None:
    pygame.font.init()
    text = Text()
    text.set_scale(scale)
    sheet = _sheet(expert)
    _check(_layout(sheet, size, scale, text), sheet, text)


def test_the_design_is_kept_where_two_lines_hold_the_names() -> None:
    """At 1280 x 800 the Simple Menu's upper band ends above the lower band as in the design:
    the lower band is where it was (the headers grow only as much as the names need)."""
    pygame.font.init()
    text = Text()
    sheet = _sheet(False)
    plain = build_layout((1280, 800), sheet, 2, 0, ())
    measured = build_layout((1280, 800), sheet, 2, 0, (), room=name_room(text))
    assert measured.sheet == plain.sheet
    assert measured.fridge_area.y >= plain.fridge_area.y
    assert measured.sheet.contains(measured.recipes_area or measured.bonus_area)
