"""Canonical ways to pay for a serving, a skill or an unlock, memoised.

Two payments are *equivalent* when they spend the same number of ingredients of each pool
and face (whichever need each pays): dice showing the same face are interchangeable (the
lowest-numbered free one is spent), as are Fridge items, circles and Pantry spaces of one
face. So a payment is a sorted tuple of (needed face, token) with token = pool * FACE_LANES
+ face, and equal needs take non-decreasing tokens: each distinct payment appears exactly once.

The results depend only on the needs and the token counts that can pay them (see
:meth:`Menu.pools`), so they are cached across games (pure functions of their arguments;
bounded caches).
"""

from __future__ import annotations

from wokphysics.games.wok_and_roll.actions import (
    CIRCLE,
    DIE,
    FRIDGE,
    PANTRY,
    Cook,
    Reroll,
)
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, lane, unpack
from wokphysics.games.wok_and_roll.sheet import Serving

Payment = tuple[tuple[int, int], ...]

_CACHE_LIMIT = 200_000
_BOOKS: dict[tuple[int, int, int, int, int], tuple[tuple[int, ...], ...]] = {}
COOKS: dict[tuple[object, ...], tuple[Cook, ...]] = {}
_REROLLS: dict[tuple[int, ...], tuple[Reroll, ...]] = {}  # by equal-face pattern


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
        for token in _tokens_for(need, conversions, book):
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
    return tuple(results)


def cook_actions(
    serving: Serving, tokens: int, allowance: int, conversions: int, codes: str
) -> tuple[Cook, ...]:
    """The Cook actions for ``serving`` given the packed token counts (memoised on the
    lanes that can pay it); ``codes`` are the sheet's ingredient letters."""
    conv = conversions & serving.face_mask
    relevant = serving.plain_tokens | serving.book_tokens if conv else serving.plain_tokens
    # servings live as long as the program (compiled sheets are never dropped), so their
    # ids are stable keys
    cache_key = (id(serving), conv, allowance if allowance < 4 else 4, tokens & relevant)
    found = COOKS.get(cache_key)
    if found is None:
        counts = unpack(tokens & relevant, 4 * FACE_LANES)
        book = len(codes) - 1
        found = tuple(
            Cook(serving.sid, p, codes)
            for p in payments(serving.needs, counts, allowance, conv, book)
        )
        if len(COOKS) > _CACHE_LIMIT:
            COOKS.clear()
        COOKS[cache_key] = found
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


_REROLL_OBJECTS: dict[tuple[int, ...], Reroll] = {}


def canonical_reroll(subset: tuple[int, ...]) -> Reroll:
    """The one shared Reroll object of these (sorted) die indices."""
    found = _REROLL_OBJECTS.get(subset)
    if found is None:
        found = _REROLL_OBJECTS[subset] = Reroll(subset)
    return found


def reroll_actions(dice: tuple[int, ...], white: int) -> tuple[Reroll, ...]:
    """Distinct re-rolls of the dice: dice of one colour showing one face are interchangeable,
    so only the lowest-numbered ones of each such group are ever re-rolled."""
    # only which dice of one colour show equal faces matters: key on that pattern
    whites, reds = list(dice[:white]), list(dice[white:])
    cache_key = (*map(whites.index, whites), -1, *map(reds.index, reds))
    found = _REROLLS.get(cache_key)
    if found is not None:
        return found
    groups: dict[tuple[bool, int], list[int]] = {}
    for i, face in enumerate(dice):
        groups.setdefault((i < white, face), []).append(i)
    choices: list[list[int]] = [[]]
    for members in groups.values():
        choices = [c + members[:k] for c in choices for k in range(len(members) + 1)]
    subsets = sorted(tuple(sorted(c)) for c in choices if c)
    subsets.sort(key=len)
    found = tuple(canonical_reroll(subset) for subset in subsets)
    _REROLLS[cache_key] = found
    return found
