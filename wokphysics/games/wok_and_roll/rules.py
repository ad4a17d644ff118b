"""What one player may do while cooking, and doing it: pure functions of a sheet, a menu,
the locked dice and the mask of dice the player may use.

Shared by the game state and by bots that plan on a copy of their own menu.
"""

from __future__ import annotations

from typing import Any

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import Convert, Cook, Done, Rectangle, Unlock
from wokphysics.games.wok_and_roll.lanes import (
    FACE_LANES,
    FACES,
    GUARD,
    LANE,
    LANE_MASK,
    POOL_SHIFT,
)
from wokphysics.games.wok_and_roll.menu import Menu, open_servings
from wokphysics.games.wok_and_roll.options import COOKS, book_payments, cook_actions
from wokphysics.games.wok_and_roll.sheet import Serving, Sheet

DONE = Done()


def menu_actions(sheet: Sheet, menu: Menu, dice: list[int], usable: int) -> list[Action]:
    """Every canonical cooking action (crossings, skills, unlocks) and finally ``done``."""
    tokens, allowance = menu.pools(sheet, dice, usable)
    conversions = menu.conversions
    # per-face totals over the pools (a necessary condition; the enumeration is exact)
    have = (tokens & FACES) + (tokens >> 2 * POOL_SHIFT & FACES) + (tokens >> 3 * POOL_SHIFT)
    if allowance:
        have += tokens >> POOL_SHIFT & FACES
    book = sheet.book
    codes = sheet.codes
    books = have >> (LANE * book) & LANE_MASK
    guarded = have | GUARD
    with_books = books if conversions else 0
    actions: list[Action] = []
    cap = allowance if allowance < 4 else 4
    memo = COOKS
    for need, face_mask, plain, with_book_lanes, serving in open_servings(sheet, menu):
        if guarded - need & GUARD != GUARD:
            # not payable with plain ingredients; maybe with Books through conversions
            if not (with_books and conversions & face_mask):
                continue
            short = 0
            for face, count in serving.need_counts:
                got = have >> (LANE * face) & LANE_MASK
                if got < count:
                    if not conversions >> face & 1:
                        short = 99
                        break
                    short += count - got
            if short > books:
                continue
        conv = conversions & face_mask
        # the memo of options.cook_actions, looked up here first (the hot path)
        found = memo.get((id(serving), conv, cap, tokens & (with_book_lanes if conv else plain)))
        if found is None:
            found = cook_actions(serving, tokens, allowance, conversions, codes)
        actions.extend(found)
    if books >= sheet.cheapest_book_use:
        if books >= sheet.conversion_cost:
            missing = sheet.conversions & ~menu.conversions
            if missing:
                pays = book_payments(sheet.conversion_cost, tokens, allowance, book)
                for food in range(book):
                    if missing >> food & 1:
                        actions.extend(_book_actions(Convert, food, pays, codes))
        if books >= sheet.rectangle_cost:
            pays = book_payments(sheet.rectangle_cost, tokens, allowance, book)
            for rect in sheet.rectangles:
                if not menu.rectangles >> rect.index & 1:
                    actions.extend(_book_actions(Rectangle, rect.rid, pays, codes))
        if books >= sheet.unlock_cost:
            locked = menu.locked_groups(sheet)
            if locked:
                pays = book_payments(sheet.unlock_cost, tokens, allowance, book)
                for g in locked:
                    actions.extend(_book_actions(Unlock, sheet.groups[g].gid, pays, codes))
    if menu.recipes_used < len(sheet.recipes):
        for g in menu.locked_groups(sheet):
            actions.extend(_book_actions(Unlock, sheet.groups[g].gid, ((),), codes))
    actions.append(DONE)
    return actions


_BOOK_ACTIONS: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def _book_actions(
    kind: Any, target: Any, pays: tuple[tuple[int, ...], ...], codes: str
) -> tuple[Action, ...]:
    """``kind(target, pools)`` for each payment, memoised (actions are immutable values)."""
    key = (kind, target, pays, codes)
    found = _BOOK_ACTIONS.get(key)
    if found is None:
        if kind is Convert:
            found = tuple(Convert(target, p, codes) for p in pays)
        else:
            found = tuple(kind(target, p) for p in pays)
        _BOOK_ACTIONS[key] = found
    return found


def serving_of(sheet: Sheet, menu: Menu, sid: str) -> Serving | None:
    """The serving called ``sid`` on this menu (``HS.n`` is the menu's House Special)."""
    if sid.startswith("HS."):
        if menu.hs_tile < 0:
            return None
        tile = sheet.tiles[menu.hs_tile]
        try:
            pos = int(sid[3:]) - 1
        except ValueError:
            return None
        return tile.servings[pos] if 0 <= pos < len(tile.servings) else None
    return sheet.by_id.get(sid)


def apply_to_menu(sheet: Sheet, menu: Menu, action: Action, dice: list[int], usable: int) -> bool:
    """Carry out a legal cooking action other than ``done``. Returns True when the menu now
    has completed enough dishes and platters to end the game."""
    if isinstance(action, Cook):
        for _, token in action.uses:
            menu.spend(sheet, token, dice, usable)
        serving = serving_of(sheet, menu, action.sid)
        assert serving is not None
        return menu.cross(sheet, serving) and menu.completed(sheet) >= sheet.dishes_to_end
    assert isinstance(action, Convert | Rectangle | Unlock)
    for pool in action.pools:
        menu.spend(sheet, pool * FACE_LANES + sheet.book, dice, usable)
    if isinstance(action, Convert):
        menu.conversions |= 1 << action.food
    elif isinstance(action, Rectangle):
        rect = next(r for r in sheet.rectangles if r.rid == action.rid)
        menu.rectangles |= 1 << rect.index
    else:
        if not action.pools:
            menu.recipes_used += 1
        menu.unlocked |= 1 << sheet.group_by_id[action.gid].index
    return False
