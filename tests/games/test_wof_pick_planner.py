"""The planning bot's picks (:mod:`wokphysics.games.wok_on_fire.pick_planner`): the cards left
to deal are what a player knows, sampled ends are scored as the engine scores, the pick that
plainly wins is chosen, and nothing a player cannot see changes a decision."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from wof_engine_helpers import CFG, swap_hidden_faces

from wokphysics.games.wok_on_fire.bots import _INDEX, _TYPES, _counts
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.pick_planner import (
    PickPlanner,
    _margin,
    final_totals,
    future_turns,
    receivers,
    unseen_pool,
)
from wokphysics.games.wok_on_fire.planner import PlanBot
from wokphysics.games.wok_on_fire.players import make_bot
from wokphysics.games.wok_on_fire.simulate import play_one


def _deck() -> Counter[int]:
    return Counter(_INDEX[Ingredient[name.upper()]] for name in CFG.deck())


def test_the_cards_left_to_deal_are_the_deck_less_the_piles_and_the_discard() -> None:
    game = play_one(CFG, 2, 7, ["strong", "strong"])
    taken = Counter(_INDEX[kind] for p in range(2) for kind in game.pile_ingredients(p))
    taken += Counter(_INDEX[game.ingredient(i)] for i in game.discarded)
    assert Counter(unseen_pool(game)) == _deck() - taken
    assert len(unseen_pool(WokOnFireGame(CFG, 2, 7))) == len(CFG.deck())


def test_sampled_ends_are_scored_as_the_engine_scores() -> None:
    """At a game's end the final totals of its piles are the engine's scores, majorities
    included, and a margin with nothing left to deal is the plain difference."""
    for seed in (3, 4, 5):
        game = play_one(CFG, 2, seed, ["strong", "weak"])
        piles = [_counts(game.pile_ingredients(p)) for p in range(2)]
        totals = final_totals(game, piles)
        assert totals == [float(s.total) for s in game.scores()]
        assert _margin(game, 0, piles, (), [], []) == totals[0] - totals[1]


def test_each_turn_to_come_deals_its_player_two_cards() -> None:
    """At the start of a 2-player game (24 cards in the supply, 2 chopped a turn) 13 turns
    follow the first: 11 more the supply feeds, then the last round; in the last round, the
    turns left in it."""
    game = WokOnFireGame(CFG, 2, 1)
    assert future_turns(game) == 13
    assert receivers(game) == [1, 1, 0, 0] * 6 + [1, 1]
    three = WokOnFireGame(CFG, 3, 1)
    assert future_turns(three) == 11 + 3 and receivers(three)[:6] == [1, 1, 2, 2, 0, 0]
    piles = [tuple([0] * len(_TYPES))] * 2
    onion = _INDEX[Ingredient.ONION]
    deal = [onion] * 7
    # Player 0 takes an Onion now: the deal's first Onion is that card; then 1 gets two, 0 two:
    # 0 holds 3 Onions (15 points), 1 holds 2 (6).
    assert _margin(game, 0, piles, (onion,), deal, [1, 1, 0, 0]) == 15.0 - 6.0
    last = play_one(CFG, 2, 8, ["strong", "strong"])
    assert last.final_round and last.turns_left == 0 and future_turns(last) == 0


def _last_pick(seed: int) -> WokOnFireGame | None:
    """A 2-player game of ``strong`` bots played to the last turn of the game, at a pick of
    two among at least three viable cards (None if that game has none)."""
    game = WokOnFireGame(CFG, 2, seed, bots=("strong", "strong"))
    bots = [make_bot(CFG, "strong", seed * 10 + p) for p in range(2)]
    while not game.is_over:
        if (game.expect is Expect.PICK and game.final_round and game.turns_left == 1
                and game.legal_picks().min_picks == 2
                and len(game.legal_picks().all_viable) >= 3):
            return game
        bots[game.current_player].act(game)
    return None


def _final_margin(game: WokOnFireGame, units: dict[int, tuple[int, ...]],
                  option: list[int]) -> float:
    """The current player's final total less the other's if it takes ``option`` (nameable
    cards; each takes its unit) and the game ends: each pile arranged by the engine's
    Scorer.score_pile, the majorities counted here."""
    rules = CFG.rules
    me = game.current_player
    piles = [list(game.pile_ingredients(p)) for p in range(2)]
    piles[me] += [game.ingredient(c) for u in option for c in units[u]]
    totals = []
    for p in range(2):
        total = float(game.scorer.score_pile(piles[p]).points)
        for kind, points in ((Ingredient.PORK, rules.pork_majority_bonus),
                             (Ingredient.BROCCOLI, -rules.broccoli_majority_penalty)):
            total += points if piles[p].count(kind) > piles[1 - p].count(kind) else 0
        totals.append(total)
    return totals[me] - totals[1 - me]


def test_on_the_last_turn_it_takes_the_pick_that_scores_best_at_the_end() -> None:
    """Nothing is dealt after the game's last pick, so every sampled end is the real end:
    the pick chosen is the one whose final margin, scored by the engine's arrangement
    (Scorer.score_pile) and the majorities counted here, is the largest."""
    checked = 0
    for seed in range(1, 40):
        if checked == 4:
            break
        game = _last_pick(seed)
        if game is None:
            continue
        assert future_turns(game) == 0 and receivers(game) == []
        bot = make_bot(CFG, "plan", 1)
        assert isinstance(bot, PlanBot)
        legal = game.legal_picks()
        units = bot._units(game, legal.all_viable)

        orders = [bot._ordered(game, combo) for combo in combinations(sorted(units), 2)]
        options = [[p.card_id for p in o] for o in orders if game.check_pick(o) is None]
        best = max(_final_margin(game, units, o) for o in options)
        chosen = [p.card_id for p in bot.picker.best(bot, game, units, 2)]
        assert _final_margin(game, units, chosen) == best
        checked += 1
    assert checked >= 3


def _pick_state(reverse_supply: bool, swap_hidden: bool) -> WokOnFireGame:
    game = WokOnFireGame(CFG, 2, 11, bots=("plan", "strong"))
    bots = [make_bot(CFG, "plan", 3), make_bot(CFG, "strong", 4)]
    while not (game.expect is Expect.PICK and game.current_player == 0
               and len(game.legal_picks().all_viable) >= 3):
        bots[game.current_player].act(game)
    if reverse_supply:
        game.table.supply.reverse()
    if swap_hidden:
        swap_hidden_faces(game)
    return game


@pytest.mark.slow
def test_alone_at_the_table_it_plays_for_its_own_total() -> None:
    """A one-player game of the planning bot plays to its end (its margin is its own total)."""
    game = play_one(CFG, 1, 3, ["plan:2"])
    assert game.is_over and game.scores()[0].total > 0
    piles = [_counts(game.pile_ingredients(0))]
    assert _margin(game, 0, piles, (), [], []) == final_totals(game, piles)[0]


def test_what_it_cannot_see_does_not_change_its_picks() -> None:
    """Two games that differ only in the supply's order, or in which face-down cards are
    which, give the same picks for the same seed."""
    choices = []
    for reverse, swap in ((False, False), (True, False), (False, True)):
        game = _pick_state(reverse, swap)
        bot = make_bot(CFG, "plan", 5)
        assert isinstance(bot, PlanBot)
        choices.append(bot.choose_picks(game))
    assert choices[0] == choices[1] == choices[2]


def test_the_planner_decides_alike_for_the_same_seed() -> None:
    games = [_pick_state(False, False) for _ in range(2)]
    picks = [PickPlanner(np.random.default_rng(4)).best(
        make_bot(CFG, "strong", 1), game,
        make_bot(CFG, "strong", 1)._units(game, game.legal_picks().all_viable), 2)
        for game in games]
    assert picks[0] == picks[1]
