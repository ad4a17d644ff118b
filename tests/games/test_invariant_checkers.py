"""The invariant checkers fire: each game's state is corrupted on purpose (a lost card, a
duplicated coin, a die in two places, ...) and its checker must raise InvariantViolation.

The property and conformance tests rely on ``check_invariants()`` to catch a broken rule; these
tests prove that it would. The turn games are corrupted through their public ``to_dict`` /
``from_dict`` round trip (what a bad save or a bug in ``_apply`` would produce); Wok on Fire,
which has no such form, through its table and piles.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from wokphysics.errors import InvariantViolation
from wokphysics.games.protocol import GameState
from wokphysics.games.registry import new_game, turn_engine
from wokphysics.games.we_will_wok_you.actions import Pay, TakeWok
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_star.cards import recipe_of

Corruption = Callable[[dict[str, Any]], None]


def _played(game: str, players: int, seed: int, actions: int) -> GameState:
    """A game of ``game`` after ``actions`` first-listed legal actions (a deterministic path)."""
    state = new_game(game, players, seed)
    for _ in range(actions):
        state.apply(state.legal_actions()[0])
    state.check_invariants()  # the uncorrupted state is sound
    return state


def _corrupted(state: GameState, corrupt: Corruption) -> GameState:
    data = copy.deepcopy(state.to_dict())
    corrupt(data)
    return turn_engine(state.info.name).load_state(data)


# ------------------------------------------------------------------------ We Will Wok You


def _wwwy_lose_a_card(data: dict[str, Any]) -> None:
    data["draw"].pop()


def _wwwy_duplicate_a_card(data: dict[str, Any]) -> None:
    data["draw"][0] = data["draw"][1]


def _wwwy_duplicate_a_coin(data: dict[str, Any]) -> None:
    data["coins"][0] += 1


def _wwwy_empty_coin_set(data: dict[str, Any]) -> None:
    moved = data["coin_sets"][0]
    data["coin_sets"][0] = 0
    data["coins"][0] += moved  # coins conserved, but a set may never be empty


def _wwwy_lose_a_wok(data: dict[str, Any]) -> None:
    data["offer"].pop()


def _wwwy_overfull_row(data: dict[str, Any]) -> None:
    data["rows"][0].append(data["draw"].pop())


def _wwwy_short_row(data: dict[str, Any]) -> None:
    data["draw"].append(data["rows"][0].pop())


def _wwwy_final_actions(data: dict[str, Any]) -> None:
    data["end_triggered"] = True
    data["final_left"] = 9


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (_wwwy_lose_a_card, "ingredient cards not conserved: 62 found"),
        (_wwwy_duplicate_a_card, "62 distinct"),
        (_wwwy_duplicate_a_coin, "coins: sets"),
        (_wwwy_empty_coin_set, "coins: sets"),
        (_wwwy_lose_a_wok, "wok cards not conserved: 24 found"),
        (_wwwy_overfull_row, "a row holds 4 cards, more than 3"),
        (_wwwy_short_row, "a row is short while the draw pile still has cards"),
        (_wwwy_final_actions, "final actions left: 9"),
    ],
)
def test_we_will_wok_you_checker_catches(corrupt: Corruption, message: str) -> None:
    state = _played("we-will-wok-you", 3, 4, 6)
    broken = _corrupted(state, corrupt)
    with pytest.raises(InvariantViolation, match=message):
        broken.check_invariants()


def test_we_will_wok_you_checker_catches_a_stale_hand_cache() -> None:
    state = _played("we-will-wok-you", 2, 1, 0)
    while not state.hands[0]:
        state.apply(state.legal_actions()[-1])
    state._kinds[0][0] += 1  # a cache out of step with the hand
    with pytest.raises(InvariantViolation, match="player 0's hand caches are stale"):
        state.check_invariants()


def test_we_will_wok_you_checker_catches_a_payment_out_of_step_with_its_cards() -> None:
    """A wok payment in progress keeps the targets its paid cards leave open; a cache that
    forgets them is caught (found unexercised by the audit's coverage run)."""
    state = _played("we-will-wok-you", 2, 0, 0)
    rng = random.Random(0)
    while not (state.pending_wok >= 0 and state.pending_paid):
        actions = state.legal_actions()
        paying = [a for a in actions if isinstance(a, TakeWok | Pay)]
        state.apply(paying[0] if paying else rng.choice(actions))
    state.check_invariants()
    state._targets = ()  # the payment's open targets forgotten
    with pytest.raises(InvariantViolation, match="the payment in progress is out of step"):
        state.check_invariants()


# ------------------------------------------------------------------------ Wok Star


def _action_phase_state() -> GameState:
    state = new_game("wok-star", 2, 3)
    while state.to_dict()["phase"] != "action":
        state.apply(state.legal_actions()[0])
    state.check_invariants()
    return state


def _ws_card_in_two_places(data: dict[str, Any]) -> None:
    data["potential"].append(data["deck"][0])


def _ws_lose_a_customer(data: dict[str, Any]) -> None:
    customer = next(card for card in data["deck"] if "#" in card)
    index = data["deck"].index(customer)
    del data["deck"][index]
    del data["deck_known"][index]


def _ws_lose_an_event(data: dict[str, Any]) -> None:
    data["event_deck"].pop()


def _ws_known_flags(data: dict[str, Any]) -> None:
    data["deck_known"].append(False)


def _ws_counter_too_high(data: dict[str, Any]) -> None:
    name = next(iter(data["counters"]))
    data["counters"][name] = 99


def _ws_counter_missing(data: dict[str, Any]) -> None:
    data["counters"].popitem()


def _ws_prep_missing(data: dict[str, Any]) -> None:
    data["prep_owner"].popitem()


def _ws_upgrade_not_in_play(data: dict[str, Any]) -> None:
    data["upgraded"] = ["no-such-preparation"]


def _ws_seat_without_prep(data: dict[str, Any]) -> None:
    data["prep_owner"] = dict.fromkeys(data["prep_owner"], 0)


def _ws_empty_pool(data: dict[str, Any]) -> None:
    data["pool"][0] = 0


def _ws_die_in_two_places(data: dict[str, Any]) -> None:
    data["dice"].append(list(data["dice"][0]))


def _ws_die_shows_seven(data: dict[str, Any]) -> None:
    data["dice"][0][1] = 7


def _ws_negative_money(data: dict[str, Any]) -> None:
    data["money"] = -1


def _ws_bad_publicity_ignored(data: dict[str, Any]) -> None:
    """Every customer turned away (more than the limit of 8), yet the game is not lost."""
    pairs = zip(data["deck"], data["deck_known"], strict=True)
    kept = [(card, known) for card, known in pairs if "#" not in card]
    data["bad"] += [card for card in data["deck"] + data["potential"] if "#" in card]
    data["deck"] = [card for card, _ in kept]
    data["deck_known"] = [known for _, known in kept]
    data["potential"] = [card for card in data["potential"] if "#" not in card]


def _ws_customer_of_another_recipe(data: dict[str, Any]) -> None:
    owned = set(data["recipe_owner"])
    data["current"] = next(
        f"{recipe}#1"
        for recipe in ("egg_rolls", "wonton_soup", "fried_rice", "noodle_soup", "shrimp_rice")
        if recipe not in owned
    )


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (_ws_card_in_two_places, r"card .* is in 2 places"),
        (_ws_lose_a_customer, "customer cards lost"),
        (_ws_lose_an_event, "event cards not conserved"),
        (_ws_known_flags, "deck and its knowledge flags differ in length"),
        (_ws_counter_too_high, "is 99, outside 0.."),
        (_ws_counter_missing, "ingredient counters and preparations in play differ"),
        (_ws_prep_missing, "whose preparation is not in play"),
        (_ws_upgrade_not_in_play, "an upgraded preparation is not in play"),
        (_ws_seat_without_prep, "seat 2 has no preparation"),
        (_ws_empty_pool, "seat 1's dice pool is 0"),
        (_ws_die_in_two_places, r"seat 1 has \d+ dice out, pool \d+"),
        (_ws_die_shows_seven, "a die shows 7"),
        (_ws_negative_money, "money is -1"),
        (_ws_bad_publicity_ignored, "Bad Publicity reached the limit but the game goes on"),
        (_ws_customer_of_another_recipe, r"out of play \['\w+#1'\]"),
    ],
)
def test_wok_star_checker_catches(corrupt: Corruption, message: str) -> None:
    state = _action_phase_state()
    broken = _corrupted(state, corrupt)
    with pytest.raises(InvariantViolation, match=message):
        broken.check_invariants()


def test_wok_star_fixture_has_what_the_corruptions_need() -> None:
    """The corruptions above act on a state with dice out and a customer of an owned recipe."""
    data = _action_phase_state().to_dict()
    assert data["dice"] and data["deck"]
    assert all(recipe_of(c) in data["recipe_owner"] for c in data["deck"] if "#" in c)


# ------------------------------------------------------------------------ Wok and Roll


def _war_die_off_the_cube(data: dict[str, Any]) -> None:
    data["dice"][0] = 6


def _war_lost_die(data: dict[str, Any]) -> None:
    data["dice"].pop()


def _war_too_many_rolls(data: dict[str, Any]) -> None:
    data["phase"] = "roll"
    data["rolls"] = 9


def _war_crossing_off_the_sheet(data: dict[str, Any]) -> None:
    data["menus"][0]["crossed"] |= 1 << 200


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (_war_die_off_the_cube, "dice out of range"),
        (_war_lost_die, "dice out of range"),
        (_war_too_many_rolls, "9 rolls made"),
        (_war_crossing_off_the_sheet, "player 1: crossings beyond the sheet's servings"),
    ],
)
def test_wok_and_roll_checker_catches(corrupt: Corruption, message: str) -> None:
    state = _played("wok-and-roll", 2, 1, 4)
    broken = _corrupted(state, corrupt)
    with pytest.raises(InvariantViolation, match=message):
        broken.check_invariants()


def test_wok_and_roll_checker_catches_an_unknown_phase() -> None:
    """Set on the live state: a save holding it is refused when read (test_saved_state_fields)."""
    state = _played("wok-and-roll", 2, 1, 4)
    state.phase = "nap"
    with pytest.raises(InvariantViolation, match="unknown phase nap"):
        state.check_invariants()


def test_wok_and_roll_checker_catches_a_lost_crossing() -> None:
    """A menu's crossings only grow: a crossing that disappears between checks is caught."""
    state = _played("wok-and-roll", 2, 1, 0)
    for _ in range(200):  # cook whenever a dish can be cooked, until player 1 has crossed one
        if state.menus[0].crossed:
            break
        actions = state.legal_actions()
        state.apply(next((a for a in actions if str(a).startswith("cook")), actions[0]))
        state.check_invariants()
    state.menus[0].crossed = 0
    with pytest.raises(InvariantViolation, match="player 1's menu lost a crossing or a circle"):
        state.check_invariants()


def test_wok_and_roll_checker_catches_a_red_die_cooked_by_a_player_not_at_the_market() -> None:
    """Only the market player cooks with the 2 red dice: another seat's menu marking a red die
    used is caught (found unexercised by the audit's coverage run)."""
    state = new_game("wok-and-roll", 2, 1)
    while state.phase != "cook":  # roll and lock: everyone cooks from these dice now
        state.apply(state.legal_actions()[0])
    state.check_invariants()
    other = 1 - state.roller

    def red_die_used(data: dict[str, Any]) -> None:
        data["menus"][other]["dice_used"] |= 1 << 5  # the second red die

    with pytest.raises(InvariantViolation, match=f"player {other + 1} used a die they may not"):
        _corrupted(state, red_die_used).check_invariants()


# ------------------------------------------------------------------------ Wok on Fire


def _wof_game() -> WokOnFireGame:
    from wokphysics.config.wok_on_fire import load_config

    game = WokOnFireGame(load_config(), 2, 5)
    game.check_invariants()
    return game


def test_wok_on_fire_checker_catches_a_card_in_the_supply_twice() -> None:
    game = _wof_game()
    game.table.supply.append(game.table.supply[0])
    with pytest.raises(InvariantViolation, match="a card is in the supply twice"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_card_in_two_piles() -> None:
    game = _wof_game()
    card = game.table.supply[0]
    game.table.take(card, "player", owner=0)
    game.holdings.piles[0].append(card)
    game.holdings.piles[1].append(card)
    with pytest.raises(InvariantViolation, match="a card is in two piles"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_lost_supply_card() -> None:
    game = _wof_game()
    game.table.supply.pop()
    with pytest.raises(InvariantViolation, match="location supply but supply says otherwise"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_taken_card_missing_from_its_pile() -> None:
    game = _wof_game()
    card = game.table.supply[0]
    game.table.take(card, "player", owner=1)
    with pytest.raises(InvariantViolation, match=f"card {card} is with player 1 but not in"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_pile_card_still_on_the_table() -> None:
    game = _wof_game()
    on_table = game.table.wok_cards()[0].id
    game.holdings.piles[0].append(on_table)
    with pytest.raises(InvariantViolation, match=f"card {on_table} is in a pile but lies in"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_discard_the_table_does_not_know() -> None:
    game = _wof_game()
    game.holdings.discarded.append(game.table.wok_cards()[0].id)
    with pytest.raises(InvariantViolation, match="discard pile disagrees with the table"):
        game.check_invariants()


def test_wok_on_fire_checker_catches_a_table_with_a_card_too_few() -> None:
    game = _wof_game()
    game.table._cards.pop()
    with pytest.raises(InvariantViolation, match="49 cards on the table for a deck of 50"):
        game.check_invariants()
