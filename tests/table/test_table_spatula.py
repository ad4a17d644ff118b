"""What a player must see the spatula do: carry slowly, flip with a quick flick under a card."""

from __future__ import annotations

import math
import statistics

from table_helpers import CFG, dealt_table, lone_card_table

from wokphysics import Gesture
from wokphysics.table.strokes import flick_under

SEEDS = range(30)
LENGTH = CFG.card.length_mm
FLICK = 1350.0
"""A flick in the middle of every orientation's flip band (see docs/physics.md), mm/s."""
DEEP = 65.0
"""A catch deep under the card, past its centre: the widest band (docs/physics.md), mm."""


def _flick_stats(
    speed: float, angle: float = 0.0, under: float = DEEP
) -> tuple[float, float, float, float]:
    """Share flipped, mean peak height, mean travel, mean half turns of card 0 over seeds,
    flicked along +y under it, its long axis at ``angle`` to the stroke."""
    flipped, peaks, travels, turns = 0, [], [], []
    for seed in SEEDS:
        table = lone_card_table(seed, angle=angle)
        report = flick_under(table, 0, math.pi / 2, speed, under)
        flipped += 0 in report.flipped
        peaks.append(report.peak_height.get(0, 0.0))
        travels.append(report.travel.get(0, 0.0))
        turns.append(report.half_turns.get(0, 0))
    count = len(SEEDS)
    return flipped / count, statistics.mean(peaks), statistics.mean(travels), statistics.mean(turns)


def test_a_slow_drag_through_a_dealt_wok_flips_nothing_and_kicks_nothing() -> None:
    for seed in range(10):
        table = dealt_table(seed)
        before = {card.id: card for card in table.wok_cards()}
        target = min(before.values(), key=lambda c: abs(c.x) + abs(c.y))
        start_y = target.y - 150.0
        report = table.stir(
            Gesture([(0.0, target.x, start_y), (1.0, target.x, start_y + 250.0)])
        )
        assert report.flipped == ()
        assert target.id in report.touched
        # Cards on the blade are carried along, never kicked further than it went.
        assert all(report.travel[i] <= 250.0 for i in report.moved), report.travel
        after = {card.id: card for card in table.wok_cards()}
        assert all(after[i].face_up == before[i].face_up for i in before)


def test_a_quick_flick_under_a_card_flips_it_at_every_orientation() -> None:
    for angle in (0.0, math.pi / 4, math.pi / 2):
        share, _, travel, _ = _flick_stats(FLICK, angle)
        assert share >= 0.8, f"only {share:.0%} flipped at {math.degrees(angle):.0f} degrees"
        assert travel <= 1.5 * LENGTH


def test_launch_height_grows_with_flick_speed() -> None:
    # From just above the speed at which the blade slides under a card instead of pushing it.
    slow, medium, fast = (_flick_stats(speed) for speed in (900.0, FLICK, 3000.0))
    assert 0.0 < slow[1] < medium[1] < fast[1]


def test_a_very_hard_flick_turns_cards_more_than_once() -> None:
    _, _, _, turns = _flick_stats(5000.0)
    assert turns > 2.0, f"mean half turns {turns}"


def test_a_gesture_that_touches_no_card_changes_nothing() -> None:
    table = dealt_table(11)
    before = table.state_hash()
    # Along the table's far edge, outside the wok, where no card lies.
    edge = CFG.table.depth_mm / 2.0 - 20.0
    report = table.stir(Gesture([(0.0, -400.0, edge), (0.2, 0.0, edge), (0.25, 100.0, edge)]))
    assert report.touched == () and report.moved == () and report.flipped == ()
    assert table.state_hash() == before


def test_a_slow_push_at_half_a_metre_a_second_flips_nothing_and_moves_a_card_little() -> None:
    for seed in SEEDS:
        for angle in (0.0, math.pi / 4, math.pi / 2):
            table = lone_card_table(seed, angle=angle)
            report = flick_under(table, 0, math.pi / 2, 500.0)
            assert report.flipped == ()
            assert report.travel.get(0, 0.0) <= LENGTH


def test_well_above_the_flip_band_the_face_is_a_fair_toss() -> None:
    # From 3 to 4 m/s a card tumbles several half turns and its yaw shuffles them: over
    # every orientation the face is a toss-up (docs/physics.md has the per-speed figures).
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.studies.flips import FlipTask, run_trial

    cfg = load_config()
    flips = [
        run_trial(FlipTask(speed, angle, 500 + seed), cfg).flipped
        for speed in (3000.0, 3250.0, 3500.0, 3750.0, 4000.0)
        for angle in range(0, 91, 15)
        for seed in range(6)
    ]
    share = sum(flips) / len(flips)
    assert 0.35 <= share <= 0.65, f"{share:.0%} flipped"
