"""The greedy Wok and Roll bot: it looks at the turn's dice and its own menu.

While cooking it takes, one at a time, the legal action of highest estimated value (taste
points now, progress towards dish and platter bonuses, row circles, Pantry spaces, Chef's
Hats and rectangle bonuses, minus what the ingredients used are worth: a die costs nothing
since it is gone at the end of the turn, a Fridge item costs the points it would score
unused and more), and says ``done`` when nothing is worth doing. It unlocks (Expert) when
the servings behind a lock are worth more than the Recipe Books or the Recipe's penalty.
Every weight is in ``[bots.greedy]`` of ``config/wok_and_roll.toml``.

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
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, TOKEN_LANES
from wokphysics.games.wok_and_roll.menu import Menu, face_dice
from wokphysics.games.wok_and_roll.rules import apply_to_menu, menu_actions, serving_of
from wokphysics.games.wok_and_roll.settings import GreedyBotModel
from wokphysics.games.wok_and_roll.sheet import Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState


def _token_cost(sheet: Sheet, weights: GreedyBotModel, token: int) -> float:
    pool, face = divmod(token, FACE_LANES)
    book = face == sheet.book
    if pool == DIE:
        return weights.die_book_cost if book else 0.0
    if pool == FRIDGE:
        extra = weights.fridge_book_extra_cost if book else 0.0
        return sheet.fridge_points_each + weights.fridge_extra_cost + extra
    if pool == CIRCLE:
        return weights.circle_cost
    return weights.pantry_cost


class _Costs:
    """What :meth:`WokAndRollGreedyBot.value` reads of one sheet and its weights (both
    frozen), worked out once: :func:`_token_cost` of every token, that of a Recipe Book
    from each pool, and the skill rectangles' bits. The bot values millions of actions in a
    search; looking these up is cheaper than working them out, with the same numbers."""

    def __init__(self, sheet: Sheet, weights: GreedyBotModel) -> None:
        self.sheet = sheet
        self.weights = weights
        self.tokens = tuple(_token_cost(sheet, weights, token) for token in range(TOKEN_LANES))
        self.books = tuple(self.tokens[pool * FACE_LANES + sheet.book] for pool in range(4))
        self.skill_rectangles = sum(1 << r.index for r in sheet.rectangles if r.per < 0)


_LAST: list[_Costs] = []
"""The last :class:`_Costs` worked out (a game's bots share one sheet and weights)."""


def _costs(sheet: Sheet, weights: GreedyBotModel) -> _Costs:
    if _LAST:
        last = _LAST[-1]
        if last.sheet is sheet and last.weights is weights:
            return last
    costs = _Costs(sheet, weights)
    _LAST[:] = [costs]
    return costs


def _books_cost(sheet: Sheet, weights: GreedyBotModel, pools: tuple[int, ...]) -> float:
    """What paying Recipe Books from ``pools`` costs (the sum of their tokens' costs)."""
    return sum(map(_costs(sheet, weights).books.__getitem__, pools))


class WokAndRollGreedyBot(Bot):
    """One-step greedy with the config's weights (see the module docstring)."""

    name = "greedy"

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, WokAndRollState)
        actions = state.legal_actions()
        weights = state.settings.bots.greedy
        if state.phase == "roll":
            return self._market(state, actions, weights)
        seat = state.current_player
        leading = self._leading(state, seat)
        best: Action = actions[-1]
        best_value = weights.least_value
        for action in actions:
            value = self.value(state.sheet, state.menus[seat], action, leading, weights)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _leading(state: WokAndRollState, seat: int) -> bool:
        # the scores of state.observation(seat)["menus"], without building the observation:
        # the others' menus as they were when the dice were locked, while this turn hides them
        sheet = state.sheet
        public = state.public
        mine = state.menus[seat].score(sheet)
        for other, menu in enumerate(state.menus):
            if other == seat:
                continue
            shown = public[other] if public else None
            if mine < (menu if shown is None else shown).score(sheet):
                return False
        return True

    @staticmethod
    def value(
        sheet: Sheet, menu: Menu, action: Action, leading: bool, weights: GreedyBotModel
    ) -> float:
        """Estimated taste points gained by ``action`` (``done`` is worth 0)."""
        if isinstance(action, Cook):  # the most of them, first
            serving = serving_of(sheet, menu, action.sid)
            assert serving is not None
            value = float(serving.points)
            value -= sum(map(_costs(sheet, weights).tokens.__getitem__, action.tokens))
            share = weights.next_serving_share
            if serving.index < 0:  # House Special: points, and maybe a Chef's Hat
                tile = sheet.tiles[menu.hs_tile]
                if menu.hs_done + 1 in tile.hats_after and menu.hats < sheet.max_chef_hats:
                    value += weights.hat_value
                nxt = tile.servings[menu.hs_done + 1 : menu.hs_done + 2]
                value += share * sum(s.points for s in nxt)
            else:
                group = sheet.groups[serving.group]
                done_before = (menu.crossed & group.mask).bit_count()
                size = len(group.servings)
                if done_before + 1 == size:
                    finish = weights.finish_when_leading if leading else weights.finish_when_behind
                    value += group.bonus + finish
                else:
                    fraction = (done_before + 1) / size * weights.progress_share
                    value += (group.bonus + weights.progress_value) * fraction
                    if group.is_dish:
                        value += share * sheet.servings[group.servings[serving.pos + 1]].points
                crossed = menu.crossed | 1 << serving.index
                for r in sheet.rows_of[serving.index]:
                    row = sheet.rows[r]
                    if crossed & row.mask == row.mask:
                        value += weights.row_circle_value
                for rect in sheet.rectangles:
                    if menu.rectangles >> rect.index & 1 and rect.per == group.food:
                        value += rect.points
            if serving.pantry >= 0:
                circled = menu.pantry_circled[serving.pantry]
                if circled < len(sheet.pantry_points):
                    value += sheet.pantry_points[circled] + weights.pantry_space_extra
            return value
        if isinstance(action, (DoneCooking, Lock, Reroll)):
            return 0.0
        if isinstance(action, Convert):
            value = weights.skill_value
            if menu.rectangles & _costs(sheet, weights).skill_rectangles:
                value += weights.skill_with_skill_rectangle
            return value - _books_cost(sheet, weights, action.pools)
        if isinstance(action, Rectangle):
            rect = next(r for r in sheet.rectangles if r.rid == action.rid)
            count = menu.skills() if rect.per < 0 else menu.food_servings(sheet, rect.per)
            count += weights.rectangle_future_count
            cost = weights.rectangle_extra_cost + _books_cost(sheet, weights, action.pools)
            return rect.points * count - cost
        assert isinstance(action, Unlock)
        group = sheet.group_by_id[action.gid]
        behind = [sheet.servings[i].points for i in group.servings[group.locked_from :]]
        value = weights.unlock_share * sum(behind[:2]) + group.bonus * weights.unlock_bonus_share
        if action.pools:
            cost = weights.unlock_books_extra_cost + _books_cost(sheet, weights, action.pools)
            return value - cost
        penalty = abs(sheet.recipes[menu.recipes_used])
        return value - weights.unlock_recipe_extra_cost - penalty

    def _market(
        self, state: WokAndRollState, actions: list[Action], weights: GreedyBotModel
    ) -> Action:
        """Re-roll the dice a greedy plan on a copy of the menu leaves unused."""
        rerolls = [a for a in actions if isinstance(a, Reroll)]
        if not rerolls:
            return actions[-1]
        seat = state.roller
        sheet = state.sheet
        menu = state.menus[seat].copy()
        menu.dice_used = 0
        dice = state.dice
        faces = face_dice(dice, len(sheet.codes))
        everything = (1 << sheet.dice) - 1
        leading = self._leading(state, seat)
        for _ in range(12):
            best: Action | None = None
            best_value = weights.least_value
            for action in menu_actions(sheet, menu, dice, everything):
                value = self.value(sheet, menu, action, leading, weights)
                if value > best_value:
                    best, best_value = action, value
            if best is None:
                break
            apply_to_menu(sheet, menu, best, faces, everything)
        unused = [i for i in range(sheet.dice) if not menu.dice_used >> i & 1]
        if not unused:
            return actions[-1]
        # equal dice of one colour are interchangeable: re-roll the first ones of each group
        wanted: dict[tuple[bool, int], int] = {}
        for i in unused:
            key = (i < sheet.white, dice[i])
            wanted[key] = wanted.get(key, 0) + 1
        chosen = []
        for i in range(sheet.dice):
            key = (i < sheet.white, dice[i])
            if wanted.get(key, 0):
                chosen.append(i)
                wanted[key] -= 1
        target = Reroll(tuple(chosen))
        return target if target in rerolls else actions[-1]
