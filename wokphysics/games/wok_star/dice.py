"""Dice on the preparations: what a seat may place or give, and placing it.

Only a preparation's owner puts dice on it; any seat may hand one of its own-colour dice that
is still with it to a teammate, who can place it but not hand it on (so giving cannot loop).
Dice are named by face: placing uses a received die of that face before an own one (so own
dice stay giveable), giving uses an own one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Combo, Place, WokStarAction, combo, give, place
from wokphysics.games.wok_star.model import Die, DieStatus

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def dice_actions(state: WokStarState, seat: int, gives: bool) -> list[WokStarAction]:
    """Every placement (single die, then combinations) on the seat's preparations, then
    (``gives``) every gift of one of its own dice to another seat."""
    free = state.free_dice(seat)
    if not free:
        return []
    counts: dict[int, int] = {}
    for die in free:
        counts[die.face] = counts.get(die.face, 0) + 1
    faces = sorted(counts)
    out: list[WokStarAction] = []
    preps = state.preps_of(seat)
    for prep in preps:
        for face in faces:
            out.append(place(prep, face))
    pairs = state.config.combo_pairs
    for prep in preps:
        met = pairs[prep]
        for i, low in enumerate(faces):
            for high in faces[i:]:
                if low == high and counts[low] < 2:
                    continue
                if (low, high) in met:
                    out.append(combo(prep, low, high))
    if gives and state.num_players > 1:
        own = sorted({d.face for d in free if d.colour == seat})
        for face in own:
            for other in range(state.num_players):
                if other != seat:
                    out.append(give(face, other))
    return out


def pick_die(state: WokStarState, seat: int, face: int, own: bool) -> Die:
    """The unplaced die showing ``face`` that ``seat`` uses: for giving, an own-colour one;
    for placing, others' dice first, then this round's extra dice, then its own."""
    candidates = [d for d in state.free_dice(seat) if d.face == face]
    if own:
        candidates = [d for d in candidates if d.colour == seat]
    else:
        candidates.sort(key=lambda d: (d.colour == seat, not d.temporary))
    return candidates[0]


def place_dice(state: WokStarState, seat: int, action: Place | Combo) -> None:
    """Put the dice on the preparation and move its counter up (capped at the maximum)."""
    prep = action.prep
    sides = state.yields(prep)
    if type(action) is Place:
        die = pick_die(state, seat, action.face, own=False)
        die.status = DieStatus.PLACED
        made = sides[1] if action.face == state.config.prep_by_id[prep].number else sides[0]
    else:
        first = pick_die(state, seat, action.low, own=False)
        first.status = DieStatus.PLACED
        second = pick_die(state, seat, action.high, own=False)
        second.status = DieStatus.PLACED
        made = sides[2]
    state.counters[prep] = min(state.config.rules.ingredient_max, state.counters[prep] + made)
