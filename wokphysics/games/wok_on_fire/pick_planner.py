"""The planning bot's picks: each legal pick valued by the ends of the game it may lead to.

``strong`` values a pick by a rule of thumb: the points the cards add now, what half-built sets
promise, and half of what they would give the best-placed opponent. The planning bot instead
plays the rest of the game out many times, cheaply: every card not yet in a pile is dealt at
random to the players, as many as each may still pick (:func:`receivers`), the piles are
scored exactly (the best arrangement and the majorities), and a pick is worth the mean of its
player's final total less the best opponent's. The same deals serve every pick it weighs
(common random numbers), so two picks are compared on the same luck, and a set that needs one
more card (a third Mushroom, Rice's Meat and Vegetable, a Meat for a Garlic) is worth what it
may yet become, given what is left in the game.

It sees what a player at the table sees: the cards not yet in a pile are the deck less every
card seen in a pile or the discard; which face-down card is which and the supply's order are
never read. Its random deals come from the bot's own planning generator, so a game with it
replays bit for bit.

>>> from wokphysics.config.wok_on_fire import load_config
>>> from wokphysics.games.wok_on_fire.engine import WokOnFireGame
>>> game = WokOnFireGame(load_config(), 2, 1)
>>> len(unseen_pool(game)), future_turns(game), receivers(game)[:5]
(50, 13, [1, 1, 0, 0, 1])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import Final

import numpy as np

from wokphysics.games.wok_on_fire.bots import (
    _INDEX,
    _TYPES,
    WokBot,
    _counts,
    _majority,
    _pile_value,
)
from wokphysics.games.wok_on_fire.engine import Pick, WokOnFireGame
from wokphysics.games.wok_on_fire.ingredients import Ingredient

PICK_SAMPLES: Final = 32
"""Random ends of the game each pick is weighed on (docs/bots.md: its think time)."""


def unseen_pool(game: WokOnFireGame) -> list[int]:
    """The type index (in ``Ingredient``'s order) of every card not yet in a player's pile
    or the discard, as any player knows them: the deck less the piles and the discard (whose
    cards lie face up), in type order."""
    counts = [0] * len(_TYPES)
    for name in game.cfg.deck():
        counts[_INDEX[Ingredient[name.upper()]]] += 1
    for player in range(game.players):
        for kind in game.pile_ingredients(player):
            counts[_INDEX[kind]] -= 1
    for card_id in game.discarded:
        counts[_INDEX[game.ingredient(card_id)]] -= 1
    return [index for index, count in enumerate(counts) for _ in range(count)]


def future_turns(game: WokOnFireGame) -> int:
    """The turns still to come after the current one: those the supply still feeds (this
    turn's chop takes ``cards_per_chop`` of it, the turn that finds it empty starts the last
    round) and the last round, one turn a player; in the last round, the turns left in it."""
    turns_left = game.turns_left
    if game.final_round and turns_left is not None:
        return max(0, turns_left - 1)
    chops = math.ceil(len(game.table.supply) / game.cfg.rules.cards_per_chop)
    return max(0, chops - 1) + game.players


def receivers(game: WokOnFireGame) -> list[int]:
    """Who picks the cards still to be picked after the current pick, in order: each turn to
    come (:func:`future_turns`) gives its player ``picks_per_turn`` cards, from the next
    player on."""
    me, players = game.current_player, game.players
    per_turn = game.cfg.rules.picks_per_turn
    return [(me + turn) % players
            for turn in range(1, future_turns(game) + 1) for _ in range(per_turn)]


def final_totals(game: WokOnFireGame, counts: Sequence[tuple[int, ...]]) -> list[float]:
    """Each player's score for piles given by their counts: the best arrangement plus the
    Pork bonus and the Broccoli penalty (as :meth:`WokOnFireGame.scores` counts them)."""
    rules = game.cfg.rules
    pork, broccoli = _INDEX[Ingredient.PORK], _INDEX[Ingredient.BROCCOLI]
    totals = []
    for player, pile in enumerate(counts):
        total = float(_pile_value(game.scorer, pile)[0])
        total += _majority(counts, player, pork, rules.pork_majority_bonus)
        total -= _majority(counts, player, broccoli, rules.broccoli_majority_penalty)
        totals.append(total)
    return totals


class PickPlanner:
    """Chooses picks by their mean final margin over :data:`PICK_SAMPLES` random ends of the
    game, drawn from ``rng`` (the bot's planning generator)."""

    def __init__(self, rng: np.random.Generator, samples: int = PICK_SAMPLES) -> None:
        self.rng = rng
        self.samples = samples

    def best(self, bot: WokBot, game: WokOnFireGame, units: dict[int, tuple[int, ...]],
             count: int) -> list[Pick]:
        """The legal pick of ``count`` units (``units``: each nameable card to the cards naming
        it takes, all viable Chickens for one) whose ends of the game give the current player
        the best mean margin over the best opponent; ties go to the first in id order."""
        options = [bot._ordered(game, combo) for combo in combinations(sorted(units), count)]
        options = [option for option in options if game.check_pick(option) is None]
        if not options:
            raise AssertionError("no legal pick for a bot: the engine's legal_picks disagrees")
        if len(options) == 1:
            return options[0]
        pool = unseen_pool(game)
        deals = [self.rng.permutation(pool).tolist() for _ in range(self.samples)]
        me = game.current_player
        piles = [_counts(game.pile_ingredients(p)) for p in range(game.players)]
        takers = receivers(game)
        best: tuple[float, int] | None = None
        for index, option in enumerate(options):
            taken = [_INDEX[game.ingredient(card_id)]
                     for pick in option for card_id in units[pick.card_id]]
            margin = math.fsum(_margin(game, me, piles, taken, deal, takers) for deal in deals)
            if best is None or margin > best[0]:
                best = (margin, index)
        assert best is not None
        return options[best[1]]


def _margin(game: WokOnFireGame, me: int, piles: Sequence[tuple[int, ...]],
            taken: Sequence[int], deal: Sequence[int], takers: Sequence[int]) -> float:
    """Player ``me``'s final total less the best opponent's (none: 0) when, to ``piles`` (counts per
    type), it adds ``taken`` (type indexes) now and the cards not yet in a pile then come in
    ``deal``'s order to ``takers`` (a player for each card still to be picked)."""
    ends = [list(pile) for pile in piles]
    skip = [0] * len(_TYPES)
    for kind in taken:
        ends[me][kind] += 1
        skip[kind] += 1
    dealt = 0
    for kind in deal:
        if dealt >= len(takers):
            break
        if skip[kind]:  # this copy is one of the cards taken now
            skip[kind] -= 1
            continue
        ends[takers[dealt]][kind] += 1
        dealt += 1
    totals = final_totals(game, [tuple(pile) for pile in ends])
    # Alone at the table (one player), the margin is the player's own total.
    return totals[me] - max((t for p, t in enumerate(totals) if p != me), default=0.0)

