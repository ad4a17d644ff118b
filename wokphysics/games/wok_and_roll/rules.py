"""What one player may do while cooking, and doing it: pure functions of a sheet, a menu,
the locked dice and the mask of dice the player may use.

Shared by the game state and by bots that plan on a copy of their own menu.

The legal list is, in this order: for each open serving (see :func:`open_set`) its canonical
payments; the conversion skills, rectangles and unlocks the Recipe Books on hand pay for;
unlocks with a Recipe; ``done``. :func:`cooking_options` builds it from scratch;
:func:`options_after_cook` updates it after a crossing that gave nothing new (most of them):
what the player can spend only went down, so the new list is the old one without the
payments that no longer fit, with the crossed serving's payments replaced by those of the
serving it opened (same place in the order). The two agree exactly; the tests compare both
with a plain reference enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import (
    DIE,
    Convert,
    Cook,
    CookingStep,
    DoneCooking,
    Rectangle,
    Unlock,
)
from wokphysics.games.wok_and_roll.lanes import (
    FACE_LANES,
    FACES,
    GUARD,
    LANE,
    LANE_MASK,
    MAX_COUNT,
    POOL_SHIFT,
    lane,
)
from wokphysics.games.wok_and_roll.menu import COMPLETED, Menu, next_open, open_set
from wokphysics.games.wok_and_roll.options import add_cooks, book_payments, serving_cooks
from wokphysics.games.wok_and_roll.settings import MOST_BOOKS, MOST_NEEDED
from wokphysics.games.wok_and_roll.sheet import Serving, Sheet

DONE: Final = DoneCooking()
ENDS: Final = 1
"""``apply_to_menu`` flag: the menu now has completed enough to end the game."""


def menu_actions(sheet: Sheet, menu: Menu, dice: list[int], usable: int) -> list[Action]:
    """Every canonical cooking action (crossings, skills, unlocks) and finally ``done``."""
    tokens, allowance = menu.pools(sheet, dice, usable)
    return cooking_options(sheet, menu, tokens, allowance)


def cooking_options(sheet: Sheet, menu: Menu, tokens: int, allowance: int) -> list[Action]:
    """The legal list from scratch, given what the player can spend (``Menu.pools``)."""
    conversions = menu.conversions
    # each pool's lanes apart, once (small integers: the packed tokens are not), then
    # lanes.face_totals(tokens, allowance > 0) of them: this runs for every seat's turn
    dice = tokens & FACES
    fridge = tokens >> POOL_SHIFT & FACES
    circles = tokens >> 2 * POOL_SHIFT & FACES
    pantry = tokens >> 3 * POOL_SHIFT & FACES  # (the last pool: FACES keeps it in 40 bits)
    have = dice + circles + pantry
    if allowance > 0:
        have += fridge
    books = have >> (LANE * sheet.book) & LANE_MASK
    actions: list[Action] = []
    # the open servings the ingredients on hand cover (covers(have, need_lanes) written out:
    # every lane fits one small integer), or that Recipe Books might pay for
    guarded = have | GUARD
    chosen: list[Serving] = []
    if conversions and books:
        for serving in open_set(sheet, menu):
            if guarded - serving.need_lanes & GUARD == GUARD or _books_may_pay(
                serving, have, books, conversions
            ):
                chosen.append(serving)
    else:
        for serving in open_set(sheet, menu):
            if guarded - serving.need_lanes & GUARD == GUARD:
                chosen.append(serving)
    if chosen:
        add_cooks(
            actions, chosen, dice, fridge, circles, pantry, allowance, conversions, sheet.codes
        )
    if books >= sheet.cheapest_book_use or menu.recipes_used < len(sheet.recipes):
        shift = LANE * sheet.book
        book_lanes = (
            dice >> shift & LANE_MASK,
            fridge >> shift & LANE_MASK,
            circles >> shift & LANE_MASK,
        )
        actions.extend(_extras(sheet, menu, tokens, allowance, books, book_lanes))
    else:
        actions.append(DONE)
    return actions


_EXTRAS: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}


def _extras(
    sheet: Sheet,
    menu: Menu,
    tokens: int,
    allowance: int,
    books: int,
    book_lanes: tuple[int, int, int],
) -> tuple[Action, ...]:
    """What follows the Cooks in the list: the skills, rectangles and unlocks the Recipe
    Books on hand pay for, the unlocks with a Recipe, then ``done``. Memoised by all they
    depend on: the Books in each pool (the Fridge's within the allowance; an allowance
    above MAX_COUNT is alike, as no lane holds more), the skills and rectangles gained, the
    locks open and whether Recipes are left."""
    key = (
        id(sheet),  # sheets are never freed (sheet.sheet_for), so their ids stay theirs
        *book_lanes,
        allowance if allowance <= MAX_COUNT else MAX_COUNT + 1,
        books,
        menu.conversions,
        menu.rectangles,
        menu.unlocked,
        menu.recipes_used < len(sheet.recipes),
    )
    found = _EXTRAS.get(key)
    if found is None:
        extras: list[Action] = []
        if books >= sheet.cheapest_book_use:
            _book_options(sheet, menu, tokens, allowance, books, extras)
        if menu.recipes_used < len(sheet.recipes):
            for g in menu.locked_groups(sheet):
                extras.extend(_book_actions(Unlock, sheet.groups[g].gid, ((),), sheet))
        extras.append(DONE)
        if len(_EXTRAS) > _EXTRAS_LIMIT:
            _EXTRAS.clear()
        found = _EXTRAS[key] = tuple(extras)
    return found


_EXTRAS_LIMIT: Final = 50_000
"""Most lists of skills and unlocks memoised (the memo is cleared when it grows past this)."""


def options_after_cook(
    sheet: Sheet,
    menu: Menu,
    previous: Sequence[Action],
    crossed: Serving,
    tokens: int,
    allowance: int,
    paid: CookingStep | None = None,
) -> list[Action]:
    """The legal list after ``crossed`` was cooked from ``previous`` (the list before) and
    what the player can spend became ``tokens`` and ``allowance``. Only valid when the
    crossing gave nothing (no GAINED flag): every count went down or stayed. ``paid``, the
    crossing's action when known: only the pools it took from went down (and the allowance
    only when it took from the Fridge), and every action of ``previous`` fitted the counts
    before, so only those pools are tested again, one small integer each."""
    sid = crossed.sid
    opened = next_open(sheet, menu, crossed)
    result: list[Action] = []
    # a cooking list holds CookingSteps only (Cook, Convert, Rectangle, Unlock, DoneCooking)
    steps = cast("Sequence[CookingStep]", previous)
    # covers(tokens, action.spend, TOKEN_GUARD) written out one pool at a time: the action's
    # payment still fits what is left when no guard bit is borrowed
    dice = tokens & FACES | GUARD
    if paid is not None and not (paid.fridge_spend or paid.circle_spend or paid.pantry_spend):
        # paid with dice alone (most crossings): the dice's lanes (the loop is hot)
        for action in steps:
            if action.sid == sid:
                if opened is not None:
                    result.extend(_serving_options(sheet, menu, opened, tokens, allowance))
                    opened = None
            elif dice - action.die_spend & GUARD == GUARD:
                result.append(action)
        return result
    fridge = tokens >> POOL_SHIFT & FACES | GUARD
    circles = tokens >> 2 * POOL_SHIFT & FACES | GUARD
    pantry = tokens >> 3 * POOL_SHIFT | GUARD
    # the pools to test (all of them without ``paid``); the allowance only with the Fridge,
    # and not at all when no action can exceed it (the Simple Menu's)
    some_dice = paid is None or paid.die_spend != 0
    some_fridge = paid is None or paid.fridge_spend != 0
    some_circles = paid is None or paid.circle_spend != 0
    some_pantry = paid is None or paid.pantry_spend != 0
    unlimited = allowance >= MOST_FROM_FRIDGE
    for action in steps:
        if action.sid == sid:
            if opened is not None:
                result.extend(_serving_options(sheet, menu, opened, tokens, allowance))
                opened = None
        elif (
            (not some_dice or dice - action.die_spend & GUARD == GUARD)
            and (
                not some_fridge
                or fridge - action.fridge_spend & GUARD == GUARD
                and (unlimited or action.fridge <= allowance)
            )
            and (not some_circles or circles - action.circle_spend & GUARD == GUARD)
            and (not some_pantry or pantry - action.pantry_spend & GUARD == GUARD)
        ):
            result.append(action)
    return result


MOST_FROM_FRIDGE: Final = max(MOST_NEEDED, MOST_BOOKS)
"""The most Fridge ingredients one action takes: a serving's needs, or the Recipe Books of a
skill, a rectangle or an unlock."""


def _serving_options(
    sheet: Sheet, menu: Menu, serving: Serving, tokens: int, allowance: int
) -> Sequence[Action]:
    """The Cook actions of one open serving (empty when nothing on hand pays for it)."""
    # face_totals(tokens, allowance > 0) and covers(have, serving.need_lanes) written out:
    # this runs after most crossings
    have = (tokens & FACES) + (tokens >> 2 * POOL_SHIFT & FACES) + (tokens >> 3 * POOL_SHIFT)
    if allowance > 0:
        have += tokens >> POOL_SHIFT & FACES
    conversions = menu.conversions
    if (have | GUARD) - serving.need_lanes & GUARD != GUARD:
        books = lane(have, sheet.book)
        if not (conversions and books and _books_may_pay(serving, have, books, conversions)):
            return ()
    return serving_cooks(serving, tokens, allowance, conversions, sheet.codes)


def _books_may_pay(serving: Serving, have: int, books: int, conversions: int) -> bool:
    """The serving's shortfall is in foods with a conversion skill, and there are at least
    as many Recipe Books as missing ingredients (necessary; the payments are exact)."""
    if not conversions & serving.face_mask:
        return False
    short = 0
    for face, count in serving.need_counts:
        got = lane(have, face)
        if got < count:
            if not conversions >> face & 1:
                return False
            short += count - got
    return short <= books


def _book_options(
    sheet: Sheet, menu: Menu, tokens: int, allowance: int, books: int, actions: list[Action]
) -> None:
    """Append the skills, rectangles and unlocks the Recipe Books on hand pay for."""
    book = sheet.book
    if books >= sheet.conversion_cost:
        missing = sheet.conversions & ~menu.conversions
        if missing:
            pays = book_payments(sheet.conversion_cost, tokens, allowance, book)
            for food in range(sheet.foods):
                if missing >> food & 1:
                    actions.extend(_book_actions(Convert, food, pays, sheet))
    if books >= sheet.rectangle_cost:
        pays = book_payments(sheet.rectangle_cost, tokens, allowance, book)
        for rect in sheet.rectangles:
            if not menu.rectangles >> rect.index & 1:
                actions.extend(_book_actions(Rectangle, rect.rid, pays, sheet))
    if books >= sheet.unlock_cost:
        locked = menu.locked_groups(sheet)
        if locked:
            pays = book_payments(sheet.unlock_cost, tokens, allowance, book)
            for g in locked:
                actions.extend(_book_actions(Unlock, sheet.groups[g].gid, pays, sheet))


_BOOK_ACTIONS: Final[dict[tuple[Any, ...], tuple[Action, ...]]] = {}


def _book_actions(
    kind: Any, target: Any, pays: tuple[tuple[int, ...], ...], sheet: Sheet
) -> tuple[Action, ...]:
    """``kind(target, pools)`` for each payment, memoised (actions are immutable values)."""
    codes = sheet.codes
    key = (kind, target, pays, codes)
    found = _BOOK_ACTIONS.get(key)
    if found is None:
        if kind is Convert:
            found = tuple(Convert(target, p, codes) for p in pays)
        else:
            found = tuple(kind(target, p, sheet.book) for p in pays)
        _BOOK_ACTIONS[key] = found
    return found


def serving_of(sheet: Sheet, menu: Menu, sid: str) -> Serving | None:
    """The serving called ``sid`` on this menu (``HS.n`` is the menu's House Special)."""
    found = sheet.by_id.get(sid)
    if found is not None or not sid.startswith("HS."):
        return found
    if menu.hs_tile < 0:
        return None
    tile = sheet.tiles[menu.hs_tile]
    number = sid[3:]
    if not (number.isascii() and number.isdigit() and len(number) <= 2):
        return None
    pos = int(number) - 1
    return tile.servings[pos] if 0 <= pos < len(tile.servings) else None


def apply_to_menu(
    sheet: Sheet, menu: Menu, action: Action, face_dice: tuple[int, ...], usable: int
) -> int:
    """Carry out a legal cooking action other than ``done`` (``face_dice``: the mask of the
    dice showing each face, ``menu.face_dice``; ``usable``: the dice this player may use).
    Returns ``Menu.cross``'s flags, with ENDS (the same bit as COMPLETED) only when the menu
    has now completed enough dishes and platters to end the game."""
    if type(action) is Cook:  # not isinstance: the classes are final, and this is cheaper
        menu.pay(sheet, action.die_faces, action.kept, face_dice, usable)
        serving = action.serving or serving_of(sheet, menu, action.sid)
        assert serving is not None
        flags = menu.cross(sheet, serving)
        if flags & COMPLETED and menu.completed(sheet) < sheet.dishes_to_end:
            flags ^= COMPLETED
        return flags
    assert isinstance(action, Convert | Rectangle | Unlock)
    book = sheet.book
    from_dice = tuple(book for pool in action.pools if pool == DIE)
    kept = tuple(pool * FACE_LANES + book for pool in action.pools if pool != DIE)
    menu.pay(sheet, from_dice, kept, face_dice, usable)
    if isinstance(action, Convert):
        menu.conversions |= 1 << action.food
    elif isinstance(action, Rectangle):
        rect = next(r for r in sheet.rectangles if r.rid == action.rid)
        menu.rectangles |= 1 << rect.index
    else:
        if not action.pools:
            menu.recipes_used += 1
        menu.unlocked |= 1 << sheet.group_by_id[action.gid].index
    return 0
