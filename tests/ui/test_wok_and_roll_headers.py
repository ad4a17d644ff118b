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
from wokphysics.ui.wok_and_roll import hyphens
from wokphysics.ui.wok_and_roll.layout import (
    LEAST_WIDTH,
    NAME_LINES_TOP,
    RollLayout,
    build_layout,
)
from wokphysics.ui.wok_and_roll.sheet_drawing import (
    HEAD_SIZE,
    head_label,
    house_label,
    name_lines,
    name_room,
)

SIZES = ((1024, 640), (1024, 600), (1280, 800), (1600, 1000))
"""The smallest window, its replay picture (the bar's strip below it), the default, a large
window (px)."""


def _sheet(expert: bool) -> Sheet:
    return new_state(2, 1, {"expert": expert}).sheet


def _layout(sheet: Sheet, size: tuple[int, int], scale: float, text: Text) -> RollLayout:
    flow = flow_for(size, scale, LEAST_WIDTH) if scale > 1.0 else None
    return build_layout(size, sheet, 2, 0, (), house_special=bool(sheet.tiles), flow=flow,
                        room=name_room(text))


def _words_of(lines: list[str], name: str) -> list[str]:
    """The words of ``lines``, a word broken across two lines joined again where it was
    broken where a reader expects: after its own hyphen, or at one of its syllables with a
    hyphen added (:data:`hyphens.BREAKS`). Any other break leaves the two parts apart (they
    are then not the name's words)."""
    words: list[str] = []
    whole = name.split()
    for line in lines:
        parts = line.split()
        if words and parts and words[-1] not in whole and words[-1].endswith("-"):
            first, rest = words[-1], parts[0]
            if first[:-1] + rest in whole and len(first) - 1 in hyphens.BREAKS.get(
                    first[:-1] + rest, ()):
                words[-1] = first[:-1] + rest  # a hyphen added at a syllable
                parts = parts[1:]
        if words and parts and words[-1].endswith("-") and words[-1] + parts[0] in whole \
                and words[-1] not in whole:
            words[-1] += parts[0]  # broken after its own hyphen
            parts = parts[1:]
        words += parts
    return words


def test_a_broken_word_is_joined_only_where_a_reader_expects() -> None:
    whole = ["Pineapple", "Fried", "Rice"]
    assert _words_of(["Pine-", "apple Fried", "Rice"], "Pineapple Fried Rice") == whole
    assert _words_of(["Pineappl", "e Fried Rice"], "Pineapple Fried Rice") != whole
    assert _words_of(["Pineap-", "ple Fried Rice"], "Pineapple Fried Rice") != whole
    assert _words_of(["Twice-", "Cooked Pork"], "Twice-Cooked Pork") == \
        ["Twice-Cooked", "Pork"]


def test_every_long_word_of_the_dishes_has_its_break_points() -> None:
    """Every word of 7 letters or more of both menus' dishes and every House Special tile
    is in the hyphenation table, unless it has a hyphen of its own."""
    names = [g.name for expert in (False, True) for g in _sheet(expert).groups]
    names += [t.name for t in _sheet(True).tiles]
    long = {w for n in names for w in n.split() if len(w) >= 7 and "-" not in w}
    assert long <= set(hyphens.BREAKS), sorted(long - set(hyphens.BREAKS))


def _check(lay: RollLayout, sheet: Sheet, text: Text) -> None:
    names = {g.gid: (g.name, g.locked_from == 0, not g.is_dish) for g in sheet.groups}
    groups = {g.gid: g for g in sheet.groups}
    names["HS"] = (max((t.name for t in sheet.tiles), key=len, default=""), False, False)
    for gid, header in lay.groups.items():
        name = names[gid]
        drawn = name_lines(text, name, lay.scale)
        # every letter drawn, a word wider than the column broken only where a reader
        # expects: with a hyphen at a syllable, or after its own hyphen ("Pine-" / "apple",
        # "Twice-" / "Cooked"; it was "Pineappl" / "e")
        assert _words_of(drawn.lines, name[0]) == name[0].split(), drawn.lines
        group = groups.get(gid)
        label = house_label(text, lay) if group is None else \
            head_label(text, lay, gid, group.bonus, group.is_dish)
        wide = text.font(lay.font(HEAD_SIZE), True).size(label)[0]
        column = lay.house_special if group is None else lay.columns[gid]
        assert header.x + lay.px(2) + wide <= column.right, (gid, label)
        if group is not None:  # its id and bonus ("S2  +3") clear of a lock beside them
            lock = lay.locks.get(gid)
            if lock is not None and lock.y < header.y + lay.px(NAME_LINES_TOP):
                assert header.x + lay.px(2) + wide < lock.x, (gid, label)
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
