"""The greedy Wok and Roll bot: it looks at the turn's dice and its own menu.

While cooking it takes, one at a time, the legal action of highest estimated value (taste
points now, progress towards dish and platter bonuses, row circles, Pantry spaces, Chef's
Hats and rectangle bonuses, minus what the ingredients used are worth: a die costs nothing
since it is gone at the end of the turn, a Fridge item costs the points it would score
unused and more), and says ``done`` when nothing is worth doing. It unlocks (Expert) when
the servings behind a lock are worth more than the Recipe Books or the Recipe's penalty.

At the market it plans its cooking on a copy of its menu with the current dice and re-rolls
every die that plan leaves unused (keeping the dice it would use can only keep or improve
the plan), locking when all are used or no re-roll is left.

It reads only public information: the dice, its own menu and the others' visible scores.
"""

from __future__ import annotations

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, GameState
from wokphysics.games.wok_and_roll.actions import (
    CIRCLE,
    DIE,
    FRIDGE,
    PANTRY,
    Convert,
    Cook,
    Done,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.rules import apply_to_menu, menu_actions, serving_of
from wokphysics.games.wok_and_roll.settings import BOOK
from wokphysics.games.wok_and_roll.sheet import Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState

# What spending one ingredient of each pool costs, in taste points (estimates).
_DIE_COST = 0.0
_DIE_BOOK_COST = 0.4
_FRIDGE_EXTRA = 1.2
_CIRCLE_COST = 0.8
_PANTRY_COST = 0.8


def _token_cost(sheet: Sheet, token: int) -> float:
    pool, face = divmod(token, 6)
    if pool == DIE:
        return _DIE_BOOK_COST if face == BOOK else _DIE_COST
    if pool == FRIDGE:
        return sheet.fridge_points_each + _FRIDGE_EXTRA + (0.5 if face == BOOK else 0.0)
    if pool == CIRCLE:
        return _CIRCLE_COST
    assert pool == PANTRY
    return _PANTRY_COST


def _books_cost(sheet: Sheet, pools: tuple[int, ...]) -> float:
    return sum(_token_cost(sheet, pool * 6 + BOOK) for pool in pools)


class GreedyBot(Bot):
    """One-step greedy with hand-set weights (see the module docstring)."""

    name = "greedy"

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, WokAndRollState)
        actions = state.legal_actions()
        if state.phase == "roll":
            return self._market(state, actions)
        seat = state.current_player
        leading = self._leading(state, seat)
        best: Action = actions[-1]
        best_value = 0.05
        for action in actions:
            value = self.value(state.sheet, state.menus[seat], action, leading)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _leading(state: WokAndRollState, seat: int) -> bool:
        visible = state.observation(seat)["menus"]
        mine = visible[seat]["score"]
        return all(mine >= m["score"] for i, m in enumerate(visible) if i != seat)

    @staticmethod
    def value(sheet: Sheet, menu: Menu, action: Action, leading: bool) -> float:
        """Estimated taste points gained by ``action`` (``done`` is worth 0)."""
        if isinstance(action, Done | Lock | Reroll):
            return 0.0
        if isinstance(action, Cook):
            serving = serving_of(sheet, menu, action.sid)
            assert serving is not None
            value = float(serving.points)
            value -= sum(_token_cost(sheet, token) for _, token in action.uses)
            if serving.index < 0:  # House Special: points, and maybe a Chef's Hat
                tile = sheet.tiles[menu.hs_tile]
                if menu.hs_done + 1 in tile.hats_after and menu.hats < sheet.max_chef_hats:
                    value += 2.0
                nxt = tile.servings[menu.hs_done + 1 : menu.hs_done + 2]
                value += 0.4 * sum(s.points for s in nxt)
            else:
                group = sheet.groups[serving.group]
                done_before = (menu.crossed & group.mask).bit_count()
                size = len(group.servings)
                if done_before + 1 == size:
                    value += group.bonus + (2.5 if leading else 0.8)
                else:
                    value += (group.bonus + 1.5) * (done_before + 1) / size * 0.5
                    if group.is_dish:
                        value += 0.4 * sheet.servings[group.servings[serving.pos + 1]].points
                crossed = menu.crossed | 1 << serving.index
                for r in sheet.rows_of[serving.index]:
                    row = sheet.rows[r]
                    if crossed & row.mask == row.mask:
                        value += 1.5
                for rect in sheet.rectangles:
                    if menu.rectangles >> rect.index & 1 and rect.per == group.family:
                        value += rect.points
            if serving.pantry >= 0:
                circled = menu.pantry_circled[serving.pantry]
                if circled < len(sheet.pantry_points):
                    value += sheet.pantry_points[circled] + 0.8
            return value
        if isinstance(action, Convert):
            value = 2.2 + (2.0 if _has_skill_rectangle(sheet, menu) else 0.0)
            return value - _books_cost(sheet, action.pools)
        if isinstance(action, Rectangle):
            rect = next(r for r in sheet.rectangles if r.rid == action.rid)
            if rect.per == "skill":
                count = menu.skills() + 2
            else:
                count = (menu.crossed & sheet.family_masks[rect.per]).bit_count() + 2
            return rect.points * count - 1.0 - _books_cost(sheet, action.pools)
        assert isinstance(action, Unlock)
        group = sheet.group_by_id[action.gid]
        behind = [sheet.servings[i].points for i in group.servings[group.locked_from :]]
        value = 0.6 * sum(behind[:2]) + (group.bonus * 0.5)
        if action.pools:
            return value - 2.0 - _books_cost(sheet, action.pools)
        return value - 3.0 - abs(sheet.recipes[menu.recipes_used])

    def _market(self, state: WokAndRollState, actions: list[Action]) -> Action:
        """Re-roll the dice a greedy plan on a copy of the menu leaves unused."""
        rerolls = [a for a in actions if isinstance(a, Reroll)]
        if not rerolls:
            return actions[-1]
        seat = state.roller
        sheet = state.sheet
        menu = state.menus[seat].copy()
        menu.dice_used = 0
        dice = state.dice
        leading = self._leading(state, seat)
        for _ in range(12):
            best: Action | None = None
            best_value = 0.05
            for action in menu_actions(sheet, menu, dice, 0b111111):
                value = self.value(sheet, menu, action, leading)
                if value > best_value:
                    best, best_value = action, value
            if best is None:
                break
            apply_to_menu(sheet, menu, best, dice, 0b111111)
        unused = [i for i in range(6) if not menu.dice_used >> i & 1]
        if not unused:
            return actions[-1]
        # equal dice of one colour are interchangeable: re-roll the first ones of each group
        wanted: dict[tuple[bool, int], int] = {}
        for i in unused:
            key = (i < sheet.white, dice[i])
            wanted[key] = wanted.get(key, 0) + 1
        chosen = []
        for i in range(6):
            key = (i < sheet.white, dice[i])
            if wanted.get(key, 0):
                chosen.append(i)
                wanted[key] -= 1
        target = Reroll(tuple(chosen))
        return target if target in rerolls else actions[-1]


def _has_skill_rectangle(sheet: Sheet, menu: Menu) -> bool:
    return any(
        rect.per == "skill" and menu.rectangles >> rect.index & 1 for rect in sheet.rectangles
    )
