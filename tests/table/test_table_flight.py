"""The flight model on its own: inertia, the edge pivot, impacts and the coin-toss rule."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.table.flight import (
    Flight,
    FlightParameters,
    advance,
    launch,
    plate_inertia,
)
from wokphysics.table.impact import contact_impulse, contact_matrix

G = 9810.0
WIDTH, LENGTH = 63.5, 88.9
NO_DRAG = FlightParameters(gravity=G, terminal_speed=1e12, spin_drag=0.0, max_flight_s=10.0)
STICKY = FlightParameters(
    gravity=G, terminal_speed=1e12, spin_drag=0.0, max_flight_s=10.0, friction=5.0
)


def _fly(flight: Flight, params: FlightParameters = NO_DRAG) -> Flight:
    while not flight.landed:
        advance(flight, 1 / 120, 8, params)
    return flight


def _pivot_launch(omega: float, h: float, k2: float, params: FlightParameters) -> Flight:
    """A card lying flat whose near edge is lifted: it turns about its far edge."""
    return launch(h, k2, 0.0, h * omega, omega, 0.0, params)


def test_inertia_is_the_extent_across_the_pivot_line_not_a_rod() -> None:
    # Lengthwise (turning about the card's width): a plate's k^2 = L^2 / 12 = h^2 / 3.
    h, k2 = plate_inertia(0.0, 0.0, WIDTH, LENGTH)
    assert math.isclose(h, LENGTH / 2) and math.isclose(k2, LENGTH**2 / 12)
    # At 45 degrees: h reaches a corner, k^2 = (w^2 + l^2) / 24, about half a rod's h^2 / 3.
    h45, k45 = plate_inertia(0.0, math.pi / 4, WIDTH, LENGTH)
    assert math.isclose(h45, (WIDTH + LENGTH) / (2 * math.sqrt(2)))
    assert math.isclose(k45, (WIDTH**2 + LENGTH**2) / 24)
    assert 0.45 < k45 / (h45**2 / 3) < 0.55


def test_a_card_lifted_by_one_edge_flips_only_past_vertical() -> None:
    # Turning about its far edge from flat with the edge held, the card reaches vertical only
    # if (k^2 + h^2) omega^2 / 2 >= g h, for the inertia of its orientation.
    for angle in (0.0, math.pi / 4, math.pi / 2):
        h, k2 = plate_inertia(0.0, angle, WIDTH, LENGTH)
        threshold = math.sqrt(2 * G * h / (k2 + h * h))
        below = _fly(_pivot_launch(0.97 * threshold, h, k2, STICKY), STICKY)
        # Well above it the card leaves the table on the way up and still falls over.
        above = _fly(_pivot_launch(1.2 * threshold, h, k2, STICKY), STICKY)
        assert below.half_turns == 0 and not below.flipped
        assert above.half_turns == 1 and above.flipped


def test_a_flip_over_the_far_edge_carries_the_card_by_its_extent() -> None:
    # Rolled over its far edge, the centre lands on the far side of that edge: about 2 h on
    # (less when the card leaves the table on the way over: at 45 degrees it turns on a
    # corner, its centre swings out fast and it leaves the table early).
    for angle in (0.0, math.pi / 4, math.pi / 2):
        h, k2 = plate_inertia(0.0, angle, WIDTH, LENGTH)
        omega = 1.05 * math.sqrt(2 * G * h / (k2 + h * h))
        flight = _fly(_pivot_launch(omega, h, k2, STICKY), STICKY)
        assert flight.flipped
        assert 0.7 * 2 * h <= flight.s <= 1.05 * 2 * h, (angle, flight.s, 2 * h)


def test_free_flight_face_is_the_parity_of_half_turns() -> None:
    # Dropped from high with a slow spin: the angle turned by the time it comes down decides
    # the face (Keller's coin). The spin is too slow to carry it over on touching.
    h, k2 = plate_inertia(0.0, 0.0, WIDTH, LENGTH)
    height = 20000.0
    fall_time = math.sqrt(2 * height / G)
    for expected in (0, 1, 2, 3, 4):
        for lean in (-0.2, 0.2):
            omega = (expected + lean) * math.pi / fall_time
            if omega <= 0.0:
                continue
            flight = _fly(launch(h, k2, height, 0.0, omega, 0.0, NO_DRAG))
            assert flight.half_turns == expected
            assert flight.flipped == (expected % 2 == 1)


def test_higher_launch_flies_higher_and_longer() -> None:
    h, k2 = plate_inertia(0.0, 0.0, WIDTH, LENGTH)
    low = _fly(launch(h, k2, 0.0, 800.0, 1.0, 0.0, NO_DRAG))
    high = _fly(launch(h, k2, 0.0, 1600.0, 1.0, 0.0, NO_DRAG))
    assert high.peak > low.peak and high.time > low.time
    assert math.isclose(low.peak, 800.0**2 / (2 * G), rel_tol=0.02)


def test_air_drag_lowers_the_flight() -> None:
    h, k2 = plate_inertia(0.0, 0.0, WIDTH, LENGTH)
    drag = FlightParameters(gravity=G, terminal_speed=2500.0, spin_drag=0.1, max_flight_s=10.0)
    free = _fly(launch(h, k2, 0.0, 3000.0, 40.0, 0.0, NO_DRAG))
    damped = _fly(launch(h, k2, 0.0, 3000.0, 40.0, 0.0, drag), drag)
    assert damped.peak < free.peak
    assert damped.half_turns < free.half_turns


speed = st.floats(min_value=-4000.0, max_value=4000.0)


@settings(max_examples=300, deadline=None)
@given(
    vt=speed,
    vn=st.floats(min_value=-4000.0, max_value=-1.0),
    beta=st.floats(min_value=0.0, max_value=math.pi),
    angle=st.floats(min_value=0.0, max_value=math.pi),
    mu=st.floats(min_value=0.0, max_value=2.0),
    e=st.floats(min_value=0.0, max_value=1.0),
)
def test_one_impact_never_makes_energy(
    vt: float, vn: float, beta: float, angle: float, mu: float, e: float
) -> None:
    # Any contact velocity, any point of the edge, friction and restitution: the kinetic
    # energy of the point's motion, v' K^-1 v / 2, does not grow.
    h, k2 = plate_inertia(0.0, angle, WIDTH, LENGTH)
    k_tt, k_tn, k_nn = contact_matrix(h * math.cos(beta), -h * math.sin(beta), k2)
    pt, pn, vt2, vn2 = contact_impulse(vt, vn, k_tt, k_tn, k_nn, mu, e)
    assert pn >= 0.0 and vn2 >= -1e-6
    det = k_tt * k_nn - k_tn * k_tn

    def energy(a: float, b: float) -> float:
        return (k_nn * a * a - 2 * k_tn * a * b + k_tt * b * b) / (2 * det)

    before = energy(vt, vn)
    assert energy(vt2, vn2) <= before * (1 + 1e-9) + 1e-9
    if mu < 0.85:  # below Painlevé's jam, friction stays within Coulomb's cone
        assert abs(pt) <= mu * pn * (1 + 1e-9) + 1e-9


def test_no_physics_step_of_a_flight_raises_its_energy() -> None:
    """Kinetic plus potential energy of a tossed card (per unit mass, flip plane and height)
    never rises from one physics step to the next, touchdowns and pivoting included: a
    touchdown found a sub-step late (the edge already below the table) puts the edge back by
    turning the card, not by lifting its centre, which added g times the lift (up to 7 % of a
    flicked table's energy in one step)."""
    import numpy as np

    params = FlightParameters(gravity=G, terminal_speed=3000.0, spin_drag=0.1, max_flight_s=4.0,
                              air_drag=0.8, restitution=0.3, friction=0.35)
    rng = np.random.default_rng(3)
    rises = []
    for _ in range(300):
        h, k2 = plate_inertia(0.0, float(rng.uniform(0.0, math.pi)), WIDTH, LENGTH)
        flight = launch(h, k2, float(rng.uniform(5.0, 150.0)), float(rng.uniform(-800.0, 1500.0)),
                        float(rng.uniform(-40.0, 40.0)), 0.0, params,
                        vs=float(rng.uniform(-500.0, 500.0)))
        energy = flight.energy + G * flight.z
        while not flight.landed:
            advance(flight, 1 / 120, 4, params)
            now = flight.energy + G * flight.z
            if now > energy * (1 + 1e-9) + 1e-6:
                rises.append(now / energy - 1)
            energy = now
    assert rises == []
