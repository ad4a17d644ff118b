"""Which cards a Wok on Fire player may pick up now, and why not: the pick rules of the
engine (:class:`~wokphysics.games.wok_on_fire.engine.WokOnFireGame`) read on the table.

:class:`PickRules` applies the viability rules (:mod:`~.viability`) to what the table shows
(its visibility), the pick kind's limits (a Chili pick takes no Chili Pepper, a viable Green
Pepper goes first, every viable Chicken is one pick) and checks a named list of picks, with
the reason a person can act on when it is refused. What it reads is cached per visibility
dict: the table makes a new one whenever a card moves or is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from wokphysics.config.wok_on_fire import WokOnFireRules
from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.viability import claim_refusal, refusal_reason
from wokphysics.table.cards import Card
from wokphysics.table.visibility import Visibility
from wokphysics.table.world import Table


class PickKind(Enum):
    """Which pick the player is naming."""

    NORMAL = "normal"
    PEPPER_BONUS = "pepper_bonus"
    GARLIC_GIFT = "garlic_gift"
    CHILI = "chili"


@dataclass(frozen=True)
class Pick:
    """One named pick: a card id, or a blind claim that the card is a Chicken."""

    card_id: int
    blind_chicken: bool = False


@dataclass(frozen=True)
class LegalPicks:
    """The choices of the current pick step (see the engine doc)."""

    viable: tuple[int, ...]
    all_viable: tuple[int, ...]
    blind: tuple[int, ...]
    min_picks: int
    max_picks: int


class PickRules:
    """The pick rules on ``table`` for cards of these ``ingredients`` (by card id) under
    ``rules``."""

    def __init__(self, table: Table, ingredients: Sequence[Ingredient],
                 rules: WokOnFireRules) -> None:
        self.table = table
        self.ingredients = ingredients
        self.rules = rules
        self._legal_cache: tuple[dict[int, Visibility], PickKind, LegalPicks] | None = None
        # Viable and blind-claimable ids, for the visibility dict they were computed from.
        self._viable_cache: tuple[dict[int, Visibility], list[int], list[int]] | None = None

    def why_not(self, card_id: int) -> str | None:
        """Why card ``card_id`` may not be picked up, in words for a player; None if viable."""
        card = self.table.card(card_id)
        seen = self.table.visibility().get(card_id)
        return refusal_reason(card, seen, self.ingredients[card_id], self.rules)

    def viability(self) -> tuple[list[int], list[int]]:
        """(viable ids, blind-claimable ids), recomputed only when the table changed."""
        visible = self.table.visibility()
        cached = self._viable_cache
        if cached is not None and cached[0] is visible:
            return cached[1], cached[2]
        rules = self.rules
        cards = self.table.visibility_cards()
        viable = [
            i
            for i, seen in visible.items()
            if refusal_reason(cards[i], seen, self.ingredients[i], rules) is None
        ]
        blind = [i for i, seen in visible.items() if claim_refusal(cards[i], seen, rules) is None]
        self._viable_cache = (visible, viable, blind)
        return viable, blind

    def eligible(self, kind: PickKind | None) -> list[int]:
        """Viable cards that this pick kind may take at all (a Chili pick: no Chili)."""
        viable = list(self.viability()[0])
        if kind is PickKind.CHILI:
            viable = [i for i in viable if self.ingredients[i] is not Ingredient.CHILI_PEPPER]
        return viable

    def blind_candidates(self) -> list[int]:
        """Cards a blind Chicken claim may name."""
        return list(self.viability()[1])

    def units(self, cards: Sequence[int]) -> int:
        """Picks that ``cards`` can fill: every viable Chicken together is one pick."""
        chickens = sum(1 for i in cards if self.ingredients[i] is Ingredient.CHICKEN)
        return len(cards) - chickens + (1 if chickens else 0)

    def max_picks(self, kind: PickKind) -> int:
        return self.rules.picks_per_turn if kind is PickKind.NORMAL else 1

    def legal(self, kind: PickKind) -> LegalPicks:
        """The choices of a pick step of this kind."""
        visible = self.table.visibility()
        cached = self._legal_cache
        # The table makes a new visibility dict whenever a card moves or is taken.
        if cached is not None and cached[0] is visible and cached[1] is kind:
            return cached[2]
        eligible = self.eligible(kind)
        peppers = [i for i in eligible if self.ingredients[i] is Ingredient.GREEN_PEPPER]
        most = self.max_picks(kind)
        legal = LegalPicks(
            viable=tuple(peppers or eligible),
            all_viable=tuple(eligible),
            blind=tuple(self.blind_candidates()),
            min_picks=min(most, self.units(eligible)),
            max_picks=most,
        )
        self._legal_cache = (visible, kind, legal)
        return legal

    def takes(self, plan: Sequence[Pick]) -> list[tuple[int, ...] | None]:
        """What each pick of a checked ``plan`` takes, in order, read before any card moves:
        its card, or with a Chicken every viable Chicken not yet taken (one pick takes the
        flock); ``()`` when an earlier pick of the plan took the card already; None for a
        blind claim on a card that is not a Chicken (the claim fails)."""
        chickens = [i for i in self.viability()[0] if self.ingredients[i] is Ingredient.CHICKEN]
        gone: set[int] = set()
        takes: list[tuple[int, ...] | None] = []
        for pick in plan:
            ingredient = self.ingredients[pick.card_id]
            if pick.card_id in gone:
                takes.append(())
            elif pick.blind_chicken and ingredient is not Ingredient.CHICKEN:
                takes.append(None)
            else:
                ids = (sorted({pick.card_id, *chickens} - gone)
                       if ingredient is Ingredient.CHICKEN else [pick.card_id])
                gone.update(ids)
                takes.append(tuple(ids))
        return takes

    def plan(self, picks: list[Pick], kind: PickKind) -> list[Pick]:
        """``picks`` if a pick step of this kind accepts them; else IllegalAction saying
        why."""
        legal = self.legal(kind)
        if len(picks) > legal.max_picks:
            raise IllegalAction(
                f"name at most {legal.max_picks} card{'s' if legal.max_picks > 1 else ''} "
                f"for this pick, not {len(picks)}"
            )
        if len(picks) < legal.min_picks:
            raise IllegalAction(
                f"name {legal.min_picks} card{'s' if legal.min_picks > 1 else ''} "
                f"({legal.min_picks} viable to pick), not {len(picks)}"
            )
        visible = self.table.visibility()
        peppers_left = {
            i for i in legal.all_viable if self.ingredients[i] is Ingredient.GREEN_PEPPER
        }
        named: set[int] = set()
        chicken_named: int | None = None
        for pick in picks:
            card_id = pick.card_id
            if (
                not isinstance(card_id, int)
                or isinstance(card_id, bool)
                or not 0 <= card_id < len(self.ingredients)
            ):
                raise IllegalAction(f"there is no card {card_id!r}")
            if card_id in named:
                raise IllegalAction(f"card {card_id} is named twice")
            card = self.table.card(card_id)
            seen = visible.get(card_id)
            if pick.blind_chicken:
                self._check_claim(card, seen)
                if peppers_left:
                    raise IllegalAction("a Green Pepper is viable and must be picked first")
            else:
                reason = refusal_reason(card, seen, self.ingredients[card_id], self.rules)
                if reason is not None:
                    raise IllegalAction(reason)
                ingredient = self.ingredients[card_id]
                if kind is PickKind.CHILI and ingredient is Ingredient.CHILI_PEPPER:
                    raise IllegalAction(
                        "the pick paid with a Chili Pepper may not be a Chili Pepper"
                    )
                if peppers_left and ingredient is not Ingredient.GREEN_PEPPER:
                    raise IllegalAction("a Green Pepper is viable and must be picked first")
                if ingredient is Ingredient.CHICKEN:
                    if chicken_named is not None:
                        raise IllegalAction(
                            f"card {card_id} is a Chicken: every viable Chicken comes "
                            f"with card {chicken_named} as one pick"
                        )
                    chicken_named = card_id
                peppers_left.discard(card_id)
            named.add(card_id)
        return picks

    def _check_claim(self, card: Card, seen: Visibility | None) -> None:
        reason = claim_refusal(card, seen, self.rules)
        if reason is not None:
            raise IllegalAction(reason)


def as_picks(picks: Sequence[Pick | int]) -> list[Pick]:
    """A pick's argument as Picks: a card id, a Pick, or a list of them."""
    if isinstance(picks, (int, Pick)):
        picks = [picks]
    result = []
    for pick in picks:
        if isinstance(pick, Pick):
            result.append(pick)
        elif isinstance(pick, int) and not isinstance(pick, bool):
            result.append(Pick(pick))
        else:
            raise IllegalAction(f"a pick is a card id or a Pick, not {pick!r}")
    return result
