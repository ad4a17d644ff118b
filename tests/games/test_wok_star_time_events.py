"""Wok Star's sand timers, events and Family Characters."""

from __future__ import annotations

import pytest
from wok_star_positions import config, position, started

from wokphysics.games.wok_star.clock import SimulatedClock, WallClock
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import DieStatus, FamilyCard, Phase, PileCard
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timers import BLUE, RED, flip, fresh_timers


def test_timers_alternate_red_first_and_run_for_the_sand_that_fell() -> None:
    timers = fresh_timers(0.0)
    index, deadline = flip(timers, -1, 0.0, 20.0, True)
    assert (index, deadline) == (RED, 20.0)
    index, deadline = flip(timers, RED, 3.0, 20.0, True)
    assert (index, deadline) == (BLUE, 23.0)  # blue was at rest: a full 20 s
    # Red flipped again at 8 s: only the 8 s of sand that fell goes back on top.
    index, deadline = flip(timers, BLUE, 8.0, 20.0, True)
    assert (index, deadline) == (RED, 16.0)
    # Blue at 30 s had run out (20 s after 3 s), so it runs the full 20 again.
    index, deadline = flip(timers, RED, 30.0, 20.0, True)
    assert (index, deadline) == (BLUE, 50.0)


def test_without_sand_physics_every_flip_is_full() -> None:
    timers = fresh_timers(0.0)
    flip(timers, -1, 0.0, 20.0, False)
    flip(timers, RED, 1.0, 20.0, False)
    assert flip(timers, BLUE, 2.0, 20.0, False) == (RED, 22.0)


class FakeTime:
    """A wall clock for tests: ``sleep`` moves it on."""

    def __init__(self, start: float) -> None:
        self.t = start

    def monotonic(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def test_clocks() -> None:
    assert SimulatedClock().after_action(10.0, 1.5) == 11.5
    assert SimulatedClock().wait_until(10.0, 14.0) == 14.0
    fake = FakeTime(100.0)
    clock = WallClock(monotonic=fake.monotonic, sleep=fake.sleep)
    fake.t = 103.0
    assert clock.after_action(0.0, 99.0) == 3.0  # the wall decides, not the cost
    fake.t = 104.0
    assert clock.peek(0.0) == 4.0
    assert clock.wait_until(4.0, 8.0) == 8.0 and fake.t == 108.0  # it slept 4 s
    assert clock.wait_for(8.0, 1.5) == 9.5 and fake.t == 109.5
    fake.t = 112.0  # 2.5 s already passed since 9.5: a 1.5 s wait does not sleep again
    assert clock.wait_for(9.5, 1.5) == 12.0 and fake.t == 112.0


def game_with_event(kind: str, players: int = 2, **options: bool) -> WokStarState:
    """A started game whose next card is the event of ``kind``."""
    state = started(players, 0, characters=False, **options)
    event = next(e.id for e in state.config.events if e.kind == kind)
    order = [(c, k) for c, k in zip(state.deck, state.deck_known, strict=True) if c != event]
    order.append((event, False))  # on top
    return position(
        state,
        deck=[c for c, _ in order],
        deck_known=[k for _, k in order],
        event_deck=[c for c in state.event_deck if c != event],
        event_discard=[c for c in state.event_discard if c != event],
    )


def reveal_next(state: WokStarState) -> WokStarState:
    """Resolve the current card (turned away / skipped) so the deck's top is revealed."""
    card = state.current
    while state.current == card:
        if state.handler() >= 0:
            state = position(state, turn=state.handler())
        legal = [str(a) for a in state.legal_actions()]
        choice = next(c for c in ("turn away", "next", "wait") if c in legal)
        state.apply(state.parse_action(choice))
    return state


def test_delivery_adds_to_every_counter_on_reveal() -> None:
    state = game_with_event("delivery", timer=False)
    before = dict(state.counters)
    state = reveal_next(state)
    assert state.current == "delivery"
    assert all(state.counters[i] == min(before[i] + 1, 12) for i in before)


def test_power_cut_sets_aside_each_players_highest_die() -> None:
    state = game_with_event("power_cut", timer=False)
    highest = [max(d.face for d in state.free_dice(s)) for s in range(2)]
    state = reveal_next(state)
    for seat in range(2):
        aside = [d for d in state.dice if d.holder == seat and d.status is DieStatus.ASIDE]
        assert len(aside) == 1 and aside[0].face == highest[seat]


def test_an_event_holds_the_next_customer_until_its_timer_runs_out() -> None:
    state = reveal_next(game_with_event("delivery"))
    assert state.current == "delivery"
    deadline = state.deadline
    # Nobody can do anything: a wait lasts until the sand runs out.
    state = position(state, dice=[], characters=[[], []])
    assert [str(a) for a in state.legal_actions()] == ["wait"]
    state.apply(state.parse_action("wait"))
    assert state.now == deadline and state.current != "delivery"
    assert "delivery" in state.revealed


def test_chefs_special_is_served_as_any_recipe_and_pays_its_dollars() -> None:
    state = reveal_next(game_with_event("chefs_special", timer=False))
    special = state.current
    assert state.config.event_by_id[special].kind == "chefs_special"
    seat = next(s for s in range(2) if state.recipes_of(s))
    recipe = state.recipes_of(seat)[0]
    state = position(state, counters=dict.fromkeys(state.counters, 3), turn=seat)
    state.apply(state.parse_action(f"serve {recipe}"))
    assert state.piles[seat] == [PileCard(special, True)]
    # At accounting it pays and goes to the event discard, not into the next deck.
    while state.phase in ("action", "extra"):
        legal = [str(a) for a in state.legal_actions()]
        choice = next((c for c in ("done", "next", "turn away") if c in legal), legal[-1])
        state.apply(state.parse_action(choice))
    assert special in state.event_discard and special not in state.deck
    assert state.incomes[0] >= state.config.event_by_id[special].amount


def started_with(character: str, **options: bool) -> WokStarState:
    """A solo game in round 1 whose only Family Character is ``character``."""
    state = new_wok_star(1, 0, config(events=False, **options))
    state = position(state, characters=[[FamilyCard(character)]])
    while state.phase is Phase.SETUP_BONUS:
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("bonus")))
    return state


def test_grandma_adds_two_and_is_used_once() -> None:
    state = started_with("grandma", timer=False)
    ingredient = next(iter(state.counters))
    before = state.counters[ingredient]
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == before + 2
    state = position(state, turn=0)
    assert not any(str(a).startswith("use") for a in state.legal_actions())


def test_grandpa_turns_the_running_timer_back_to_full() -> None:
    state = started_with("grandpa")
    state.apply(state.parse_action("wait"))
    state.apply(state.parse_action("use grandpa"))
    assert state.deadline == pytest.approx(state.now + 20.0)


def test_little_bo_serves_without_ingredients() -> None:
    state = started_with("little_bo", timer=False)
    while "#" not in state.current:
        state.apply(state.parse_action("next"))
    card = state.current
    before = dict(state.counters)
    state.apply(state.parse_action("use little_bo"))
    assert state.counters == before and state.piles[0] == [PileCard(card, True)]


def test_cousin_and_uncle_change_dice() -> None:
    state = started_with("cousin", timer=False)
    dice = len(state.dice)
    state.apply(state.parse_action("use cousin"))
    assert len(state.dice) == dice + 1 and state.dice[-1].temporary and state.dice[-1].free
