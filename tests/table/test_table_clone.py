"""Copies of a table at rest (``clone_table``): the same table, bit for bit, that plays on as
the original does, and that changes nothing of the original."""

from __future__ import annotations

import pytest

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.table.clone import check_layout, clone_table
from wokphysics.table.gesture import Gesture
from wokphysics.table.live import TableError

CFG = load_config()
SPREAD = CFG.rules.setup.wok

FLICKS = (
    Gesture([(0.0, 0.0, -200.0), (0.12, 0.0, -40.0)]),
    Gesture([(0.0, -180.0, 60.0), (0.1, -60.0, 20.0)]),
    Gesture([(0.0, 120.0, 160.0), (0.09, 30.0, 30.0)]),
)
"""Flicks across the dealt wok (each meets cards and flips or pushes some)."""


def test_a_copy_is_the_same_table() -> None:
    table = dealt_table(CFG, seed=4)
    copy = clone_table(table, SPREAD)
    assert copy.state_hash() == table.state_hash()
    assert copy.cards == table.cards and copy.supply == table.supply
    assert copy.visibility() == table.visibility()


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_strokes_on_a_copy_give_the_originals_table_bit_for_bit(seed: int) -> None:
    """Each stroke on a fresh copy of the table lying after the strokes before it gives the
    table the same stroke gives the original (by state hash: every card's floats, the
    supply and the generator)."""
    table = dealt_table(CFG, seed=seed)
    for gesture in FLICKS:
        copy = clone_table(table, SPREAD)
        copy.stir(gesture)
        report = table.stir(gesture)
        assert copy.state_hash() == table.state_hash()
        assert report.moved  # the flick did something to be compared


@pytest.mark.parametrize("seed", [1, 6])
def test_a_chop_on_a_copy_gives_the_originals_table(seed: int) -> None:
    table = dealt_table(CFG, seed=seed)
    table.stir(FLICKS[0])
    throw = Gesture([(0.0, 0.0, -380.0), (0.1, 0.0, -280.0)])
    copy = clone_table(table, SPREAD)
    copy.chop(throw, 0, count=2)
    table.chop(throw, 0, count=2)
    assert copy.state_hash() == table.state_hash()


def test_a_copy_changes_nothing_of_the_original() -> None:
    table = dealt_table(CFG, seed=7)
    before = table.state_hash()
    copy = clone_table(table, SPREAD)
    copy.stir(FLICKS[0])
    copy.chop(Gesture([(0.0, 0.0, -380.0), (0.1, 0.0, -280.0)]), 0, count=2)
    assert copy.state_hash() != before
    assert table.state_hash() == before
    # and the original still plays as a table that was never copied
    twin = dealt_table(CFG, seed=7)
    table.stir(FLICKS[1])
    twin.stir(FLICKS[1])
    assert table.state_hash() == twin.state_hash()


def test_only_a_table_at_rest_is_copied() -> None:
    table = dealt_table(CFG, seed=2)
    stroke = table.begin_stroke(0.0, -200.0)
    with pytest.raises(TableError, match="at rest"):
        clone_table(table, SPREAD)
    stroke.move_to(0.0, -190.0)
    stroke.release()
    assert clone_table(table, SPREAD).state_hash() == table.state_hash()


def test_the_joint_layout_the_copy_relies_on_is_pymunks() -> None:
    check_layout()  # raises if the offsets do not read what pymunk's getters read


@pytest.mark.parametrize("seed", [2, 3, 8])
def test_a_copy_with_cards_woken_by_a_take_plays_on_as_the_original(seed: int) -> None:
    """Taking a card wakes the cards lying on it (they rest awake in pymunk's
    space until the next action): the copy holds them in the original's order."""
    table = dealt_table(CFG, seed=seed)
    table.stir(FLICKS[0])
    under = next(card for card in table._cards
                 if any(other.support is card for other in table._cards))
    table.take(under.id, "player", 0)  # a card with another lying on it
    assert any(card.in_space and not card.parked for card in table._cards)
    for gesture in FLICKS[1:]:
        copy = clone_table(table, SPREAD)
        copy.stir(gesture)
        table.stir(gesture)
        assert copy.state_hash() == table.state_hash()
