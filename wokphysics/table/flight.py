"""The flight of a tossed card: height and flip angle (the 2.5D part of the table).

A card in the air is modelled as a thin rigid plate turning about one axis that lies in its
plane (the *flip axis*). ``h`` is the distance from the card's centre to its farthest edge
across that axis, so the card's lowest point is ``z - h |sin(theta)|`` above the table.

Two regimes, each integrated with semi-implicit Euler at a fixed sub-step:

* **free flight**: ``z'' = -g - (g / v_t^2) z' |z'|`` (quadratic air drag with terminal
  speed ``v_t``), ``theta'' = -c_spin theta' |theta'|`` (the air resisting the tumbling plate;
  for a card, ``c_spin = rho C w h^4 / (4 I)`` is about 0.1 per radian).
* **pivoting on an edge**: when the lowest edge touches the table, the card turns about that
  edge like a falling rod: with ``alpha`` the angle between the card and the table measured from
  the pivot, ``alpha'' = -(3 g / 4 h) cos(alpha)`` (moment of inertia about an edge, 4/3 m h^2).
  It passes vertical only if it has the energy to; then it falls over to the other face. It
  leaves the table again when the contact force would pull instead of push.

At launch, if the trailing edge would dig into the table, the table's impulse there conserves
angular momentum about that edge: ``omega' = omega / 4 + 3 cos(alpha) v_z / (4 h)``. Coming down
from the air, a card touching with an edge keeps its flip rate and pivots on that edge until it
lies flat (no bounce). The card has landed when it lies flat again.
Its face follows from the angle it turned: an odd number of half turns turns it over (the
coin-toss model of Keller 1986 and Diaconis, Holmes and Montgomery 2007). No random choice is
made here: the randomness of a toss is the hand's tremor in its initial conditions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FREE = 0
PIVOT = 1


@dataclass
class Flight:
    """An airborne card's out-of-plane state.

    Attributes:
        h: centre-to-edge distance across the flip axis, mm (> 0).
        z: height of the centre above the table, mm.
        vz: vertical speed of the centre, mm/s.
        theta: angle turned about the flip axis since launch, rad.
        omega: flip rate, rad/s.
        axis: direction of the flip axis in the table plane, rad (for drawing).
        mode: FREE or PIVOT.
        theta_base: in PIVOT, the multiple of pi the card turns from, rad.
        alpha: in PIVOT, the card's angle to the table measured at the pivot, in [0, pi], rad.
        time: seconds in the air so far.
        peak: highest centre height reached, mm.
        landed_theta: once landed, the whole multiple of pi it settled at, rad.
        can_lift: in PIVOT, whether the card may still leave the table (only while the
            blade's flick is lifting it; a card that came down stays down).
    """

    h: float
    z: float
    vz: float
    theta: float
    omega: float
    axis: float
    mode: int = FREE
    theta_base: float = 0.0
    alpha: float = 0.0
    time: float = 0.0
    peak: float = 0.0
    landed_theta: float | None = None
    can_lift: bool = True

    @property
    def half_turns(self) -> int:
        """Whole half turns once landed (its parity decides the face)."""
        if self.landed_theta is None:
            return 0
        return round(self.landed_theta / math.pi)

    @property
    def flipped(self) -> bool:
        """True once landed on the other face."""
        return self.half_turns % 2 == 1

    @property
    def landed(self) -> bool:
        return self.landed_theta is not None


@dataclass(frozen=True)
class FlightParameters:
    """Constants of the integrator (from config)."""

    gravity: float  # mm/s^2
    terminal_speed: float  # mm/s, of a card falling through the air
    spin_drag: float  # 1/rad: d(omega)/dt = -spin_drag * omega * |omega|
    max_flight_s: float


def launch(
    h: float, z: float, vz: float, omega: float, axis: float, params: FlightParameters
) -> Flight:
    """Start a flight of a card lying flat (``theta = 0``) at height ``z`` (mm).

    If the trailing edge would dig into the table (``vz < h * omega`` at ``z ~ 0``), the card
    starts by pivoting about that edge, with the impact rule of the module docstring.
    """
    flight = Flight(h=h, z=z, vz=vz, theta=0.0, omega=omega, axis=axis, peak=z)
    if z <= 1e-9 and vz - h * abs(omega) < 0.0:
        _touch_down(flight, impact=True)
    return flight


def _touch_down(flight: Flight, impact: bool) -> None:
    """Switch to pivoting about the lowest edge.

    At launch (``impact``) the table stops the trailing edge digging in: angular momentum about
    it is conserved. Coming down from the air, the edge slides on touching and the card keeps
    its flip rate: it falls onto the face it leans towards unless that spin carries it past
    vertical (the coin-toss rule), and it does not bounce off again.
    """
    base = math.floor(flight.theta / math.pi) * math.pi
    alpha = flight.theta - base
    h = flight.h
    if impact:
        flight.omega = flight.omega / 4.0 + 3.0 * math.cos(alpha) * flight.vz / (4.0 * h)
    flight.can_lift = impact
    flight.mode = PIVOT
    flight.theta_base = base
    flight.alpha = alpha
    flight.z = h * math.sin(alpha)
    flight.vz = h * math.cos(alpha) * flight.omega


def _land(flight: Flight, theta: float) -> None:
    flight.theta = theta
    flight.landed_theta = theta
    flight.z = 0.0
    flight.vz = 0.0
    flight.omega = 0.0


def advance(flight: Flight, dt: float, substeps: int, params: FlightParameters) -> None:
    """Integrate ``dt`` seconds in ``substeps`` equal sub-steps; stops once landed."""
    step = dt / substeps
    g = params.gravity
    h = flight.h
    spin = params.spin_drag
    remaining = substeps
    while remaining > 0:
        if flight.landed_theta is not None:
            return
        if flight.mode == FREE:
            remaining = _free_flight(flight, remaining, step, params)
            continue
        remaining -= 1
        flight.time += step
        if flight.time >= params.max_flight_s:
            # Safety net for pathological settings: lie down on the nearer face.
            _land(flight, round(flight.theta / math.pi) * math.pi)
            return
        cos_a = math.cos(flight.alpha)
        sin_a = math.sin(flight.alpha)
        accel = -(3.0 * g / (4.0 * h)) * cos_a - spin * flight.omega * abs(flight.omega)
        # Contact force per unit mass: g + z''. Negative means the card lifts off.
        normal = g + h * (cos_a * accel - sin_a * flight.omega * flight.omega)
        if normal < 0.0 and flight.can_lift:
            flight.mode = FREE
            flight.theta = flight.theta_base + flight.alpha
            flight.z = h * sin_a
            flight.vz = h * cos_a * flight.omega
            continue
        flight.omega += accel * step
        flight.alpha += flight.omega * step
        if flight.alpha <= 0.0:
            _land(flight, flight.theta_base)
            return
        if flight.alpha >= math.pi:
            _land(flight, flight.theta_base + math.pi)
            return
        flight.theta = flight.theta_base + flight.alpha
        flight.z = h * math.sin(flight.alpha)
        flight.vz = h * math.cos(flight.alpha) * flight.omega
        if flight.z > flight.peak:
            flight.peak = flight.z


def _free_flight(flight: Flight, substeps: int, step: float, params: FlightParameters) -> int:
    """Up to ``substeps`` free-flight sub-steps on local copies of the state (the hot loop of
    a toss); returns how many sub-steps are left when the card touches down or lands."""
    g = params.gravity
    drag = g / (params.terminal_speed * params.terminal_speed)
    spin = params.spin_drag
    limit = params.max_flight_s
    h = flight.h
    time, z, vz, theta, omega, peak = (
        flight.time,
        flight.z,
        flight.vz,
        flight.theta,
        flight.omega,
        flight.peak,
    )
    for done in range(1, substeps + 1):
        time += step
        if time >= limit:
            flight.time, flight.z, flight.vz = time, z, vz
            flight.theta, flight.omega, flight.peak = theta, omega, peak
            # Safety net for pathological settings: lie down on the nearer face.
            _land(flight, round(theta / math.pi) * math.pi)
            return 0
        vz += (-g - drag * vz * abs(vz)) * step
        z += vz * step
        omega -= spin * omega * abs(omega) * step
        theta += omega * step
        if z > peak:
            peak = z
        sin_t = math.sin(theta)
        if z - h * abs(sin_t) <= 0.0:
            flight.time, flight.z, flight.vz = time, z, vz
            flight.theta, flight.omega, flight.peak = theta, omega, peak
            if abs(sin_t) < 1e-6 or z <= 0.0 and abs(sin_t) * h < 1e-3:
                _land(flight, round(theta / math.pi) * math.pi)
                return 0
            _touch_down(flight, impact=False)
            return substeps - done
    flight.time, flight.z, flight.vz = time, z, vz
    flight.theta, flight.omega, flight.peak = theta, omega, peak
    return 0


def extent_across(axis: float, card_angle: float, half_width: float, half_length: float) -> float:
    """Distance from a card's centre to its farthest point across a flip axis, mm.

    ``axis`` is the flip axis's direction in the table plane and ``card_angle`` the card's
    rotation (its width along the card's local x), both in radians.
    """
    # Unit normal to the axis, in the table plane; project the card's half-diagonals on it.
    nx, ny = -math.sin(axis), math.cos(axis)
    ux, uy = math.cos(card_angle), math.sin(card_angle)
    return half_width * abs(nx * ux + ny * uy) + half_length * abs(-nx * uy + ny * ux)
