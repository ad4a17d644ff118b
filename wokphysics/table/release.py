"""The blade's release: the flick (:mod:`wokphysics.table.flick`, the solver) applied to the
table's cards. The hand's noise is drawn from the table's generator (in a fixed order: the
same seed and gesture give the same bits), the cards the blade's cards may reach are found,
and each card the flick lifts takes off on its own flight (:mod:`wokphysics.table.flight`);
the others slide away with their impulse."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from wokphysics.table import chipmunk
from wokphysics.table.convex import boxes_meet
from wokphysics.table.flick import Blade, Hand, Material, toss_group
from wokphysics.table.flight import launch, plate_inertia
from wokphysics.table.live import LiveCard

if TYPE_CHECKING:
    from wokphysics.table.world import Table


def flick(table: Table, blade: Blade) -> list[int]:
    """The flick (:mod:`wokphysics.table.flick`) of the blade at release: the cards on
    it and those lying on them take their impulses; those that rise leave the table.
    Returns the ids launched, in the order they were solved (bottom first)."""
    flat = table._flat_cards()
    if not any(card.on_blade for card in flat):
        return []
    spatula = table.cfg.spatula
    noise_lift, noise_wrist, noise_snap = (float(v) for v in table.rng.normal(0.0, 1.0, 3))
    speed = math.hypot(blade.vx, blade.vy)
    # The wrist snaps a little before or after the pointer's release: the blade's edge
    # is that much further on or short of where the pointer let go.
    shift = speed * spatula.snap_jitter_s * noise_snap
    blade = replace(blade, x=blade.x + shift * blade.nx, y=blade.y + shift * blade.ny)
    # Signal-dependent noise: the hand's relative error grows with its speed.
    growth = (speed / spatula.noise_speed_mm_s) ** spatula.noise_growth
    hand = Hand(
        rise=max(
            0.0, spatula.lift_ratio * speed * (1.0 + spatula.flick_noise * growth * noise_lift)
        ),
        lever=spatula.wrist_lever_mm
        / max(0.2, 1.0 + spatula.wrist_noise * growth * noise_wrist),
    )
    card_cfg = table.cfg.card
    width, length = card_cfg.width_mm, card_cfg.length_mm
    material = Material(
        width=width,
        length=length,
        blade_friction=spatula.blade_friction,
        card_friction=table.cfg.physics.card_friction,
        gravity=table.cfg.physics.gravity_mm_s2,
        min_lift=spatula.min_lift_mm,
    )
    tosses = toss_group([table._flat(card) for card in cluster(table, flat)], blade, hand,
                        material)
    launched: list[int] = []
    for toss in tosses:
        card = table._cards[toss.id]
        table._wake(card)
        if not toss.launched:
            chipmunk.set_velocity(card.body, toss.vx, toss.vy)
            chipmunk.set_angular_velocity(card.body, toss.spin)
            continue
        yaw_noise = float(table.rng.normal(0.0, 1.0))
        motion = toss.lift
        spin = motion.spin
        axis = motion.axis if spin > 0.0 else math.atan2(blade.nx, -blade.ny)
        angle = float(card.body.angle)
        h, k2 = plate_inertia(axis, angle, width, length)
        nx, ny = math.sin(axis), -math.cos(axis)
        flight = launch(
            h,
            k2,
            0.0,
            motion.vz,
            spin,
            axis,
            table._flight_params,
            vs=toss.vx * nx + toss.vy * ny,
            va=-toss.vx * ny + toss.vy * nx,
            yaw=angle,
            yaw_rate=toss.spin + spatula.tremor_yaw_rad_per_mm * speed * yaw_noise,
            size=(width, length),
        )
        table._take_off(card, flight)
        launched.append(card.id)
    return launched


def cluster(table: Table, flat: Sequence[LiveCard]) -> list[LiveCard]:
    """The flat cards the blade's cards may reach through cards lying on one another:
    those on the blade and every card whose box meets the box of one already in, by id
    (a cheap superset of what the flick can move)."""
    boxes = [table._reach_box(card) for card in flat]
    pending = [k for k, card in enumerate(flat) if card.on_blade]
    found = set(pending)
    rest = [k for k in range(len(flat)) if k not in found]  # not reached yet
    while pending and rest:
        box = boxes[pending.pop()]
        still: list[int] = []
        for k in rest:
            if boxes_meet(box, boxes[k]):
                found.add(k)
                pending.append(k)
            else:
                still.append(k)
        rest = still
    return [card for k, card in enumerate(flat) if k in found]
