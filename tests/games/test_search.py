"""The search bots (``mcts``, Wok Star's ``planner``): what they see, their budgets, and that
their games replay.

The central promise: a search bot's decision depends only on what its seat may see and its
seed. Two positions that differ only in hidden information (the others' hands and the draw
pile; dice not yet rolled and the others' cooking of the turn; the order of the decks) give
the same decision and the same search for the same seed.
"""

from __future__ import annotations

import random

import pytest

from wokphysics.errors import UserError
from wokphysics.games.bots import Bot
from wokphysics.games.protocol import GameState
from wokphysics.games.registry import bot_choices, check_bot_names, make_bot, new_game
from wokphysics.games.search import Analysis, Planner, advice_line
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_star.model import PURCHASE
from wokphysics.games.wok_star.state import WokStarState


def _play_until(state: GameState, bots: list[Bot], done: object) -> None:
    """Let ``bots`` play ``state`` until ``done(state)`` is true."""
    assert callable(done)
    for _ in range(5_000):
        if done(state):
            return
        state.apply(bots[state.current_player].choose(state))
    raise AssertionError("the position never came")


def _same_search(first: Analysis, second: Analysis) -> None:
    assert [(c.move, c.visits) for c in first.choices] == \
        [(c.move, c.visits) for c in second.choices]
    assert [c.reward for c in first.choices] == pytest.approx([c.reward for c in second.choices])


# --------------------------------------------------------------------------- hidden information
def test_we_will_wok_you_search_ignores_the_others_hands_and_the_draw_order() -> None:
    state = new_game("we-will-wok-you", 2, seed=11)
    greedy = [make_bot("we-will-wok-you", "greedy", s) for s in range(2)]
    _play_until(state, greedy, lambda s: len(s.history) >= 14 and s.current_player == 0
                and s.pending_wok < 0 and len(s.hands[1]) >= 2)
    assert isinstance(state, WeWillWokYouState)
    other = state.clone()
    # seat 1's hand and the draw pile change places card for card (same sizes), and the
    # draw pile is reordered: everything seat 0 cannot see
    hidden = other.hands[1] + other.draw
    random.Random(5).shuffle(hidden)
    other.hands[1] = hidden[: len(other.hands[1])]
    other.draw = hidden[len(other.hands[1]):]
    other.rng.seed(99)
    other._rebuild_caches()
    other.check_invariants()
    assert other.hands[1] != state.hands[1] and other.to_json() != state.to_json()
    assert other.observation(0) == state.observation(0)
    bot, twin = (make_bot("we-will-wok-you", "mcts:24", 7) for _ in range(2))
    assert isinstance(bot, Planner) and isinstance(twin, Planner)
    _same_search(bot.analyse(state), twin.analyse(other))
    assert bot.choose(state) == twin.choose(other)


def test_wok_and_roll_search_ignores_unrolled_dice_and_the_others_hidden_cooking() -> None:
    """Seat 1 cooks after seat 0 (the roller), whose crossings of the turn it cannot see:
    two positions where seat 0 cooked differently, with different dice to come, are one
    decision for seat 1."""
    players = 2
    state = new_game("wok-and-roll", players, seed=3)
    greedy = [make_bot("wok-and-roll", "greedy", s) for s in range(players)]
    found = None
    for _ in range(200):
        _play_until(state, greedy, lambda s: s.phase == "cook" and s.roller == 0
                    and s.current_player == 0 and len(s.legal_actions()) > 2)
        assert isinstance(state, WokAndRollState)
        at_lock = state.clone()
        # seat 0 cooks greedily in one world and says done at once in the other
        lazy = state.clone()
        while lazy.current_player == 0:
            lazy.apply(next(a for a in lazy.legal_actions() if str(a) == "done"))
        while state.current_player == 0:
            state.apply(greedy[0].choose(state))
        if (state.current_player == 1 and lazy.current_player == 1
                and state.menus[0].crossed != lazy.menus[0].crossed):
            found = (state, lazy, at_lock)
            break
        while not (state.phase == "roll" and state.roller == 0):
            state.apply(greedy[state.current_player].choose(state))
    assert found is not None, "no turn where seat 0's cooking showed"
    cooked, lazy, _ = found
    lazy.rng.seed(12345)  # other dice to come
    assert cooked.observation(1) == lazy.observation(1)
    assert cooked.to_json() != lazy.to_json()
    bot, twin = (make_bot("wok-and-roll", "mcts:16", 4) for _ in range(2))
    assert isinstance(bot, Planner) and isinstance(twin, Planner)
    _same_search(bot.analyse(cooked), twin.analyse(lazy))
    assert bot.choose(cooked) == twin.choose(lazy)


def test_wok_star_planner_ignores_the_order_of_the_decks() -> None:
    state = new_game("wok-star", 2, seed=8)
    team = [make_bot("wok-star", "team", s) for s in range(2)]
    _play_until(state, team, lambda s: s.phase is PURCHASE and len(s.legal_actions()) > 3)
    assert isinstance(state, WokStarState)
    other = state.clone()
    shuffle = random.Random(3)
    # the face-down customers of the deck and the Potential deck swap, the deck and the
    # event deck are reordered, and the dice to come are others
    hidden = [i for i, known in enumerate(other.deck_known) if not known and "#" in other.deck[i]]
    if hidden and other.potential:
        where = hidden[0]
        other.deck[where], other.potential[0] = other.potential[0], other.deck[where]
    order = list(range(len(other.deck)))
    shuffle.shuffle(order)
    other.deck = [other.deck[i] for i in order]
    other.deck_known = [other.deck_known[i] for i in order]
    shuffle.shuffle(other.event_deck)
    other.rng.seed(4)
    other.refresh()
    other.check_invariants()
    assert other.to_json() != state.to_json()
    assert other.observation(0) == state.observation(0)
    bot, twin = (make_bot("wok-star", "planner:24", 2) for _ in range(2))
    assert isinstance(bot, Planner) and isinstance(twin, Planner)
    _same_search(bot.analyse(state), twin.analyse(other))
    assert bot.choose(state) == twin.choose(other)


# --------------------------------------------------------------------------- determinism
@pytest.mark.slow
@pytest.mark.parametrize(("game", "spec"), [
    ("we-will-wok-you", "mcts:6"), ("wok-and-roll", "mcts:4"), ("wok-star", "planner:6"),
])
def test_a_search_game_replays_and_a_resumed_one_goes_on_alike(game: str, spec: str) -> None:
    """The same seeds give the same game; bots made anew half way (a resumed game) go on
    exactly as the first ones did: a decision depends on what the seat sees and the seed."""
    seed, players = 21, 2

    def bots() -> list[Bot]:
        return [make_bot(game, spec if s == 0 else "greedy" if game != "wok-star" else spec,
                         bot_seed(seed, s)) for s in range(players)]

    first = play_out(new_game(game, players, seed), bots())
    second = new_game(game, players, seed)
    half = len(first.history) // 2
    seated = bots()
    while len(second.history) < half:
        second.apply(seated[second.current_player].choose(second))
    play_out(second, bots())  # new bots, as a resumed game makes
    assert [str(a) for a in second.history] == [str(a) for a in first.history]
    assert second == first


# --------------------------------------------------------------------------- names
def test_bot_names_take_a_budget_where_the_bot_searches() -> None:
    assert "mcts:N" in bot_choices("we-will-wok-you")
    assert "planner:N" in bot_choices("wok-star")
    assert check_bot_names("wok-and-roll", ["mcts:2000", "greedy", "mcts"]) == \
        ["mcts:2000", "greedy", "mcts"]
    bot = make_bot("we-will-wok-you", "mcts:250", 1)
    assert isinstance(bot, Planner) and bot.budget == 250
    for bad, words in [("mcts:0", "1 to 100,000"), ("mcts:x", "whole number"),
                       ("mcts:", "whole number"), ("greedy:5", "unknown bot"),
                       ("mcts:999999", "1 to 100,000"), ("mcts:²", "whole number")]:
        with pytest.raises(UserError, match=words):
            check_bot_names("we-will-wok-you", [bad])


def test_the_advice_line_names_the_best_move_and_the_margins_of_the_next() -> None:
    state = new_game("we-will-wok-you", 2, seed=5)
    bot = make_bot("we-will-wok-you", "mcts:20", 3)
    assert isinstance(bot, Planner)
    analysis = bot.analyse(state)
    line = advice_line(analysis)
    best = analysis.best
    assert line.startswith(f"{best.words}: wins ")
    assert f"of {best.visits} playouts" in line and "points ahead" in line
    assert "\n" not in line
    assert bot.choose(state) == best.move[0]
