"""The hover label: what a player at the table could read of a card, and nothing more.

A face-up card whose centre circle can be seen is named. One whose circle is hidden shows only
the colour of its visible corner dots (the ingredient's category), so a blind Chicken claim
stays blind. A face-down card gets no label (its back is all there is). No pygame here.
"""

from __future__ import annotations

from wokphysics.games.wok_on_fire.ingredients import Category, Ingredient
from wokphysics.table.cards import Card
from wokphysics.table.visibility import Visibility

DOT_COLOUR_NAMES: dict[Category, str] = {
    Category.MEAT: "red",
    Category.VEGETABLE: "green",
    Category.CONDIMENT: "orange",
    Category.STARCH: "blue",
}
"""The corner dots' colour in words, by category (the art's ``CATEGORY_COLORS``)."""


def hover_text(
    card: Card, seen: Visibility | None, ingredient: Ingredient, category: Category
) -> str | None:
    """The label for ``card`` under the pointer, or None when there is nothing to say.
    ``category`` is the ingredient's category in the game's config (its dots' colour)."""
    if card.location != "wok" or card.airborne:
        return None
    if not card.face_up:
        return None  # its back is all there is to read
    if seen is None:
        return None
    if seen.circle_visible:
        return ingredient.value
    dots = sum(seen.corners_visible)
    if dots == 0:
        return "centre circle and corner dots hidden"
    colour = DOT_COLOUR_NAMES[category]
    return (f"{dots} {colour} corner dot{'s' if dots > 1 else ''} "
            f"({category.value}); centre circle hidden")
