"""What a player must see the spatula do (issue: spatula gestures)."""

from __future__ import annotations

import statistics

from table_helpers import CFG, dealt_table, flick, lone_card_table

from wokphysics import Gesture

SEEDS = range(30)


def _flick_stats(speed: float) -> tuple[float, float, float, float]:
    """Share flipped, mean peak height, mean travel, mean half turns of card 0 over seeds."""
    flipped, peaks, travels, turns = 0, [], [], []
    for seed in SEEDS:
        table = lone_card_table(seed)
        report = table.stir(flick(speed))
        flipped += 0 in report.flipped
        peaks.append(report.peak_height.get(0, 0.0))
        travels.append(report.travel.get(0, 0.0))
        turns.append(report.half_turns.get(0, 0))
    count = len(SEEDS)
    return flipped / count, statistics.mean(peaks), statistics.mean(travels), statistics.mean(turns)


def test_slow_push_moves_cards_and_flips_none() -> None:
    table = dealt_table(3)
    before = {card.id: card for card in table.wok_cards()}
    target = min(before.values(), key=lambda c: abs(c.x) + abs(c.y))
    start_y = target.y - 150.0
    report = table.stir(Gesture([(0.0, target.x, start_y), (1.0, target.x, start_y + 250.0)]))
    assert report.flipped == ()
    assert report.launched == ()
    assert target.id in report.moved
    assert report.travel[target.id] > 20.0
    after = {card.id: card for card in table.wok_cards()}
    assert all(after[i].face_up == before[i].face_up for i in before)


def test_quick_flick_under_an_edge_flips_a_clear_majority() -> None:
    share, _, _, _ = _flick_stats(1700.0)
    assert share >= 0.7, f"only {share:.0%} of flicks flipped the card"


def test_flick_across_the_width_also_flips_a_majority() -> None:
    flipped = 0
    for seed in SEEDS:
        table = lone_card_table(seed, angle=1.5707963267948966)
        report = table.stir(flick(1700.0, approach_from=-CFG.card.width_mm / 2.0 - 2.0))
        flipped += 0 in report.flipped
    assert flipped / len(SEEDS) >= 0.6


def test_launch_height_and_travel_grow_with_flick_speed() -> None:
    slow, medium, fast = (_flick_stats(speed) for speed in (1000.0, 1700.0, 3000.0))
    assert 0.0 < slow[1] < medium[1] < fast[1]
    assert slow[2] < medium[2] < fast[2]


def test_a_very_hard_flick_turns_cards_more_than_once() -> None:
    _, _, _, turns = _flick_stats(6000.0)
    assert turns > 2.0, f"mean half turns {turns}"


def test_a_gesture_that_touches_no_card_changes_nothing() -> None:
    table = dealt_table(11)
    before = table.state_hash()
    # Along the table's far edge, outside the wok, where no card lies.
    edge = CFG.table.depth_mm / 2.0 - 20.0
    report = table.stir(Gesture([(0.0, -400.0, edge), (0.2, 0.0, edge), (0.25, 100.0, edge)]))
    assert report.touched == () and report.moved == () and report.flipped == ()
    assert table.state_hash() == before


def test_a_slow_push_never_flips_in_any_seed() -> None:
    for seed in SEEDS:
        table = lone_card_table(seed)
        report = table.stir(flick(400.0))
        assert report.flipped == ()
