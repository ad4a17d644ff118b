"""Finding rulebook examples on the shipped Wok and Roll sheets, and playing them for real.

Two halves:

* :func:`group_options` and :func:`search_sheets` *solve* for a final sheet: every legal
  crossing of each dish (a prefix of its column) and platter (any subset) is combined, group
  by group, keeping one witness per distinct summary (a dynamic programme over groups). The
  caller says what to summarise and which summaries are wanted.
* :class:`Director` *plays* a plan on the real engine: a solo game (the player rolls every
  turn and may use all the dice), where each turn it keeps the dice the next step needs and
  re-rolls the others, then takes the legal actions that carry out its steps, paying from the
  dice (and from the Fridge only where the plan says so). Nothing is poked: every crossing is
  one of ``legal_actions()``, so whatever the director reaches is reachable in the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from itertools import combinations

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import (
    DIE,
    FRIDGE,
    POOLS,
    Convert,
    Cook,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.lanes import FACE_LANES
from wokphysics.games.wok_and_roll.sheet import Group, Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState

# --------------------------------------------------------------------------- solving


def group_options(sheet: Sheet, group: Group) -> list[int]:
    """Every crossing mask a group can show: a prefix of a dish, any subset of a platter."""
    servings = group.servings
    if group.is_dish:
        return [sum(1 << i for i in servings[:k]) for k in range(len(servings) + 1)]
    masks = []
    for size in range(len(servings) + 1):
        for chosen in combinations(servings, size):
            masks.append(sum(1 << i for i in chosen))
    return masks


Summary = Hashable


def search_sheets(
    sheet: Sheet,
    summarise: Callable[[Group, int], tuple[int, ...]],
    combine: Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None],
    start: tuple[int, ...],
    groups: Iterable[Group] | None = None,
) -> dict[tuple[int, ...], int]:
    """Every reachable summary of crossings over ``groups`` (all by default), each with the
    witness crossing mask using the fewest servings. ``summarise(group, mask)`` describes one
    group's crossings; ``combine`` adds two summaries (None prunes a branch)."""
    states: dict[tuple[int, ...], int] = {start: 0}
    for group in sheet.groups if groups is None else groups:
        options = [(mask, summarise(group, mask)) for mask in group_options(sheet, group)]
        after: dict[tuple[int, ...], int] = {}
        for summary, crossed in states.items():
            for mask, part in options:
                joined = combine(summary, part)
                if joined is None:
                    continue
                witness = crossed | mask
                old = after.get(joined)
                if old is None or witness.bit_count() < old.bit_count():
                    after[joined] = witness
        states = after
    return states


def completed_groups(sheet: Sheet, crossed: int) -> list[Group]:
    return [g for g in sheet.groups if crossed & g.mask == g.mask]


# --------------------------------------------------------------------------- playing


@dataclass
class Step:
    """One thing to do: ``cook`` a serving (``target`` = its id), ``convert`` (a food code),
    ``rectangle`` (an id) or ``unlock`` (a group id; with Recipe Books unless ``recipe``).
    ``fridge`` lists the codes this step takes from the Fridge; ``text`` (optional) is the
    exact action wanted."""

    kind: str
    target: str
    fridge: str = ""
    text: str = ""
    recipe: bool = False


@dataclass
class Director:
    """Plays ``steps`` in order on a solo game, then ``final`` together in one turn."""

    state: WokAndRollState
    steps: list[Step]
    final: list[Step] = field(default_factory=list)
    max_turns: int = 3_000
    log: list[str] = field(default_factory=list)

    @property
    def sheet(self) -> Sheet:
        return self.state.sheet

    # --- what the dice should show ---------------------------------------------------
    def dice_wanted(self, steps: list[Step]) -> list[int]:
        """The faces the dice must show for ``steps`` (what the Fridge does not pay)."""
        sheet = self.sheet
        wanted: list[int] = []
        for step in steps:
            if step.kind == "cook":
                codes = [sheet.codes[f] for f in self._serving(step).needs]
            elif step.kind == "convert":
                codes = [sheet.codes[sheet.book]] * sheet.conversion_cost
            elif step.kind == "rectangle":
                codes = [sheet.codes[sheet.book]] * sheet.rectangle_cost
            elif step.recipe:
                codes = []
            else:
                codes = [sheet.codes[sheet.book]] * sheet.unlock_cost
            for code in step.fridge:
                codes.remove(code)
            wanted.extend(sheet.codes.index(c) for c in codes)
        return wanted

    def _serving(self, step: Step):  # type: ignore[no-untyped-def]
        from wokphysics.games.wok_and_roll.rules import serving_of

        serving = serving_of(self.sheet, self.state.menus[0], step.target)
        assert serving is not None, step
        return serving

    def market(self, wanted: list[int]) -> None:
        """Keep the dice that show a wanted face (each face as often as wanted), re-roll the
        rest while re-rolls remain; lock once every wanted face is showing."""
        state = self.state
        while state.phase == "roll":
            left = list(wanted)
            keep = set()
            for i, face in enumerate(state.dice):
                if face in left:
                    left.remove(face)
                    keep.add(i)
            rest = [i for i in range(self.sheet.dice) if i not in keep]
            if not left or not rest or not any(
                isinstance(a, Reroll) for a in state.legal_actions()
            ):
                state.apply(state.parse_action("lock"))
                return
            state.apply(state.parse_action("reroll " + " ".join(str(i + 1) for i in rest)))

    # --- carrying out steps -------------------------------------------------------------
    def matches(self, step: Step, action: Action) -> bool:
        if step.text:
            return str(action) == step.text
        fridge = list(step.fridge)
        codes = self.sheet.codes
        if step.kind == "cook":
            if not isinstance(action, Cook) or action.sid != step.target:
                return False
            for need, token in action.uses:
                pool, face = divmod(token, FACE_LANES)
                if face != need:
                    return False  # no Recipe Book converted unless the plan says so
                if pool == FRIDGE:
                    if codes[need] not in fridge:
                        return False
                    fridge.remove(codes[need])
            return not fridge
        pools: tuple[int, ...]
        if step.kind == "convert":
            if not isinstance(action, Convert) or codes[action.food] != step.target:
                return False
            pools = action.pools
        elif step.kind == "rectangle":
            if not isinstance(action, Rectangle) or action.rid != step.target:
                return False
            pools = action.pools
        else:
            if not isinstance(action, Unlock) or action.gid != step.target:
                return False
            if step.recipe:
                return not action.pools
            pools = action.pools
            if not pools:
                return False
        from_fridge = sum(1 for p in pools if p == FRIDGE)
        others = all(p in (DIE, FRIDGE) for p in pools)
        return others and from_fridge == len(step.fridge)

    def find(self, step: Step) -> Action | None:
        if self.state.phase != "cook" or self.state.current_player != 0:
            return None
        for action in self.state.legal_actions():
            if self.matches(step, action):
                return action
        return None

    def take(self, action: Action) -> None:
        self.log.append(f"turn {self.state.turn}: {action}")
        self.state.apply(action)

    def finish_turn(self, turn: int) -> None:
        state = self.state
        if state.turn == turn and state.phase == "cook" and state.current_player == 0:
            state.apply(state.parse_action("done"))

    def run(self) -> WokAndRollState:
        """Play every step, then the final batch, to the end of the game."""
        state = self.state
        pending = list(self.steps)
        while not state.is_terminal():
            assert state.turn < self.max_turns, f"the plan was not played out: {pending[:3]}"
            turn = state.turn
            batch = pending[:1] if pending else self.final
            self.market(self.dice_wanted(batch))
            if pending:
                while pending:
                    action = self.find(pending[0])
                    if action is None:
                        break
                    self.take(action)
                    pending.pop(0)
            elif self.final:
                self.try_final()
            self.finish_turn(turn)
        return state

    def run_steps(self) -> None:
        """Play the steps only (no final batch), ending the turn of the last one."""
        state = self.state
        pending = list(self.steps)
        while pending:
            assert not state.is_terminal(), f"the game ended before {pending[0]}"
            assert state.turn < self.max_turns, f"the plan was not played out: {pending[:3]}"
            turn = state.turn
            self.market(self.dice_wanted(pending[:1]))
            while pending:
                action = self.find(pending[0])
                if action is None:
                    break
                self.take(action)
                pending.pop(0)
            self.finish_turn(turn)

    def try_final(self) -> None:
        """Take the whole final batch this turn, or nothing of it (a trial on a copy)."""
        trial = Director(self.state.clone(), [])
        for step in self.final:
            action = trial.find(step)
            if action is None:
                return
            trial.state.apply(action)
        for step in self.final:
            action = self.find(step)
            assert action is not None
            self.take(action)


def plan_crossings(
    sheet: Sheet,
    crossed: int,
    dishes_to_end: int,
    extra: list[Step] | None = None,
    first: list[Step] | None = None,
) -> tuple[list[Step], list[Step]]:
    """Steps to cross every serving in ``crossed`` (dishes top to bottom, unlocking with
    Recipe Books first where a lock is in the way), with ``first`` before them and ``extra``
    after, and the final batch: one closing serving of each completed group beyond
    ``dishes_to_end - 1``, so that the game ends exactly when they are all crossed."""
    done = completed_groups(sheet, crossed)
    closing_groups = done[: max(0, len(done) - (dishes_to_end - 1))]
    closing: dict[int, int] = {}
    for group in closing_groups:
        # a dish closes with its last serving; a platter with its cheapest
        members = [i for i in group.servings if crossed >> i & 1]
        last = members[-1] if group.is_dish else min(
            members, key=lambda i: len(sheet.servings[i].needs)
        )
        closing[group.index] = last
    steps = list(first or [])
    for group in sheet.groups:
        chosen = [i for i in group.servings if crossed >> i & 1]
        if not chosen:
            continue
        if group.locked_from >= 0 and any(
            group.servings.index(i) >= group.locked_from for i in chosen
        ):
            steps.append(Step("unlock", group.gid))
        for index in chosen:
            if closing.get(group.index) != index:
                steps.append(Step("cook", sheet.servings[index].sid))
    steps.extend(extra or [])
    final = [Step("cook", sheet.servings[i].sid) for i in closing.values()]
    return steps, final


def pools_text(pools: Iterable[int]) -> str:
    return "+".join(POOLS[p] for p in pools)
