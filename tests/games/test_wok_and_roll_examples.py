"""Every worked example of the Wok and Roll rulebook happens on the shipped sheets.

Each test *solves* for its example: it searches the seeds for the dice the example shows, or
searches the sheet's crossings (all prefixes of dishes, all subsets of platters) for a final
sheet with the example's numbers, then plays that plan on the real engine with legal actions
only (tests/games/wok_and_roll_director.py) and checks the engine's own scoring. Nothing is
looked up from a table of expected crossings.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from wok_and_roll_director import (
    Director,
    Step,
    completed_groups,
    plan_crossings,
    search_sheets,
)

from wokphysics.games.wok_and_roll.actions import Cook, Reroll
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.lanes import FACE_LANES
from wokphysics.games.wok_and_roll.sheet import (
    CIRCLE,
    DIE,
    FRIDGE,
    PANTRY_SPACE,
    SKILLS_AND_FRIDGE,
    Group,
    Sheet,
)
from wokphysics.games.wok_and_roll.state import WokAndRollState

EXPERT = {"expert": True}


def faces(sheet: Sheet, codes: str) -> list[int]:
    return [sheet.codes.index(c) for c in codes]


def first_seed_rolling(
    white: str, red: str, players: int, options: dict[str, object] | None = None
) -> WokAndRollState:
    """The first game (seeds 0, 1, ...) whose first roll shows these faces on the white and
    the red dice (in any order within a colour)."""
    for seed in range(200_000):
        state = new_state(players, seed, options)
        sheet = state.sheet
        dice = state.dice
        if Counter(dice[: sheet.white]) == Counter(faces(sheet, white)) and Counter(
            dice[sheet.white :]
        ) == Counter(faces(sheet, red)):
            return state
    raise AssertionError(f"no seed rolls {white} | {red}")


def dice_only(action: Cook) -> bool:
    return all(divmod(token, FACE_LANES) == (DIE, need) for need, token in action.uses)


def needs_text(sheet: Sheet, sid: str) -> str:
    return "".join(sorted(sheet.codes[f] for f in sheet.by_id[sid].needs))


# --------------------------------------------------------------------------- Example 1


def test_example_1_mei_rerolls_two_then_three_dice_and_the_third_roll_locks() -> None:
    # Red dice: Meat, Seafood; white: Rice, Vegetable, Meat, Vegetable
    state = first_seed_rolling("RVMV", "MS", players=2)
    assert state.phase == "roll" and state.current_player == 0
    rerolls = [a for a in state.legal_actions() if isinstance(a, Reroll)]
    two = next(a for a in rerolls if len(a.dice) == 2)
    state.apply(two)
    assert state.phase == "roll", "a second re-roll is still allowed"
    three = next(a for a in state.legal_actions() if isinstance(a, Reroll) and len(a.dice) == 3)
    kept = [d for i, d in enumerate(state.dice) if i not in three.dice]
    state.apply(three)
    assert state.phase == "cook", "the ingredients from the second re-roll are locked in"
    assert [d for i, d in enumerate(state.dice) if i not in three.dice] == kept
    assert state.rolls == 3


# --------------------------------------------------------------------------- Example 2


def test_example_2_the_roller_uses_all_six_dice_the_others_only_white() -> None:
    # Red dice: Noodle, Seafood; white: Noodle, Vegetable, Meat, Meat
    state = first_seed_rolling("NVMM", "NS", players=2)
    state.apply(state.parse_action("lock"))
    sheet = state.sheet
    mei = [a for a in state.legal_actions() if isinstance(a, Cook) and dice_only(a)]
    noodle_and_meat = [a for a in mei if needs_text(sheet, a.sid) == "MN"]
    assert noodle_and_meat, "Mei can cook a Noodle and Meat serving from the dice"
    state.apply(noodle_and_meat[0])
    state.apply(state.parse_action("done"))
    assert state.current_player == 1
    wong = [a for a in state.legal_actions() if isinstance(a, Cook)]
    red = (1 << sheet.dice) - (1 << sheet.white)
    assert wong, "Wong can cook too"
    assert state.usable(1) & red == 0, "but only with the white dice"
    meat = [
        a
        for a in wong
        if dice_only(a) and sheet.codes[sheet.groups[sheet.by_id[a.sid].group].food] == "M"
    ]
    assert meat, "Wong cooks a Meat dish too, from the white dice"
    state.apply(meat[0])
    assert state.menus[1].dice_used & red == 0


# --------------------------------------------------------------------------- Example 3


@pytest.mark.parametrize("options", [None, EXPERT])
def test_example_3_platter_servings_differ_and_a_full_meat_platter_earns_two(
    options: dict[str, object] | None,
) -> None:
    sheet = new_state(1, 0, options).sheet
    for group in sheet.groups:
        if not group.is_dish:
            combos = [sheet.servings[i].needs for i in group.servings]
            assert len(set(combos)) == len(combos), f"{group.gid} repeats a combination"
    meat = [g for g in sheet.groups if not g.is_dish and sheet.codes[g.food] == "M"]
    five = [g for g in meat if len(g.servings) == 5 and g.bonus == 2]
    if options is None:
        assert five, "the Simple Menu has the Example's Meat platter of 5 servings, +2"
    platter = (five or meat)[0]
    # play it: complete the platter, crossing its last serving alone, on the engine
    state = new_state(1, 3, options)
    *before, last = [Step("cook", sheet.servings[i].sid) for i in platter.servings]
    if platter.locked_from >= 0:
        before.insert(0, Step("unlock", platter.gid))
    Director(state, before, max_turns=400).run_steps()
    section = platter.section
    was = state.menus[0].section_scores(sheet)[section]
    Director(state, [last], max_turns=400).run_steps()
    now = state.menus[0].section_scores(sheet)[section]
    assert now - was == sheet.by_id[last.target].points + platter.bonus


# --------------------------------------------------------------------------- Example 4


def test_example_4_a_fridge_vegetable_completes_a_row_and_circles_a_rice() -> None:
    state = new_state(1, 4)
    sheet = state.sheet
    rice, veg = sheet.codes.index("R"), sheet.codes.index("V")
    rows = [
        (row, i)
        for row in sheet.rows
        if row.bonus == rice
        for i in range(len(sheet.servings))
        if row.mask >> i & 1 and veg in sheet.servings[i].needs
    ]
    assert rows, "a row whose bonus is Rice has a serving needing Vegetable"
    row, vegetable_serving = rows[0]
    others = [
        Step("cook", sheet.servings[i].sid)
        for i in range(len(sheet.servings))
        if row.mask >> i & 1 and i != vegetable_serving
    ]
    director = Director(state, others, max_turns=400)
    director.run_steps()
    # a Rice serving whose other ingredients are on the dice shows the circled Rice at once
    rice_dish = next(
        g for g in sheet.groups if g.is_dish and sheet.codes[g.food] == "R"
    )
    rice_serving = sheet.servings[rice_dish.servings[0]]
    wanted = director.dice_wanted([Step("cook", sheet.servings[vegetable_serving].sid, "V")])
    rest = list(rice_serving.needs)
    rest.remove(rice)
    step = Step("cook", sheet.servings[vegetable_serving].sid, fridge="V")
    for _ in range(400):
        turn = state.turn
        director.market(wanted + rest)
        action = director.find(step)
        if action is not None:
            director.take(action)
            menu = state.menus[0]
            assert menu.circled >> row.index & 1, "the row is complete: its Rice is circled"
            assert menu.fridge_used >> sheet.fridge.index(veg) & 1
            circle_rice = [
                a
                for a in state.legal_actions()
                if isinstance(a, Cook)
                and any(divmod(t, FACE_LANES) == (CIRCLE, rice) for _, t in a.uses)
            ]
            assert circle_rice, "the circled Rice is available for immediate use"
            return
        director.finish_turn(turn)
    raise AssertionError("the dice never showed what the example needs")


# --------------------------------------------------------------------------- Example 5


def test_example_5_a_vegetable_skill_turns_a_book_die_into_a_vegetable() -> None:
    state = new_state(1, 5)
    sheet = state.sheet
    director = Director(state, [Step("convert", "V")], max_turns=400)
    director.run_steps()
    assert state.menus[0].conversions >> sheet.codes.index("V") & 1
    noodle_and_vegetable = [
        s.sid for s in sheet.servings if needs_text(sheet, s.sid) == "NV"
    ]
    assert noodle_and_vegetable
    book, noodle = sheet.book, sheet.codes.index("N")
    for _ in range(400):
        turn = state.turn
        # Ana does not re-roll: she cooks with her first roll, when it shows a Noodle and a Book
        if noodle in state.dice and book in state.dice:
            state.apply(state.parse_action("lock"))
            texts = {str(a) for a in state.legal_actions()}
            made = [f"cook {sid} N=die V=die-book" for sid in noodle_and_vegetable]
            possible = [t for t in made if t in texts]
            assert possible, f"none of {made} is legal"
            state.apply(state.parse_action(possible[0]))
            assert state.menus[0].crossed >> sheet.by_id[possible[0].split()[1]].index & 1
            return
        state.apply(state.parse_action("lock"))
        director.finish_turn(turn)
    raise AssertionError("no first roll showed a Noodle and a Book")


# --------------------------------------------------------------------------- Example 6


def test_example_6_the_noodle_rectangle_adds_a_point_per_noodle_serving() -> None:
    state = new_state(1, 6)
    sheet = state.sheet
    noodle = sheet.codes.index("N")
    rect = next(r for r in sheet.rectangles if r.per == noodle)
    assert rect.points == 1
    skill = next(r for r in sheet.rectangles if r.per < 0)
    assert skill.points == 2, "Recipe Book / Specialty Skill = 2 taste points per skill"
    # solve: a final sheet with exactly 5 Noodle servings that ends the game
    noodle_mask = sheet.food_masks[noodle]

    def summary(group: Group, mask: int) -> tuple[int, ...]:
        return ((mask & noodle_mask).bit_count(), int(mask == group.mask))

    def combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
        joined = (a[0] + b[0], a[1] + b[1])
        return joined if joined[0] <= 5 and joined[1] <= sheet.dishes_to_end else None

    found = search_sheets(sheet, summary, combine, (0, 0))
    crossed = found[(5, sheet.dishes_to_end)]
    steps, final = plan_crossings(
        sheet, crossed, sheet.dishes_to_end, first=[Step("rectangle", rect.rid)]
    )
    Director(state, steps, final).run()
    menu = state.menus[0]
    assert state.is_terminal() and menu.food_servings(sheet, noodle) == 5
    without = menu.copy()
    without.rectangles &= ~(1 << rect.index)
    gained = menu.section_scores(sheet)[SKILLS_AND_FRIDGE]
    gained -= without.section_scores(sheet)[SKILLS_AND_FRIDGE]
    assert gained == 5, "5 more taste points from the Noodle section"


# --------------------------------------------------------------------------- Example 7


def test_example_7_a_fridge_book_and_a_book_die_unlock_a_seafood_dish() -> None:
    state = new_state(1, 7, EXPERT)
    sheet = state.sheet
    seafood = sheet.codes.index("S")
    rest = Counter(faces(sheet, "MSRSS"))  # the dice left after the Book die
    locked = [
        g
        for g in sheet.groups
        if g.food == seafood
        and g.locked_from == 0
        and not Counter(sheet.servings[g.servings[0]].needs) - rest
    ]
    assert locked, "a locked Seafood dish whose first serving the other dice can pay"
    group = locked[0]
    director = Director(state, [])
    target_white, target_red = faces(sheet, "MSRS"), faces(sheet, "BS")
    for _ in range(400):
        turn = state.turn
        # Sufya rolls: red Recipe Book, Seafood; white Meat, Seafood, Rice, Seafood
        while state.phase == "roll":
            whites, reds = state.dice[: sheet.white], state.dice[sheet.white :]
            if Counter(whites) == Counter(target_white) and Counter(reds) == Counter(target_red):
                state.apply(state.parse_action("lock"))
                break
            keep_w, keep_r = _keep(whites, target_white), _keep(reds, target_red)
            again = [i for i in range(sheet.white) if i not in keep_w]
            again += [sheet.white + i for i in range(len(reds)) if i not in keep_r]
            if not any(isinstance(a, Reroll) for a in state.legal_actions()):
                break
            state.apply(state.parse_action("reroll " + " ".join(str(i + 1) for i in again)))
        whites, reds = state.dice[: sheet.white], state.dice[sheet.white :]
        if Counter(whites) == Counter(target_white) and Counter(reds) == Counter(target_red):
            unlock = state.parse_action(f"unlock {group.gid} using die+fridge")
            assert unlock in state.legal_actions()
            state.apply(unlock)
            menu = state.menus[0]
            assert menu.hats_used == 1, "one Chef's Hat ingredient used as a Recipe Book"
            first = sheet.servings[group.servings[0]]
            cooks = [
                a
                for a in state.legal_actions()
                if isinstance(a, Cook) and a.sid == first.sid and dice_only(a)
            ]
            assert cooks, "enough ingredients to cook the first Seafood dish serving"
            state.apply(cooks[0])
            return
        director.finish_turn(turn)
    raise AssertionError("the example's roll never came")


def _keep(dice: list[int], target: list[int]) -> set[int]:
    left = list(target)
    keep = set()
    for i, face in enumerate(dice):
        if face in left:
            left.remove(face)
            keep.add(i)
    return keep


# --------------------------------------------------------------------------- Example 8


def test_example_8_two_house_special_servings_earn_a_third_fridge_ingredient() -> None:
    state = new_state(1, 8, EXPERT)
    sheet = state.sheet
    menu = state.menus[0]
    tile = sheet.tiles[menu.hs_tile]
    assert 2 in tile.hats_after
    assert menu.fridge_allowance(sheet) == 2 and not sheet.fridge
    # use both Chef's Hat ingredients, then cook the House Special twice
    cheap = [g for g in sheet.groups if g.locked_from < 0]
    first_servings = [sheet.servings[g.servings[0]] for g in cheap[:2]]
    steps = [
        Step("cook", s.sid, fridge=sheet.codes[s.needs[0]]) for s in first_servings
    ]
    steps += [Step("cook", "HS.1")]
    Director(state, steps, max_turns=400).run_steps()
    assert menu.hats_used == 2 and menu.fridge_allowance(sheet) == 0
    Director(state, [Step("cook", "HS.2")], max_turns=400).run_steps()
    assert menu.hats == 3 and menu.fridge_allowance(sheet) == 1
    # and the third Fridge ingredient is usable: some cook pays from the Fridge
    for _ in range(400):
        turn = state.turn
        state.apply(state.parse_action("lock"))
        if state.phase == "cook" and any(
            isinstance(a, Cook) and any(t // FACE_LANES == FRIDGE for _, t in a.uses)
            for a in state.legal_actions()
        ):
            return
        Director(state, []).finish_turn(turn)
    raise AssertionError("the third Fridge ingredient was never usable")


# --------------------------------------------------------------------------- Example 9


def test_example_9_a_pantry_worth_17_at_the_end_of_an_expert_game() -> None:
    state = new_state(1, 9, EXPERT)
    sheet = state.sheet
    spaces = len(sheet.pantry_points)
    worth = [sum(sheet.pantry_points[:n]) for n in range(spaces + 1)]
    end = sheet.dishes_to_end

    def summary(group: Group, mask: int) -> tuple[int, ...]:
        counts = [0] * (sheet.foods + 1)
        for i in group.servings:
            if mask >> i & 1 and sheet.servings[i].pantry >= 0:
                counts[sheet.servings[i].pantry] += 1
        counts[-1] = int(mask == group.mask)
        return tuple(counts)

    def combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
        joined = tuple(min(x + y, spaces) for x, y in zip(a[:-1], b[:-1], strict=True))
        done = a[-1] + b[-1]
        return (*joined, done) if done <= end else None

    found = search_sheets(sheet, summary, combine, (0,) * (sheet.foods + 1))
    totals = {key: sum(worth[n] for n in key[:-1]) for key in found}
    assert max(totals.values()) >= 17
    wanted = [key for key, total in totals.items() if total == 17 and key[-1] == end]
    assert wanted, "a final Expert sheet with a Pantry of 17 that ends the game"
    crossed = min((found[key] for key in wanted), key=int.bit_count)
    steps, final = plan_crossings(sheet, crossed, end)
    Director(state, steps, final).run()
    assert state.is_terminal()
    assert state.menus[0].section_scores(sheet)[PANTRY_SPACE] == 17


# ------------------------------------------------------------------ the scoring example


def test_scoring_example_55_is_reached_by_playing_the_simple_menu() -> None:
    """Wong: Specialty Skills and Fridge 19, Rice 5, Noodle 13, Vegetable and Meat 10 (with 2
    full platters), Seafood 8: 55 taste points."""
    state = new_state(1, 55)
    sheet = state.sheet
    targets = {"rice": 5, "noodle": 13, "vegetable_and_meat": 10, "seafood": 8}
    per_section: dict[str, list[tuple[int, int]]] = {}
    for section, points in targets.items():
        groups = [g for g in sheet.groups if g.section == section]

        def summary(group: Group, mask: int) -> tuple[int, ...]:
            got = sum(sheet.servings[i].points for i in group.servings if mask >> i & 1)
            full = mask == group.mask
            return (got + (group.bonus if full else 0), int(full and not group.is_dish))

        def combine(
            a: tuple[int, ...], b: tuple[int, ...], cap: int = points
        ) -> tuple[int, ...] | None:
            joined = (a[0] + b[0], a[1] + b[1])
            return joined if joined[0] <= cap else None

        found = search_sheets(sheet, summary, combine, (0, 0), groups)
        per_section[section] = [(key[1], mask) for key, mask in found.items() if key[0] == points]
    # Vegetable and Meat: "including additional points for cooking 2 full dish platters"
    per_section["vegetable_and_meat"] = [
        (full, mask) for full, mask in per_section["vegetable_and_meat"] if full == 2
    ]
    assert all(per_section.values()), {k: len(v) for k, v in per_section.items()}
    # the sections together must end the game; then solve the 19 of skills and Fridge
    plans = []
    for choice in _product(*per_section.values()):
        crossed = 0
        for _, mask in choice:
            crossed |= mask
        if len(completed_groups(sheet, crossed)) < sheet.dishes_to_end:
            continue
        for skills in _skill_choices(sheet, crossed, 19):
            plans.append((crossed, skills))
    assert plans, "no way to tally 19 in Specialty Skills and Fridge"
    crossed, (conversions, rectangles, fridge_books) = min(
        plans,
        key=lambda p: (len(completed_groups(sheet, p[0])), len(p[1][0]) + len(p[1][1])),
    )
    first = [
        Step("convert", food, fridge="B" if k < fridge_books else "")
        for k, food in enumerate(conversions)
    ]
    first += [Step("rectangle", rid) for rid in rectangles]
    steps, final = plan_crossings(sheet, crossed, sheet.dishes_to_end, first=first)
    Director(state, steps, final).run()
    menu = state.menus[0]
    scores = menu.section_scores(sheet)
    assert state.is_terminal()
    assert scores == {**targets, SKILLS_AND_FRIDGE: 19}
    assert menu.score(sheet) == 55
    assert [title for title, _ in menu.tally(sheet)] == [
        "Rice section",
        "Noodle section",
        "Vegetable and Meat section",
        "Seafood section",
        "Specialty Skills and Fridge",
    ]


def _product(*lists: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    result: list[tuple[tuple[int, int], ...]] = [()]
    for options in lists:
        result = [r + (o,) for r in result for o in options]
    return result


def _skill_choices(
    sheet: Sheet, crossed: int, target: int
) -> list[tuple[list[str], list[str], int]]:
    """(conversion foods, rectangle ids, Fridge Books used) whose Specialty Skills and Fridge
    space totals ``target`` with these crossings (the Fridge's other items unused)."""
    foods = [sheet.codes[f] for f in range(sheet.foods) if sheet.conversions >> f & 1]
    found = []
    for n_conv in range(len(foods) + 1):
        for n_rect in range(len(sheet.rectangles) + 1):
            for rects in combinations(sheet.rectangles, n_rect):
                skills = n_conv + n_rect
                points = sum(
                    r.points
                    * (skills if r.per < 0 else (crossed & sheet.food_masks[r.per]).bit_count())
                    for r in rects
                )
                for books in (0, 1) if n_conv else (0,):
                    unused = len(sheet.fridge) - books
                    if points + unused * sheet.fridge_points_each == target:
                        found.append((foods[:n_conv], [r.rid for r in rects], books))
    return found
