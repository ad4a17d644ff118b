"""Which cards on the table may be picked up: the rules on top of the table's geometry.

The physics table reports what can be seen of each card lying on it
(:class:`~wokphysics.table.visibility.Visibility`: centre circle, corner dots, crossing the
wok's edge, centre outside it). These rules (``rules-decisions.md``, "Wok on Fire") decide:

- **viable**: face up, part of the centre circle visible (any uncovered area, see
  ``visibility.circle_min_area_mm2``), at least one corner dot visible, and lying in the wok:
  neither out of the wok (its centre outside the wok's edge) nor falling out (its outline
  across the edge). The one exception is a Green Pepper still on the table
  (``rules.green_pepper_viable_falling_out``): the rulebook takes Green Peppers "even if they
  have fallen out of the wok";
- **blind claim**: face up, centre circle hidden, a corner dot visible, lying in the wok (no
  exception: a blind claim does not name the card).

A card on the floor (off the table) or in a pile has no visibility and is neither.
"""

from __future__ import annotations

from wokphysics.config.wok_on_fire import WokOnFireRules
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.table.cards import Card
from wokphysics.table.visibility import Visibility


def _edge_problem(
    card: Card, seen: Visibility, ingredient: Ingredient | None, rules: WokOnFireRules
) -> str | None:
    """Why ``card`` does not count as lying in the wok, or None. ``ingredient`` is None when
    the player does not name it (a blind claim), so the Green Pepper exception cannot apply."""
    if not seen.outside and not seen.falling_out:
        return None
    if ingredient is Ingredient.GREEN_PEPPER and rules.green_pepper_viable_falling_out:
        return None
    if seen.outside:
        return f"card {card.id} is out of the wok"
    return f"card {card.id} is falling out of the wok"


def refusal_reason(
    card: Card, seen: Visibility | None, ingredient: Ingredient, rules: WokOnFireRules
) -> str | None:
    """Why ``card`` (of type ``ingredient``) may not be picked up, in words for a player; None
    if it is viable."""
    if card.location != "wok" or seen is None:
        return f"card {card.id} is not lying in the wok"
    edge = _edge_problem(card, seen, ingredient, rules)
    if edge is not None and seen.outside:
        return edge  # out of the wok: that is the reason, whatever shows of it
    if not card.face_up:
        return f"card {card.id} is face down"
    if not seen.circle_visible:
        return f"the centre circle of card {card.id} is covered"
    if not seen.any_corner_visible:
        return f"every corner of card {card.id} is covered"
    return edge


def claim_refusal(card: Card, seen: Visibility | None, rules: WokOnFireRules) -> str | None:
    """Why ``card`` may not be claimed blind as a Chicken, or None if it may."""
    if not rules.blind_chicken_claim:
        return "blind Chicken claims are switched off (rules.blind_chicken_claim)"
    if card.location != "wok" or seen is None:
        return f"card {card.id} is not lying in the wok"
    edge = _edge_problem(card, seen, None, rules)
    if edge is not None and seen.outside:
        return edge
    if not card.face_up:
        return f"card {card.id} is face down: only a face-up card may be claimed"
    if seen.circle_visible:
        return (
            f"the centre circle of card {card.id} is visible: name it, "
            "a blind claim is for a hidden centre circle"
        )
    if not seen.any_corner_visible:
        return f"every corner of card {card.id} is covered"
    return edge
