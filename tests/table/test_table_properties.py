"""Property tests: random gestures never break the table's invariants."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from table_helpers import CFG, CHOP, dealt_table

from wokphysics import Gesture, Table

coordinate = st.floats(min_value=-450.0, max_value=450.0, allow_nan=False)
pause = st.floats(min_value=0.004, max_value=0.3, allow_nan=False)


@st.composite
def gestures(draw: st.DrawFn) -> Gesture:
    count = draw(st.integers(min_value=1, max_value=6))
    t = 0.0
    samples = []
    x, y = draw(coordinate), draw(coordinate)
    for _ in range(count):
        samples.append((t, x, y))
        t += draw(pause)
        # Hands move at most ~6 m/s: keep each hop within that.
        reach = 6000.0 * (t - samples[-1][0])
        x = max(-450.0, min(450.0, x + draw(st.floats(-reach, reach))))
        y = max(-450.0, min(450.0, y + draw(st.floats(-reach, reach))))
    return Gesture(samples)


def _check_invariants(table: Table) -> None:
    cards = table.cards
    assert len(cards) == 50
    assert sorted(c.id for c in cards) == list(range(50))
    assert sum(1 for c in cards if c.location == "supply") == len(table.supply)
    half_w, half_d = CFG.table.width_mm / 2.0, CFG.table.depth_mm / 2.0
    for card in cards:
        assert card.location in ("supply", "wok", "floor", "player", "discard")
        assert all(math.isfinite(v) for v in (card.x, card.y, card.angle))
        assert not card.airborne
        if card.location == "wok":
            assert abs(card.x) <= half_w and abs(card.y) <= half_d
    assert table.at_rest()
    for seen in table.visibility().values():
        assert 0.0 <= seen.circle_fraction <= 1.0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    actions=st.lists(
        st.tuples(st.sampled_from(["stir", "chop"]), gestures(), st.integers(0, 3)),
        min_size=1,
        max_size=3,
    ),
)
def test_random_gestures_keep_every_card_accounted_for(
    seed: int, actions: list[tuple[str, Gesture, int]]
) -> None:
    table = dealt_table(seed)
    for kind, gesture, seat in actions:
        if kind == "stir":
            report = table.stir(gesture)
        else:
            report = table.chop(gesture, seat=seat, count=CHOP)
        assert report.steps > 0 or report.simulated_s == 0.0
        _check_invariants(table)


@st.composite
def flicks(draw: st.DrawFn) -> tuple[float, float, float, float]:
    """A straight flick at any speed a hand makes, in any direction, under a card."""
    return (
        draw(st.floats(min_value=300.0, max_value=6000.0)),
        draw(st.floats(min_value=0.0, max_value=2 * math.pi)),
        draw(st.floats(min_value=0.0, max_value=40.0)),
        draw(st.floats(min_value=0.0, max_value=math.pi)),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    flick=flicks(),
    wander=gestures(),
)
# found by this test: a touchdown whose edge, once put back on the table, was moving up was
# held there (PIVOT), stopping that motion with no impulse: +6.9 % energy
@example(seed=463, flick=(5595.0, 0.21484375, 33.0, 1.140625),
         wander=Gesture(samples=((0.0, 0.0, 0.0),)))
def test_no_touchdown_ever_gains_flip_plane_energy(
    seed: int, flick: tuple[float, float, float, float], wander: Gesture
) -> None:
    """Every impact of a card with the table (an edge striking it, or the card slapping down
    flat) keeps or loses kinetic energy in the flip plane; rounding aside, never gains it."""
    from wokphysics.table.strokes import flick_under

    speed, heading, under, turn = flick
    table = dealt_table(seed)
    target = min(table.wok_cards(), key=lambda c: math.hypot(c.x, c.y))
    reports = [flick_under(table, target.id, heading + turn, speed, under), table.stir(wander)]
    impacts = [t for report in reports for flights in report.touchdowns.values() for t in flights]
    for impact in impacts:
        assert impact.after <= impact.before * (1.0 + 1e-9) + 1e-6, impact
