"""Wok and Roll scoring: the rulebook's 55-point example, platters, rectangles, the Fridge,
the Expert wok spaces, and the tie-break."""

from __future__ import annotations

from wokphysics.games.wok_and_roll.factory import make_settings, new_state
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.sheet import Sheet, sheet_for
from wokphysics.terminal.wok_and_roll.render import render_end


def _simple() -> Sheet:
    return sheet_for(make_settings(None))


def _expert() -> Sheet:
    return sheet_for(make_settings({"expert": True}))


def _cross(sheet: Sheet, menu: Menu, *sids: str) -> None:
    for sid in sids:
        menu.cross(sheet, sheet.by_id[sid])


def test_the_rulebooks_scoring_example_totals_55_with_its_breakdown() -> None:
    # Wong: 19 skills and Fridge + 5 Rice + 13 Noodle + 10 Vegetable and Meat (two full
    # platters) + 8 Seafood = 55.
    sheet = _simple()
    menu = Menu(sheet)
    _cross(sheet, menu, "R1.1", "R1.2", "R1.3", "R2.1")  # 1 + 1 + 2 + 1 = 5
    _cross(sheet, menu, "N1.1", "N1.2", "N1.3", "N1.4", "N2.1", "N2.2")  # 10 + 3 = 13
    _cross(sheet, menu, *(f"V1.{k}" for k in range(1, 6)), *(f"M1.{k}" for k in range(1, 6)))
    _cross(sheet, menu, "S1.1", "S1.2", "S1.3", "S2.1", "S2.2")  # (4 + 2) + 2 = 8
    menu.conversions = 0b10100  # Vegetable and Seafood hexagons
    rects = {r.rid: r.index for r in sheet.rectangles}
    menu.rectangles = 1 << rects["skills"] | 1 << rects["noodle"]
    menu.fridge_used = 1 << sheet.fridge.index(5)  # the Fridge Recipe Book was used
    assert menu.problems(sheet) == []
    scores = menu.section_scores(sheet)
    # skills: 2 x 4 skills = 8; noodle rectangle: 6 noodle servings = 6; 5 unused Fridge = 5
    assert scores == {
        "rice": 5,
        "noodle": 13,
        "vegetable_and_meat": 10,
        "seafood": 8,
        "skills_and_fridge": 19,
    }
    assert menu.score(sheet) == 55
    # two full platters in the Vegetable and Meat section: 6 serving points + 2 + 2
    assert (
        sum(
            sheet.servings[sheet.by_id[f"{g}.{k}"].index].points
            for g in ("V1", "M1")
            for k in range(1, 6)
        )
        == 6
    )
    assert menu.completed(sheet) == 4  # N1, V1, M1, S1


def test_a_platter_bonus_needs_every_serving_and_any_order_is_fine() -> None:
    sheet = _simple()
    menu = Menu(sheet)
    _cross(sheet, menu, "S1.3", "S1.1")
    assert menu.section_scores(sheet)["seafood"] == 2 + 1
    assert menu.problems(sheet) == []
    _cross(sheet, menu, "S1.2")
    assert menu.section_scores(sheet)["seafood"] == 4 + 2


def test_meat_platter_has_five_servings_and_a_two_point_bonus() -> None:
    sheet = _simple()
    meat = sheet.group_by_id["M1"]
    assert len(meat.servings) == 5 and meat.bonus == 2 and sheet.codes[meat.food] == "M"


def test_unused_fridge_items_score_one_each_and_rectangles_count_crossings() -> None:
    sheet = _simple()
    menu = Menu(sheet)
    assert menu.section_scores(sheet)["skills_and_fridge"] == 6
    rects = {r.rid: r.index for r in sheet.rectangles}
    menu.rectangles = 1 << rects["rice"]
    _cross(sheet, menu, "R1.1", "R1.2", "R2.1")
    menu.fridge_used = 0b11
    assert menu.section_scores(sheet)["skills_and_fridge"] == 3 + 4


def test_expert_spaces_house_special_pantry_and_recipes() -> None:
    sheet = _expert()
    menu = Menu(sheet, hs_tile=0)  # Chilli Crab: 3, 4, 5, 6
    menu.cross(sheet, sheet.tiles[0].servings[0])
    menu.cross(sheet, sheet.tiles[0].servings[1])
    assert menu.hats == 3, "a Chef's Hat after the second House Special serving"
    _cross(sheet, menu, "R1.1")  # pantry V
    _cross(sheet, menu, "V1.2", "S1.3")  # pantry S, pantry V
    menu.recipes_used = 2
    scores = menu.section_scores(sheet)
    assert scores["house_special"] == 7
    assert scores["pantry"] == (1 + 2) + 1  # V: two spaces (1 + 2), S: one space (1)
    assert scores["recipes"] == -2 - 3
    assert menu.completed(sheet) == 0, "the House Special never counts towards the end"


def test_tie_goes_to_the_player_furthest_clockwise_from_the_first() -> None:
    state = new_state(4, seed=3)
    # all menus equal (6 Fridge points each): the last seat is furthest clockwise
    assert state.scores() == [6, 6, 6, 6]
    assert state.winners() == [3]
    sheet = state.sheet
    state.menus[1].cross(sheet, sheet.by_id["R1.1"])
    state.menus[2].cross(sheet, sheet.by_id["R2.1"])
    assert state.scores() == [6, 7, 7, 6]
    assert state.winners() == [2]
    text = render_end(state)
    assert "Player 3 wins with 7 taste points (tie broken" in text
