"""A menu side compiled from the settings into flat, indexed data the rules read quickly.

Servings are numbered across the whole sheet (``Serving.index``): a player's crossings are
one integer bit mask over those numbers. Faces (symbols) are integers: the index of the
ingredient's code in ``Sheet.codes``, the config's foods followed by its Recipe Book (so the
foods are ``0 .. book - 1`` and ``Sheet.book`` is the Recipe Book). House Special servings
belong to a tile, not to the sheet; their ids are ``HS.1``, ``HS.2``, ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Final

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.lanes import LANE, LANE_MASK
from wokphysics.games.wok_and_roll.settings import (
    MenuModel,
    ServingModel,
    WokAndRollSettings,
)

DIE: Final = 0
FRIDGE: Final = 1
CIRCLE: Final = 2
PANTRY: Final = 3
"""The pools an ingredient can come from (see actions.py); token = pool * FACE_LANES + face."""


@dataclass(frozen=True, slots=True, eq=False)
class Serving:
    """One serving. ``needs`` are faces, sorted; ``pantry`` a food face or -1. The lanes
    fields pack its needs and the token lanes that can pay it (see lanes.py); ``cooks`` is
    the memo of its Cook actions by what can pay it and ``made`` its Cook action of each
payment ever listed, made once (both filled by options.py). Each serving is
    one object for the life of its compiled sheet: servings compare by identity."""

    index: int
    sid: str
    group: int
    pos: int
    needs: tuple[int, ...]
    points: int
    pantry: int
    need_counts: tuple[tuple[int, int], ...]
    face_mask: int
    need_lanes: int
    faces: tuple[int, ...]
    face_caps: tuple[int, ...]
    face_spec: int
    face_lanes: int
    book_pools: tuple[int, ...]
    cooks: dict[int, tuple[Action, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    made: dict[tuple[tuple[int, int], ...], Action] = field(
        default_factory=dict, compare=False, repr=False
    )


@dataclass(frozen=True, slots=True)
class Group:
    """A dish (``is_dish``: crossed top to bottom) or a platter (any order, ``bonus`` when
    complete). ``locked_from`` is the 0-based first locked serving, -1 without a lock;
    ``food`` the face of the food whose dishes it counts among (for the rectangles)."""

    index: int
    gid: str
    name: str
    section: str
    food: int
    is_dish: bool
    bonus: int
    locked_from: int
    servings: tuple[int, ...]
    mask: int


@dataclass(frozen=True, slots=True)
class Row:
    """A Vegetable-and-Meat row: crossing every serving in ``mask`` circles ``bonus`` (a face)."""

    index: int
    mask: int
    bonus: int
    sids: tuple[str, ...]


@dataclass(frozen=True)
class BonusRectangle:
    """An end-game bonus: ``points`` per Specialty Skill (``per`` = -1) or per crossed serving
    of the dishes of the food whose face is ``per``."""

    index: int
    rid: str
    per: int
    points: int


@dataclass(frozen=True)
class Tile:
    """A House Special tile; a Chef's Hat after each serving count in ``hats_after``;
    ``food`` its food's face."""

    index: int
    tid: str
    name: str
    food: int
    servings: tuple[Serving, ...]
    hats_after: frozenset[int]


def _serving(
    model: ServingModel,
    index: int,
    sid: str,
    group: int,
    pos: int,
    codes: str,
    book_pools: tuple[int, ...],
) -> Serving:
    needs = tuple(sorted(codes.index(c) for c in model.needs))
    faces = sorted(set(needs))
    return Serving(
        index=index,
        sid=sid,
        group=group,
        pos=pos,
        needs=needs,
        points=model.points,
        pantry=codes.index(model.pantry) if model.pantry else -1,
        need_counts=tuple((f, needs.count(f)) for f in faces),
        face_mask=sum(1 << f for f in faces),
        # packed 5-bit lanes (see lanes.py): how many of each face it needs
        need_lanes=sum(needs.count(f) << (LANE * f) for f in faces),
        # what options.add_cooks keys its memo on: the distinct faces needed, the most of
        # each a payment can take from one lane (its count among the needs), both packed
        # 9 bits a face (the lane's bit shift in a pool, the cap 6 bits above), all its
        # lanes in one pool, and the pools that may pay Recipe Books (Chef's Hats are not)
        faces=tuple(faces),
        face_caps=tuple(needs.count(f) for f in faces),
        face_spec=sum((LANE * f | needs.count(f) << 6) << (9 * k) for k, f in enumerate(faces)),
        face_lanes=sum(LANE_MASK << (LANE * f) for f in faces),
        book_pools=book_pools,
    )


@dataclass(frozen=True)
class Sheet:
    """Everything the rules need about the menu side being played, plus dice and end rules.

    Symbols: ``codes`` holds one letter per face, the foods first and the Recipe Book last
    (``book`` is its face); ``names`` maps a code to its name. The Fridge is either fixed items
    (``fridge``, faces, each usable once) or Chef's Hats (``chef_hats`` at the start, at most
    ``max_chef_hats``): each hat is one ingredient of the player's choice among the faces in
    the mask ``hat_faces``. ``sections`` are the food sections' ids in tally order, with
    ``titles`` mapping every wok space's id to the rulebook's words.
    """

    side: str
    name: str
    codes: str
    book: int
    names: dict[str, str]
    groups: tuple[Group, ...]
    servings: tuple[Serving, ...]
    rows: tuple[Row, ...]
    rows_of: tuple[tuple[int, ...], ...]
    row_masks_of: tuple[tuple[tuple[int, int], ...], ...]
    """Per serving index, (mask, bit) of each row it is in: what ``Menu.cross`` tests."""
    next_of: tuple[tuple[Serving | None, int], ...]
    """Per serving index, the serving its crossing opens (the next of its dish; None for the
    last and for a platter's) and the bit of its group in ``Menu.unlocked`` when that serving
    is behind the group's lock (else 0): what ``menu.next_open`` reads."""
    fridge: tuple[int, ...]
    fridge_points_each: int
    chef_hats: int
    max_chef_hats: int
    hat_faces: int
    unlock_cost: int
    recipes: tuple[int, ...]
    conversions: int
    conversion_cost: int
    rectangles: tuple[BonusRectangle, ...]
    rectangle_cost: int
    cheapest_book_use: int
    pantry_points: tuple[int, ...]
    tiles: tuple[Tile, ...]
    dishes_to_end: int
    house_special_ends_game: bool
    house_special_in_rectangles: bool
    dice: int
    white: int
    rerolls: int
    die_faces: tuple[int, ...]
    food_masks: tuple[int, ...]
    sections: tuple[str, ...]
    titles: dict[str, str]
    by_id: dict[str, Serving]
    group_by_id: dict[str, Group]
    kept_lanes: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """Memo of ``menu.kept_pools``: the Fridge's and the circles' token lanes by an integer key
    of what they depend on (filled by menu.py)."""
    crossed_points: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """Memo of ``menu.section_scores``: the taste points of a group's crossed servings (its
    bonus included when all are), by those servings' bits (``crossed & group.mask``, never
    0; the groups' masks do not overlap, so the bits say the group; filled by menu.py)."""

    @property
    def expert(self) -> bool:
        return self.side == "expert"

    @property
    def foods(self) -> int:
        """How many foods there are (their faces are 0 .. foods - 1)."""
        return self.book



SKILLS_AND_FRIDGE: Final = "skills_and_fridge"
HOUSE_SPECIAL: Final = "house_special"
PANTRY_SPACE: Final = "pantry"
RECIPES: Final = "recipes"
"""Ids of the wok spaces that are not food sections (their titles come from ``[tally]``)."""


def compile_sheet(settings: WokAndRollSettings) -> Sheet:
    """The side named by ``settings.rules.menu``, compiled."""
    expert = settings.rules.menu == "expert"
    model: MenuModel = settings.expert if expert else settings.simple
    codes = "".join(settings.ingredients.foods) + settings.ingredients.book
    book = len(codes) - 1
    # a wild Chef's Hat converted by a skill is the same as the hat taken as that food: only
    # fixed Fridge Books (and dice and circled Books) are listed as converted Books
    book_pools = (DIE, FRIDGE, CIRCLE) if not model.chef_hats else (DIE, CIRCLE)
    groups: list[Group] = []
    servings: list[Serving] = []
    for g_index, g in enumerate(model.groups):
        indices = []
        for pos, s in enumerate(g.servings):
            sid = f"{g.id}.{pos + 1}"
            serving = _serving(s, len(servings), sid, g_index, pos, codes, book_pools)
            servings.append(serving)
            indices.append(serving.index)
        mask = sum(1 << i for i in indices)
        groups.append(
            Group(
                index=g_index,
                gid=g.id,
                name=g.name,
                section=g.section,
                food=codes.index(g.food),
                is_dish=g.kind == "dish",
                bonus=g.bonus,
                locked_from=(g.locked_from - 1) if g.locked_from is not None else -1,
                servings=tuple(indices),
                mask=mask,
            )
        )
    by_id = {s.sid: s for s in servings}
    rows = []
    rows_of: list[list[int]] = [[] for _ in servings]
    for r_index, row in enumerate(model.rows):
        members = [by_id[name].index for name in row.servings]
        for member in members:
            rows_of[member].append(r_index)
        rows.append(
            Row(r_index, sum(1 << i for i in members), codes.index(row.bonus), tuple(row.servings))
        )
    tiles: tuple[Tile, ...] = ()
    if expert:
        tiles = tuple(
            Tile(
                index=t_index,
                tid=t.id,
                name=t.name,
                food=codes.index(t.food),
                servings=tuple(
                    _serving(s, -1 - pos, f"HS.{pos + 1}", -1, pos, codes, book_pools)
                    for pos, s in enumerate(t.servings)
                ),
                hats_after=frozenset(t.hats_after),
            )
            for t_index, t in enumerate(settings.house_specials)
        )
    food_masks = [0] * book
    for compiled in groups:
        food_masks[compiled.food] |= compiled.mask
    tally = settings.tally
    titles = {section.id: section.title for section in settings.sections}
    titles |= {
        SKILLS_AND_FRIDGE: tally.skills_and_fridge,
        HOUSE_SPECIAL: tally.house_special,
        PANTRY_SPACE: tally.pantry,
        RECIPES: tally.recipes,
    }
    return Sheet(
        side="expert" if expert else "simple",
        name=model.name,
        codes=codes,
        book=book,
        names=dict(settings.ingredients.names),
        groups=tuple(groups),
        servings=tuple(servings),
        rows=tuple(rows),
        rows_of=tuple(tuple(r) for r in rows_of),
        row_masks_of=tuple(tuple((rows[r].mask, 1 << r) for r in of) for of in rows_of),
        next_of=tuple(_next_of(groups[s.group], s, servings) for s in servings),
        fridge=tuple(codes.index(c) for c in model.fridge),
        fridge_points_each=model.fridge_points_each,
        chef_hats=model.chef_hats,
        max_chef_hats=model.max_chef_hats,
        hat_faces=sum(1 << codes.index(c) for c in set(model.hat_ingredients)),
        unlock_cost=model.unlock_cost,
        recipes=tuple(model.recipes),
        conversions=sum(1 << codes.index(c) for c in model.skills.conversions),
        conversion_cost=model.skills.conversion_cost,
        rectangles=tuple(
            BonusRectangle(i, r.id, -1 if r.per == "skill" else codes.index(r.per), r.points)
            for i, r in enumerate(model.skills.rectangles)
        ),
        rectangle_cost=model.skills.rectangle_cost,
        cheapest_book_use=min(
            model.skills.conversion_cost, model.skills.rectangle_cost, model.unlock_cost
        ),
        pantry_points=tuple(model.pantry.points) if model.pantry else (),
        tiles=tiles,
        dishes_to_end=(
            settings.rules.expert_dishes_to_end if expert else settings.rules.dishes_to_end
        ),
        house_special_ends_game=settings.rules.house_special_ends_game,
        house_special_in_rectangles=settings.rules.house_special_in_rectangles,
        dice=settings.dice.white + settings.dice.red,
        white=settings.dice.white,
        rerolls=settings.dice.rerolls,
        die_faces=tuple(codes.index(c) for c in settings.dice.faces),
        food_masks=tuple(food_masks),
        sections=tuple(section.id for section in settings.sections),
        titles=titles,
        by_id=by_id,
        group_by_id={g.gid: g for g in groups},
    )


def _next_of(group: Group, serving: Serving, servings: list[Serving]) -> tuple[Serving | None, int]:
    """``Sheet.next_of`` of one serving of the sheet."""
    pos = serving.pos + 1
    if not group.is_dish or pos == len(group.servings):
        return None, 0
    behind_lock = 0 <= group.locked_from <= pos
    return servings[group.servings[pos]], (1 << group.index if behind_lock else 0)


_SHEETS: Final[dict[int, tuple[WokAndRollSettings, Sheet]]] = {}
_BY_TEXT: Final[dict[str, WokAndRollSettings]] = {}
_KEEP: Final[list[tuple[WokAndRollSettings, Sheet]]] = []


def sheet_for(settings: WokAndRollSettings) -> Sheet:
    """The compiled sheet of ``settings`` (cached per settings object, which is frozen)."""
    found = _SHEETS.get(id(settings))
    if found is None or found[0] is not settings:
        found = (settings, compile_sheet(settings))
        _SHEETS[id(settings)] = found
        _KEEP.append(found)  # never freed: memo tables key on the ids of sheets and servings
    return found[1]


def canonical_settings(settings: WokAndRollSettings) -> WokAndRollSettings:
    """One shared object per distinct content, so equal settings share one compiled sheet."""
    text = json.dumps(settings.model_dump(), sort_keys=True)
    shared = _BY_TEXT.setdefault(text, settings)
    _TEXT_OF[id(shared)] = (shared, text)
    return shared


_TEXT_OF: Final[dict[int, tuple[WokAndRollSettings, str]]] = {}


def known_settings(text: str) -> WokAndRollSettings | None:
    """The shared settings whose canonical JSON is ``text``, if this program has them."""
    return _BY_TEXT.get(text)


def settings_text(settings: WokAndRollSettings) -> str:
    """The canonical JSON text of ``settings`` (cached for shared settings objects)."""
    found = _TEXT_OF.get(id(settings))
    if found is not None and found[0] is settings:
        return found[1]
    return json.dumps(settings.model_dump(), sort_keys=True)
