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

from collections.abc import Callable
from typing import Final

from mypy_extensions import i64

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
    LANE,
    LANE_MASK,
    POOL_SHIFT,
    lane,
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

    # The search calls itself through ``again`` (itself, passed in), not by its own name: a
    # closure that names itself holds itself through its cell, a reference cycle that only
    # the cycle collector frees, with the lists and tuples it holds (as We Will Wok You's
    # scoring search does).
    def extend(again: Callable[[Callable[..., None], int, int], None], i: int, fridge: int) -> None:
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
            again(again, i + 1, fridge + is_fridge)
            chosen.pop()
            used[token] -= 1

    extend(extend, 0, 0)
    return tuple(results)


CAP_BITS: Final = 3
"""Bits of one capped lane in a cook memo key: a lane is capped at the serving's count of
that face, or at its number of needs for the Recipe Books (at most MOST_NEEDED = 4)."""


def add_cooks(
    actions: list[Action],
    servings: list[Serving],
    dice: int,
    fridge: int,
    circles: int,
    pantry: int,
    allowance: int,
    conversions: int,
    codes: str,
) -> None:
    """Append the Cook actions of each of ``servings`` (in order), given the token counts of
    each pool (dice, Fridge, circles, Pantry: each pool's face lanes, see lanes.py), the
    Fridge allowance and the conversion skills; ``codes`` are the sheet's ingredient letters.

    Each serving keeps a memo of its lists by all they depend on, as one small integer
    (:data:`CAP_BITS` per lane): each pool's count of each face the serving needs, capped at
    how many of that face it needs (a payment never takes more from one lane), then, with a
    conversion skill for one of its foods, the Recipe Books of the dice, Fridge and circles,
    capped at its number of needs; the allowance, capped at MOST_NEEDED; the skills. Capped,
    the memo fills within a few hundred games. A serving that no kept ingredient (Fridge,
    circle, Pantry) can pay, most of the time, reads the dice's lanes alone."""
    most = allowance if allowance < MOST_NEEDED else MOST_NEEDED
    book_shift = LANE * (len(codes) - 1)
    kept = fridge | circles | pantry
    extend = actions.extend
    for serving in servings:
        spec = serving.face_spec
        faces = len(serving.faces)
        lanes = faces * CAP_BITS  # one pool's capped lanes
        key: int = _capped(dice, spec, faces, 0)  # (an int: the skills' bits may pass 63)
        if kept & serving.face_lanes:  # else the kept pools' lanes are all 0
            key |= _capped(fridge, spec, faces, lanes)
            key |= _capped(circles, spec, faces, 2 * lanes)
            key |= _capped(pantry, spec, faces, 3 * lanes)
        bit = 4 * lanes
        conv = conversions & serving.face_mask
        if conv:  # a slot per pool that may pay Books (DIE, FRIDGE, CIRCLE): 0 if it may not
            cap = len(serving.needs)
            for pool_index in serving.book_pools:
                pool = dice if pool_index == DIE else fridge if pool_index == FRIDGE else circles
                count = pool >> book_shift & LANE_MASK
                key |= (count if count < cap else cap) << (bit + CAP_BITS * pool_index)
        # then the allowance, then the skills (none here when conv is 0): one layout for all
        key |= (conv << CAP_BITS | most) << (bit + 3 * CAP_BITS)
        found = serving.cooks.get(key)
        if found is None:
            found = _cooks(serving, key, dice, fridge, circles, pantry, allowance, conv, codes)
        extend(found)


def _capped(pool: i64, spec: i64, faces: i64, bit: i64) -> i64:
    """One pool's lanes of the ``faces`` faces that ``spec`` lists (``Serving.face_spec``:
    per face a lane's bit shift, and its cap 6 bits above), each capped, packed
    :data:`CAP_BITS` apiece from bit ``bit`` (part of a cook memo key, see add_cooks). The
    spec is one integer rather than tuples: reading a tuple's items is the costlier part of
    this loop, compiled."""
    packed: i64 = 0
    for _ in range(faces):
        shift = spec & 63
        cap = spec >> 6 & 7
        spec >>= 9
        count = pool >> shift & LANE_MASK
        packed |= (count if count < cap else cap) << bit
        bit += CAP_BITS
    return packed


def serving_cooks(
    serving: Serving, tokens: int, allowance: int, conversions: int, codes: str
) -> list[Action]:
    """The Cook actions of one serving, as ``add_cooks`` lists them, from the packed tokens
    of every pool (see lanes.py)."""
    cooks: list[Action] = []
    add_cooks(
        cooks, [serving], tokens & FACES, tokens >> POOL_SHIFT & FACES,
        tokens >> 2 * POOL_SHIFT & FACES, tokens >> 3 * POOL_SHIFT & FACES, allowance, conversions,
        codes,
    )
    return cooks


def _cooks(
    serving: Serving,
    key: int,
    dice: int,
    fridge: int,
    circles: int,
    pantry: int,
    allowance: int,
    conv: int,
    codes: str,
) -> tuple[Action, ...]:
    """The Cook actions of ``serving`` for memo key ``key`` (see :func:`add_cooks`), found by
    the payment search over the capped counts, and memoised."""
    memo = serving.cooks
    if len(memo) > _CACHE_LIMIT:
        memo.clear()
    counts = [0] * (4 * FACE_LANES)
    caps = serving.face_caps
    pools = (dice, fridge, circles, pantry)
    for pool_index, pool in enumerate(pools):
        for k, face in enumerate(serving.faces):
            counts[pool_index * FACE_LANES + face] = min(lane(pool, face), caps[k])
    book = len(codes) - 1
    if conv:
        for pool_index in serving.book_pools:
            counts[pool_index * FACE_LANES + book] = min(
                lane(pools[pool_index], book), len(serving.needs)
            )
    # the lists of many keys share their payments: each Cook is made once per serving and
    # payment (an immutable value), then only looked up
    made = serving.made
    cooks = []
    for p in payments(serving.needs, counts, allowance, conv, book):
        cook = made.get(p)
        if cook is None:
            cook = made[p] = Cook(serving.sid, p, codes, serving=serving)
        cooks.append(cook)
    found = memo[key] = tuple(cooks)
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
    dice: list[int], white: int, lock: Action
) -> tuple[tuple[Action, ...], frozenset[int]]:
    """The market's legal list while re-rolls remain: the distinct re-rolls of the dice, then
    ``lock``; and the ids of its actions (the objects are shared and live as long as the
    process: the re-rolls are canonical, see ``canonical_reroll``), so that a listed action
    is recognised in one set lookup instead of a scan of up to 64 actions. Dice of one colour
    showing one face are interchangeable, so only the lowest-numbered ones of each such group
    are ever re-rolled: the list depends only on which dice of a colour show equal faces, and
    is memoised by that pattern (a small integer, :func:`equal_faces`; a memo by the dice
    themselves had 46,656 keys for 6 dice and missed in most of a simulation's first
    thousand games)."""
    pattern = equal_faces(dice, white)
    found = _BY_PATTERN.get(pattern)
    if found is None:
        listed = (*_rerolls(tuple(dice), white), lock)
        found = _BY_PATTERN[pattern] = (listed, frozenset(map(id, listed)))
    return found


def equal_faces(dice: list[int], white: int) -> int:
    """Which dice of a colour show equal faces, as one integer: for each die (3 bits), the
    index within its colour (white: the first ``white`` dice, then red) of the first die of
    that colour showing its face; then the number of white dice and of dice (4 bits each)."""
    key = 0
    count = len(dice)
    for i in range(count):
        start = 0 if i < white else white
        face = dice[i]
        first = i
        for j in range(start, i):
            if dice[j] == face:
                first = j
                break
        key = key << 3 | (first - start)
    return (key << 4 | white) << 4 | count


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
_BY_PATTERN: Final[dict[int, _Market]] = {}
