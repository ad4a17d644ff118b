"""The flight of a tossed card: a thin rigid plate moving in its flip plane (the 2.5D part).

An airborne card turns about one axis lying in the table plane (the *flip axis*, fixed at
launch). Its motion across that axis is a rigid body in the vertical *flip plane*: the centre's
horizontal offset ``s`` along the flip direction ``n`` (perpendicular to the axis), its height
``z`` and the angle ``theta`` turned about the axis (positive: the edge nearest the hand rises,
the far edge goes down). Motion along the axis is a point mass (``a``). In the flip plane the
card is a segment of half length ``h`` (the distance from its centre to its farthest point
across the axis) with moment of inertia ``m k^2`` about the axis through its centre, where
``k^2 = (w^2 (n.e_w)^2 + l^2 (n.e_l)^2) / 12`` for a ``w x l`` plate (the extent across the
axis, so the inertia is right for every orientation, not a rod's ``h^2 / 3`` for all).

With ``beta = theta mod pi`` the card's lowest point is the end ``(s + h cos beta, z - h sin
beta)``. Three regimes, each integrated with semi-implicit Euler at a fixed sub-step:

* **free flight**: ``z'' = -g - (g / v_t^2) z' |z'|`` (quadratic air drag with terminal speed
  ``v_t``), ``s'' = -c_lin s'`` (linear air drag along the table) and ``theta'' = -c_spin
  theta' |theta'|`` (the air resisting the tumbling plate).
* **touchdown** (the lowest end reaches the table while moving down): an impulse at that
  end. Angular momentum about the contact edge is conserved (the impulse acts there); the
  sticking impulse that stops the edge is scaled by ``1 + e`` (``e`` the restitution), so the
  edge leaves with ``-e`` times its incoming velocity. The flip-plane kinetic energy changes by
  ``-(1 - e^2) / 2 * v_P' M v_P`` (``M`` the contact's effective mass matrix, positive
  definite): it never increases. A rebound too weak to lift the edge measurably is taken as
  plastic (``e = 0``, more loss): the card then pivots on the edge. A touchdown is found at
  the end of a sub-step, when the edge may already be below the table: the card is turned
  about its centre until that edge lies on the table (flat if the centre is at or below it),
  never lifted, which would add potential energy. A card landing flat (its
  lowest end within ``FLAT_MM`` of its centre's height) slaps down: its vertical motion and
  spin stop and table friction takes ``mu`` times the vertical impulse off its sliding speed.
* **pivoting on an edge** (the edge sticks): ``beta'' = -g h cos(beta) / (k^2 + h^2)``; the
  centre follows the edge, ``s = p - h cos(beta)``, ``z = h sin(beta)``, so a card turning over
  its far edge lands displaced by ``2 h``. The contact force per unit mass is ``g + z''``; when
  it would have to pull, the card leaves the table again. When ``beta`` reaches 0 or pi the
  card lies flat: it has landed on one face or the other.

The face follows from the angle turned: an odd number of half turns turns it over (the
coin-toss model of Keller 1986 and Diaconis, Holmes and Montgomery 2007). No random choice is
made here: the randomness of a toss is the hand's tremor in its initial conditions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

from wokphysics.table.impact import contact_impulse, contact_matrix

FREE: Final = 0
PIVOT: Final = 1
FLAT_MM: Final = 1.0
"""A card whose lowest end is within this height of its centre lies flat (mm)."""
STICK_MM: Final = 0.2
"""A rebound that would lift the contact edge less than this is plastic (mm)."""
SLIP_MM_S: Final = 1e-9
"""An edge sliding slower than this after an impact sticks (mm/s; rounding, not motion)."""


@dataclass(frozen=True)
class Touchdown:
    """One impact of a card with the table: its flip-plane kinetic energy per unit mass
    (``(s'^2 + z'^2 + k^2 theta'^2) / 2``, mm^2/s^2) just before and just after."""

    before: float
    after: float
    flat: bool


@dataclass
class Flight:
    """An airborne card's out-of-plane state.

    Attributes:
        h: centre-to-edge distance across the flip axis, mm (> 0).
        k2: squared radius of gyration about the flip axis through the centre, mm^2.
        z, vz: height of the centre above the table (mm) and its rate (mm/s).
        s, vs: the centre's offset along the flip direction since launch (mm) and its rate.
        a, va: the centre's offset along the flip axis since launch (mm) and its rate.
        yaw, yaw_rate: the card's own angle in the table plane (rad) and its rate (rad/s).
            Turning in the air changes its extent across the flip axis: ``h`` and ``k2``
            follow it and the flip rate keeps the angular momentum ``k2 * omega``.
        width, length: the card's sides, mm (0: ``h`` and ``k2`` stay as launched).
        theta, omega: angle turned about the flip axis since launch (rad) and its rate.
        axis: direction of the flip axis in the table plane, rad; the flip direction is
            ``(sin axis, -cos axis)``.
        mode: FREE or PIVOT.
        theta_base: in PIVOT, the multiple of pi the card turns from, rad.
        alpha: in PIVOT, the card's angle to the table measured at the pivot, in [0, pi], rad.
        pivot: in PIVOT, the contact edge's offset along the flip direction, mm.
        slip: in PIVOT, the contact edge's sliding speed along the flip direction, mm/s
            (0 while it sticks).
        time: seconds in the air so far.
        peak: highest centre height reached, mm.
        landed_theta: once landed, the whole multiple of pi it settled at, rad.
        touchdowns: every impact so far, in order.
    """

    h: float
    k2: float
    z: float
    vz: float
    theta: float
    omega: float
    axis: float
    s: float = 0.0
    vs: float = 0.0
    a: float = 0.0
    va: float = 0.0
    yaw: float = 0.0
    yaw_rate: float = 0.0
    width: float = 0.0
    length: float = 0.0
    mode: int = FREE
    theta_base: float = 0.0
    alpha: float = 0.0
    pivot: float = 0.0
    slip: float = 0.0
    time: float = 0.0
    peak: float = 0.0
    landed_theta: float | None = None
    touchdowns: list[Touchdown] = field(default_factory=list)

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

    @property
    def energy(self) -> float:
        """Flip-plane kinetic energy per unit mass, mm^2/s^2."""
        return 0.5 * (self.vs * self.vs + self.vz * self.vz + self.k2 * self.omega * self.omega)

    @property
    def direction(self) -> tuple[float, float]:
        """The flip direction ``n`` (unit vector in the table plane)."""
        return math.sin(self.axis), -math.cos(self.axis)

    def offset(self) -> tuple[float, float]:
        """The centre's displacement in the table plane since launch, mm."""
        nx, ny = self.direction
        ax, ay = -ny, nx
        return self.s * nx + self.a * ax, self.s * ny + self.a * ay

    def velocity(self) -> tuple[float, float]:
        """The centre's velocity in the table plane, mm/s."""
        nx, ny = self.direction
        ax, ay = -ny, nx
        return self.vs * nx + self.va * ax, self.vs * ny + self.va * ay

    def pivot_offset(self) -> tuple[float, float] | None:
        """In PIVOT, the contact edge's midpoint relative to the launch point, mm; else None."""
        if self.mode != PIVOT or self.landed_theta is not None:
            return None
        nx, ny = self.direction
        ax, ay = -ny, nx
        return self.pivot * nx + self.a * ax, self.pivot * ny + self.a * ay


@dataclass(frozen=True)
class FlightParameters:
    """Constants of the integrator (from config)."""

    gravity: float  # mm/s^2
    terminal_speed: float  # mm/s, of a card falling through the air
    spin_drag: float  # 1/rad: d(omega)/dt = -spin_drag * omega * |omega|
    max_flight_s: float
    air_drag: float = 0.0  # 1/s: d(v)/dt = -air_drag * v along the table
    restitution: float = 0.0  # of the card's edge hitting the table (0 plastic .. 1 elastic)
    friction: float = 0.0  # card on table, for the slap of a flat landing


def plate_inertia(
    axis: float, card_angle: float, width: float, length: float
) -> tuple[float, float]:
    """``(h, k^2)`` of a ``width x length`` card turning about an in-plane axis: the distance
    from its centre to its farthest point across the axis (mm) and its squared radius of
    gyration about the axis through its centre (mm^2).

    ``axis`` is the flip axis's direction in the table plane and ``card_angle`` the card's
    rotation (its width along the card's local x), both in radians.
    """
    # Unit normal to the axis, in the table plane, in the card's own frame.
    nx, ny = -math.sin(axis), math.cos(axis)
    ux, uy = math.cos(card_angle), math.sin(card_angle)
    across_w = nx * ux + ny * uy
    across_l = -nx * uy + ny * ux
    h = width / 2.0 * abs(across_w) + length / 2.0 * abs(across_l)
    k2 = (width * width * across_w * across_w + length * length * across_l * across_l) / 12.0
    return h, k2


def extent_across(axis: float, card_angle: float, half_width: float, half_length: float) -> float:
    """Distance from a card's centre to its farthest point across a flip axis, mm."""
    return plate_inertia(axis, card_angle, 2.0 * half_width, 2.0 * half_length)[0]


def launch(
    h: float,
    k2: float,
    z: float,
    vz: float,
    omega: float,
    axis: float,
    params: FlightParameters,
    vs: float = 0.0,
    va: float = 0.0,
    yaw: float = 0.0,
    yaw_rate: float = 0.0,
    size: tuple[float, float] = (0.0, 0.0),
) -> Flight:
    """Start the flight of a card lying flat (``theta = 0``) with its centre at height ``z``.

    On the table (``z ~ 0``), if its lowest edge would not rise (``vz - h |omega| <= 0``), the
    table's impulse there applies (the touchdown law), and the card pivots on that edge.
    """
    flight = Flight(
        h=h,
        k2=k2,
        z=z,
        vz=vz,
        theta=0.0,
        omega=omega,
        axis=axis,
        vs=vs,
        va=va,
        yaw=yaw,
        yaw_rate=yaw_rate,
        width=size[0],
        length=size[1],
    )
    flight.peak = z
    if z <= 1e-9 and vz - h * abs(omega) <= 0.0:
        # Turning forwards the far edge is the lowest (beta = 0 from base 0); turning back,
        # the near edge (beta = pi from base -pi).
        if omega >= 0.0:
            _impact(flight, params, 0.0, 0.0, record=False)
        else:
            _impact(flight, params, -math.pi, math.pi, record=False)
    return flight


def _impact(
    flight: Flight, params: FlightParameters, base: float, beta: float, record: bool = True
) -> None:
    """The lowest end strikes the table at ``theta = base + beta`` (``beta`` in [0, pi]):
    the touchdown law of the module docstring."""
    h, k2 = flight.h, flight.k2
    cos_b, sin_b = math.cos(beta), math.sin(beta)
    dx, dz = h * cos_b, -h * sin_b  # the contact edge, from the centre
    before = flight.energy
    omega = flight.omega
    vt = flight.vs - h * sin_b * omega
    vn = flight.vz - h * cos_b * omega
    if vn > 0.0:
        # The edge is leaving the table: the sub-step that carried it below was undone by
        # turning the card about its centre, and at that angle the edge moves up. No impact
        # and no contact: holding the edge on the table (PIVOT) would stop that upward motion
        # without an impulse to pay for it, and make energy (6.9 % once, a 5.6 m/s flick).
        return
    k_tt, k_tn, k_nn = contact_matrix(dx, dz, k2)
    mu = params.friction
    pt, pn, slip, rebound = contact_impulse(vt, vn, k_tt, k_tn, k_nn, mu, params.restitution)
    if rebound * rebound < 2.0 * params.gravity * STICK_MM:
        # Too weak to lift the edge measurably: a plastic impact (more loss), then contact.
        pt, pn, slip, rebound = contact_impulse(vt, vn, k_tt, k_tn, k_nn, mu, 0.0)
        rebound = 0.0
    flight.vs += pt
    flight.vz += pn
    flight.omega -= (dx * pn - dz * pt) / k2
    # Friction along the flip axis takes at most mu times the normal impulse.
    flight.va = math.copysign(max(0.0, abs(flight.va) - mu * pn), flight.va)
    if rebound == 0.0:
        # The edge stays on the table: no more turning in the table plane while it does.
        flight.yaw_rate = 0.0
        flight.mode = PIVOT
        flight.theta_base = base
        flight.alpha = beta
        flight.pivot = flight.s + h * cos_b
        # A slip left by rounding (1e-15 mm/s) is a sticking edge: taken as sliding, the
        # kinetic friction of its sign would turn the card with no slide to pay for it.
        flight.slip = slip if abs(slip) > SLIP_MM_S else 0.0
        flight.vz = h * cos_b * flight.omega
        flight.vs = flight.slip + h * sin_b * flight.omega
    else:
        flight.mode = FREE
    if record:
        flight.touchdowns.append(Touchdown(before, flight.energy, flat=False))


def _land(flight: Flight, theta: float, params: FlightParameters) -> None:
    """The card lies flat: a slap that stops its vertical motion and spin; table friction
    takes up to ``mu`` times the vertical impulse off its sliding speed."""
    before = flight.energy
    # The vertical speed of the end that slaps down last: the centre's plus the turning.
    slap = abs(flight.vz) + flight.h * abs(flight.omega)
    speed = math.hypot(flight.vs, flight.va)
    if speed > 0.0:
        keep = max(0.0, speed - params.friction * slap) / speed
        flight.vs *= keep
        flight.va *= keep
    flight.theta = theta
    flight.landed_theta = theta
    flight.z = 0.0
    flight.vz = 0.0
    flight.omega = 0.0
    flight.mode = FREE
    flight.touchdowns.append(Touchdown(before, flight.energy, flat=True))


def advance(flight: Flight, dt: float, substeps: int, params: FlightParameters) -> None:
    """Integrate ``dt`` seconds in ``substeps`` equal sub-steps; stops once landed."""
    step = dt / substeps
    remaining = substeps
    while remaining > 0:
        if flight.landed_theta is not None:
            return
        if flight.mode == FREE:
            remaining = _free_flight(flight, remaining, step, params)
        else:
            remaining = _pivoting(flight, remaining, step, params)


def _pivoting(flight: Flight, substeps: int, step: float, params: FlightParameters) -> int:
    """Up to ``substeps`` sub-steps on one edge (the lowest end held at the table's height);
    returns those left when the card lifts off or lands.

    The edge sticks while the friction it needs is at most ``mu`` times the contact force,
    and slides otherwise (Coulomb friction opposing the slip); the card lifts off when the
    contact force would have to pull.
    """
    g = params.gravity
    h = flight.h
    k2 = flight.k2
    mu = params.friction
    spin = params.spin_drag
    reach = g * h / (k2 + h * h)
    lever = h * h / k2
    for done in range(1, substeps + 1):
        if flight.time + step >= params.max_flight_s:
            # Safety net for pathological settings: lie down on the nearer face.
            _land(flight, round(flight.theta / math.pi) * math.pi, params)
            return 0
        alpha, omega = flight.alpha, flight.omega
        before = _plane_energy(flight, k2, g)
        cos_a, sin_a = math.cos(alpha), math.sin(alpha)
        drag = spin * omega * abs(omega)
        slip = flight.slip
        if slip == 0.0:
            accel = -reach * cos_a - drag
            # Contact forces per unit mass that keep the edge in place: normal g + z'',
            # along the table s''.
            normal = g + h * (cos_a * accel - sin_a * omega * omega)
            along = h * (sin_a * accel + cos_a * omega * omega)
            if abs(along) > mu * normal:
                slip = -1.0 if along > 0.0 else 1.0  # the edge gives way
        if slip != 0.0:
            sense = 1.0 if slip > 0.0 else -1.0
            jam = 1.0 + lever * cos_a * (cos_a - mu * sense * sin_a)
            if jam <= 1e-6:
                # Painlevé's jam (only for mu above about 0.9): the edge catches and sticks.
                flight.slip = slip = 0.0
                flight.pivot = flight.s + h * cos_a
                accel = -reach * cos_a - drag
                normal = g + h * (cos_a * accel - sin_a * omega * omega)
                along = 0.0
            else:
                normal = (g - h * sin_a * omega * omega) / jam
                accel = -(h * normal / k2) * (cos_a - mu * sense * sin_a) - drag
                along = -mu * sense * normal
        if normal < 0.0:
            flight.mode = FREE
            flight.theta = flight.theta_base + alpha
            flight.vs = flight.slip + h * sin_a * omega
            flight.vz = h * cos_a * omega
            flight.slip = 0.0
            return substeps - done + 1
        flight.time += step
        omega += accel * step
        alpha += omega * step
        flight.omega = omega
        if slip != 0.0:
            # The edge slides: integrate the centre along the table, the edge follows.
            vs = flight.vs + along * step
            flight.s += vs * step
            new_slip = vs - h * math.sin(alpha) * omega
            if new_slip * slip <= 0.0:
                new_slip = 0.0  # the slide stops: the edge sticks
            flight.slip = new_slip
            flight.pivot = flight.s + h * math.cos(alpha)
        if alpha <= 0.0:
            flight.alpha = 0.0
            flight.s = flight.pivot - h
            flight.vs = flight.slip
            _land(flight, flight.theta_base, params)
            return 0
        if alpha >= math.pi:
            flight.alpha = math.pi
            flight.s = flight.pivot + h
            flight.vs = flight.slip
            _land(flight, flight.theta_base + math.pi, params)
            return 0
        flight.alpha = alpha
        cos_a, sin_a = math.cos(alpha), math.sin(alpha)
        flight.theta = flight.theta_base + alpha
        flight.z = h * sin_a
        flight.s = flight.pivot - h * cos_a
        flight.vz = h * cos_a * omega
        flight.vs = flight.slip + h * sin_a * omega
        if _plane_energy(flight, k2, g) > before:
            _keep_energy(flight, before, g)
        if flight.z > flight.peak:
            flight.peak = flight.z
    return 0


def _plane_energy(flight: Flight, k2: float, g: float) -> float:
    """The flip plane's kinetic and potential energy per unit mass, mm^2/s^2."""
    return (
        0.5 * (flight.vs * flight.vs + flight.vz * flight.vz + k2 * flight.omega * flight.omega)
        + g * flight.z
    )


def _keep_energy(flight: Flight, energy: float, g: float) -> None:
    """Undo a pivoting sub-step's integration error that raised the energy above ``energy``
    (semi-implicit Euler is not exact on a pivot): the turning and sliding slow down by the
    factor that restores it; a card that turned past the height the energy can reach stops
    there, turned no further (the top of its swing)."""
    h, k2 = flight.h, flight.k2
    potential = g * flight.z
    if potential <= energy:
        kinetic = _plane_energy(flight, k2, g) - potential
        factor = math.sqrt(max(0.0, energy - potential) / kinetic) if kinetic > 0.0 else 0.0
        flight.omega *= factor
        flight.slip *= factor
    else:
        lean = math.asin(min(1.0, max(0.0, energy / (g * h))))
        flight.alpha = lean if flight.alpha <= 0.5 * math.pi else math.pi - lean
        flight.omega = 0.0
        flight.slip = 0.0
        flight.theta = flight.theta_base + flight.alpha
        flight.z = h * math.sin(flight.alpha)
        flight.s = flight.pivot - h * math.cos(flight.alpha)
    cos_a, sin_a = math.cos(flight.alpha), math.sin(flight.alpha)
    flight.vz = h * cos_a * flight.omega
    flight.vs = flight.slip + h * sin_a * flight.omega


def _free_flight(flight: Flight, substeps: int, step: float, params: FlightParameters) -> int:
    """Up to ``substeps`` free-flight sub-steps on local copies of the state (the hot loop of
    a toss); returns how many sub-steps are left when the card touches down or lands."""
    g = params.gravity
    drag = g / (params.terminal_speed * params.terminal_speed)
    spin = params.spin_drag
    keep = max(0.0, 1.0 - params.air_drag * step)
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
    s, vs, a, va = flight.s, flight.vs, flight.a, flight.va
    yaw_step = flight.yaw_rate * step if flight.width > 0.0 else 0.0
    nx, ny = -math.sin(flight.axis), math.cos(flight.axis)
    half_w, half_l = 0.5 * flight.width, 0.5 * flight.length
    w2, l2 = flight.width * flight.width / 12.0, flight.length * flight.length / 12.0
    k2 = flight.k2
    yaw = flight.yaw
    for done in range(1, substeps + 1):
        time += step
        if yaw_step != 0.0:
            yaw += yaw_step
            ux, uy = math.cos(yaw), math.sin(yaw)
            across_w = nx * ux + ny * uy
            across_l = ny * ux - nx * uy
            h = half_w * abs(across_w) + half_l * abs(across_l)
            turned = w2 * across_w * across_w + l2 * across_l * across_l
            # The turning's energy is kept: one flip axis cannot keep both the energy and the
            # angular momentum of a card that turns in the table plane meanwhile (a free
            # rigid body keeps both), and keeping the momentum made energy whenever the
            # extent across the axis shrank (up to 2.3 % in one step).
            omega *= math.sqrt(k2 / turned)
            k2 = turned
            flight.h, flight.k2, flight.yaw = h, k2, yaw
        if time >= limit:
            _store(flight, time, z, vz, theta, omega, peak, s, vs, a, va)
            # Safety net for pathological settings: lie down on the nearer face.
            _land(flight, round(theta / math.pi) * math.pi, params)
            return 0
        vz += (-g - drag * vz * abs(vz)) * step
        z += vz * step
        vs *= keep
        va *= keep
        s += vs * step
        a += va * step
        omega -= spin * omega * abs(omega) * step
        theta += omega * step
        if z > peak:
            peak = z
        beta = theta - math.floor(theta / math.pi) * math.pi
        sin_b = math.sin(beta)
        if z - h * sin_b <= 0.0:
            _store(flight, time, z, vz, theta, omega, peak, s, vs, a, va)
            base = theta - beta
            if h * sin_b <= FLAT_MM:
                _land(flight, base + (0.0 if beta < 0.5 * math.pi else math.pi), params)
                return 0
            edge_vz = vz - h * math.cos(beta) * omega
            if edge_vz < 0.0:
                # The sub-step carried the edge below the table. Put it back on the table by
                # turning the card about its centre, not by lifting the centre: a lift would
                # add the potential energy g (h sin(beta) - z) per unit mass that the motion
                # never had (up to 7 % of the table's energy in one step, on pivoting).
                beta = _touching(beta, z, h)
                flight.theta = base + beta
                if h * math.sin(beta) <= FLAT_MM:
                    _land(flight, base + (0.0 if beta < 0.5 * math.pi else math.pi), params)
                    return 0
                _impact(flight, params, base, beta)
            return substeps - done
    _store(flight, time, z, vz, theta, omega, peak, s, vs, a, va)
    return 0


def _touching(beta: float, z: float, h: float) -> float:
    """The angle in [0, pi], on ``beta``'s side of upright, at which a card of half extent
    ``h`` (mm) with its centre at height ``z`` (mm) has its lowest end on the table: 0 or pi
    (flat) when the centre is at or below the table."""
    lean = math.asin(min(1.0, max(0.0, z) / h))
    return lean if beta <= 0.5 * math.pi else math.pi - lean


def _store(
    flight: Flight,
    time: float,
    z: float,
    vz: float,
    theta: float,
    omega: float,
    peak: float,
    s: float,
    vs: float,
    a: float,
    va: float,
) -> None:
    flight.time, flight.z, flight.vz = time, z, vz
    flight.theta, flight.omega, flight.peak = theta, omega, peak
    flight.s, flight.vs, flight.a, flight.va = s, vs, a, va
