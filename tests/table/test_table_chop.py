"""Chopping supply cards into the wok (issue: chop)."""

from __future__ import annotations

import math

from table_helpers import CFG, CHOP, SUPPLY, dealt_table

from wokphysics import Gesture


def _throw(speed: float, seat_y: float = -360.0, duration: float = 0.1) -> Gesture:
    return Gesture([(0.0, 0.0, seat_y - speed * duration), (duration, 0.0, seat_y)])


def test_chop_throws_the_two_top_supply_cards_into_the_wok() -> None:
    table = dealt_table(4)
    top_two = table.supply[:2]
    report = table.chop(_throw(1000.0), seat=0, count=CHOP)
    assert sorted(report.launched) == sorted(top_two)
    assert len(table.supply) == SUPPLY - 2
    for card_id in top_two:
        card = table.card(card_id)
        assert card.location == "wok" and not card.airborne
        assert abs(card.x) < CFG.wok.width_mm / 2 and abs(card.y) < CFG.wok.depth_mm / 2


def test_release_speed_sets_how_far_the_cards_fly() -> None:
    distances = {}
    for speed in (400.0, 1000.0, 1600.0):
        table = dealt_table(9)
        report = table.chop(_throw(speed), seat=0, count=CHOP)
        distances[speed] = sum(table.card(i).y for i in report.launched) / len(report.launched)
    assert distances[400.0] < distances[1000.0] < distances[1600.0]


def test_chop_throws_fewer_when_the_supply_runs_low() -> None:
    table = dealt_table(5)
    while len(table.supply) > 1:
        table.take(table.supply[0], "discard")
    last = table.supply[0]
    report = table.chop(_throw(1000.0), seat=0, count=CHOP)
    assert report.launched == (last,)
    assert table.supply == []
    assert table.chop(_throw(1000.0), seat=0, count=CHOP).launched == ()


def test_cards_out_of_the_wok_are_thrown_back_in() -> None:
    table = dealt_table(6)
    outside = table.wok_cards()[0].id
    table.place(outside, CFG.wok.width_mm / 2 + 120.0, 0.0, 0.0, False)
    assert outside in table.out_of_wok()
    report = table.chop(_throw(1000.0), seat=0, count=CHOP)
    assert outside in report.launched
    assert len(report.launched) == 3


def test_a_wild_throw_can_land_outside_the_wok() -> None:
    table = dealt_table(8)
    report = table.chop(_throw(3500.0), seat=0, count=CHOP)
    landed = [table.card(i) for i in report.launched]
    assert all(c.location == "floor" or c.y > CFG.wok.depth_mm / 2 for c in landed)
    assert set(report.launched) <= set(table.out_of_wok())


def test_chopped_cards_occasionally_flip_and_always_land_flat() -> None:
    flipped = 0
    for seed in range(30):
        table = dealt_table(seed)
        report = table.chop(_throw(1000.0), seat=0, count=CHOP)
        flipped += len(report.flipped)
        for card_id in report.launched:
            card = table.card(card_id)
            assert not card.airborne and math.isfinite(card.x) and math.isfinite(card.y)
    assert 0 < flipped < 30  # some, but far from all 60 thrown cards


def test_each_seat_throws_from_its_own_edge() -> None:
    for seat in range(4):
        table = dealt_table(2)
        hx, hy, facing = table.seat_hand(seat)
        speed = 900.0
        vx, vy = speed * math.cos(facing), speed * math.sin(facing)
        gesture = Gesture([(0.0, hx - vx * 0.1, hy - vy * 0.1), (0.1, hx, hy)])
        report = table.chop(gesture, seat=seat, count=CHOP)
        for card_id in report.launched:
            card = table.card(card_id)
            assert math.hypot(card.x, card.y) < math.hypot(hx, hy)
