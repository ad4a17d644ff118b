"""The enumeration of Wok and Roll's legal actions as it was before the speed work, kept as a
plain reference: no packed lanes, no memo tables, no incremental updates.

It reads a state's public fields (the sheet, each menu's marks, the dice) and lists, in the
engine's order: for each open serving (group by group; a dish's next serving, a platter's
uncrossed ones, then the House Special's next serving) every canonical payment; then the
conversion skills, rectangles and unlocks that the Recipe Books on hand pay for; then unlocks
with a Recipe; then ``done``. In the market: every canonical re-roll, then ``lock``.
``test_wok_and_roll_enumeration.py`` checks the engine's fast enumeration against this one.
"""

from __future__ import annotations

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import (
    CIRCLE,
    DIE,
    FRIDGE,
    PANTRY,
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, MAX_COUNT
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.sheet import Serving, Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState


def reference_legal_actions(state: WokAndRollState) -> list[Action]:
    """What the rules allow now, listed as the engine lists it."""
    if state.phase == "roll":
        return [*_rerolls(state), Lock()] if state.rolls <= state.sheet.rerolls else [Lock()]
    if state.phase != "cook":
        return []
    seat = state.cooker
    return cooking_actions(state.sheet, state.menus[seat], state.dice, state.usable(seat))


def _rerolls(state: WokAndRollState) -> list[Reroll]:
    white = state.sheet.white
    groups: dict[tuple[bool, int], list[int]] = {}
    for i, face in enumerate(state.dice):
        groups.setdefault((i < white, face), []).append(i)
    choices: list[list[int]] = [[]]
    for members in groups.values():
        choices = [c + members[:k] for c in choices for k in range(len(members) + 1)]
    subsets = sorted(tuple(sorted(c)) for c in choices if c)
    subsets.sort(key=len)
    return [Reroll(s) for s in subsets]


def open_servings(sheet: Sheet, menu: Menu) -> list[Serving]:
    found: list[Serving] = []
    for group in sheet.groups:
        unlocked = group.locked_from < 0 or menu.unlocked >> group.index & 1
        if group.is_dish:
            pos = sum(1 for i in group.servings if menu.crossed >> i & 1)
            if pos < len(group.servings) and (unlocked or pos < group.locked_from):
                found.append(sheet.servings[group.servings[pos]])
        elif unlocked:
            found.extend(sheet.servings[i] for i in group.servings if not menu.crossed >> i & 1)
    if menu.hs_tile >= 0:
        tile = sheet.tiles[menu.hs_tile]
        if menu.hs_done < len(tile.servings):
            found.append(tile.servings[menu.hs_done])
    return found


def token_counts(sheet: Sheet, menu: Menu, dice: list[int], usable: int) -> tuple[list[int], int]:
    """How many of each token (pool * FACE_LANES + face) the player may spend, and how many
    Fridge ingredients in all (the Chef's Hats left; unlimited for fixed items)."""
    counts = [0] * (4 * FACE_LANES)
    for i, face in enumerate(dice):
        if usable >> i & 1 and not menu.dice_used >> i & 1:
            counts[DIE * FACE_LANES + face] += 1
    if sheet.chef_hats:
        allowance = max(0, menu.hats - menu.hats_used)
        for face in range(len(sheet.codes)):
            if sheet.hat_faces >> face & 1:
                counts[FRIDGE * FACE_LANES + face] = min(allowance, MAX_COUNT)
    else:
        allowance = 99
        for k, face in enumerate(sheet.fridge):
            if not menu.fridge_used >> k & 1:
                counts[FRIDGE * FACE_LANES + face] += 1
    for row in sheet.rows:
        if menu.circled >> row.index & 1 and not menu.circle_used >> row.index & 1:
            counts[CIRCLE * FACE_LANES + row.bonus] += 1
    for food in range(sheet.foods):
        counts[PANTRY * FACE_LANES + food] = menu.pantry_circled[food] - menu.pantry_used[food]
    return counts, allowance


def payments(
    sheet: Sheet, serving: Serving, counts: list[int], allowance: int, conversions: int
) -> list[tuple[tuple[int, int], ...]]:
    """Each distinct multiset of tokens paying the serving's needs, in search order."""
    book = sheet.book
    # a Chef's Hat is the food itself: it is never listed as a Book converted by a skill
    book_pools = (DIE, CIRCLE) if sheet.chef_hats else (DIE, FRIDGE, CIRCLE)
    needs = serving.needs
    used = [0] * len(counts)
    chosen: list[tuple[int, int]] = []
    results: list[tuple[tuple[int, int], ...]] = []
    seen: set[tuple[int, ...]] = set()

    def tokens_for(need: int) -> list[int]:
        tokens = [pool * FACE_LANES + need for pool in (DIE, FRIDGE, CIRCLE, PANTRY)]
        if conversions >> need & 1:
            tokens += [pool * FACE_LANES + book for pool in book_pools]
        return sorted(tokens)

    def extend(i: int, fridge: int) -> None:
        if i == len(needs):
            spent = tuple(sorted(token for _, token in chosen))
            if spent not in seen:
                seen.add(spent)
                results.append(tuple(chosen))
            return
        need = needs[i]
        floor = chosen[-1][1] if i and needs[i - 1] == need else -1
        for token in tokens_for(need):
            if token < floor or used[token] >= counts[token]:
                continue
            is_fridge = token // FACE_LANES == FRIDGE
            if is_fridge and fridge >= allowance:
                continue
            used[token] += 1
            chosen.append((need, token))
            extend(i + 1, fridge + is_fridge)
            chosen.pop()
            used[token] -= 1

    extend(0, 0)
    return results


def book_payments(
    sheet: Sheet, count: int, counts: list[int], allowance: int
) -> list[tuple[int, ...]]:
    book = sheet.book
    dice = counts[DIE * FACE_LANES + book]
    fridge = min(counts[FRIDGE * FACE_LANES + book], allowance)
    circles = counts[CIRCLE * FACE_LANES + book]
    results = []
    for from_fridge in range(min(fridge, count) + 1):
        for from_circles in range(min(circles, count - from_fridge) + 1):
            from_dice = count - from_fridge - from_circles
            if from_dice <= dice:
                results.append(
                    (DIE,) * from_dice + (FRIDGE,) * from_fridge + (CIRCLE,) * from_circles
                )
    return sorted(results)


def cooking_actions(sheet: Sheet, menu: Menu, dice: list[int], usable: int) -> list[Action]:
    """Every canonical cooking action of this menu, then ``done``."""
    counts, allowance = token_counts(sheet, menu, dice, usable)
    codes = sheet.codes
    actions: list[Action] = []
    for serving in open_servings(sheet, menu):
        conv = menu.conversions & serving.face_mask
        for payment in payments(sheet, serving, counts, allowance, conv):
            actions.append(Cook(serving.sid, payment, codes))
    book = sheet.book
    books = counts[DIE * FACE_LANES + book] + counts[CIRCLE * FACE_LANES + book]
    if allowance:
        books += counts[FRIDGE * FACE_LANES + book]
    locked = [
        g for g in sheet.groups if g.locked_from >= 0 and not menu.unlocked >> g.index & 1
    ]
    if books >= sheet.conversion_cost:
        pays = book_payments(sheet, sheet.conversion_cost, counts, allowance)
        for food in range(sheet.foods):
            if sheet.conversions >> food & 1 and not menu.conversions >> food & 1:
                actions.extend(Convert(food, p, codes) for p in pays)
    if books >= sheet.rectangle_cost:
        pays = book_payments(sheet, sheet.rectangle_cost, counts, allowance)
        for rect in sheet.rectangles:
            if not menu.rectangles >> rect.index & 1:
                actions.extend(Rectangle(rect.rid, p) for p in pays)
    if books >= sheet.unlock_cost and locked:
        pays = book_payments(sheet, sheet.unlock_cost, counts, allowance)
        for group in locked:
            actions.extend(Unlock(group.gid, p) for p in pays)
    if menu.recipes_used < len(sheet.recipes):
        actions.extend(Unlock(group.gid, ()) for group in locked)
    actions.append(DoneCooking())
    return actions
