"""One player's menu sheet: what is crossed, circled, outlined and used, and its score.

Everything is small integers and bit masks, so copying, comparing and saving a menu is cheap.
Invariants (checked by :meth:`Menu.problems`): a dish's crossings are a prefix of its column;
nothing is crossed behind a lock that is still closed; a row bonus is circled exactly when its
row is complete; used circles, Pantry spaces and Fridge items were available; Chef's Hat
ingredients used never exceed the hats earned (Expert).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from wokphysics.errors import ReplayFileError
from wokphysics.games.saved_state import SavedState
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, LANE, MAX_COUNT
from wokphysics.games.wok_and_roll.sheet import (
    CIRCLE,
    FRIDGE,
    HOUSE_SPECIAL,
    PANTRY,
    PANTRY_SPACE,
    RECIPES,
    SKILLS_AND_FRIDGE,
    Serving,
    Sheet,
)

UNLIMITED: Final = 99
COMPLETED: Final = 1
"""``Menu.cross`` flag: a dish or platter that counts for the end was completed."""
GAINED: Final = 2
"""``Menu.cross`` flag: the crossing gave an ingredient (a row circle, a Pantry space) or a
Chef's Hat, so the player may now pay for more than before."""


LIST_FIELDS: Final = frozenset(("pantry_circled", "pantry_used"))
"""The fields of :class:`Menu` that are lists (per food), the others being integers."""


class Menu:
    """A player's sheet.

    Attributes (all small integers, lists of them, or bit masks):
        crossed: bit mask over the sheet's servings (``Serving.index``).
        hs_tile, hs_done: the House Special tile dealt (-1: none) and its servings crossed.
        unlocked: bit mask over groups whose lock is crossed off; recipes_used: Recipes crossed.
        fridge_used: bit mask over the fixed Fridge items used (Simple).
        hats, hats_used: Chef's Hats earned and hat ingredients used (Expert).
        circled, circle_used: bit masks over rows whose bonus is circled / used.
        pantry_circled, pantry_used: per food, Pantry spaces circled / used.
        conversions: bit mask over foods with a conversion skill; rectangles: over rectangles.
        dice_used: bit mask over the dice this player used this turn (reset every turn).
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "crossed",
        "hs_tile",
        "hs_done",
        "unlocked",
        "recipes_used",
        "fridge_used",
        "hats_used",
        "circled",
        "circle_used",
        "pantry_circled",
        "pantry_used",
        "conversions",
        "rectangles",
        "hats",
        "dice_used",
    )
    __slots__ = (*FIELDS, "opened", "opened_crossed", "opened_unlocked", "opened_hs")

    def __init__(self, sheet: Sheet | None, hs_tile: int = -1) -> None:
        # sheet None: a menu with empty Pantry lists, for copy to fill (a compiled class
        # cannot be made without its __init__)
        foods = sheet.foods if sheet is not None else 0
        self.crossed = 0
        self.hs_tile = hs_tile
        self.hs_done = 0
        self.unlocked = 0
        self.recipes_used = 0
        self.fridge_used = 0
        self.hats_used = 0
        self.circled = 0
        self.circle_used = 0
        self.pantry_circled = [0] * foods
        self.pantry_used = [0] * foods
        self.conversions = 0
        self.rectangles = 0
        self.hats = sheet.chef_hats if sheet is not None else 0
        self.dice_used = 0
        # the open servings and what they were computed from (see open_set), not saved
        # and the marks they were computed from (crossed, unlocked, and the House Special's
        # tile << 8 | servings crossed: a tile has far fewer than 256): plain integers, so
        # that checking them builds nothing
        self.opened: tuple[Serving, ...] | None = None
        self.opened_crossed = 0
        self.opened_unlocked = 0
        self.opened_hs = 0

    # --- saving ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            name: (list(v) if isinstance(v := getattr(self, name), list) else v)
            for name in self.FIELDS
        }

    @classmethod
    def from_dict(cls, sheet: Sheet, data: object) -> Menu:
        """The menu saved by :meth:`to_dict` (a missing or mistyped field is a
        ReplayFileError naming it)."""
        if not isinstance(data, dict):
            raise ReplayFileError("saved Wok and Roll state", "field 'menus' must hold one JSON "
                                  "object per player")
        saved = SavedState(data, "saved Wok and Roll menu")
        menu = cls(sheet)
        for name in cls.FIELDS:
            if name in LIST_FIELDS:
                setattr(menu, name, saved.integers(name))
            else:
                setattr(menu, name, saved.integer(name))
        return menu

    def copy(self) -> Menu:
        menu = Menu(None)
        menu.crossed = self.crossed
        menu.hs_tile = self.hs_tile
        menu.hs_done = self.hs_done
        menu.unlocked = self.unlocked
        menu.recipes_used = self.recipes_used
        menu.fridge_used = self.fridge_used
        menu.hats_used = self.hats_used
        menu.circled = self.circled
        menu.circle_used = self.circle_used
        menu.pantry_circled = self.pantry_circled[:]
        menu.pantry_used = self.pantry_used[:]
        menu.conversions = self.conversions
        menu.rectangles = self.rectangles
        menu.hats = self.hats
        menu.dice_used = self.dice_used
        menu.opened = self.opened
        menu.opened_crossed = self.opened_crossed
        menu.opened_unlocked = self.opened_unlocked
        menu.opened_hs = self.opened_hs
        return menu

    # --- what may be cooked ----------------------------------------------------------
    def fridge_allowance(self, sheet: Sheet) -> int:
        """How many more Fridge ingredients may be used in this game: the Chef's Hats not yet
        used (Expert), or UNLIMITED for fixed Fridge items (each is there once anyway)."""
        if sheet.chef_hats == 0:
            return UNLIMITED
        left = self.hats - self.hats_used
        return left if left > 0 else 0

    def fridge_left(self, sheet: Sheet) -> int:
        """Fridge ingredients still usable: fixed items unused, or hats earned and unused."""
        if sheet.chef_hats:
            return self.fridge_allowance(sheet)
        return len(sheet.fridge) - self.fridge_used.bit_count()

    def candidates(self, sheet: Sheet) -> list[Serving]:
        """Every serving that may be crossed now, ingredients aside."""
        crossed = self.crossed
        unlocked = self.unlocked
        found: list[Serving] = []
        servings = sheet.servings
        for group in sheet.groups:
            open_group = group.locked_from < 0 or unlocked >> group.index & 1
            if group.is_dish:
                pos = (crossed & group.mask).bit_count()
                if pos < len(group.servings) and (open_group or pos < group.locked_from):
                    found.append(servings[group.servings[pos]])
            elif open_group:
                for index in group.servings:
                    if not crossed >> index & 1:
                        found.append(servings[index])
        if self.hs_tile >= 0:
            tile = sheet.tiles[self.hs_tile]
            if self.hs_done < len(tile.servings):
                found.append(tile.servings[self.hs_done])
        return found

    def locked_groups(self, sheet: Sheet) -> list[int]:
        """Groups whose lock is still closed."""
        return [
            g.index for g in sheet.groups if g.locked_from >= 0 and not self.unlocked >> g.index & 1
        ]

    def pools(self, sheet: Sheet, dice: list[int], usable: int) -> tuple[int, int]:
        """What this player can spend now, as token counts packed in lanes (see lanes.py;
        token = pool * FACE_LANES + face), and the Fridge allowance."""
        tokens, allowance = self.kept_pools(sheet)
        for i in _bits(usable & ~self.dice_used):
            tokens += 1 << (LANE * dice[i])
        return tokens, allowance

    def kept_pools(self, sheet: Sheet) -> tuple[int, int]:
        """``pools`` without the dice: the tokens of the ingredients kept on the menu (Fridge
        or Chef's Hats, circles, Pantry) and the Fridge allowance."""
        allowance = self.fridge_allowance(sheet)
        open_circles = self.circled & ~self.circle_used
        # the Fridge's lanes depend on the items used and (Chef's Hats) on the allowance, which
        # no lane counts past MAX_COUNT; a menu has at most 8 Fridge items (the config's limit)
        capped = allowance if allowance < MAX_COUNT else MAX_COUNT
        key = (open_circles << 8 | self.fridge_used) << LANE | capped
        tokens = sheet.kept_lanes.get(key)
        if tokens is None:
            tokens = sheet.kept_lanes[key] = _fridge_lanes(
                sheet, self.fridge_used, allowance
            ) + _circle_lanes(sheet, open_circles)
        if sheet.pantry_points:
            circled, used = self.pantry_circled, self.pantry_used
            for food in range(sheet.foods):
                tokens += circled[food] - used[food] << (LANE * (PANTRY * FACE_LANES + food))
        return tokens, allowance

    # --- changing the sheet -------------------------------------------------------------
    def pay(
        self,
        sheet: Sheet,
        die_faces: tuple[int, ...],
        kept: tuple[int, ...],
        face_dice: tuple[int, ...],
        usable: int,
    ) -> None:
        """Spend a die showing each face of ``die_faces`` (the lowest-numbered free one among
        ``usable``; ``face_dice`` is the mask of dice showing each face, see
        :func:`face_dice`) and each token of ``kept`` (Fridge, Chef's Hat, circle, Pantry)."""
        used = self.dice_used
        for face in die_faces:
            free = face_dice[face] & usable & ~used
            if not free:
                raise AssertionError(f"no free die shows face {face}")
            used |= free & -free
        self.dice_used = used
        for token in kept:
            self.spend_kept(sheet, token)

    def spend_kept(self, sheet: Sheet, token: int) -> None:
        """Use one ingredient kept on the menu (Fridge, Chef's Hat, circle, Pantry)."""
        pool, face = divmod(token, FACE_LANES)
        if pool == FRIDGE and sheet.chef_hats:
            if self.hats_used < self.hats and sheet.hat_faces >> face & 1:
                self.hats_used += 1
                return
        elif pool == FRIDGE:
            for k, f in enumerate(sheet.fridge):
                if f == face and not self.fridge_used >> k & 1:
                    self.fridge_used |= 1 << k
                    return
        elif pool == CIRCLE:
            open_circles = self.circled & ~self.circle_used
            for row in sheet.rows:
                if row.bonus == face and open_circles >> row.index & 1:
                    self.circle_used |= 1 << row.index
                    return
        elif pool == PANTRY and self.pantry_used[face] < self.pantry_circled[face]:
            self.pantry_used[face] += 1
            return
        raise AssertionError(f"token {token} not available")  # legality was checked before

    def cross(self, sheet: Sheet, serving: Serving) -> int:
        """Cross ``serving`` and take what it gives (row circles, Pantry, Chef's Hats).
        Returns flags: COMPLETED when it completed a dish or platter that counts for the
        game's end, GAINED when it gave an ingredient or a Chef's Hat."""
        flags = 0
        opened = self.opened
        crossed = self.crossed
        if opened is not None and (
            self.opened_crossed != crossed
            or self.opened_unlocked != self.unlocked
            or self.opened_hs != (self.hs_tile << 8 | self.hs_done)
        ):
            opened = None  # stale (see open_set): left for open_set to notice
        index = serving.index
        if index < 0:  # House Special
            self.hs_done += 1
            tile = sheet.tiles[self.hs_tile]
            if self.hs_done in tile.hats_after and self.hats < sheet.max_chef_hats:
                self.hats += 1
                flags = GAINED
            if sheet.house_special_ends_game and self.hs_done == len(tile.servings):
                flags |= COMPLETED
        else:
            crossed |= 1 << index
            self.crossed = crossed
            for mask, bit in sheet.row_masks_of[index]:
                if crossed & mask == mask:
                    self.circled |= bit
                    flags = GAINED
            mask = sheet.groups[serving.group].mask
            if crossed & mask == mask:
                flags |= COMPLETED
        pantry = serving.pantry
        if pantry >= 0 and self.pantry_circled[pantry] < len(sheet.pantry_points):
            self.pantry_circled[pantry] += 1
            flags |= GAINED
        if opened is not None:
            # the open servings before this crossing were current: update them in place of a
            # fresh search (the key is the marks they now depend on, as open_set's)
            if index >= 0:  # next_open written out for the common case, a dish or platter
                following, lock = sheet.next_of[index]
                if lock and not self.unlocked & lock:
                    following = None
            else:
                following = next_open(sheet, self, serving)
            self.opened = after_crossing(opened, serving, following)
            self.opened_crossed = self.crossed
            self.opened_unlocked = self.unlocked
            self.opened_hs = (self.hs_tile << 8 | self.hs_done)
        return flags

    def completed(self, sheet: Sheet) -> int:
        """Dishes and platters completed that count for the end of the game (the House
        Special only with the rules option ``house_special_ends_game``)."""
        crossed = self.crossed
        done = sum(1 for g in sheet.groups if crossed & g.mask == g.mask)
        if sheet.house_special_ends_game and self.hs_tile >= 0:
            done += self.hs_done == len(sheet.tiles[self.hs_tile].servings)
        return done

    # --- scoring ------------------------------------------------------------------------
    def skills(self) -> int:
        return self.conversions.bit_count() + self.rectangles.bit_count()

    def food_servings(self, sheet: Sheet, food: int) -> int:
        """Crossed servings of the dishes of ``food`` (what a food rectangle counts), with the
        House Special's when the rules option says it counts and its tile is of that food."""
        count = (self.crossed & sheet.food_masks[food]).bit_count()
        if sheet.house_special_in_rectangles and self.hs_tile >= 0:
            if sheet.tiles[self.hs_tile].food == food:
                count += self.hs_done
        return count

    def section_scores(self, sheet: Sheet) -> dict[str, int]:
        """Taste points per wok space of the sheet, keyed by the space's id, in the order of
        the final tally (``sheet.titles`` gives each id's printed words); their sum is the
        score. Food sections first, then Specialty Skills and Fridge, and on the Expert Menu
        the House Special, the Pantry and the Recipes."""
        crossed = self.crossed
        scores = dict.fromkeys(sheet.sections, 0)
        memo = sheet.crossed_points
        for group in sheet.groups:
            got = crossed & group.mask
            if not got:
                continue
            points = memo.get(got)
            if points is None:
                points = sum(sheet.servings[i].points for i in group.servings if got >> i & 1)
                if got == group.mask:
                    points += group.bonus
                memo[got] = points
            scores[group.section] += points
        rect_points = 0
        for rect in sheet.rectangles:
            if self.rectangles >> rect.index & 1:
                count = self.skills() if rect.per < 0 else self.food_servings(sheet, rect.per)
                rect_points += rect.points * count
        scores[SKILLS_AND_FRIDGE] = rect_points + self.fridge_left(sheet) * sheet.fridge_points_each
        if sheet.expert:
            tile_points = 0
            if self.hs_tile >= 0:
                tile = sheet.tiles[self.hs_tile]
                tile_points = sum(s.points for s in tile.servings[: self.hs_done])
            scores[HOUSE_SPECIAL] = tile_points
            scores[PANTRY_SPACE] = sum(sum(sheet.pantry_points[:n]) for n in self.pantry_circled)
            scores[RECIPES] = sum(sheet.recipes[: self.recipes_used])
        return scores

    def tally(self, sheet: Sheet) -> list[tuple[str, int]]:
        """The final tally as the sheet prints it: (the wok space's title, taste points)."""
        return [(sheet.titles[key], points) for key, points in self.section_scores(sheet).items()]

    def score(self, sheet: Sheet) -> int:
        return sum(self.section_scores(sheet).values())

    # --- invariants ---------------------------------------------------------------------
    def problems(self, sheet: Sheet) -> list[str]:
        """Every broken invariant of this sheet, as sentences (empty when all hold)."""
        found = []
        if self.crossed >> len(sheet.servings):
            found.append("crossings beyond the sheet's servings")
        for group in sheet.groups:
            got = self.crossed & group.mask
            count = got.bit_count()
            if group.is_dish:
                prefix = sum(1 << i for i in group.servings[:count])
                if got != prefix:
                    found.append(f"dish {group.gid} not crossed top to bottom")
            if group.locked_from >= 0 and not self.unlocked >> group.index & 1:
                behind = sum(1 << i for i in group.servings[group.locked_from :])
                if got & behind:
                    found.append(f"{group.gid} crossed behind a closed lock")
        for row in sheet.rows:
            complete = self.crossed & row.mask == row.mask
            if complete != bool(self.circled >> row.index & 1):
                found.append(f"row {row.index + 1} circle does not match its crossings")
        if self.circle_used & ~self.circled:
            found.append("a row bonus used that was never circled")
        if self.fridge_used >> len(sheet.fridge):
            found.append("a Fridge item beyond the Fridge used")
        if not 0 <= self.hats_used <= self.hats:
            found.append("more Chef's Hat ingredients used than Chef's Hats")
        if sheet.chef_hats and not sheet.chef_hats <= self.hats <= sheet.max_chef_hats:
            found.append("Chef's Hats out of range")
        if len(self.pantry_circled) != sheet.foods or len(self.pantry_used) != sheet.foods:
            found.append("a Pantry column per food expected")
            return found
        for food in range(sheet.foods):
            if (
                not 0
                <= self.pantry_used[food]
                <= self.pantry_circled[food]
                <= len(sheet.pantry_points)
            ):
                found.append("Pantry use out of range")
        if self.conversions & ~sheet.conversions:
            found.append("a conversion skill the sheet does not offer")
        if self.rectangles >> len(sheet.rectangles):
            found.append("a rectangle the sheet does not offer")
        if self.recipes_used > len(sheet.recipes):
            found.append("more Recipes crossed than the sheet has")
        if self.dice_used >> sheet.dice:
            found.append("a die beyond the dice used")
        if self.hs_tile >= 0 and self.hs_done > len(sheet.tiles[self.hs_tile].servings):
            found.append("House Special crossed beyond its servings")
        return found


def after_crossing(
    servings: tuple[Serving, ...], crossed: Serving, opened: Serving | None
) -> tuple[Serving, ...]:
    """The open servings once ``crossed`` (one of ``servings``) is crossed and ``opened``
    (the serving that opens then, or None) takes its place in the order."""
    k = 0  # servings.index(crossed) by identity (tuple.index compares the dataclasses)
    for serving in servings:
        if serving is crossed:
            break
        k += 1
    changed = list(servings)
    if opened is not None:
        changed[k] = opened
    else:
        del changed[k]
    return tuple(changed)


def open_set(sheet: Sheet, menu: Menu) -> tuple[Serving, ...]:
    """The servings the menu may cross now, ingredients aside, in the sheet's order (as
    :meth:`Menu.candidates`), kept on the menu with the marks they depend on (a crossing
    updates them in place of a fresh search; any other change is noticed by the marks)."""
    opened = menu.opened
    if (
        opened is not None
        and menu.opened_crossed == menu.crossed
        and menu.opened_unlocked == menu.unlocked
        and menu.opened_hs == (menu.hs_tile << 8 | menu.hs_done)
    ):
        return opened
    found = tuple(menu.candidates(sheet))
    menu.opened = found
    menu.opened_crossed = menu.crossed
    menu.opened_unlocked = menu.unlocked
    menu.opened_hs = (menu.hs_tile << 8 | menu.hs_done)
    return found


def next_open(sheet: Sheet, menu: Menu, crossed: Serving) -> Serving | None:
    """The serving that ``crossed`` (just crossed on ``menu``) opened: the next of its dish
    (unless a closed lock is in the way) or of the House Special; None for a platter's."""
    if crossed.index < 0:
        tile = sheet.tiles[menu.hs_tile]
        return tile.servings[menu.hs_done] if menu.hs_done < len(tile.servings) else None
    following, lock = sheet.next_of[crossed.index]
    if lock and not menu.unlocked & lock:
        return None
    return following


def face_dice(dice: list[int], faces: int) -> tuple[int, ...]:
    """For each of ``faces`` faces, the bit mask of the dice showing it (a die showing no
    face of the sheet is in no mask: the state's invariant check reports it)."""
    masks = [0] * faces
    for i, face in enumerate(dice):
        if 0 <= face < faces:
            masks[face] |= 1 << i
    return tuple(masks)


_BITS: Final = tuple(tuple(i for i in range(8) if mask >> i & 1) for mask in range(256))


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a mask of dice (at most 8 dice: the config's limit)."""
    return _BITS[mask]


def _fridge_lanes(sheet: Sheet, used: int, allowance: int) -> int:
    """What the Fridge can pay per face, in the Fridge pool's lanes: each fixed item not yet
    used, or (Chef's Hats) the hats left in every face a hat may be; none at allowance 0."""
    if not allowance:
        return 0
    if sheet.chef_hats:
        count = min(allowance, MAX_COUNT)
        return sum(
            count << (LANE * (FRIDGE * FACE_LANES + face))
            for face in range(len(sheet.codes))
            if sheet.hat_faces >> face & 1
        )
    return sum(
        1 << (LANE * (FRIDGE * FACE_LANES + face))
        for k, face in enumerate(sheet.fridge)
        if not used >> k & 1
    )


def _circle_lanes(sheet: Sheet, open_circles: int) -> int:
    """Circled, unused row bonuses per face in the circle pool's lanes."""
    return sum(
        1 << (LANE * (CIRCLE * FACE_LANES + row.bonus))
        for row in sheet.rows
        if open_circles >> row.index & 1
    )
