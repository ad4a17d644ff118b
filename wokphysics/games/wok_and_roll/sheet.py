"""A menu side compiled from the settings into flat, indexed data the rules read quickly.

Servings are numbered across the whole sheet (``Serving.index``): a player's crossings are
one integer bit mask over those numbers. Faces are integers: the index of the ingredient's
code in ``"RNVMSB"`` (5 = Recipe Book). House Special servings belong to a tile, not to the
sheet; their ids are ``HS.1``, ``HS.2``, ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from wokphysics.games.wok_and_roll.lanes import LANE, LANE_MASK
from wokphysics.games.wok_and_roll.settings import (
    BOOK,
    CODES,
    FOODS,
    MenuModel,
    ServingModel,
    WokAndRollSettings,
)

SECTIONS = ("rice", "noodle", "vegmeat", "seafood")
FAMILIES = ("rice", "noodle", "vegetable", "meat", "seafood")


@dataclass(frozen=True, slots=True)
class Serving:
    """One serving. ``needs`` are faces, sorted; ``pantry`` a food face or -1."""

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
    plain_tokens: int
    book_tokens: int


@dataclass(frozen=True, slots=True)
class Group:
    """A dish (``is_dish``: crossed top to bottom) or a platter (any order, ``bonus`` when
    complete). ``locked_from`` is the 0-based first locked serving, -1 without a lock."""

    index: int
    gid: str
    name: str
    section: str
    family: str
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
class Rectangle:
    index: int
    rid: str
    per: str
    points: int


@dataclass(frozen=True)
class Tile:
    """A House Special tile; a Chef's Hat after each serving count in ``hats_after``."""

    index: int
    tid: str
    name: str
    servings: tuple[Serving, ...]
    hats_after: frozenset[int]

    @property
    def entries(self) -> tuple[Open, ...]:
        return tuple(open_entry(s) for s in self.servings)


Open = tuple[int, int, int, int, Serving]
"""An open serving with what the option search reads first: (needed lanes, face mask, lanes
of the tokens that pay it plainly, the same with Recipe Books, the serving)."""


def open_entry(s: Serving) -> Open:
    return (s.need_lanes, s.face_mask, s.plain_tokens, s.plain_tokens | s.book_tokens, s)


def _serving(model: ServingModel, index: int, sid: str, group: int, pos: int) -> Serving:
    needs = tuple(sorted(CODES.index(c) for c in model.needs))
    faces = sorted(set(needs))
    return Serving(
        index=index,
        sid=sid,
        group=group,
        pos=pos,
        needs=needs,
        points=model.points,
        pantry=FOODS.index(model.pantry) if model.pantry else -1,
        need_counts=tuple((f, needs.count(f)) for f in faces),
        face_mask=sum(1 << f for f in faces),
        # packed 5-bit lanes (see lanes.py): how many of each face it needs, and the lanes of
        # the token counts that can pay it without / with Recipe Books
        need_lanes=sum(needs.count(f) << (LANE * f) for f in faces),
        plain_tokens=sum(LANE_MASK << (LANE * (pool * 6 + f)) for f in faces for pool in range(4)),
        book_tokens=sum(LANE_MASK << (LANE * (pool * 6 + BOOK)) for pool in range(3)),
    )


@dataclass(frozen=True)
class Sheet:
    """Everything the rules need about the menu side being played, plus dice and end rules."""

    side: str
    name: str
    groups: tuple[Group, ...]
    servings: tuple[Serving, ...]
    rows: tuple[Row, ...]
    rows_of: tuple[tuple[int, ...], ...]
    fridge: tuple[int, ...]
    fridge_points_each: int
    chef_hats: int
    max_chef_hats: int
    unlock_cost: int
    recipes: tuple[int, ...]
    conversions: int
    conversion_cost: int
    rectangles: tuple[Rectangle, ...]
    rectangle_cost: int
    pantry_points: tuple[int, ...]
    tiles: tuple[Tile, ...]
    dishes_to_end: int
    white: int
    rerolls: int
    die_faces: tuple[int, ...]
    family_masks: dict[str, int]
    section_masks: dict[str, int]
    by_id: dict[str, Serving]
    group_by_id: dict[str, Group]
    entries: tuple[Open, ...]
    tile_entries: tuple[tuple[Open, ...], ...]
    names: dict[str, str]

    @property
    def expert(self) -> bool:
        return self.side == "expert"

    @property
    def cheapest_book_use(self) -> int:
        return min(self.conversion_cost, self.rectangle_cost, self.unlock_cost)


def compile_sheet(settings: WokAndRollSettings) -> Sheet:
    """The side named by ``settings.rules.menu``, compiled."""
    expert = settings.rules.menu == "expert"
    model: MenuModel = settings.expert if expert else settings.simple
    groups: list[Group] = []
    servings: list[Serving] = []
    for g_index, g in enumerate(model.groups):
        indices = []
        for pos, s in enumerate(g.servings):
            serving = _serving(s, len(servings), f"{g.id}.{pos + 1}", g_index, pos)
            servings.append(serving)
            indices.append(serving.index)
        mask = sum(1 << i for i in indices)
        groups.append(
            Group(
                index=g_index,
                gid=g.id,
                name=g.name,
                section=g.section,
                family=g.family,
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
            Row(r_index, sum(1 << i for i in members), CODES.index(row.bonus), tuple(row.servings))
        )
    tiles: tuple[Tile, ...] = ()
    if expert:
        tiles = tuple(
            Tile(
                index=t_index,
                tid=t.id,
                name=t.name,
                servings=tuple(
                    _serving(s, -1 - pos, f"HS.{pos + 1}", -1, pos)
                    for pos, s in enumerate(t.servings)
                ),
                hats_after=frozenset(t.hats_after),
            )
            for t_index, t in enumerate(settings.house_specials)
        )
    family_masks = {f: 0 for f in FAMILIES}
    section_masks = {s: 0 for s in SECTIONS}
    for compiled in groups:
        family_masks[compiled.family] |= compiled.mask
        section_masks[compiled.section] |= compiled.mask
    return Sheet(
        side="expert" if expert else "simple",
        name=model.name,
        groups=tuple(groups),
        servings=tuple(servings),
        rows=tuple(rows),
        rows_of=tuple(tuple(r) for r in rows_of),
        fridge=tuple(CODES.index(c) for c in model.fridge),
        fridge_points_each=model.fridge_points_each,
        chef_hats=model.chef_hats,
        max_chef_hats=model.max_chef_hats,
        unlock_cost=model.unlock_cost,
        recipes=tuple(model.recipes),
        conversions=sum(1 << FOODS.index(c) for c in model.skills.conversions),
        conversion_cost=model.skills.conversion_cost,
        rectangles=tuple(
            Rectangle(i, r.id, r.per, r.points) for i, r in enumerate(model.skills.rectangles)
        ),
        rectangle_cost=model.skills.rectangle_cost,
        pantry_points=tuple(model.pantry.points) if model.pantry else (),
        tiles=tiles,
        dishes_to_end=(
            settings.rules.expert_dishes_to_end if expert else settings.rules.dishes_to_end
        ),
        white=settings.dice.white,
        rerolls=settings.dice.rerolls,
        die_faces=tuple(CODES.index(c) for c in settings.dice.faces),
        family_masks=family_masks,
        section_masks=section_masks,
        by_id=by_id,
        group_by_id={g.gid: g for g in groups},
        entries=tuple(open_entry(s) for s in servings),
        tile_entries=tuple(t.entries for t in tiles),
        names={code: name for code, name in settings.ingredients.items()},
    )


_SHEETS: dict[int, tuple[WokAndRollSettings, Sheet]] = {}
_BY_TEXT: dict[str, WokAndRollSettings] = {}
_KEEP: list[tuple[WokAndRollSettings, Sheet]] = []


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


_TEXT_OF: dict[int, tuple[WokAndRollSettings, str]] = {}


def known_settings(text: str) -> WokAndRollSettings | None:
    """The shared settings whose canonical JSON is ``text``, if this program has them."""
    return _BY_TEXT.get(text)


def settings_text(settings: WokAndRollSettings) -> str:
    """The canonical JSON text of ``settings`` (cached for shared settings objects)."""
    found = _TEXT_OF.get(id(settings))
    if found is not None and found[0] is settings:
        return found[1]
    return json.dumps(settings.model_dump(), sort_keys=True)
