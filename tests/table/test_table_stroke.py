"""The live spatula: a stroke driven one physics step at a time, released as a flick."""

from __future__ import annotations

import math

import pytest
from table_helpers import CFG, CHOP, dealt_table, lone_card_table, new_table

from wokphysics import Gesture
from wokphysics.table.gesture import GestureError
from wokphysics.table.world import Table, TableError

DT = CFG.physics.dt_s


def _drag(table: Table, start: tuple[float, float], end: tuple[float, float], steps: int):
    """A straight live stroke from ``start`` to ``end`` in ``steps`` physics steps."""
    stroke = table.begin_stroke(*start)
    for k in range(1, steps + 1):
        share = k / steps
        stroke.move_to(
            start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share
        )
    return stroke


def test_each_move_is_exactly_one_physics_step_and_is_recorded() -> None:
    table = dealt_table(3)
    stroke = table.begin_stroke(0.0, -250.0)
    before = table.steps
    for k in range(1, 11):
        stroke.move_to(0.0, -250.0 + 5.0 * k)
        assert table.steps == before + k
    samples = stroke.gesture.samples
    assert len(samples) == 11
    assert [t for t, _, _ in samples] == [k * DT for k in range(11)]
    assert samples[-1][1:] == (0.0, -200.0)
    stroke.release()


def test_a_live_stroke_is_replayed_bit_for_bit_by_stir_of_its_gesture() -> None:
    live = dealt_table(7)
    target = min(live.wok_cards(), key=lambda c: math.hypot(c.x, c.y))
    # A hand that wanders, speeds up and flicks: nothing a fixed gesture planned.
    stroke = live.begin_stroke(target.x - 30.0, target.y - 160.0)
    for k in range(1, 40):
        speed = 400.0 + 60.0 * k
        _, x, y = stroke.gesture.samples[-1]
        stroke.move_to(x + 3.0 * math.sin(k / 4.0), y + speed * DT)
    live_report = stroke.release()
    replay = dealt_table(7)
    replay_report = replay.stir(stroke.gesture)
    assert replay.state_hash() == live.state_hash()
    assert replay_report == live_report


def test_stir_runs_through_the_stroke_on_its_per_step_path() -> None:
    gesture = Gesture([(0.0, -40.0, -200.0), (0.137, 10.0, -90.0), (0.2, 30.0, 40.0)])
    first, second = dealt_table(11), dealt_table(11)
    first.stir(gesture)
    path = second.stroke_gesture(gesture)
    assert path.samples[0] == (0.0, -40.0, -200.0)
    assert path.samples[-1][1:] == (30.0, 40.0)
    times = [t for t, _, _ in path.samples]
    assert all(math.isclose(b - a, DT) for a, b in zip(times, times[1:], strict=False))
    second.stir(path)
    assert first.state_hash() == second.state_hash()
    assert second.stroke_gesture(path) == path


def test_cards_move_while_the_blade_carries_them_not_after_release() -> None:
    table = lone_card_table(1)
    edge = -CFG.card.length_mm / 2.0
    # A slow drag (0.3 m/s): the blade slides under the card's edge and, once it bears
    # enough of the card, carries it along as it moves.
    start, end = (0.0, edge - 30.0), (0.0, edge + 120.0)
    steps = round(150.0 / 300.0 / DT)
    stroke = _drag(table, start, end, steps)
    carried = table.card(0)
    assert carried.y > 20.0, "the card moved with the blade during the drag"
    at_release = table.steps
    run = stroke.begin_release()
    # Release flicks and settles from where things are: nothing jumps back to replay the drag.
    assert table.steps == at_release + 1
    assert 0.0 <= table.card(0).y - carried.y < 2.0 * 300.0 * DT
    report = run.finish()
    assert report.steps == table.steps == steps + (table.steps - at_release)
    assert table.card(0).y >= carried.y
    assert report.flipped == ()


@pytest.mark.parametrize("speed", [60.0, 300.0, 1000.0, 3000.0])
def test_the_blade_slides_under_a_card_edge_at_any_speed(speed: float) -> None:
    table = lone_card_table(2)
    edge = -CFG.card.length_mm / 2.0
    hop = speed * DT
    steps = max(4, math.ceil(12.0 / hop))
    stroke = _drag(table, (0.0, edge + 8.0 - steps * hop), (0.0, edge + 8.0), steps)
    card = table.card(0)
    assert card.on_blade and stroke.on_blade == [0]
    assert math.hypot(card.x, card.y) < 1.0, "the card rode onto the blade, not shoved"
    assert stroke.depths()[0] == pytest.approx(8.0, abs=1e-6)
    stroke.release()


def test_a_card_met_by_the_blades_side_is_pushed_not_slid_under() -> None:
    table = lone_card_table(2)
    half_blade = CFG.spatula.blade_width_mm / 2.0
    # The blade travels along +y beside the card, then turns across it: its side sweeps
    # into the card's long edge.
    x0 = CFG.card.width_mm / 2.0 + half_blade + 2.0
    stroke = _drag(table, (x0, -150.0), (x0, -20.0), 26)
    for k in range(1, 31):
        stroke.move_to(x0 - 2.0 * k, -20.0 + 3.0 * k)
    card = table.card(0)
    assert not card.on_blade and stroke.on_blade == []
    assert card.x < -5.0, "the blade's side shoved the card aside"
    stroke.release()


def test_a_release_without_moving_changes_nothing() -> None:
    table = dealt_table(4)
    before = table.state_hash()
    report = table.begin_stroke(0.0, 0.0).release()
    assert report.moved == () and report.launched == () and report.steps == 0
    assert table.state_hash() == before


def test_impossible_moves_are_refused_before_anything_changes() -> None:
    table = dealt_table(5)
    stroke = table.begin_stroke(0.0, -200.0)
    steps, digest = table.steps, table.state_hash()
    too_far = CFG.spatula.max_speed_mm_s * DT * 1.5
    with pytest.raises(GestureError, match="faster than a hand"):
        stroke.move_to(0.0, -200.0 + too_far)
    with pytest.raises(GestureError, match="not finite"):
        stroke.move_to(math.nan, 0.0)
    assert table.steps == steps and table.state_hash() == digest
    with pytest.raises(TableError, match="stroke is in progress"):
        table.begin_stroke(0.0, 0.0)
    with pytest.raises(TableError, match="stroke is in progress"):
        table.chop(Gesture([(0.0, 0.0, -400.0), (0.1, 0.0, -300.0)]), count=CHOP)
    stroke.release()
    with pytest.raises(GestureError, match="released"):
        stroke.move_to(0.0, -190.0)
    with pytest.raises(GestureError, match="released"):
        stroke.release()
    table.begin_stroke(0.0, 0.0).release()  # the table takes a new stroke


def test_the_blade_lies_across_its_motion() -> None:
    table = new_table(1)
    stroke = _drag(table, (0.0, 0.0), (30.0, 30.0), 6)
    _, _, angle = stroke.blade
    # Moving along +x+y, the blade lies along -x+y (or +x-y: it is symmetric).
    assert math.isclose(abs(math.cos(angle - 3 * math.pi / 4)), 1.0, abs_tol=1e-9)
    stroke.release()


def test_a_slow_drag_by_a_mouse_carries_the_card_with_the_blade_not_kicked_away() -> None:
    # A real pointer moves in whole pixels (about 1.1 mm at 1280x800): over a few steps of a
    # slow diagonal drag its direction jumps by tens of degrees. The blade must not swing
    # with it (its ends would strike the card at metres a second and kick it away).
    heading = math.radians(137.0)
    ux, uy = math.cos(heading), math.sin(heading)
    table = lone_card_table(1, angle=math.atan2(-ux, uy))  # met lengthwise
    pixel, speed, approach = 1.135, 120.0, 30.0
    start = -CFG.card.length_mm / 2.0 - approach

    def on_pixel(value: float) -> float:
        return round(value / pixel) * pixel

    stroke = table.begin_stroke(start * ux, start * uy)
    turns, depths = [], []
    for k in range(1, round(1.0 / DT) + 1):
        before = stroke.blade[2]
        along = start + speed * k * DT
        stroke.move_to(on_pixel(along * ux), on_pixel(along * uy))
        turns.append(abs(math.remainder(stroke.blade[2] - before, math.pi)) / DT)
        depths.append(stroke.depths().get(0, 0.0))
    held = table.card(0)
    stroke.release()
    rested = table.card(0)
    # The blade slides under the card until it bears enough of it for its friction to beat
    # the table's (a lever: the blade's edge and the card's far edge hold it up: at least
    # ``half (1 - mu_blade / mu_table)`` under), and at most a little past the card's centre
    # (where it bears all of it), then carries it: the depth stops growing, and the card
    # moves the rest of the 90 mm the blade travels past its edge.
    half = CFG.card.length_mm / 2.0
    least = half * (1.0 - CFG.spatula.blade_friction / CFG.physics.friction)
    depth = depths[-1]
    assert least <= depth <= half + 5.0, depth
    # Carried for the last 0.3 s: sliding on, the blade would have gone 36 mm deeper (the
    # depth, taken along the blade's facing, wobbles with the pixel steps).
    assert max(depths[-36:]) - min(depths[-36:]) < 6.0, "carried for the last 0.3 s"
    travel = speed * 1.0 - approach
    assert math.hypot(held.x, held.y) == pytest.approx(travel - depth, abs=3.0)
    assert math.hypot(rested.x - held.x, rested.y - held.y) < 5.0
    assert not rested.face_up
    # Once down (its first move sets it), its ends never sweep faster than twice the hand.
    assert max(turns[1:]) * CFG.spatula.blade_width_mm / 2.0 < 2.0 * speed


def test_a_stroke_held_to_its_time_limit_still_replays() -> None:
    # The live stroke stops taking moves at the same limit stir puts on a gesture, so the
    # longest stroke a hand can make is still a stir a record can replay.
    table = lone_card_table(3)
    stroke = table.begin_stroke(0.0, -300.0)
    moves = 0
    with pytest.raises(GestureError, match="at most 30 s"):
        while True:
            stroke.move_to(100.0 * math.sin(moves / 50.0), -300.0)
            moves += 1
    assert moves == round(30.0 / DT)
    stroke.release()
    replay = lone_card_table(3)
    replay.stir(stroke.gesture)
    assert replay.state_hash() == table.state_hash()
