"""A card's snapshot is given again while nothing in it changed (Table._view): the snapshots
the table hands out are always those it would make afresh, to the bit, at every moment of a
live stroke, after stirs, chops, takes and placements. So is a parked card's pose and motion
kept as it parked (LiveCard.rest): its body's, to the bit, at every one of those moments."""

from __future__ import annotations

import struct

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_helpers import CHOP, dealt_table

from wokphysics import Gesture, Table
from wokphysics.table.geometry import polygon_of


def _assert_fresh(table: Table) -> None:
    for live in table._cards:  # the private cache under test: a parked card's kept values
        if live.parked:
            body = live.body
            read = (*body.position, body.angle, *body.velocity, body.angular_velocity)
            assert live.rest is not None
            assert struct.pack("<6d", *live.rest) == struct.pack("<6d", *read), live.id
            if live.rest_outline is not None:  # the kept outline is the one made afresh
                fresh = polygon_of(table._corners(live))
                assert live.rest_outline.equals_exact(fresh, 0.0), live.id
        else:
            assert live.rest is None and live.rest_outline is None, live.id
    handed = [repr(card) for card in table.cards]
    for live in table._cards:  # the private cache under test: forget every kept snapshot
        live.snapshot = None
    assert handed == [repr(card) for card in table.cards]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    start=st.tuples(st.floats(-250.0, 250.0), st.floats(-250.0, 250.0)),
    moves=st.lists(st.tuples(st.floats(-40.0, 40.0), st.floats(-40.0, 40.0)), min_size=1,
                   max_size=25),
    take=st.integers(0, 49),
)
def test_every_snapshot_handed_out_is_the_fresh_one(
    seed: int, start: tuple[float, float], moves: list[tuple[float, float]], take: int
) -> None:
    table = dealt_table(seed % 1000)
    _assert_fresh(table)
    x, y = start
    stroke = table.begin_stroke(x, y)
    for dx, dy in moves:
        x, y = x + dx, y + dy
        stroke.move_to(x, y)
        _assert_fresh(table)
    run = stroke.begin_release()
    while not run.done:
        run.advance()
        _assert_fresh(table)
    table.chop(Gesture([(0.0, 0.0, -400.0), (0.1, 20.0, -300.0)]), seed % 4, count=CHOP)
    _assert_fresh(table)
    lying = [card.id for card in table.wok_cards()]
    if lying:
        table.take(lying[take % len(lying)], "player", owner=0)
        _assert_fresh(table)
        card = table.card(lying[0])
        table.place(card.id, 0.0, 0.0, 1.0, not card.face_up)
        _assert_fresh(table)


def test_a_stir_gives_the_same_snapshots_as_before() -> None:
    table = dealt_table(5)
    table.stir(Gesture([(0.0, -100.0, -200.0), (0.2, -100.0, 0.0), (0.25, -100.0, 60.0)]))
    _assert_fresh(table)
