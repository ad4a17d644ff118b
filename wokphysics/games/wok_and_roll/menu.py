"""One player's menu sheet: what is crossed, circled, outlined and used, and its score.

Everything is small integers and bit masks, so copying, comparing and saving a menu is cheap.
Invariants (checked by :meth:`Menu.problems`): a dish's crossings are a prefix of its column;
nothing is crossed behind a lock that is still closed; a row bonus is circled exactly when its
row is complete; used circles, Pantry spaces and Fridge items were available; Fridge use never
exceeds the Chef's Hats (Expert).
"""

from __future__ import annotations

from typing import Any

from wokphysics.games.wok_and_roll.actions import CIRCLE, DIE, FRIDGE, PANTRY
from wokphysics.games.wok_and_roll.lanes import LANE
from wokphysics.games.wok_and_roll.sheet import Open, Serving, Sheet

UNLIMITED = 99


class Menu:
    """A player's sheet. ``dice_used`` is a mask over the 6 dice, reset every turn."""

    __slots__ = (
        "crossed",
        "hs_tile",
        "hs_done",
        "unlocked",
        "recipes_used",
        "fridge_used",
        "circled",
        "circle_used",
        "pantry_circled",
        "pantry_used",
        "conversions",
        "rectangles",
        "hats",
        "dice_used",
    )

    def __init__(self, sheet: Sheet, hs_tile: int = -1) -> None:
        self.crossed = 0
        self.hs_tile = hs_tile
        self.hs_done = 0
        self.unlocked = 0
        self.recipes_used = 0
        self.fridge_used = 0
        self.circled = 0
        self.circle_used = 0
        self.pantry_circled = [0, 0, 0, 0, 0]
        self.pantry_used = [0, 0, 0, 0, 0]
        self.conversions = 0
        self.rectangles = 0
        self.hats = sheet.chef_hats
        self.dice_used = 0

    # --- saving ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            name: (list(v) if isinstance(v := getattr(self, name), list) else v)
            for name in self.__slots__
        }

    @classmethod
    def from_dict(cls, sheet: Sheet, data: dict[str, Any]) -> Menu:
        menu = cls(sheet)
        for name in cls.__slots__:
            value = data[name]
            setattr(menu, name, list(value) if isinstance(value, list) else int(value))
        return menu

    def copy(self) -> Menu:
        menu = Menu.__new__(Menu)
        menu.crossed = self.crossed
        menu.hs_tile = self.hs_tile
        menu.hs_done = self.hs_done
        menu.unlocked = self.unlocked
        menu.recipes_used = self.recipes_used
        menu.fridge_used = self.fridge_used
        menu.circled = self.circled
        menu.circle_used = self.circle_used
        menu.pantry_circled = self.pantry_circled[:]
        menu.pantry_used = self.pantry_used[:]
        menu.conversions = self.conversions
        menu.rectangles = self.rectangles
        menu.hats = self.hats
        menu.dice_used = self.dice_used
        return menu

    # --- what may be cooked ----------------------------------------------------------
    def fridge_allowance(self, sheet: Sheet) -> int:
        """How many more Fridge ingredients may be used in this game (UNLIMITED on Simple)."""
        if sheet.chef_hats == 0:
            return UNLIMITED
        left = self.hats - self.fridge_used.bit_count()
        return left if left > 0 else 0

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
        token = pool * 6 + face), and the Fridge allowance."""
        tokens = 0
        for i in _BITS[usable & ~self.dice_used]:
            tokens += _ONE[dice[i]]
        allowance = self.fridge_allowance(sheet)
        if allowance:
            tokens += _fridge_lanes(sheet, self.fridge_used)
        open_circles = self.circled & ~self.circle_used
        if open_circles:
            tokens += _circle_lanes(sheet, open_circles)
        if sheet.pantry_points:
            circled, used = self.pantry_circled, self.pantry_used
            for food in range(5):
                tokens += circled[food] - used[food] << (LANE * (3 * 6 + food))
        return tokens, allowance

    # --- changing the sheet -------------------------------------------------------------
    def spend(self, sheet: Sheet, token: int, dice: list[int], usable: int) -> None:
        """Use one ingredient of the token's pool and face (the first such, canonically)."""
        pool, face = divmod(token, 6)
        if pool == DIE:
            for i in _BITS[usable & ~self.dice_used]:
                if dice[i] == face:
                    self.dice_used |= 1 << i
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

    def cross(self, sheet: Sheet, serving: Serving) -> bool:
        """Cross ``serving`` and take what it gives (row circles, Pantry, Chef's Hats).
        Returns True when it completed a dish or platter that counts for the game's end."""
        if serving.index < 0:  # House Special
            self.hs_done += 1
            tile = sheet.tiles[self.hs_tile]
            if self.hs_done in tile.hats_after and self.hats < sheet.max_chef_hats:
                self.hats += 1
            completed = False
        else:
            self.crossed |= 1 << serving.index
            for r in sheet.rows_of[serving.index]:
                row = sheet.rows[r]
                if self.crossed & row.mask == row.mask:
                    self.circled |= 1 << r
            group = sheet.groups[serving.group]
            completed = self.crossed & group.mask == group.mask
        if serving.pantry >= 0 and self.pantry_circled[serving.pantry] < len(sheet.pantry_points):
            self.pantry_circled[serving.pantry] += 1
        return completed

    def completed(self, sheet: Sheet) -> int:
        """Dishes and platters completed (the House Special never counts)."""
        crossed = self.crossed
        return sum(1 for g in sheet.groups if crossed & g.mask == g.mask)

    # --- scoring ------------------------------------------------------------------------
    def skills(self) -> int:
        return self.conversions.bit_count() + self.rectangles.bit_count()

    def section_scores(self, sheet: Sheet) -> dict[str, int]:
        """Taste points per wok space of the sheet (their sum is the score)."""
        crossed = self.crossed
        scores = {"rice": 0, "noodle": 0, "vegmeat": 0, "seafood": 0}
        for group in sheet.groups:
            got = crossed & group.mask
            if not got:
                continue
            points = sum(sheet.servings[i].points for i in group.servings if got >> i & 1)
            if got == group.mask:
                points += group.bonus
            scores[group.section] += points
        rect_points = 0
        for rect in sheet.rectangles:
            if self.rectangles >> rect.index & 1:
                if rect.per == "skill":
                    rect_points += rect.points * self.skills()
                else:
                    rect_points += (
                        rect.points * (crossed & sheet.family_masks[rect.per]).bit_count()
                    )
        unused = len(sheet.fridge) - self.fridge_used.bit_count()
        scores["skills_fridge"] = rect_points + unused * sheet.fridge_points_each
        if sheet.expert:
            tile_points = 0
            if self.hs_tile >= 0:
                tile = sheet.tiles[self.hs_tile]
                tile_points = sum(s.points for s in tile.servings[: self.hs_done])
            scores["house_special"] = tile_points
            scores["pantry"] = sum(sum(sheet.pantry_points[:n]) for n in self.pantry_circled)
            scores["recipes"] = sum(sheet.recipes[: self.recipes_used])
        return scores

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
        if sheet.chef_hats and self.fridge_used.bit_count() > self.hats:
            found.append("more Fridge items used than Chef's Hats")
        if sheet.chef_hats and not sheet.chef_hats <= self.hats <= sheet.max_chef_hats:
            found.append("Chef's Hats out of range")
        for food in range(5):
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
        if self.dice_used >> 6:
            found.append("a die beyond the six used")
        if self.hs_tile >= 0 and self.hs_done > len(sheet.tiles[self.hs_tile].servings):
            found.append("House Special crossed beyond its servings")
        return found


_OPEN: dict[tuple[int, int, int, int, int], tuple[Open, ...]] = {}


def open_servings(sheet: Sheet, menu: Menu) -> tuple[Open, ...]:
    """``menu.candidates(sheet)`` as lane-data entries (``Sheet.entries``), memoised on what
    it depends on (compiled sheets live as long as the program, so their ids are stable)."""
    key = (id(sheet), menu.crossed, menu.unlocked, menu.hs_tile, menu.hs_done)
    found = _OPEN.get(key)
    if found is None:
        if len(_OPEN) > 200_000:
            _OPEN.clear()
        crossed = menu.crossed
        unlocked = menu.unlocked
        entries = sheet.entries
        chosen: list[Open] = []
        for group in sheet.groups:
            open_group = group.locked_from < 0 or unlocked >> group.index & 1
            if group.is_dish:
                pos = (crossed & group.mask).bit_count()
                if pos < len(group.servings) and (open_group or pos < group.locked_from):
                    chosen.append(entries[group.servings[pos]])
            elif open_group:
                for index in group.servings:
                    if not crossed >> index & 1:
                        chosen.append(entries[index])
        if menu.hs_tile >= 0:
            tile_entries = sheet.tile_entries[menu.hs_tile]
            if menu.hs_done < len(tile_entries):
                chosen.append(tile_entries[menu.hs_done])
        found = _OPEN[key] = tuple(chosen)
    return found


_BITS = tuple(tuple(i for i in range(6) if mask >> i & 1) for mask in range(64))
_ONE = tuple(1 << (LANE * face) for face in range(6))
_FRIDGE_LANES: dict[tuple[int, int], int] = {}
_CIRCLE_LANES: dict[tuple[int, int], int] = {}


def _fridge_lanes(sheet: Sheet, used: int) -> int:
    """Unused Fridge items per face in the Fridge pool's lanes (memoised per sheet, mask)."""
    key = (id(sheet), used)
    found = _FRIDGE_LANES.get(key)
    if found is None:
        found = sum(
            1 << (LANE * (6 + face)) for k, face in enumerate(sheet.fridge) if not used >> k & 1
        )
        _FRIDGE_LANES[key] = found
    return found


def _circle_lanes(sheet: Sheet, open_circles: int) -> int:
    """Circled, unused row bonuses per face in the circle pool's lanes (memoised)."""
    key = (id(sheet), open_circles)
    found = _CIRCLE_LANES.get(key)
    if found is None:
        found = sum(
            1 << (LANE * (12 + row.bonus)) for row in sheet.rows if open_circles >> row.index & 1
        )
        _CIRCLE_LANES[key] = found
    return found
