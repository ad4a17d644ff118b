"""The Wok on Fire engine: turn flow, pick rules, bonuses, Chili, refusals, the end."""

from __future__ import annotations

import math

import pytest
from wof_engine_helpers import CFG, QUIET, clear_wok, put, quick_cfg, snapshot, stir_to_picks

from wokphysics.errors import IllegalAction, UserError
from wokphysics.games.wok_on_fire.engine import (
    Bonus,
    Expect,
    Pick,
    PickKind,
    StirKind,
    WokOnFireGame,
)
from wokphysics.table.gesture import Gesture


def test_a_new_game_waits_for_the_starting_players_stir_with_every_card_placed() -> None:
    game = WokOnFireGame(CFG, 3, seed=5, starting_player=1)
    assert game.expect is Expect.STIR and game.current_player == 1
    assert game.stir_kind is StirKind.NORMAL
    places = game.locations()
    assert len(places) == 50
    assert sum(1 for p in places.values() if p == "supply") == 24
    assert sum(1 for p in places.values() if p == "wok") == 26
    assert [game.seat_of(p) for p in range(3)] == [0, 1, 2]
    assert WokOnFireGame(CFG, 2, seed=5).seat_of(1) == 2
    game.check_invariants()


@pytest.mark.parametrize("players", [0, 5, -1])
def test_player_count_outside_1_to_4_is_a_user_error(players: int) -> None:
    with pytest.raises(UserError, match="players must be 1 to 4"):
        WokOnFireGame(CFG, players, seed=1)


def test_an_input_of_the_wrong_kind_is_refused_and_changes_nothing() -> None:
    game = WokOnFireGame(CFG, 2, seed=3)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="expects stir"):
        game.pick([0])
    with pytest.raises(IllegalAction):
        game.chop(QUIET)
    with pytest.raises(IllegalAction):
        game.give_to(1)
    assert snapshot(game) == before


def test_stirring_continues_one_action_at_a_time_until_a_card_flips() -> None:
    game = WokOnFireGame(CFG, 2, seed=3)
    for stirs in range(1, 5):
        game.stir(QUIET)
        assert game.expect is Expect.STIR and game.stirs_this_step == stirs
        assert not game.flipped_this_step
    # Now a real flick under the near edge of an uncovered face-down card.
    target = max(game.table.wok_cards(), key=lambda c: (c.layer, c.stack_order))
    for _ in range(10):
        if game.expect is not Expect.STIR:
            break
        target = game.table.card(target.id)
        edge = target.y - 60.0
        game.stir(
            Gesture(
                [
                    (0.0, target.x, edge - 5.0),
                    (0.02, target.x, edge),
                    (0.065, target.x, edge + 76.0),
                ]
            )
        )
    assert game.flipped_this_step or game.expect is not Expect.STIR
    assert game.expect is not Expect.STIR


def test_stir_step_ends_after_max_stirs_per_step_even_without_a_flip() -> None:
    game = WokOnFireGame(quick_cfg(), 2, seed=3)
    game.stir(QUIET)
    assert game.expect is Expect.STIR
    game.stir(QUIET)
    assert game.expect is not Expect.STIR  # the cards start face down: nothing viable, so chop
    assert game.expect is Expect.CHOP


def _layout_game(players: int = 2, **rules: object) -> WokOnFireGame:
    game = WokOnFireGame(quick_cfg(**rules), players, seed=11)
    clear_wok(game)
    return game


def test_two_viable_cards_are_named_together_and_both_taken() -> None:
    game = _layout_game()
    pork = put(game, "pork", -150.0, 0.0)
    shrimp = put(game, "shrimp", 150.0, 0.0)
    stir_to_picks(game)
    legal = game.legal_picks()
    assert game.expect is Expect.PICK and game.pick_kind is PickKind.NORMAL
    assert set(legal.viable) == {pork, shrimp} and legal.min_picks == legal.max_picks == 2
    assert game.check_pick([pork]) is not None  # two are viable: name two
    taken = game.pick([pork, shrimp])
    assert [t.card_ids for t in taken] == [(pork,), (shrimp,)]
    assert game.pile(0) == (pork, shrimp)
    assert game.locations()[pork] == "player:0"
    assert game.expect is Expect.CHOP
    game.check_invariants()


def test_a_covered_centre_circle_is_refused_with_the_reason_and_nothing_changes() -> None:
    game = _layout_game()
    under = put(game, "pork", 0.0, 0.0)
    put(game, "shrimp", 0.0, 0.0, angle=math.pi / 2, face_up=False)  # over its centre
    put(game, "onion", 150.0, 150.0)
    stir_to_picks(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refusal:
        game.pick([under])
    assert refusal.value.reason == f"the centre circle of card {under} is covered"
    assert snapshot(game) == before


def test_a_face_down_card_is_refused() -> None:
    game = _layout_game()
    down = put(game, "pork", 0.0, 0.0, face_up=False)
    put(game, "onion", 150.0, 150.0)
    stir_to_picks(game)
    with pytest.raises(IllegalAction, match=f"card {down} is face down"):
        game.pick([down])


def test_a_viable_green_pepper_must_be_picked_first_even_falling_out() -> None:
    game = _layout_game()
    edge = CFG.physics.wok.width_mm / 2.0
    pepper = put(game, "green_pepper", edge - 20.0, 0.0)  # its outline crosses the wok's edge
    pork = put(game, "pork", -150.0, 0.0)
    shrimp = put(game, "shrimp", 0.0, 150.0)
    stir_to_picks(game)
    assert game.table.visibility()[pepper].falling_out
    assert game.legal_picks().viable == (pepper,)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refusal:
        game.pick([pork, shrimp])
    assert refusal.value.reason == "a Green Pepper is viable and must be picked first"
    with pytest.raises(IllegalAction, match="Green Pepper is viable"):
        game.pick([pork, pepper])
    assert snapshot(game) == before
    game.pick([pepper, pork])
    assert game.pile(0) == (pepper, pork)


def test_other_cards_falling_out_are_not_viable() -> None:
    game = _layout_game()
    edge = CFG.physics.wok.width_mm / 2.0
    pork = put(game, "pork", edge - 20.0, 0.0)
    put(game, "onion", 0.0, 0.0)
    stir_to_picks(game)
    with pytest.raises(IllegalAction, match=f"card {pork} is falling out of the wok"):
        game.pick([pork])


def test_one_chicken_pick_takes_every_viable_chicken() -> None:
    game = _layout_game()
    chickens = [put(game, "chicken", x, 0.0) for x in (-200.0, -50.0, 100.0)]
    onion = put(game, "onion", 0.0, 200.0)
    stir_to_picks(game)
    legal = game.legal_picks()
    assert legal.min_picks == 2  # the Chickens are one pick, the Onion another
    with pytest.raises(IllegalAction, match="every viable Chicken comes"):
        game.pick([chickens[0], chickens[1]])
    taken = game.pick([chickens[1], onion])
    assert taken[0].card_ids == tuple(sorted(chickens))
    assert set(game.pile(0)) == {*chickens, onion}


def test_fewer_viable_cards_than_picks_means_fewer_picks() -> None:
    game = _layout_game()
    pork = put(game, "pork", 0.0, 0.0)
    stir_to_picks(game)
    legal = game.legal_picks()
    assert (legal.min_picks, legal.max_picks) == (1, 2)
    game.pick([pork])
    assert game.pile(0) == (pork,)


def test_nothing_viable_skips_the_picks() -> None:
    game = _layout_game()
    put(game, "pork", 0.0, 0.0, face_up=False)
    stir_to_picks(game)
    assert game.expect is Expect.CHOP


def test_green_pepper_bonus_is_a_stir_then_one_more_pick_for_yourself() -> None:
    game = _layout_game()
    pepper = put(game, "green_pepper", -150.0, 0.0)
    pork = put(game, "pork", 150.0, 0.0)
    onion = put(game, "onion", 0.0, 200.0)
    stir_to_picks(game)
    game.pick([pepper, pork])
    assert game.expect is Expect.STIR and game.stir_kind is StirKind.BONUS
    assert game.current_bonus is Bonus.GREEN_PEPPER
    game.stir(QUIET)
    assert game.expect is Expect.PICK and game.pick_kind is PickKind.PEPPER_BONUS
    assert game.legal_picks().max_picks == 1
    game.pick([onion])
    assert game.pile(0) == (pepper, pork, onion)
    assert game.expect is Expect.CHOP


def test_both_bonuses_ask_the_order_and_garlics_pick_goes_to_the_chosen_opponent() -> None:
    game = _layout_game(players=3)
    pepper = put(game, "green_pepper", -150.0, 0.0)
    garlic = put(game, "garlic", 150.0, 0.0)
    shrimp = put(game, "shrimp", 0.0, 200.0)
    mushroom = put(game, "mushroom", 0.0, -200.0)
    stir_to_picks(game)
    game.pick([pepper, garlic])
    assert game.expect is Expect.BONUS_ORDER
    assert set(game.pending_bonuses) == {Bonus.GREEN_PEPPER, Bonus.GARLIC}
    game.choose_bonus_order(Bonus.GARLIC)
    assert game.expect is Expect.STIR and game.current_bonus is Bonus.GARLIC
    game.stir(QUIET)
    assert game.pick_kind is PickKind.GARLIC_GIFT
    game.pick([mushroom])
    assert game.expect is Expect.GIFT_OPPONENT and game.gift_card == mushroom
    assert game.legal_opponents() == (1, 2)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="goes to an opponent"):
        game.give_to(0)
    assert snapshot(game) == before
    game.give_to(2)
    assert game.pile(2) == (mushroom,)
    assert game.expect is Expect.STIR and game.current_bonus is Bonus.GREEN_PEPPER
    game.stir(QUIET)
    game.pick([shrimp])
    assert game.pile(0) == (pepper, garlic, shrimp)
    game.check_invariants()


def test_only_the_first_green_pepper_of_a_turn_gives_a_bonus() -> None:
    game = _layout_game()
    peppers = [put(game, "green_pepper", x, 0.0) for x in (-150.0, 150.0)]
    put(game, "onion", 0.0, 200.0)
    stir_to_picks(game)
    game.pick(peppers)
    assert game.pending_bonuses == () and game.current_bonus is Bonus.GREEN_PEPPER


def test_with_two_players_the_gift_goes_to_the_opponent_without_asking() -> None:
    game = _layout_game()
    garlic = put(game, "garlic", 150.0, 0.0)
    stir_to_picks(game)
    game.pick([garlic])
    onion = put(game, "onion", 0.0, 200.0)
    game.stir(QUIET)
    game.pick([onion])
    assert game.pile(1) == (onion,) and game.expect is Expect.CHOP


def test_solo_garlic_gift_goes_to_the_discard() -> None:
    game = _layout_game(players=1)
    garlic = put(game, "garlic", 150.0, 0.0)
    stir_to_picks(game)
    game.pick([garlic])
    onion = put(game, "onion", 0.0, 200.0)
    game.stir(QUIET)
    game.pick([onion])
    assert game.discarded == (onion,) and game.locations()[onion] == "discard"


def test_after_a_bonus_stir_with_nothing_viable_stir_again() -> None:
    game = _layout_game(max_stirs_per_step=3)
    pepper = put(game, "green_pepper", 0.0, 0.0)
    for _ in range(3):
        game.stir(QUIET)
    game.pick([pepper])
    game.stir(QUIET)
    assert game.expect is Expect.STIR and game.stir_kind is StirKind.BONUS
    assert game.stirs_this_step == 1
    game.stir(QUIET)
    game.stir(QUIET)  # the safety limit: the bonus pick is lost
    assert game.expect is Expect.CHOP


def test_blind_chicken_claim_takes_the_chicken_with_every_viable_chicken() -> None:
    game = _layout_game()
    hidden = put(game, "chicken", 0.0, 0.0)
    put(game, "onion", 0.0, 0.0, angle=math.pi / 2, face_up=False)  # covers its circle only
    other = put(game, "chicken", 200.0, 0.0)
    stir_to_picks(game)
    seen = game.table.visibility()[hidden]
    assert not seen.circle_visible and seen.any_corner_visible
    assert game.legal_picks().blind == (hidden,)
    with pytest.raises(IllegalAction, match="covered"):
        game.pick([hidden])
    taken = game.pick([Pick(hidden, blind_chicken=True)])
    assert set(taken[0].card_ids) == {hidden, other}


def test_a_wrong_blind_claim_leaves_the_card_and_uses_the_pick() -> None:
    game = _layout_game()
    hidden = put(game, "pork", 0.0, 0.0)
    put(game, "onion", 0.0, 0.0, angle=math.pi / 2, face_up=False)
    stir_to_picks(game)
    before = game.table.card(hidden)
    taken = game.pick([Pick(hidden, blind_chicken=True)])
    assert taken[0].claim_failed and game.pile(0) == ()
    assert game.table.card(hidden) == before
    assert game.expect is Expect.CHOP


def test_blind_claim_can_be_switched_off() -> None:
    game = _layout_game(blind_chicken_claim=False)
    hidden = put(game, "chicken", 0.0, 0.0)
    put(game, "onion", 0.0, 0.0, angle=math.pi / 2, face_up=False)
    put(game, "pork", 200.0, 0.0)
    stir_to_picks(game)
    assert game.legal_picks().blind == ()
    with pytest.raises(IllegalAction, match="switched off"):
        game.pick([Pick(hidden, blind_chicken=True)])


def _finish_turn(game: WokOnFireGame) -> None:
    """Play the rest of the current turn with quiet stirs, the first legal picks, no Chili."""
    turn = game.turn_number
    while game.turn_number == turn:
        if game.expect is Expect.CHOP:
            hx, hy, facing = game.table.seat_hand(game.seat_of(game.current_player))
            game.chop(
                Gesture(
                    [
                        (0.0, hx, hy),
                        (0.1, hx + 100.0 * math.cos(facing), hy + 100.0 * math.sin(facing)),
                    ]
                )
            )
        elif game.expect is Expect.CHILI:
            game.decline_chili()
        elif game.expect is Expect.STIR:
            game.stir(QUIET)
        elif game.expect is Expect.PICK:
            legal = game.legal_picks()
            game.pick(list(legal.viable[: legal.min_picks]))
        else:
            raise AssertionError(game.expect)


def test_chili_from_an_earlier_turn_buys_one_more_pick_that_is_not_a_chili() -> None:
    game = _layout_game(players=1)
    chili = put(game, "chili_pepper", 0.0, 0.0)
    stir_to_picks(game)
    game.pick([chili])
    assert game.expect is Expect.CHOP  # a Chili won this turn cannot be used this turn
    _finish_turn(game)
    clear_wok(game)
    other_chili = put(game, "chili_pepper", -200.0, 0.0)
    pork = put(game, "pork", 200.0, 0.0)
    onion = put(game, "onion", 0.0, 200.0)
    rice = put(game, "rice", 0.0, -200.0)
    stir_to_picks(game)
    game.pick([pork, onion])
    assert game.expect is Expect.CHILI and game.usable_chilis() == (chili,)
    game.use_chili(chili)
    assert game.discarded == (chili,) and game.pick_kind is PickKind.CHILI
    assert game.legal_picks().all_viable == (rice,)
    with pytest.raises(IllegalAction, match="may not be a Chili Pepper"):
        game.pick([other_chili])
    game.pick([rice])
    assert game.pile(0) == (pork, onion, rice)
    assert game.expect is Expect.CHOP  # the only Chili left was won this turn
    game.check_invariants()


def test_declining_the_chili_keeps_it() -> None:
    game = _layout_game(players=1)
    chili = put(game, "chili_pepper", 0.0, 0.0)
    stir_to_picks(game)
    game.pick([chili])
    _finish_turn(game)
    clear_wok(game)
    pork = put(game, "pork", 200.0, 0.0)
    onion = put(game, "onion", 0.0, 200.0)
    put(game, "rice", -200.0, 0.0)
    stir_to_picks(game)
    game.pick([pork, onion])
    with pytest.raises(IllegalAction, match="not a Chili Pepper you won"):
        game.use_chili(pork)
    game.decline_chili()
    assert chili in game.pile(0) and game.expect is Expect.CHOP


def test_the_turn_the_supply_runs_out_triggers_one_more_turn_each() -> None:
    cfg = quick_cfg()
    setup = cfg.rules.setup.model_copy(update={"supply": 4, "wok": 46})
    cfg = cfg.model_copy(update={"rules": cfg.rules.model_copy(update={"setup": setup})})
    game = WokOnFireGame(cfg, 3, seed=2)
    players_seen = []
    while not game.is_over:
        players_seen.append(game.current_player)
        _finish_turn(game)
        assert game.final_round == (game.turn_number >= 2)
    # Turns 1 and 2 empty the supply (2 cards each); then 3 more turns, one per player.
    assert players_seen == [0, 1, 2, 0, 1]
    assert game.expect is Expect.GAME_OVER and game.turns_left == 0
    assert game.winners() and game.result is not None
    # it said "the game is over: no a stir"
    with pytest.raises(IllegalAction, match="^the game is over: a stir is not possible any more$"):
        game.stir(QUIET)


def test_live_scores_follow_the_piles_exactly() -> None:
    game = _layout_game()
    a = put(game, "garlic", -150.0, 0.0)
    b = put(game, "shrimp", 150.0, 0.0)
    stir_to_picks(game)
    game.pick([a, b])
    scores = game.scores()
    assert scores[0].total == 12 and scores[1].total == 0  # Garlic x Shrimp = 3 x 4
    assert game.winners() == [0]


def test_begin_stir_runs_step_by_step_and_blocks_other_inputs() -> None:
    game = WokOnFireGame(CFG, 2, seed=3)
    action = game.begin_stir(QUIET)
    with pytest.raises(IllegalAction, match="still running"):
        game.stir(QUIET)
    steps = 0
    while action.advance():
        steps += 1
    assert action.done and steps > 0 and game.stirs_this_step == 1
