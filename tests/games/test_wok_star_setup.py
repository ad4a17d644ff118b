"""Wok Star setup by player count, and the shipped card data's facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from wokphysics.errors import ConfigError
from wokphysics.games.wok_star.cards import default_config, load_config
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.state import WokStarState


def test_shipped_cards_honour_the_rulebook_and_decisions() -> None:
    cfg = default_config()
    assert len(cfg.recipes) == 12
    costs = sorted(r.cost for r in cfg.recipes)
    assert costs.count(0) == 3 and costs.count(4) == 5 and min(costs[8:]) > 4
    assert len(cfg.customer_dollars) == 48
    assert all(2 <= d <= 5 for d in cfg.customer_dollars.values())
    assert all(2 <= len(r.ingredients) <= 4 for r in cfg.recipes)
    assert len(cfg.preparations) == 10 and len(cfg.events) == 13 and len(cfg.characters) == 6
    by_name = {r.name: r for r in cfg.recipes}
    assert sorted(by_name["Egg Rolls"].ingredients) == ["bamboo", "bok_choy", "pork", "wraps"]
    assert set(by_name["Wonton Soup"].ingredients) == {"wraps", "broth"}
    assert cfg.prep_by_id["wraps"].name == "Eggroll Wraps"
    assert cfg.prep_by_id["broth"].name == "Chicken Broth"
    assert [cfg.loan.amount("normal", n) for n in (1, 2, 3, 4)] == [40, 40, 60, 80]
    assert [cfg.loan.amount("easy", n) for n in (1, 2, 3, 4)] == [35, 35, 52, 70]
    assert [cfg.loan.amount("hard", n) for n in (1, 2, 3, 4)] == [45, 45, 68, 90]


@pytest.mark.parametrize(
    "players, zero, four, deck, potential",
    [
        (1, 1, 1, 5, 3),
        (2, 1, 1, 5, 3),
        (3, 2, 1, 8, 4),
        (4, 2, 2, 10, 6),
    ],
)
def test_setup_deals_recipes_decks_and_events(
    players: int, zero: int, four: int, deck: int, potential: int
) -> None:
    for seed in range(5):
        state = new_wok_star(players, seed)
        cfg = state.config
        costs = [cfg.recipe_by_id[r].cost for r in state.recipe_owner]
        assert costs.count(0) == zero and costs.count(4) == four
        if players > 1:
            assert sorted(state.recipe_owner.values()) == list(range(players))
        customers = [c for c in state.deck if "#" in c]
        events = [c for c in state.deck if "#" not in c]
        assert len(customers) == deck and len(events) == 2
        assert len(state.potential) == potential
        needed = {i for r in state.recipe_owner for i in cfg.recipe_by_id[r].ingredients}
        assert set(state.prep_owner) == needed
        assert all(v == 1 for v in state.counters.values())
        assert len(state.event_deck) == 11
        per = 2 if players == 1 else 1
        assert all(len(chars) == per for chars in state.characters)
        assert state.bonus_left == [per] * players
        assert state.pool == [6 if players == 1 else 3] * players
        state.check_invariants()


def test_preparations_are_shared_so_everyone_has_one() -> None:
    for seed in range(10):
        state = new_wok_star(4, seed)
        assert state.phase == "setup_assign"
        while state.phase == "setup_assign":
            # Always give to seat 1 when allowed: the rules must stop that in time.
            state.apply(state.legal_actions()[0])
        assert all(state.preps_of(seat) for seat in range(4))


def test_bonus_choice_extra_die_or_upgrade() -> None:
    state = new_wok_star(2, 3)
    while state.phase == "setup_assign":
        state.apply(state.legal_actions()[0])
    assert state.phase == "setup_bonus"
    first = state.current_player
    state.apply(state.parse_action("bonus die"))
    assert state.pool[first] == 4
    second = state.current_player
    prep = state.preps_of(second)[0]
    state.apply(state.parse_action(f"bonus upgrade {prep}"))
    assert prep in state.upgraded
    assert state.phase == "action" and state.round == 1


def test_solo_player_owns_everything_and_chooses_twice() -> None:
    state = new_wok_star(1, 0)
    assert state.phase == "setup_bonus"
    assert set(state.prep_owner.values()) == {0}
    state.apply(state.parse_action("bonus die"))
    state.apply(state.parse_action("bonus die"))
    assert state.pool == [8] and state.phase == "action"
    assert len(state.dice) == 8


def test_first_game_options_leave_out_events_characters_and_timer() -> None:
    cfg = default_config().with_options(timer=False, events=False, characters=False)
    state = WokStarState(2, 0, cfg)
    assert all("#" in c for c in state.deck) and not state.event_deck
    assert state.characters == [[], []]
    while state.phase != "action":
        state.apply(state.legal_actions()[0])
    assert state.time_left() is None


def test_bad_config_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "wok_star.toml"
    bad.write_text("[rules]\ndifficulty = 'impossible'\n")
    with pytest.raises(ConfigError) as error:
        load_config(bad)
    assert "rules.difficulty" in str(error.value) and str(bad) in str(error.value)
    bad.write_text("[purchase_track]\nupgrade = [0, 1, 1, 1, 1, 1]\n")
    with pytest.raises(ConfigError, match="purchase_track.upgrade"):
        load_config(bad)
    bad.write_text("[rules]\nno_such_rule = 1\n")
    with pytest.raises(ConfigError, match="no_such_rule"):
        load_config(bad)
