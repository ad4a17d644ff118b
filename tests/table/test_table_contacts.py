"""Cards in contact: friction between stacked cards, flat cards butting, stacks from landing."""

from __future__ import annotations

import math
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import CFG, new_table

from wokphysics.table.contacts import OVERLAP_TOLERANCE_MM, near_pairs, overlap_depths, restack
from wokphysics.table.live import COLLISION_SLOP_MM
from wokphysics.table.world import Table

DT = CFG.physics.dt_s
WIDTH, LENGTH = CFG.card.width_mm, CFG.card.length_mm


def _push(table: Table, x: float, y0: float, y1: float, speed: float = 250.0) -> None:
    """A slow straight push along +y at ``speed`` mm/s, released at ``y1``."""
    steps = max(1, round((y1 - y0) / (speed * DT)))
    stroke = table.begin_stroke(x, y0)
    for k in range(1, steps + 1):
        stroke.move_to(x, y0 + (y1 - y0) * k / steps)
    stroke.release()


def _back_push(table: Table, x: float, y_back: float, distance: float, speed: float) -> None:
    """The blade put down with its back at ``y_back`` (facing +y after a 10 mm start along
    +y), then pulled back along -y ``distance`` mm at ``speed`` mm/s: its back leads and
    pushes what it meets (a card met by the blade's back or sides is pushed)."""
    reach = CFG.spatula.blade_length_mm
    y0 = y_back + reach - 10.0
    stroke = table.begin_stroke(x, y0)
    stroke.move_to(x, y0 + 10.0)  # the blade faces +y: its back lies at y_back
    steps = max(1, round(distance / (speed * DT)))
    for k in range(1, steps + 1):
        stroke.move_to(x, y0 + 10.0 - distance * k / steps)
    stroke.release()


def test_a_card_lying_on_a_carried_card_is_dragged_along() -> None:
    table = new_table(1)
    table.place(0, 0.0, 0.0, 0.0, False)
    # The rider lies on the bottom card, off to the far side, out of the blade's way.
    table.place(1, 0.0, 30.0, 0.3, False)
    assert table.card(1).layer == 2
    near_edge = -LENGTH / 2.0
    # The blade slides under the bottom card's near edge and goes on 80 mm: once it bears
    # enough of the card's weight, the blade's friction carries the card.
    _push(table, 0.0, near_edge - 20.0, near_edge + 80.0)
    bottom, rider = table.card(0), table.card(1)
    assert 30.0 <= bottom.y <= 75.0, bottom.y
    assert rider.y - 30.0 >= 20.0, f"the rider moved {rider.y - 30.0:.1f} mm"
    assert not bottom.face_up and not rider.face_up
    assert rider.layer == 2 and bottom.layer == 1


def test_flat_cards_on_the_table_butt_against_each_other() -> None:
    table = new_table(2)
    table.place(0, 0.0, 0.0, 0.0, False)
    table.place(1, 0.0, -LENGTH - 5.0, 0.0, False)  # behind it, not touching
    assert table.card(0).layer == table.card(1).layer == 1
    # The blade's back meets card 0's edge and pushes it 60 mm into card 1.
    _back_push(table, 0.0, LENGTH / 2.0 + 10.0, 80.0, 250.0)
    first, second = table.card(0), table.card(1)
    assert first.y < -20.0, "the blade's back pushed the card"
    assert second.y < -LENGTH - 5.0 - 20.0, "the card behind it was shoved along"
    poses = np.array([(c.x, c.y, c.angle) for c in (first, second)])
    # They butt: at most the sliver pymunk leaves between touching cards.
    assert overlap_depths(poses, WIDTH, LENGTH)[0, 1] <= COLLISION_SLOP_MM + 0.1
    assert first.layer == second.layer == 1, "no card slid onto the other"


def test_a_card_pushed_hard_into_another_butts_and_makes_no_stack() -> None:
    # Pushed hard, pymunk's contact between the two cards can end up to about 0.8 mm deep at
    # rest. That is butting, not lying on top: each of these pushes used to leave the
    # second card on layer 2.
    for speed, angle, side in ((600.0, 0.5, 25.0), (600.0, 0.9, 0.0), (600.0, 0.9, 25.0),
                               (600.0, 1.57, 0.0), (790.0, 0.9, 25.0), (790.0, 1.2, 0.0)):
        reach = WIDTH / 2.0 * abs(math.sin(angle)) + LENGTH / 2.0 * abs(math.cos(angle))
        table = new_table(3)
        table.place(0, 0.0, 0.0, 0.0, False)
        table.place(1, side, -LENGTH / 2.0 - reach - 3.0, angle, False)
        _back_push(table, 0.0, LENGTH / 2.0 + 10.0, 110.0, speed)
        first, second = table.card(0), table.card(1)
        assert first.layer == second.layer == 1, (speed, angle, side)
        assert second.y < -LENGTH / 2.0 - reach - 3.0 - 20.0, "the card behind was shoved"


def test_restack_leaves_butting_cards_of_one_layer_side_by_side() -> None:
    # 0.7 mm deep: on one layer (butting), both stay on it; had one lain on the other, the
    # upper one stays above it.
    poses = np.array([(0.0, 0.0, 0.0), (0.0, LENGTH - 0.7, 0.0)])
    order = np.array([0, 1])
    assert restack(poses, order, WIDTH, LENGTH, np.array([1, 1]))[0] == [1, 1]
    assert restack(poses, order, WIDTH, LENGTH, np.array([1, 2]))[0] == [1, 2]


def test_a_push_through_a_row_of_cards_makes_no_stack() -> None:
    table = new_table(3)
    for i in range(4):
        table.place(i, -150.0 + 100.0 * i, 0.0, 0.1 * i, False)
    assert {table.card(i).layer for i in range(4)} == {1}
    # A blade wider than the gaps sweeps up the middle two and shoves them into each other.
    _push(table, 0.0, -140.0, 60.0, speed=350.0)
    cards = [table.card(i) for i in range(4)]
    poses = np.array([(c.x, c.y, c.angle) for c in cards])
    depth = overlap_depths(poses, WIDTH, LENGTH)
    assert (depth <= OVERLAP_TOLERANCE_MM).all()
    assert {c.layer for c in cards} == {1}


def test_restack_counts_layers_from_the_bottom_and_finds_the_card_underneath() -> None:
    # Three cards: 1 on 0, 2 far away on the bare table (it was on a card that left).
    poses = np.array([(0.0, 0.0, 0.0), (10.0, 20.0, 0.4), (300.0, 0.0, 1.0)])
    order = np.array([0, 1, 2])  # 2 was highest in the old count
    layers, supports = restack(poses, order, WIDTH, LENGTH)
    assert layers == [1, 2, 1]
    assert supports == [-1, 0, -1]


def test_a_flipped_card_lands_on_top_of_the_card_it_falls_on() -> None:
    from wokphysics.table.strokes import flick_under

    landed_on = []
    for seed in range(10):
        table = new_table(seed)
        table.place(1, 0.0, 80.0, 0.0, True)  # just beyond it, under its far edge
        table.place(0, 0.0, 0.0, 0.0, False)
        report = flick_under(table, 0, math.pi / 2, 1700.0)
        flown, below = table.card(0), table.card(1)
        poses = np.array([(c.x, c.y, c.angle) for c in (flown, below)])
        if 0 in report.launched and overlap_depths(poses, WIDTH, LENGTH)[0, 1] > 1.0:
            landed_on.append(seed)
            assert flown.layer == 2 and below.layer == 1
            assert (below.x, below.y) == (0.0, 80.0), "the card underneath was not pushed"
    assert landed_on, "no flicked card landed on its neighbour"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(-150.0, 150.0), st.floats(-150.0, 150.0),
                          st.floats(-math.pi, math.pi)), min_size=1, max_size=30))
def test_the_near_pairs_are_every_overlap_with_its_depth(
    layout: list[tuple[float, float, float]],
) -> None:
    """restack looks only at the pairs within a diagonal: they hold every pair that
    overlaps at all, with the depth the full matrix gives it, bit for bit."""
    poses = np.array(layout, dtype=float)
    full = overlap_depths(poses, WIDTH, LENGTH)
    first, second, depth = near_pairs(poses, WIDTH, LENGTH)
    assert np.all(first < second)
    assert depth.tolist() == full[first, second].tolist()
    listed = np.zeros(full.shape, dtype=bool)
    listed[first, second] = listed[second, first] = True
    assert not np.any(full[~listed] > 0.0)
    assert np.array_equal(full, full.T)


def _restack_with_arrays(
    poses: np.ndarray, order: np.ndarray, layers_before: np.ndarray | None
) -> tuple[list[int], list[int]]:
    """The restack that numpy's whole-table arrays give (near_pairs' depths, centre_over's
    centres): the oracle restack_poses, pair by pair in plain floats, must agree with."""
    from wokphysics.table.contacts import SAME_LAYER_TOLERANCE_MM, centre_over

    count = len(poses)
    layers, supports = [0] * count, [-1] * count
    first, second, depth = near_pairs(poses, WIDTH, LENGTH)
    overlapping = depth > OVERLAP_TOLERANCE_MM
    if layers_before is not None:
        same = layers_before[first] == layers_before[second]
        overlapping &= ~same | (depth > SAME_LAYER_TOLERANCE_MM)
    over = centre_over(poses, WIDTH, LENGTH)
    rank = [0] * count
    for place, k in enumerate(order.tolist()):
        rank[k] = place
    overlapped_by: list[list[int]] = [[] for _ in range(count)]
    for i, j in zip(first[overlapping].tolist(), second[overlapping].tolist(), strict=True):
        overlapped_by[j].append(i)
        overlapped_by[i].append(j)
    for j in order.tolist():
        below = sorted(i for i in overlapped_by[j] if rank[i] < rank[j])
        if not below:
            layers[j] = 1
            continue
        layers[j] = 1 + max(layers[i] for i in below)
        bearing = [i for i in below if over[i, j]]
        if bearing:
            supports[j] = max(bearing, key=rank.__getitem__)
    return layers, supports


_near_edge = st.sampled_from([0.0, 0.5, 0.7, 2.0, -0.3])


@settings(max_examples=300, deadline=None)
@given(
    layout=st.lists(st.tuples(st.floats(-120.0, 120.0), st.floats(-120.0, 120.0),
                              st.floats(-math.pi, math.pi)), min_size=1, max_size=40),
    butting=st.lists(st.tuples(st.integers(0, 39), _near_edge, st.sampled_from([0, 1])),
                     max_size=10),
    shuffle=st.randoms(use_true_random=False),
    layers=st.lists(st.integers(1, 4), min_size=40, max_size=40),
    with_layers=st.booleans(),
)
def test_restack_pair_by_pair_agrees_with_the_whole_table_arrays(
    layout: list[tuple[float, float, float]],
    butting: list[tuple[int, float, int]],
    shuffle: random.Random,
    layers: list[int],
    with_layers: bool,
) -> None:
    """restack_poses (plain floats, each pair) gives the layers and supports that the
    arrays of overlap_depths and centre_over give, on random layouts and on cards placed at
    the tolerances' edges against another (butting 0.5, 0.7 and 2.0 mm deep, exactly
    touching, apart)."""
    poses = list(layout)
    for index, deep, side in butting:
        if index >= len(poses):
            continue
        x, y, _ = poses[index]
        offset = (WIDTH if side else LENGTH) - deep
        poses.append((x + offset, y, 0.0) if side else (x, y + offset, 0.0))
        poses[index] = (x, y, 0.0)
    order = list(range(len(poses)))
    shuffle.shuffle(order)
    before = layers[: len(poses)] + [1] * max(0, len(poses) - len(layers)) if with_layers \
        else None
    got = restack(np.array(poses), np.array(order), WIDTH, LENGTH,
                  None if before is None else np.array(before))
    assert got == _restack_with_arrays(np.array(poses), np.array(order),
                                       None if before is None else np.array(before))
