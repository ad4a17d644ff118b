"""Where the cards of a chop came to rest, in players' words (no pygame).

A chopped card lands in the wok, outside it on the table (on one seat's side; over a
player's collected cards, which lie by their player aid), or on the floor. The words name a
card as players see it: a face-up card by its ingredient, a face-down one only as face down.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from wokphysics.config.table import TableConfig
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.table.cards import Card
from wokphysics.ui.view import PILE_FAN_MM, PILE_SCALE, pile_spots, towards_player

OVER_PILE_MM = 10.0
"""A card whose centre lies within this of a collected card's outline lies over the pile."""


def grouped(counts: Counter[Ingredient]) -> list[tuple[Ingredient, int]]:
    """Collected types grouped by category, in glossary order (the order of the pile groups
    by each player aid)."""
    return [(i, counts[i]) for i in Ingredient if counts[i]]


@dataclass(frozen=True)
class Landing:
    """Where one card lies: ``place`` "wok", "outside" (on the table, its centre beyond the
    wok's edge) or "floor"; ``side``: the seat on whose side of the wok an outside card lies;
    ``on_pile``: it lies over that seat's collected cards."""

    place: Literal["wok", "outside", "floor"]
    side: int | None = None
    on_pile: bool = False


def side_of(cfg: TableConfig, x: float, y: float) -> int:
    """The seat on whose side of the wok table point (x, y) mm lies (seat 0 at -y, 1 at -x,
    2 at +y, 3 at +x): the side whose edge it is furthest beyond."""
    beyond_x = abs(x) - cfg.wok.width_mm / 2.0
    beyond_y = abs(y) - cfg.wok.depth_mm / 2.0
    if beyond_y >= beyond_x:
        return 0 if y < 0 else 2
    return 1 if x < 0 else 3


def over_pile(cfg: TableConfig, seat: int, counts: Sequence[int], x: float, y: float) -> bool:
    """Table point (x, y) mm lies over one of ``seat``'s collected cards: groups of
    ``counts`` cards, drawn where :func:`~wokphysics.ui.view.pile_spots` puts them."""
    half_w = cfg.card.width_mm * PILE_SCALE / 2.0 + OVER_PILE_MM
    half_l = cfg.card.length_mm * PILE_SCALE / 2.0 + OVER_PILE_MM
    fx, fy = towards_player(seat)
    for (px, py, angle), count in zip(pile_spots(cfg, seat, len(counts)), counts, strict=True):
        c, s = math.cos(angle), math.sin(angle)
        for k in range(count):
            dx = x - (px + fx * PILE_FAN_MM * k)
            dy = y - (py + fy * PILE_FAN_MM * k)
            if abs(c * dx + s * dy) <= half_w and abs(-s * dx + c * dy) <= half_l:
                return True
    return False


def landing(cfg: TableConfig, card: Card, piles: Mapping[int, Sequence[int]]) -> Landing:
    """Where ``card`` lies now; ``piles``: each seat's collected groups' card counts."""
    if card.location == "floor":
        return Landing("floor")
    if abs(card.x) <= cfg.wok.width_mm / 2.0 and abs(card.y) <= cfg.wok.depth_mm / 2.0:
        return Landing("wok")
    side = side_of(cfg, card.x, card.y)
    counts = piles.get(side, ())
    return Landing("outside", side, bool(counts) and over_pile(cfg, side, counts, card.x, card.y))


def where_words(spot: Landing, names: Mapping[int, str]) -> str:
    """A landing in words; ``names``: the player's name at each seat ("You", "Bot 2 (weak)").
    "in the wok", "on the floor", "outside the wok, on your collected cards", "outside the
    wok, on Bot 2 (weak)'s side", "outside the wok, on an empty side"."""
    if spot.place == "wok":
        return "in the wok"
    if spot.place == "floor":
        return "on the floor"
    name = names.get(spot.side) if spot.side is not None else None
    if name is None:
        return "outside the wok, on an empty side of the table"
    whose = "your" if name == "You" else f"{name}'s"
    if spot.on_pile:
        return f"outside the wok, on {whose} collected cards"
    return f"outside the wok, on {whose} side"


def faces_words(cards: Sequence[Card], ingredient: Mapping[int, Ingredient]) -> str:
    """The cards as players see them: face-up ones by ingredient, the others counted as face
    down ("Onion, 2 face down")."""
    shown = [ingredient[c.id].value for c in cards if c.face_up]
    down = sum(1 for c in cards if not c.face_up)
    if down:
        shown.append("face down" if down == 1 else f"{down} face down")
    return ", ".join(shown)


def chop_words(cfg: TableConfig, cards: Sequence[Card], piles: Mapping[int, Sequence[int]],
               names: Mapping[int, str], ingredient: Mapping[int, Ingredient]
               ) -> tuple[str, int]:
    """Where the chopped ``cards`` (as they lie now) landed, grouped by place, the wok first:
    "both in the wok (Onion, face down)", "1 in the wok (face down); 1 outside the wok, on
    your collected cards (Onion)"; and how many are not in the wok."""
    places: dict[str, list[Card]] = {}
    for card in cards:
        places.setdefault(where_words(landing(cfg, card, piles), names), []).append(card)
    order = sorted(places, key=lambda where: (where != "in the wok", where == "on the floor"))
    total = len(cards)
    parts = []
    for where in order:
        group = places[where]
        n = len(group)
        count = ("both" if n == total == 2 else f"all {n}" if n == total > 2 else str(n))
        parts.append(f"{count} {where} ({faces_words(group, ingredient)})")
    out = sum(len(places[where]) for where in places if where != "in the wok")
    return "; ".join(parts), out
