"""A chop: the next supply cards (and every card out of the wok) thrown from a seat's hand
into the wok, each with its own launch, landing where physics leaves it."""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING, Final

import numpy as np

from wokphysics.config.table import TableConfig
from wokphysics.table.flight import launch, plate_inertia
from wokphysics.table.gesture import Gesture
from wokphysics.table.live import TableError
from wokphysics.table.report import ActionReport, action_report, snapshot

if TYPE_CHECKING:
    from wokphysics.table.world import Table

SEATS: Final = 4
"""Seats around the table (0 at -y, then clockwise seen from above)."""


def seat_hand(cfg: TableConfig, seat: int) -> tuple[float, float, float]:
    """Where seat ``seat``'s hand throws from: (x, y, direction into the wok in rad).

    Seat 0 sits at -y; the others follow clockwise seen from above (-x, +y, +x).
    """
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise TableError(f"seat must be 0 to {SEATS - 1}, not {seat!r}")
    reach = cfg.table.hand_margin_mm
    hw = cfg.wok.width_mm / 2.0 + reach
    hd = cfg.wok.depth_mm / 2.0 + reach
    return [
        (0.0, -hd, math.pi / 2),
        (-hw, 0.0, 0.0),
        (0.0, hd, -math.pi / 2),
        (hw, 0.0, math.pi),
    ][seat]


def out_of_wok(table: Table) -> list[int]:
    """Ids of cards on the floor or lying with their centre outside the wok's edge."""
    hw, hd = table.cfg.wok.width_mm / 2.0, table.cfg.wok.depth_mm / 2.0
    out = []
    for card in table._cards:
        if card.location == "floor":
            out.append(card.id)
        elif card.location == "wok":
            x, y, _ = table._pose(card)
            if abs(x) > hw or abs(y) > hd:
                out.append(card.id)
    return out


def hand_release_point(table: Table, gesture: Gesture, seat: int) -> tuple[float, float]:
    """The release point moved onto the seat's edge line (a chop comes from the hand)."""
    hx, hy, _ = seat_hand(table.cfg, seat)
    ex, ey = gesture.end
    along_x = table.cfg.wok.width_mm / 2.0
    along_y = table.cfg.wok.depth_mm / 2.0
    if seat in (0, 2):
        return float(np.clip(ex, -along_x, along_x)), hy
    return hx, float(np.clip(ey, -along_y, along_y))


def chop_steps(
    table: Table,
    gesture: Gesture,
    seat: int,
    count: int,
    rethrow: Iterable[int] | None,
) -> Generator[None, None, ActionReport]:
    """Throw the next supply cards (and ``rethrow``) into the wok from ``seat``'s hand.

    ``count`` supply cards are taken from the top (the game's rule; fewer if fewer are
    left). ``rethrow`` defaults to every card out of the wok (on the floor or
    with its centre outside the wok's edge); they are picked up and thrown with the rest.
    The hand's release velocity (over ``release_window_s``) times ``throw_gain`` sets each
    card's speed; they leave the hand flat at ``release_height_mm``, each with its own
    direction (``direction_sd_rad``), lift (``lift_sd``), speed (``speed_sd``) and spin,
    so they spread apart in flight; they tumble a little and land as physics leaves them,
    possibly outside the wok.
    """
    table._check_gesture(gesture)
    wanted = count
    if not isinstance(wanted, int) or wanted < 0:
        raise TableError(f"cannot chop {wanted!r} cards")
    extra = out_of_wok(table) if rethrow is None else sorted(set(rethrow))
    for card_id in extra:
        live = table._live(card_id)
        if live.location not in ("wok", "floor"):
            raise TableError(f"card {card_id} is in the {live.location}, not out of the wok")
    if table._stroke is not None:
        raise TableError("a stroke is in progress: release it first")
    table._last_half_turns.clear()
    table._last_peak.clear()
    table._last_touchdowns.clear()
    before = snapshot(table)
    start_time, start_steps = table.time, table.steps
    thrown_ids = [table.supply.pop(0) for _ in range(min(wanted, len(table.supply)))] + extra
    chop = table.cfg.chop
    vx, vy = gesture.release_velocity(table.cfg.spatula.release_window_s)
    x0, y0 = hand_release_point(table, gesture, seat)
    _, _, facing = seat_hand(table.cfg, seat)
    launched = []
    width, length = table.cfg.card.width_mm, table.cfg.card.length_mm
    for card_id in thrown_ids:
        card = table._cards[card_id]
        if card.location == "supply":
            card.face_up = False
        jx, jy, ja, js, jw, jv, jd, jl = (float(v) for v in table.rng.normal(0.0, 1.0, 8))
        table._leave_space(card)
        card.location = "wok"
        card.owner = None
        card.body.position = (x0 + chop.spread_mm * float(jx), y0 + chop.spread_mm * float(jy))
        angle = facing - math.pi / 2 + 0.3 * float(ja)
        card.body.angle = angle
        table._enter_space(card)
        gain = chop.throw_gain * max(0.0, 1.0 + chop.speed_sd * float(jv))
        # Each card leaves the hand with its own launch (direction, lift, speed, spin):
        # the cards of one chop spread apart in flight instead of flying as one clump.
        throw_angle = math.atan2(vy, vx) if math.hypot(vx, vy) > 1e-6 else facing
        throw_angle += chop.direction_sd_rad * jd
        lift = chop.lift_speed_mm_s * max(0.0, 1.0 + chop.lift_sd * jl)
        # The flip axis lies across the throw: the card tumbles forwards.
        axis = throw_angle + math.pi / 2
        h, k2 = plate_inertia(axis, angle, width, length)
        flight = launch(
            h,
            k2,
            chop.release_height_mm,
            lift,
            chop.spin_sd_rad_s * float(js),
            axis,
            table._flight_params,
            vs=gain * math.hypot(vx, vy),
            yaw=angle,
            yaw_rate=chop.yaw_sd_rad_s * float(jw),
            size=(width, length),
        )
        table._take_off(card, flight)
        launched.append(card_id)
    yield
    yield from table._settle(start_time)
    return action_report(table, before, set(thrown_ids), launched, start_time, start_steps)
