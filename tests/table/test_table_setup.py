"""Setup spreads the starting cards wholly inside the wok (rules-decisions.md, Setup)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_helpers import CFG, SUPPLY, dealt_table, new_table

SEEDS = 300


def _wholly_inside(table_seed: int, jitter_mm: float | None = None, turn: float = 0.0) -> None:
    if jitter_mm is None:
        table = dealt_table(table_seed)
    else:
        table = new_table(table_seed)
        table.setup(SUPPLY, position_jitter_mm=jitter_mm, angle_jitter_rad=turn)
    lying = table.wok_cards()
    assert len(lying) == 50 - SUPPLY and len(table.supply) == SUPPLY
    half_w, half_d = CFG.wok.width_mm / 2.0, CFG.wok.depth_mm / 2.0
    for card in lying:
        corners = table.corners(card.id)
        assert all(abs(x) < half_w and abs(y) < half_d for x, y in corners), (table_seed, card)
    seen = table.visibility()
    assert not any(v.falling_out or v.outside for v in seen.values())


@pytest.mark.slow
def test_every_starting_card_lies_wholly_inside_the_wok_over_many_seeds() -> None:
    for seed in range(SEEDS):
        _wholly_inside(seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    jitter_mm=st.floats(0.0, 200.0),
    turn=st.floats(0.0, 10.0),
)
def test_any_jitter_keeps_the_spread_inside_the_wok(
    seed: int, jitter_mm: float, turn: float
) -> None:
    _wholly_inside(seed, jitter_mm, turn)
