"""Geometry of visibility on hand-built layouts with known answers (the table reports what can
be seen; whether a card may be picked up is the game's rule, tested in tests/games)."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import CFG, DECK, dealt_table, new_table

from wokphysics.table.cards import Card
from wokphysics.table.geometry import CardShapes
from wokphysics.table.visibility import compute_visibility

WIDTH, LENGTH = CFG.card.width_mm, CFG.card.length_mm
BROCCOLI = DECK.index("broccoli")
PEPPER = DECK.index("green_pepper")
CHICKEN = DECK.index("chicken")
HALF_WOK = CFG.wok.width_mm / 2.0


def test_a_fully_covered_card_shows_nothing() -> None:
    table = new_table(0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    table.place(BROCCOLI, 0.0, 0.0, 0.0, True)
    seen = table.visibility()
    assert seen[CHICKEN].circle_fraction == 0.0 and not seen[CHICKEN].circle_visible
    assert seen[CHICKEN].corners_visible == (False, False, False, False)
    assert seen[BROCCOLI].circle_fraction == 1.0 and seen[BROCCOLI].circle_visible
    assert all(seen[BROCCOLI].corners_visible)


def test_half_the_circle_covered() -> None:
    table = new_table(0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    # The covering card's left edge runs through the chicken's centre.
    table.place(BROCCOLI, WIDTH / 2.0, 0.0, 0.0, False)
    seen = table.visibility()[CHICKEN]
    assert seen.circle_fraction == pytest.approx(0.5, abs=1e-9)
    assert seen.corners_visible == (True, False, False, True)
    assert seen.circle_visible


def test_only_one_corner_dot_free() -> None:
    table = new_table(0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    table.place(BROCCOLI, 0.0, 60.0, 0.0, False)  # covers both top dots, not the circle
    table.place(PEPPER, 50.0, -20.0, 0.0, False)  # covers the bottom-right dot
    seen = table.visibility()[CHICKEN]
    assert seen.circle_fraction == 1.0
    assert seen.corners_visible == (True, False, False, False)
    assert seen.any_corner_visible


def test_a_card_under_a_lower_card_is_not_covered_by_it() -> None:
    table = new_table(0)
    table.place(BROCCOLI, 0.0, 0.0, 0.0, True)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    # Placed later, the chicken lies on top: the broccoli is hidden, not the chicken.
    seen = table.visibility()
    assert seen[CHICKEN].circle_fraction == 1.0 and seen[BROCCOLI].circle_fraction == 0.0
    assert table.card(CHICKEN).layer > table.card(BROCCOLI).layer


def test_a_card_across_the_wok_edge_is_falling_out() -> None:
    table = new_table(0)
    table.place(BROCCOLI, HALF_WOK - 10.0, 0.0, 0.0, True)
    seen = table.visibility()[BROCCOLI]
    assert seen.falling_out and not seen.outside
    assert seen.circle_fraction == 1.0 and all(seen.corners_visible)


def test_a_card_with_its_centre_outside_the_wok() -> None:
    table = new_table(0)
    table.place(BROCCOLI, HALF_WOK + 10.0, 0.0, 0.0, True)
    seen = table.visibility()[BROCCOLI]
    assert seen.falling_out and seen.outside
    assert BROCCOLI in table.out_of_wok()


def test_a_card_wholly_outside_the_wok_is_outside_but_not_falling_out() -> None:
    table = new_table(0)
    table.place(BROCCOLI, 420.0, 0.0, 0.0, True)  # 420 - 31.75 > 305: no part over the wok
    seen = table.visibility()[BROCCOLI]
    assert seen.outside and not seen.falling_out
    assert BROCCOLI in table.out_of_wok()


def test_a_card_wholly_inside_the_wok_is_not_falling_out() -> None:
    table = new_table(0)
    table.place(CHICKEN, 100.0, -100.0, 0.7, True)
    seen = table.visibility()[CHICKEN]
    assert not seen.falling_out and not seen.outside


def _reference(cards: list[Card]) -> dict[int, tuple[float, list[float]]]:
    """Each card's uncovered circle share and corner-dot shares, the plain way: its shapes
    minus the union of every card ranked above it (no candidate search, no rounds)."""
    shapes = CardShapes(CFG)
    order = sorted(cards, key=lambda c: (c.layer, c.stack_order, c.id))
    answer = {}
    for place, card in enumerate(order):
        above = shapely.unary_union([shapes.outline(c.x, c.y, c.angle) for c in order[place + 1:]])
        circle = shapes.circle(card.x, card.y, card.angle)
        dots = shapes.dots(card.x, card.y, card.angle)
        answer[card.id] = (
            circle.difference(above).area / circle.area,
            [dot.difference(above).area / dot.area for dot in dots],
        )
    return answer


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-90.0, 90.0), st.floats(-90.0, 90.0),
                          st.floats(-math.pi, math.pi), st.integers(1, 4)),
                min_size=1, max_size=18))
def test_what_shows_is_each_card_minus_the_cards_above_it(
    layout: list[tuple[float, float, float, int]],
) -> None:
    cards = [Card(id=k, ingredient="rice", face_up=True, x=x, y=y, angle=angle, layer=layer,
                  stack_order=k, location="wok") for k, (x, y, angle, layer) in enumerate(layout)]
    seen = compute_visibility(CFG, cards)
    expected = _reference(cards)
    threshold = CFG.visibility.dot_min_fraction
    for card in cards:
        circle, dots = expected[card.id]
        assert seen[card.id].circle_fraction == pytest.approx(circle, abs=1e-9)
        for shown, share in zip(seen[card.id].corners_visible, dots, strict=True):
            if abs(share - threshold) > 1e-9:  # not on the threshold to rounding
                assert shown == (share >= threshold)


@pytest.mark.parametrize("covers", [3, 10, 14])
def test_a_circle_under_a_ring_of_partial_covers(covers: int) -> None:
    """A card whose centre circle lies under the edges of many cards above it, each covering a
    part of the circle and overlapping its neighbours there: up to 10 covers the hidden area is
    found by inclusion and exclusion, above that by general overlay; both agree with the
    plain answer (the circle less the union of the cards above)."""
    radius = float(math.hypot(*CardShapes(CFG).circle_local[0]))
    cards = [Card(id=0, ingredient="rice", face_up=True, x=0.0, y=0.0, angle=0.0, layer=1,
                  stack_order=0, location="wok")]
    for k in range(covers):
        direction = 2.0 * math.pi * k / covers + 0.1
        # The cover's near long edge passes radius/2 from the circle's centre.
        distance = WIDTH / 2.0 + radius / 2.0
        cards.append(Card(id=k + 1, ingredient="rice", face_up=True,
                          x=distance * math.cos(direction), y=distance * math.sin(direction),
                          angle=direction, layer=2, stack_order=k + 1,
                          location="wok"))
    seen = compute_visibility(CFG, cards)[0]
    circle, _ = _reference(cards)[0]
    assert 0.0 < circle < 1.0
    assert seen.circle_fraction == pytest.approx(circle, abs=1e-9)


def test_the_visibility_cards_are_the_cards_the_visibility_describes() -> None:
    """visibility_cards() is the snapshot the current visibility was computed from: equal to
    the cards as they lie after a stir has settled, renewed when a card is taken, and kept
    (like the visibility) while nothing has changed."""
    from wokphysics.table.gesture import Gesture

    table = dealt_table(3)
    assert table.visibility_cards() == table.cards
    target = table.wok_cards()[0]
    edge = target.y - LENGTH / 2.0 - 2.0
    table.stir(Gesture([(0.0, target.x, edge - 80.0), (0.3, target.x, edge),
                        (0.34, target.x, edge + 55.2)]))
    seen = table.visibility()
    assert table.visibility_cards() == table.cards
    assert table.visibility() is seen
    taken = next(iter(seen))
    table.take(taken, "player", owner=0)
    assert table.visibility_cards() == table.cards
    assert table.visibility_cards()[taken].location == "player"
