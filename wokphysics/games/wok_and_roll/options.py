"""Canonical ways to pay for a serving, a skill or an unlock, memoised.

Two payments are *equivalent* when they spend the same number of ingredients of each pool
and face (whichever need each pays): dice showing the same face are interchangeable (the
lowest-numbered free one is spent), as are Fridge items, circles and Pantry spaces of one
face. So a payment is a sorted tuple of (needed face, token) with token = pool * FACE_LANES
+ face, and equal needs take non-decreasing tokens: each distinct payment appears exactly once.

The results depend only on the needs and the token counts that can pay them (see
:meth:`Menu.pools`), so they are cached across games (pure functions of their arguments;
bounded caches; a serving's Cook actions on the serving itself).
"""

from __future__ import annotations

from typing import Final

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import (
    CIRCLE,
    DIE,
    FRIDGE,
    PANTRY,
    Cook,
    Reroll,
)
from wokphysics.games.wok_and_roll.lanes import (
    FACE_LANES,
    FACES,
    POOL_SHIFT,
    at_most,
    lane,
    unpack,
)
from wokphysics.games.wok_and_roll.settings import MOST_NEEDED
from wokphysics.games.wok_and_roll.sheet import Serving

Payment = tuple[tuple[int, int], ...]

_CACHE_LIMIT: Final = 50_000
"""Most lists memoised per serving or market (a memo is cleared when it grows past this)."""
_BOOKS: Final[dict[tuple[int, int, int, int, int], tuple[tuple[int, ...], ...]]] = {}


def _tokens_for(need: int, conversions: int, book: int) -> list[int]:
    tokens = [pool * FACE_LANES + need for pool in (DIE, FRIDGE, CIRCLE, PANTRY)]
    if conversions >> need & 1:
        tokens += [pool * FACE_LANES + book for pool in (DIE, FRIDGE, CIRCLE)]
    tokens.sort()
    return tokens


def payments(
    needs: tuple[int, ...], counts: list[int], allowance: int, conversions: int, book: int
) -> tuple[Payment, ...]:
    """Every distinct way to pay ``needs`` (sorted faces) from the token ``counts`` (index
    pool * FACE_LANES + face) with at most ``allowance`` Fridge items and these conversion
    skills; ``book`` is the Recipe Book's face."""
    used = [0] * (4 * FACE_LANES)
    chosen: list[tuple[int, int]] = []
    results: list[Payment] = []
    seen: set[tuple[int, ...]] = set()
    n = len(needs)
    # each need's candidate tokens, with whether each is a Fridge item, worked out once per
    # call rather than at every node of the search
    choices = [
        [(token, token // FACE_LANES == FRIDGE) for token in _tokens_for(need, conversions, book)]
        for need in needs
    ]

    def extend(i: int, fridge: int) -> None:
        if i == n:
            # the effect depends only on which tokens are spent, not on which need each
            # pays (Books converted to two different foods): one payment per multiset
            spent = tuple(sorted(token for _, token in chosen))
            if spent not in seen:
                seen.add(spent)
                results.append(tuple(chosen))
            return
        need = needs[i]
        floor = chosen[-1][1] if i and needs[i - 1] == need else -1
        for token, is_fridge in choices[i]:
            if token < floor or used[token] >= counts[token]:
                continue
            if is_fridge and fridge >= allowance:
                continue
            used[token] += 1
            chosen.append((need, token))
            extend(i + 1, fridge + is_fridge)
            chosen.pop()
            used[token] -= 1

    extend(0, 0)
    return tuple(results)


MEMO_CONV: Final = 4 * POOL_SHIFT
"""Bit of a cook memo key where the conversion skills start (above every token lane)."""
MEMO_CAP: Final = MEMO_CONV + FACE_LANES
MEMO_KEPT: Final = 1 << (MEMO_CAP + 3)
"""Set in the memo key of a serving that kept ingredients can pay (above the allowance)."""
SMALL_CAP: Final = POOL_SHIFT
SMALL_CONV: Final = SMALL_CAP + 3
"""A serving only dice can pay has a small memo key: the dice's lanes, the allowance (up to
MOST_NEEDED) at bit SMALL_CAP, the skills at SMALL_CONV; every other key has MEMO_KEPT."""


def add_cooks(
    actions: list[Action],
    servings: list[Serving],
    tokens: int,
    dice: int,
    any_kept: int,
    allowance: int,
    conversions: int,
    codes: str,
) -> None:
    """Append the Cook actions of each of ``servings`` (in order), given the packed token
    counts, the Fridge allowance and the conversion skills; ``codes`` are the sheet's
    ingredient letters. Each serving keeps a memo of its lists by what can pay it: the lanes
    of its faces (and of the Recipe Books when a skill converts one), its skills, and the
    allowance (a serving needs at most MOST_NEEDED ingredients, so allowances from there up
    are alike). When no kept ingredient (Fridge, circle, Pantry) can pay a serving, which is
    most of the time, its key is a small integer made of the dice's lanes alone: ``dice`` is
    the DIE pool's lanes of ``tokens``, ``any_kept`` the kept pools' lanes or-ed into one
    pool's (a serving none of whose lanes is set there is paid from the dice alone)."""
    most = allowance if allowance < MOST_NEEDED else MOST_NEEDED
    small = most << SMALL_CAP
    tail = most << MEMO_CAP | MEMO_KEPT  # a big integer, made once a list
    extend = actions.extend
    for serving in servings:
        conv = conversions & serving.face_mask
        if conv:
            if any_kept & serving.kept_book:
                paying = tokens & (serving.plain_tokens | serving.book_tokens)
                key = paying | conv << MEMO_CONV | tail
            else:
                paying = dice & serving.dice_book
                key = paying | conv << SMALL_CONV | small
        elif any_kept & serving.kept_plain:
            paying = tokens & serving.plain_tokens
            key = paying | tail
        else:
            paying = dice & serving.dice_plain
            key = paying | small
        found = serving.cooks.get(key)
        if found is None:
            found = _cooks(serving, key, paying, allowance, conv, codes)
        extend(found)


def serving_cooks(
    serving: Serving, tokens: int, allowance: int, conversions: int, codes: str
) -> list[Action]:
    """The Cook actions of one serving, as ``add_cooks`` lists them."""
    cooks: list[Action] = []
    kept = tokens >> POOL_SHIFT
    any_kept = kept & FACES | kept >> POOL_SHIFT & FACES | kept >> 2 * POOL_SHIFT
    add_cooks(cooks, [serving], tokens, tokens & FACES, any_kept, allowance, conversions, codes)
    return cooks


def _cooks(
    serving: Serving, key: int, paying: int, allowance: int, conv: int, codes: str
) -> tuple[Action, ...]:
    """The Cook actions of ``serving`` for memo key ``key``, whose token lanes are
    ``paying``. A payment never uses more of a lane than ``serving.token_caps`` says, so
    the lists are shared under the key with every lane capped (that memo fills fast)."""
    memo = serving.cooks
    if len(memo) > _CACHE_LIMIT:
        memo.clear()
    shared = at_most(paying, serving.token_caps) | key ^ paying
    found = memo.get(shared)
    if found is None:
        counts = unpack(paying, 4 * FACE_LANES)
        book = len(codes) - 1
        # the lists of many keys share their payments: each Cook is made once per serving
        # and payment (an immutable value), then only looked up
        made = serving.made
        cooks = []
        for p in payments(serving.needs, counts, allowance, conv, book):
            cook = made.get(p)
            if cook is None:
                cook = made[p] = Cook(serving.sid, p, codes, serving=serving)
            cooks.append(cook)
        found = tuple(cooks)
        memo[shared] = found
    memo[key] = found
    return found


def book_payments(
    count: int, tokens: int, allowance: int, book: int
) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of ``count`` Recipe Books (as sorted pool numbers) that the
    packed token counts can pay (dice, Fridge within the allowance, circles); ``book`` is the
    Recipe Book's face."""
    dice = lane(tokens, DIE * FACE_LANES + book)
    fridge = lane(tokens, FRIDGE * FACE_LANES + book)
    circles = lane(tokens, CIRCLE * FACE_LANES + book)
    fridge = min(fridge, allowance)
    cache_key = (count, dice, fridge, circles, 0)
    found = _BOOKS.get(cache_key)
    if found is None:
        results = []
        for from_fridge in range(min(fridge, count) + 1):
            for from_circles in range(min(circles, count - from_fridge) + 1):
                from_dice = count - from_fridge - from_circles
                if from_dice <= dice:
                    results.append(
                        (DIE,) * from_dice + (FRIDGE,) * from_fridge + (CIRCLE,) * from_circles
                    )
        found = tuple(sorted(results))
        _BOOKS[cache_key] = found
    return found


_REROLL_OBJECTS: Final[dict[tuple[int, ...], Reroll]] = {}


def canonical_reroll(subset: tuple[int, ...]) -> Reroll:
    """The one shared Reroll object of these (sorted) die indices."""
    found = _REROLL_OBJECTS.get(subset)
    if found is None:
        found = _REROLL_OBJECTS[subset] = Reroll(subset)
    return found


def market_actions(
    dice: tuple[int, ...], white: int, lock: Action
) -> tuple[tuple[Action, ...], frozenset[int]]:
    """The market's legal list while re-rolls remain: the distinct re-rolls of the dice, then
    ``lock``; and the ids of its actions (the objects are shared and live as long as the
    process: the re-rolls are canonical, see ``canonical_reroll``), so that a listed action
    is recognised in one set lookup instead of a scan of up to 64 actions. Dice of one colour
    showing one face are interchangeable, so only the lowest-numbered ones of each such group
    are ever re-rolled. Memoised by the dice, and below that by which dice of a colour show
    equal faces (all the list depends on)."""
    key = (white, dice)
    found = _MARKET.get(key)
    if found is None:
        whites, reds = list(dice[:white]), list(dice[white:])
        pattern = (*map(whites.index, whites), -1, *map(reds.index, reds))
        found = _BY_PATTERN.get(pattern)
        if found is None:
            listed = (*_rerolls(dice, white), lock)
            found = _BY_PATTERN[pattern] = (listed, frozenset(map(id, listed)))
        if len(_MARKET) > _CACHE_LIMIT:
            _MARKET.clear()
        _MARKET[key] = found
    return found


def _rerolls(dice: tuple[int, ...], white: int) -> tuple[Reroll, ...]:
    groups: dict[tuple[bool, int], list[int]] = {}
    for i, face in enumerate(dice):
        groups.setdefault((i < white, face), []).append(i)
    choices: list[list[int]] = [[]]
    for members in groups.values():
        choices = [c + members[:k] for c in choices for k in range(len(members) + 1)]
    subsets = sorted(tuple(sorted(c)) for c in choices if c)
    subsets.sort(key=len)
    return tuple(canonical_reroll(subset) for subset in subsets)


_Market = tuple[tuple[Action, ...], frozenset[int]]
_MARKET: Final[dict[tuple[int, tuple[int, ...]], _Market]] = {}
_BY_PATTERN: Final[dict[tuple[int, ...], _Market]] = {}
