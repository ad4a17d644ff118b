"""A table's visibility memo gives the bits a computation from scratch gives: over whole bot
games (every visibility the game asks for) and over random layouts where some cards move,
change layer or leave."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_helpers import CFG, DECK, GAME_CFG, new_table

import wokphysics.table.world as world
from wokphysics.config.table import TableConfig
from wokphysics.games.wok_on_fire.simulate import play_one
from wokphysics.table.cards import Card
from wokphysics.table.geometry import CardShapes
from wokphysics.table.visibility import Visibility, VisibilityMemo, compute_visibility


def _fresh(cards: Sequence[Card]) -> dict[int, Visibility]:
    return compute_visibility(CFG, cards, CardShapes(CFG))


@pytest.mark.checkout_only  # the compiled table calls compute_visibility directly, unpatched
def test_whole_games_see_what_a_fresh_computation_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every visibility the table gives in bot games (2 and 4 players) is, field for field
    and bit for bit (repr round-trips a float), the one computed without the memo; and the
    memo did reuse cards (else this test would test nothing)."""
    compared: list[int] = []
    reused: list[int] = []

    def checked(
        cfg: TableConfig, cards: Sequence[Card], shapes: CardShapes | None = None,
        memo: VisibilityMemo | None = None,
    ) -> dict[int, Visibility]:
        known = dict(memo.known) if memo is not None else {}
        got = compute_visibility(cfg, cards, shapes, memo)
        assert repr(got) == repr(compute_visibility(cfg, cards, shapes)), "memo differs"
        compared.append(len(got))
        reused.append(sum(1 for card_id, seen in got.items()
                          if card_id in known and known[card_id][1] is seen))
        return got

    monkeypatch.setattr(world, "compute_visibility", checked)
    for seed, names in ((1, ("strong", "weak")), (2, ("strong", "weak", "strong", "weak"))):
        play_one(GAME_CFG, len(names), seed, names)
    assert len(compared) > 20
    assert sum(reused) > 0.1 * sum(compared), (sum(reused), sum(compared))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    count=st.integers(2, 30),
    rounds=st.lists(
        st.tuples(st.integers(0, 29), st.sampled_from(["nudge", "lift", "take", "none"])),
        min_size=1, max_size=6,
    ),
)
def test_the_memo_follows_moves_restacks_and_takes(
    seed: int, count: int, rounds: list[tuple[int, str]]
) -> None:
    """Cards placed at random, then one card at a time nudged by a hair, put on top of the
    stack or taken off the table: after each change the memo's answer is the fresh one."""
    table = new_table(seed)
    rng = np.random.default_rng(seed)
    reach = CFG.wok.width_mm / 2.0 - 40.0
    for card_id in range(count):
        x, y = rng.uniform(-reach, reach, 2)
        table.place(card_id, float(x), float(y), float(rng.uniform(0, np.pi)), bool(card_id % 2))
    memo = VisibilityMemo()
    cards = table.cards
    assert repr(compute_visibility(CFG, cards, table.shapes, memo)) == repr(_fresh(cards))
    for pick, change in rounds:
        card = cards[pick % count]
        if change == "nudge":
            cards[card.id] = replace(card, x=card.x + 1e-9)
        elif change == "lift":
            top = max(c.layer for c in cards)
            cards[card.id] = replace(card, layer=top + 1)
        elif change == "take":
            cards[card.id] = replace(card, location="player")
        got = compute_visibility(CFG, cards, table.shapes, memo)
        assert repr(got) == repr(_fresh(cards)), change
    assert len(DECK) >= 30
