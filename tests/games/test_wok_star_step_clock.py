"""Wok Star on a step clock (the window's): each step at the time its owner sets, never a
sleep; replaying the steps at their recorded times rebuilds the game exactly."""

from __future__ import annotations

import random

from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_star.clock import SimulatedClock, StepClock
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot


def played_on_a_step_clock(seed: int) -> tuple[WokStarState, WokStarState, list[float]]:
    """A team-bot game whose steps come at irregular moments (0-3 s apart)."""
    state = new_wok_star(3, seed)
    initial = state.clone()
    clock = StepClock()
    state.clock = clock
    bots = [TeamBot(bot_seed(seed, s)) for s in range(3)]
    gaps = random.Random(seed)
    times = []
    while not state.is_terminal():
        clock.time_s += gaps.uniform(0.0, 3.0)
        state.apply(bots[state.current_player].choose(state))
        times.append(clock.time_s)
    return initial, state, times


def test_every_answer_is_the_time_set_never_earlier_than_now() -> None:
    clock = StepClock(12.5)
    assert clock.after_action(10.0, 2.0) == 12.5
    assert clock.wait_for(10.0, 4.0) == 12.5  # a wait does not jump ahead
    assert clock.wait_until(10.0, 30.0) == 12.5  # nor sleep until the sand runs out
    assert clock.after_action(14.0, 0.0) == 14.0  # time never goes back
    assert clock.peek(3.0) == 12.5


def test_a_game_replays_exactly_from_its_steps_and_their_times() -> None:
    initial, final, times = played_on_a_step_clock(4)
    assert final.now == times[-1]
    again = WokStarState.from_dict(initial.to_dict())
    clock = StepClock()
    again.clock = clock
    for action, at in zip(final.history, times, strict=True):
        clock.time_s = at
        again.apply(action)
    assert again.to_json() == final.to_json()


def test_the_same_steps_on_the_simulated_clock_give_another_game() -> None:
    # Why the window records each step's time: the sand decides which customers are late.
    initial, final, _ = played_on_a_step_clock(4)
    again = WokStarState.from_dict(initial.to_dict(), SimulatedClock())
    try:
        for action in final.history:
            again.apply(action)
    except ValueError:
        return  # a step was not even legal any more
    assert again.to_json() != final.to_json()
