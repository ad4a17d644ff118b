"""Dice on the preparations: what a seat may place or give, and placing it.

Only a preparation's owner puts dice on it ("Only the owner of a Preparation card may put dice
on the card"); "players may share dice freely": a seat may hand any unplaced die it holds to a
teammate, its own or one it was given (a received die is the team's: its receiver places it on
its own preparations or hands it on, so it reaches any of the team's preparations through
that preparation's owner). Dice are named by face: placing or giving uses a received die of
that face first, then this round's extra dice, then an own one (so the die a player was
handed is the one they pass on or place; each goes back to its colour at Accounting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Combo, Place, WokStarAction, combo, give, place
from wokphysics.games.wok_star.cards import WokStarConfig
from wokphysics.games.wok_star.model import DIE_FACES, FREE, PLACED, Die

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


HandMenus = dict[int, tuple[WokStarAction, ...]]
"""One seat's dice moves by the hand it holds: :func:`hand_key` -> the moves, for one seat
with one set of preparations at a table of some size. Dice moves depend on nothing else, and
the same few hands come up again and again, so each is worked out once per config."""

DiceMenus = dict[tuple[int, int, tuple[str, ...]], HandMenus]
"""Every seat's :data:`HandMenus`: (seat, players, its preparations in card order) -> them."""

_MENUS: dict[str, DiceMenus] = {}


def menus_for(config: WokStarConfig) -> DiceMenus:
    """The memo shared by every game on ``config`` (keyed by its canonical text)."""
    menus = _MENUS.get(config.canonical)
    if menus is None:
        if len(_MENUS) > 16:
            _MENUS.clear()
        menus = _MENUS[config.canonical] = {}
    return menus


def hand_menus(state: WokStarState, seat: int) -> HandMenus:
    """The memo of ``seat``'s dice moves for the preparations it owns now."""
    key = (seat, state.num_players, tuple(state.preps_of(seat)))
    menus = state.dice_menus.get(key)
    if menus is None:
        menus = state.dice_menus[key] = {}
    return menus


_TWICE = DIE_FACES + 1
"""Bit offset in a :func:`dice_actions` hand key: faces shown (bit ``face``), faces shown
twice (bit ``_TWICE + face``)."""


def dice_actions(state: WokStarState, seat: int) -> list[WokStarAction]:
    """Every placement (single die, then combinations) on the seat's preparations, then
    every gift of one of the dice it holds to another seat."""
    shown = twice = 0
    for die in state.dice:
        if die.holder == seat and die.status is FREE:
            bit = 1 << die.face
            if shown & bit:
                twice |= bit
            shown |= bit
    if not shown:
        return []
    hand = shown | twice << _TWICE
    menus = state.seat_menus(seat)
    menu = menus.get(hand)
    if menu is None:
        preps = tuple(state.preps_of(seat))
        menu = menus[hand] = _menu(state.config, seat, shown, twice, state.num_players, preps)
    return list(menu)


def _menu(
    config: WokStarConfig,
    seat: int,
    shown: int,
    twice: int,
    players: int,
    preps: tuple[str, ...],
) -> tuple[WokStarAction, ...]:
    faces = [f for f in range(1, DIE_FACES + 1) if shown & (1 << f)]
    out: list[WokStarAction] = []
    for prep in preps:
        for face in faces:
            out.append(place(prep, face))
    for prep in preps:
        met = config.combo_pairs[prep]
        for i, low in enumerate(faces):
            for high in faces[i:]:
                if low == high and not twice & (1 << low):
                    continue
                if (low, high) in met:
                    out.append(combo(prep, low, high))
    if players > 1:
        for face in faces:
            for other in range(players):
                if other != seat:
                    out.append(give(face, other))
    return tuple(out)


def pick_die(state: WokStarState, seat: int, face: int) -> Die:
    """The unplaced die showing ``face`` that ``seat`` places or gives: dice it was given
    first, then this round's extra dice, then its own."""
    best: Die | None = None
    best_rank = 4
    for die in state.dice:
        if die.holder != seat or die.status is not FREE or die.face != face:
            continue
        mine = die.colour == seat
        rank = 2 * mine + (not die.temporary)
        if rank < best_rank:
            best, best_rank = die, rank
    assert best is not None, "a legal move names a die the seat holds"
    return best


def place_dice(state: WokStarState, seat: int, action: Place | Combo) -> None:
    """Put the dice on the preparation and move its counter up (capped at the maximum)."""
    prep = action.prep
    sides = state.yields(prep)
    if type(action) is Place:
        die = pick_die(state, seat, action.face)
        die.status = PLACED
        made = sides[1] if action.face == state.lookups.prep_number[prep] else sides[0]
    else:
        first = pick_die(state, seat, action.low)
        first.status = PLACED
        second = pick_die(state, seat, action.high)
        second.status = PLACED
        made = sides[2]
    state.counters[prep] = min(state.lookups.ingredient_max, state.counters[prep] + made)
