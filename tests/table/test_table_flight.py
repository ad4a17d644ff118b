"""The flight model on its own: the coin-toss rule and the edge-lift threshold."""

from __future__ import annotations

import math

from wokphysics.table.flight import Flight, FlightParameters, advance, launch

G = 9810.0
NO_DRAG = FlightParameters(gravity=G, terminal_speed=1e12, spin_drag=0.0, max_flight_s=10.0)
H = 31.75


def _fly(flight: Flight, params: FlightParameters = NO_DRAG) -> Flight:
    while not flight.landed:
        advance(flight, 1 / 120, 8, params)
    return flight


def test_a_card_lifted_by_one_edge_flips_only_past_vertical() -> None:
    # Pivoting about the far edge from flat, the card reaches vertical iff omega^2 > 3g/(2h).
    threshold = math.sqrt(3 * G / (2 * H))
    below = _fly(launch(H, 0.0, H * 0.95 * threshold, 0.95 * threshold, 0.0, NO_DRAG))
    above = _fly(launch(H, 0.0, H * 1.02 * threshold, 1.02 * threshold, 0.0, NO_DRAG))
    assert below.half_turns == 0 and not below.flipped
    assert above.half_turns == 1 and above.flipped


def test_free_flight_face_is_the_parity_of_half_turns() -> None:
    # Dropped from high with a slow spin: the angle turned by the time it comes down decides
    # the face (Keller's coin). The spin is too slow to carry it over on touching.
    height = 20000.0
    fall_time = math.sqrt(2 * height / G)
    for expected in (0, 1, 2, 3, 4):
        for lean in (-0.2, 0.2):
            omega = (expected + lean) * math.pi / fall_time
            if omega <= 0.0:
                continue
            flight = _fly(launch(H, height, 0.0, omega, 0.0, NO_DRAG))
            assert flight.half_turns == expected
            assert flight.flipped == (expected % 2 == 1)


def test_a_fast_spin_on_touching_carries_the_card_over() -> None:
    # Coming down at a fifth of a half turn, it rolls over its edge only with enough spin.
    tilt = 0.2 * math.pi
    threshold = math.sqrt(3 * G / (2 * H) * (1 - math.sin(tilt)))

    def coming_down(omega: float) -> Flight:
        return Flight(h=H, z=H * math.sin(tilt) + 0.5, vz=-200.0, theta=tilt, omega=omega, axis=0.0)

    assert _fly(coming_down(0.8 * threshold)).half_turns == 0
    assert _fly(coming_down(1.3 * threshold)).half_turns == 1


def test_higher_launch_flies_higher_and_longer() -> None:
    low = _fly(launch(H, 0.0, 800.0, 1.0, 0.0, NO_DRAG))
    high = _fly(launch(H, 0.0, 1600.0, 1.0, 0.0, NO_DRAG))
    assert high.peak > low.peak and high.time > low.time
    assert math.isclose(low.peak, 800.0**2 / (2 * G), rel_tol=0.02)


def test_air_drag_lowers_the_flight() -> None:
    drag = FlightParameters(gravity=G, terminal_speed=2500.0, spin_drag=0.1, max_flight_s=10.0)
    free = _fly(launch(H, 0.0, 3000.0, 40.0, 0.0, NO_DRAG))
    damped = _fly(launch(H, 0.0, 3000.0, 40.0, 0.0, drag), drag)
    assert damped.peak < free.peak
    assert damped.half_turns < free.half_turns
