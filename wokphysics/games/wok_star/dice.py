"""Dice on the preparations: what a seat may place or give, and placing it.

A seat's own dice go only on its own preparations ("Only the owner of a Preparation card may
put dice on the card"). "Players may share dice freely" (rules-decisions.md): a seat may hand
any unplaced die it holds to a teammate, and a die given to a teammate may be placed by its
receiver on *any* preparation the team owns, or handed on again (a :attr:`~.model.Die.given`
die). Dice are named by face; the die used is the one that leaves the seat the most choice:
placing on its own preparation or giving uses an own die of that face first (this round's
extra dice before its pool's), then a given one, so a given die stays free for any
preparation; placing on a teammate's preparation takes a given die. Each goes back to its
colour at Accounting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Combo, Place, WokStarAction, combo, give, place
from wokphysics.games.wok_star.cards import WokStarConfig
from wokphysics.games.wok_star.model import DIE_FACES, FREE, PLACED, Die

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


HandMenus = dict[int, tuple[tuple[WokStarAction, ...], int, int]]
"""One seat's dice moves by the hand it holds, for one seat with one share of the
preparations at a table of some size. Under the key of the faces of all its dice (see
:func:`dice_actions`): its single dice, combinations on its own preparations and gifts,
with where the combinations and the gifts start. Under the key of the faces of the dice it
was given alone: their single dice and combinations on its teammates' preparations, with
where the combinations start (and the end). Dice moves depend on nothing else, and the same
few hands come up again and again, so each is worked out once per config (the given dice, a
few at a time, are a key of their own, so a hand with them seldom misses the memo)."""

DiceMenus = dict[tuple[int, int, tuple[str, ...], tuple[str, ...]], HandMenus]
"""Every seat's :data:`HandMenus`: (seat, players, its preparations and its teammates' in
card order) -> them."""

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
    """The memo of ``seat``'s dice moves for the preparations the team owns now (its own,
    and its teammates' for the dice it was given)."""
    owners = state.prep_owner
    mine = tuple(p for p, owner in owners.items() if owner == seat)
    theirs = tuple(p for p, owner in owners.items() if owner != seat and owner >= 0)
    key = (seat, state.num_players, mine, theirs)
    menus = state.dice_menus.get(key)
    if menus is None:
        menus = state.dice_menus[key] = {}
    return menus


_TWICE = DIE_FACES + 1
"""Bit offsets in a :func:`dice_actions` hand key: faces shown (bit ``face``), faces shown
twice (bit ``_TWICE + face``); the key of the given dice alone is the same shifted up by
``_GIVEN``, so it never equals a key of all the dice."""
_GIVEN = 2 * _TWICE


def dice_actions(state: WokStarState, seat: int) -> list[WokStarAction]:
    """Every single die on the seat's preparations, then with a die it was given on its
    teammates', then the combinations likewise, then every gift of one of the dice it holds
    to another seat (the order of the moves before the menus were split)."""
    shown = twice = given = given_twice = 0
    for die in state.dice:
        if die.holder == seat and die.status is FREE:
            bit = 1 << die.face
            if shown & bit:
                twice |= bit
            shown |= bit
            if die.given:
                if given & bit:
                    given_twice |= bit
                given |= bit
    if not shown:
        return []
    menus = state.seat_menus(seat)
    hand = shown | twice << _TWICE
    entry = menus.get(hand)
    if entry is None:
        entry = menus[hand] = _menu(
            state.config, seat, shown, twice, state.num_players, tuple(state.preps_of(seat))
        )
    if not given:
        return list(entry[0])
    key = (given | given_twice << _TWICE) << _GIVEN
    theirs = menus.get(key)
    if theirs is None:
        owners = state.prep_owner.items()
        preps = tuple(p for p, owner in owners if owner != seat and owner >= 0)
        moves, combos = _placements(state.config, preps, given, given_twice)
        theirs = menus[key] = (moves, combos, len(moves))
    mine, combos, gifts = entry
    others, their_combos = theirs[0], theirs[1]
    return [*mine[:combos], *others[:their_combos], *mine[combos:gifts],
            *others[their_combos:], *mine[gifts:]]


def _placements(
    config: WokStarConfig, preps: tuple[str, ...], shown: int, twice: int
) -> tuple[tuple[WokStarAction, ...], int]:
    """Every placement of dice showing ``shown`` (a face twice where ``twice`` has its bit)
    on ``preps``: single dice first, then combinations (where they start)."""
    faces = [f for f in range(1, DIE_FACES + 1) if shown & (1 << f)]
    out: list[WokStarAction] = []
    for prep in preps:
        for face in faces:
            out.append(place(prep, face))
    singles = len(out)
    for prep in preps:
        met = config.combo_pairs[prep]
        for i, low in enumerate(faces):
            for high in faces[i:]:
                if low == high and not twice & (1 << low):
                    continue
                if (low, high) in met:
                    out.append(combo(prep, low, high))
    return tuple(out), singles


def _menu(
    config: WokStarConfig,
    seat: int,
    shown: int,
    twice: int,
    players: int,
    preps: tuple[str, ...],
) -> tuple[tuple[WokStarAction, ...], int, int]:
    """The seat's placements on its own ``preps`` then its gifts, with where the
    combinations and the gifts start."""
    placements, combos = _placements(config, preps, shown, twice)
    out = list(placements)
    gifts = len(out)
    if players > 1:
        for face in range(1, DIE_FACES + 1):
            if shown & (1 << face):
                for other in range(players):
                    if other != seat:
                        out.append(give(face, other))
    return tuple(out), combos, gifts


def pick_die(state: WokStarState, seat: int, face: int, prep: str = "") -> Die:
    """The unplaced die showing ``face`` that ``seat`` places on ``prep`` (or gives: no
    ``prep``): on a teammate's preparation a die it was given; otherwise its own first (this
    round's extra dice before its pool's), then one it was given, which could go anywhere."""
    theirs = bool(prep) and state.prep_owner[prep] != seat
    best: Die | None = None
    best_rank = 4
    for die in state.dice:
        if die.holder != seat or die.status is not FREE or die.face != face:
            continue
        given = die.given
        if theirs and not given:
            continue
        rank = 2 * given + (not die.temporary)
        if rank < best_rank:
            best, best_rank = die, rank
    assert best is not None, "a legal move names a die the seat holds"
    return best


def give_die(state: WokStarState, seat: int, face: int, to: int) -> None:
    """Hand ``seat``'s die showing ``face`` to seat ``to`` (see :func:`pick_die`)."""
    die = pick_die(state, seat, face)
    die.holder = to
    die.given = True


def place_dice(state: WokStarState, seat: int, action: Place | Combo) -> None:
    """Put the dice on the preparation and move its counter up (capped at the maximum)."""
    prep = action.prep
    sides = state.yields(prep)
    if type(action) is Place:
        die = pick_die(state, seat, action.face, prep)
        die.status = PLACED
        made = sides[1] if action.face == state.lookups.prep_number[prep] else sides[0]
    else:
        first = pick_die(state, seat, action.low, prep)
        first.status = PLACED
        second = pick_die(state, seat, action.high, prep)
        second.status = PLACED
        made = sides[2]
    state.counters[prep] = min(state.lookups.ingredient_max, state.counters[prep] + made)
