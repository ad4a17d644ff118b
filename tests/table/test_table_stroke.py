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


def test_cards_move_while_the_blade_pushes_them_not_after_release() -> None:
    table = lone_card_table(1)
    edge = -CFG.card.length_mm / 2.0
    # A slow push (0.3 m/s): the blade meets the card and pushes it as it moves.
    start, end = (0.0, edge - 30.0), (0.0, edge + 30.0)
    steps = round(60.0 / 300.0 / DT)
    stroke = _drag(table, start, end, steps)
    pushed = table.card(0)
    assert pushed.y > 20.0, "the card moved with the blade during the drag"
    at_release = table.steps
    run = stroke.begin_release()
    # Release flicks and settles from where things are: nothing jumps back to replay the push.
    assert table.steps == at_release + 1
    assert 0.0 <= table.card(0).y - pushed.y < 300.0 * DT + 0.5  # it slides on, one step
    report = run.finish()
    assert report.steps == table.steps == steps + (table.steps - at_release)
    assert table.card(0).y >= pushed.y
    assert report.flipped == ()


def test_a_fast_blade_slides_under_a_card_instead_of_shoving_it() -> None:
    table = lone_card_table(2)
    edge = -CFG.card.length_mm / 2.0
    speed = 2.0 * CFG.spatula.slide_under_speed_mm_s
    steps = 4
    hop = speed * DT
    stroke = _drag(table, (0.0, edge + 10.0 - steps * hop), (0.0, edge + 10.0), steps)
    card = table.card(0)
    assert card.on_blade and 0 in stroke.on_blade
    assert math.hypot(card.x, card.y) < 5.0, "the card stays put on the blade"
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


def test_a_slow_push_by_a_mouse_moves_the_card_with_the_blade_not_kicked_away() -> None:
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
    turns = []
    for k in range(1, round(1.0 / DT) + 1):
        before = stroke.blade[2]
        along = start + speed * k * DT
        stroke.move_to(on_pixel(along * ux), on_pixel(along * uy))
        turns.append(abs(math.remainder(stroke.blade[2] - before, math.pi)) / DT)
    held = table.card(0)
    stroke.release()
    rested = table.card(0)
    # The blade pushes the card the 90 mm it travels past the card's edge, and no further.
    pushed = speed * 1.0 - approach
    assert pushed - 10.0 <= math.hypot(held.x, held.y) <= pushed + 10.0
    assert math.hypot(rested.x - held.x, rested.y - held.y) < 5.0
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
