"""Geometry of visibility on hand-built layouts with known answers."""

from __future__ import annotations

import pytest
from table_helpers import CFG

from wokphysics import Table, load_config
from wokphysics.table.visibility import refusal_reason

WIDTH, LENGTH = CFG.card.width_mm, CFG.card.length_mm
DECK = CFG.deck()
BROCCOLI = DECK.index("broccoli")
PEPPER = DECK.index("green_pepper")
CHICKEN = DECK.index("chicken")
HALF_WOK = CFG.wok.width_mm / 2.0


def test_a_fully_covered_card_shows_nothing() -> None:
    table = Table(CFG, 0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    table.place(BROCCOLI, 0.0, 0.0, 0.0, True)
    seen = table.visibility()
    assert seen[CHICKEN].circle_fraction == 0.0
    assert seen[CHICKEN].corners_visible == (False, False, False, False)
    assert not seen[CHICKEN].viable
    assert seen[BROCCOLI].viable and seen[BROCCOLI].circle_fraction == 1.0
    reason = refusal_reason(table.card(CHICKEN), seen[CHICKEN], CFG)
    assert reason == f"the centre circle of card {CHICKEN} is covered"


def test_half_the_circle_covered() -> None:
    table = Table(CFG, 0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    # The covering card's left edge runs through the chicken's centre.
    table.place(BROCCOLI, WIDTH / 2.0, 0.0, 0.0, False)
    seen = table.visibility()[CHICKEN]
    assert seen.circle_fraction == pytest.approx(0.5, abs=1e-9)
    assert seen.corners_visible == (True, False, False, True)
    assert seen.viable


def test_only_one_corner_dot_free() -> None:
    table = Table(CFG, 0)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    table.place(BROCCOLI, 0.0, 60.0, 0.0, False)  # covers both top dots, not the circle
    table.place(PEPPER, 50.0, -20.0, 0.0, False)  # covers the bottom-right dot
    seen = table.visibility()[CHICKEN]
    assert seen.circle_fraction == 1.0
    assert seen.corners_visible == (True, False, False, False)
    assert seen.viable


def test_a_card_under_a_lower_card_is_not_covered_by_it() -> None:
    table = Table(CFG, 0)
    table.place(BROCCOLI, 0.0, 0.0, 0.0, True)
    table.place(CHICKEN, 0.0, 0.0, 0.0, True)
    # Placed later, the chicken lies on top: the broccoli is hidden, not the chicken.
    seen = table.visibility()
    assert seen[CHICKEN].viable and not seen[BROCCOLI].viable
    assert table.card(CHICKEN).layer > table.card(BROCCOLI).layer


def test_a_card_across_the_wok_edge_is_falling_out_and_not_viable() -> None:
    table = Table(CFG, 0)
    table.place(BROCCOLI, HALF_WOK - 10.0, 0.0, 0.0, True)
    seen = table.visibility()[BROCCOLI]
    assert seen.falling_out and not seen.outside
    assert seen.circle_fraction == 1.0 and all(seen.corners_visible)
    assert not seen.viable
    assert refusal_reason(table.card(BROCCOLI), seen, CFG) == (
        f"card {BROCCOLI} is falling out of the wok"
    )


def test_a_card_with_its_centre_outside_the_wok() -> None:
    table = Table(CFG, 0)
    table.place(BROCCOLI, HALF_WOK + 10.0, 0.0, 0.0, True)
    seen = table.visibility()[BROCCOLI]
    assert seen.falling_out and seen.outside
    assert BROCCOLI in table.out_of_wok()


def test_green_pepper_falling_out_is_still_viable() -> None:
    table = Table(CFG, 0)
    table.place(PEPPER, HALF_WOK - 10.0, 0.0, 0.0, True)
    assert table.visibility()[PEPPER].viable


def test_green_pepper_exception_is_a_rules_option(tmp_path: object) -> None:
    from pathlib import Path

    override = Path(str(tmp_path)) / "house.toml"
    override.write_text("[rules]\ngreen_pepper_viable_falling_out = false\n")
    cfg = load_config(override)
    table = Table(cfg, 0)
    table.place(PEPPER, HALF_WOK - 10.0, 0.0, 0.0, True)
    assert not table.visibility()[PEPPER].viable


def test_a_face_down_card_is_never_viable() -> None:
    table = Table(CFG, 0)
    table.place(CHICKEN, 0.0, 0.0, 0.3, False)
    seen = table.visibility()[CHICKEN]
    assert seen.circle_fraction == 1.0 and not seen.viable
    assert refusal_reason(table.card(CHICKEN), seen, CFG) == f"card {CHICKEN} is face down"


def test_a_card_wholly_inside_the_wok_is_not_falling_out() -> None:
    table = Table(CFG, 0)
    table.place(CHICKEN, 100.0, -100.0, 0.7, True)
    seen = table.visibility()[CHICKEN]
    assert not seen.falling_out and not seen.outside and seen.viable
