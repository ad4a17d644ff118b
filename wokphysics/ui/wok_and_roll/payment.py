"""Choosing what pays for a serving, a skill, a bonus or a lock, by clicking (no pygame).

A person clicks a *target* (a serving, a skill's hexagon, an end-game bonus, a lock) and the
window proposes the cheapest way to pay it that the rules allow (dice first); the person may
then click *sources* (a die, a Fridge item or Chef's Hat, a circled row bonus, a Pantry
space, the Recipes) to swap them in or out. The choice is complete when it is exactly one of
the engine's legal actions for the target, which is then taken as it is: nothing here decides
what is legal.

A source offers tokens (``pool * FACE_LANES + face``, see the engine's actions): a die its
face, a fixed Fridge item its face, a Chef's Hat any face a hat may be, a circle its bonus, a
Pantry space its food. An action's tokens are the ingredients it spends (a Recipe Book paying
a skill is the Book's token in its pool). A set of chosen sources fits an action when the
sources can be matched one-to-one to some of its tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import Convert, Cook, Rectangle, Unlock
from wokphysics.games.wok_and_roll.lanes import FACE_LANES
from wokphysics.games.wok_and_roll.sheet import CIRCLE, DIE, FRIDGE, PANTRY, Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_and_roll.tray import DiceTray

RECIPE_TOKEN = -1
"""The Recipes' token: an Unlock paid by crossing off a Recipe spends it (and nothing else)."""


@dataclass(frozen=True)
class Source:
    """Something a person clicks to pay with: ``kind`` die (``index``: the die's position),
    fridge (the Fridge item's number), hat (the hat's number among the unused), circle (the
    row), pantry (``index``: the food, ``slot`` the space), recipe."""

    kind: str
    index: int = 0
    slot: int = 0


@dataclass(frozen=True)
class PaymentTarget:
    """What is being paid for: ``kind`` serving (``key`` its id), convert (the food's code),
    rectangle (its id) or unlock (the dish's id)."""

    kind: str
    key: str


def action_target(action: Action, sheet: Sheet) -> PaymentTarget | None:
    """The target an action pays for (None: not a paid action)."""
    if isinstance(action, Cook):
        return PaymentTarget("serving", action.sid)
    if isinstance(action, Convert):
        return PaymentTarget("convert", sheet.codes[action.food])
    if isinstance(action, Rectangle):
        return PaymentTarget("rectangle", action.rid)
    if isinstance(action, Unlock):
        return PaymentTarget("unlock", action.gid)
    return None


def tokens_of(action: Action, sheet: Sheet) -> list[int]:
    """The ingredients an action spends, as tokens (the Recipes as :data:`RECIPE_TOKEN`)."""
    if isinstance(action, Cook):
        return [token for _, token in action.uses]
    if isinstance(action, Convert | Rectangle | Unlock):
        if isinstance(action, Unlock) and not action.pools:
            return [RECIPE_TOKEN]
        return [pool * FACE_LANES + sheet.book for pool in action.pools]
    return []


def cost(action: Action, sheet: Sheet) -> int:
    """How dear a payment is (the proposal is the cheapest): dice cost nothing (they are gone
    at the end of the turn), circles and Pantry spaces a little, the Fridge more (its items
    score while unused), a Book standing in for a food one more, a Recipe the most (negative
    points)."""
    weights = {DIE: 0, CIRCLE: 1, PANTRY: 1, FRIDGE: 2}
    total = 0
    needs = [need for need, _ in action.uses] if isinstance(action, Cook) else []
    for k, token in enumerate(tokens_of(action, sheet)):
        if token == RECIPE_TOKEN:
            total += 10
            continue
        pool, face = divmod(token, FACE_LANES)
        total += weights[pool]
        if needs and face != needs[k]:
            total += 1
    return total


class Wallet:
    """What ``seat`` can pay with now, as sources: the dice it may use and has not used (by
    position in the tray), the Fridge, the circled row bonuses and the Pantry."""

    def __init__(self, state: WokAndRollState, seat: int, tray: DiceTray) -> None:
        self.state = state
        self.sheet = state.sheet
        self.seat = seat
        self.tray = tray
        sheet = self.sheet
        menu = state.menus[seat]
        self.offers: dict[Source, frozenset[int]] = {}
        usable = state.usable(seat) & ~menu.dice_used if state.phase == "cook" else 0
        for position, engine in enumerate(tray.order):
            if usable >> engine & 1:
                self.offers[Source("die", position)] = frozenset(
                    {DIE * FACE_LANES + state.dice[engine]})
        if sheet.chef_hats:
            hat_tokens = frozenset(FRIDGE * FACE_LANES + face for face in range(len(sheet.codes))
                                   if sheet.hat_faces >> face & 1)
            for hat in range(menu.hats_used, menu.hats):
                self.offers[Source("hat", hat)] = hat_tokens
        else:
            for k, face in enumerate(sheet.fridge):
                if not menu.fridge_used >> k & 1:
                    self.offers[Source("fridge", k)] = frozenset({FRIDGE * FACE_LANES + face})
        for row in sheet.rows:
            if menu.circled >> row.index & 1 and not menu.circle_used >> row.index & 1:
                self.offers[Source("circle", row.index)] = frozenset(
                    {CIRCLE * FACE_LANES + row.bonus})
        for food in range(sheet.foods if sheet.pantry_points else 0):
            for slot in range(menu.pantry_used[food], menu.pantry_circled[food]):
                self.offers[Source("pantry", food, slot)] = frozenset(
                    {PANTRY * FACE_LANES + food})
        if menu.recipes_used < len(sheet.recipes):
            self.offers[Source("recipe")] = frozenset({RECIPE_TOKEN})

    def has(self, source: Source) -> bool:
        return source in self.offers


def _fits(sources: Sequence[frozenset[int]], tokens: Sequence[int]) -> bool:
    """The sources can be matched one-to-one to some of the tokens."""
    if len(sources) > len(tokens):
        return False
    used = [False] * len(tokens)

    def place(i: int) -> bool:
        if i == len(sources):
            return True
        for k, token in enumerate(tokens):
            if not used[k] and token in sources[i]:
                used[k] = True
                if place(i + 1):
                    return True
                used[k] = False
        return False

    return place(0)


@dataclass
class Payment:
    """A target, its legal actions, and the sources chosen so far."""

    target: PaymentTarget
    actions: list[Action]
    chosen: list[Source]

    def fitting(self, wallet: Wallet, chosen: Sequence[Source] | None = None) -> list[Action]:
        """The target's actions the chosen sources fit (cheapest first)."""
        picked = self.chosen if chosen is None else chosen
        offers = [wallet.offers[s] for s in picked if s in wallet.offers]
        if len(offers) != len(picked):
            return []
        found = [a for a in self.actions if _fits(offers, tokens_of(a, wallet.sheet))]
        return sorted(found, key=lambda a: cost(a, wallet.sheet))

    def complete(self, wallet: Wallet) -> Action | None:
        """The legal action the chosen sources pay exactly, or None."""
        for action in self.fitting(wallet):
            if len(tokens_of(action, wallet.sheet)) == len(self.chosen):
                return action
        return None

    def missing(self, wallet: Wallet) -> int:
        """How many more sources the cheapest fitting action needs (0: complete)."""
        fitting = self.fitting(wallet)
        if not fitting:
            return 0
        return min(len(tokens_of(a, wallet.sheet)) for a in fitting) - len(self.chosen)

    def toggle(self, source: Source, wallet: Wallet) -> str | None:
        """Add ``source`` to the choice, or take it out if chosen; when the choice is full,
        the new source replaces one it can stand in for. Returns why it cannot, or None."""
        if source in self.chosen:
            self.chosen.remove(source)
            return None
        if not wallet.has(source):
            return "that is not yours to use now (used already, or not yours this turn)"
        trial = [*self.chosen, source]
        if self.fitting(wallet, trial):
            self.chosen = trial
            return None
        for k in range(len(self.chosen) - 1, -1, -1):  # replace the latest one that works
            swapped = [*self.chosen[:k], *self.chosen[k + 1:], source]
            if self.fitting(wallet, swapped):
                self.chosen = swapped
                return None
        return "it does not pay for this (nothing the rules allow uses it here)"


def propose(target: PaymentTarget, actions: Sequence[Action], wallet: Wallet,
            preferred: Sequence[Source] = ()) -> Payment:
    """The cheapest legal way to pay ``target`` (its actions among ``actions``), as concrete
    sources (``preferred`` ones first, e.g. dice the person just clicked)."""
    mine = [a for a in actions if action_target(a, wallet.sheet) == target]
    payment = Payment(target, mine, [])
    if not mine:
        return payment
    best = min(mine, key=lambda a: cost(a, wallet.sheet))
    free = [s for s in preferred if wallet.has(s)] + [s for s in wallet.offers
                                                       if s not in preferred]
    for token in tokens_of(best, wallet.sheet):
        for source in free:
            if token in wallet.offers[source] and source not in payment.chosen:
                payment.chosen.append(source)
                break
    if payment.complete(wallet) is None:
        # the cheapest action's tokens are offered by distinct sources (each source offers
        # tokens of one pool), so this is complete; if not, the person chooses by hand
        payment.chosen = []
    return payment
