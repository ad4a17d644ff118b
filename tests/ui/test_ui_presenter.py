"""Wok on Fire's presenter: what the log and the notices say about the engine's events, in the
words of a player at the table (no pygame window needed)."""

from __future__ import annotations

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.engine import (
    ChopEvent,
    ClaimFailedEvent,
    GiftEvent,
    Pick,
    PickEvent,
    PickKind,
    StirEvent,
    StirKind,
    Taken,
    WokOnFireGame,
)
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.table.world import ActionReport
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.state import TableUi


def _presenter(labels: tuple[str, ...] = ("person", "strong")) -> WokOnFirePresenter:
    game = WokOnFireGame(load_config(), len(labels), 3, 0, labels)
    return WokOnFirePresenter(game.cfg, game, TableUi())


def _card_of(presenter: WokOnFirePresenter, ingredient: Ingredient, skip: int = 0) -> int:
    found = [i for i in range(presenter.game.cfg.deck_size)
             if presenter.game.ingredient(i) is ingredient]
    return found[skip]


def test_a_failed_blind_claim_is_yours_and_told_with_its_pick() -> None:
    presenter = _presenter()
    pork = _card_of(presenter, Ingredient.PORK)
    onion = _card_of(presenter, Ingredient.ONION)
    events: list[object] = [
        ClaimFailedEvent(0, pork, "pork"),
        PickEvent(0, PickKind.NORMAL, (Taken((), 0, claim_failed=True), Taken((onion,), 0))),
    ]
    presenter.catch_up(events)
    assert presenter.log == ["You picked Onion; your blind Chicken claim failed: it was Pork"]
    events += [
        ClaimFailedEvent(1, pork, "pork"),
        PickEvent(1, PickKind.NORMAL, (Taken((), 1, claim_failed=True),)),
    ]
    presenter.catch_up(events)
    assert presenter.log[-1] == "Bot 2 (strong)'s blind Chicken claim failed: it was Pork"


def test_a_two_player_garlic_gift_goes_to_the_opponent_not_the_discard() -> None:
    presenter = _presenter(("strong", "person"))
    noodles = _card_of(presenter, Ingredient.NOODLES)
    presenter.catch_up([
        PickEvent(0, PickKind.GARLIC_GIFT, (Taken((noodles,), None),)),
        GiftEvent(0, 1, (noodles,)),
    ])
    assert presenter.log == ["Bot 1 (strong) picked Noodles for the Garlic gift",
                             "Bot 1 (strong) gave Noodles to You (Garlic gift)"]
    assert not any("discard" in line for line in presenter.log)


def test_events_are_told_once_in_the_engines_order() -> None:
    presenter = _presenter()
    report = ActionReport(flipped=(1, 2), launched=(1, 2), moved=(1, 2), touched=(1, 2))
    events: list[object] = [StirEvent(0, StirKind.NORMAL, report)]
    presenter.catch_up(events)
    events.append(StirEvent(1, StirKind.NORMAL, ActionReport((), (), (), ())))
    presenter.catch_up(events)
    presenter.catch_up(events)
    assert presenter.log == ["You stirred: 2 cards flipped",
                             "Bot 2 (strong) stirred: 0 cards flipped"]


def test_cards_that_left_the_table_get_a_notice() -> None:
    presenter = _presenter()
    table = presenter.game.table
    cards = table.wok_cards()
    # Test fixture: two cards off the table's edge (the floor), three just outside the wok:
    # one flew there (launched), two slid there.
    for card in cards[:2]:
        table.take(card.id, "floor")
    half = presenter.game.cfg.physics.wok.width_mm / 2.0
    for index, card in enumerate(cards[2:5]):
        table.place(card.id, half + 60.0, -200.0 + 200.0 * index, 0.0, True)
    report = ActionReport(flipped=(), launched=(cards[2].id,), moved=(), touched=(),
                          left_wok=tuple(card.id for card in cards[:5]))
    presenter.catch_up([StirEvent(0, StirKind.NORMAL, report)])
    assert presenter.notice is not None
    assert presenter.notice.text == ("2 cards fell off the table; 1 card landed outside the "
                                     "wok; 2 cards were pushed out of the wok; they will be "
                                     "chopped back in")


def test_a_card_the_spatula_pushes_over_the_wok_edge_is_said_pushed_out() -> None:
    from wokphysics.table.gesture import Gesture

    presenter = _presenter()
    table = presenter.game.table
    cards = table.wok_cards()
    for card in cards[1:]:
        table.take(card.id, "supply")
    half = presenter.game.cfg.physics.wok.width_mm / 2.0
    table.place(cards[0].id, half - 60.0, 0.0, 0.0, False)
    # A slow push (about 0.2 m/s, far below any flick) from inside the wok past its edge,
    # the hand coming to rest before it lets go: the card rides out on the blade and settles
    # where it was left (a release at 0.2 m/s would toss it a little: launched, not pushed).
    steps = 60
    push = Gesture([(0.025 * k, half - 140.0 + 4.0 * k, 0.0) for k in range(steps + 1)]
                   + [(0.025 * (steps + k), half - 140.0 + 4.0 * steps, 0.0)
                      for k in range(1, 4)])
    report = table.stir(push)
    assert report.left_wok == (cards[0].id,) and report.launched == ()
    presenter.catch_up([StirEvent(0, StirKind.NORMAL, report)])
    assert presenter.notice is not None
    assert presenter.notice.text == "1 card was pushed out of the wok; it will be chopped back in"


def test_reasons_name_cards_as_players_see_them() -> None:
    presenter = _presenter()
    first = _card_of(presenter, Ingredient.CHICKEN)
    second = _card_of(presenter, Ingredient.CHICKEN, 1)
    presenter.ui.selection = [Pick(first)]
    reason = (f"card {second} is a Chicken: every viable Chicken comes with card {first} "
              "as one pick")
    said = presenter.in_players_words(reason, clicked=second)
    assert said == ("it is a Chicken: every viable Chicken comes with the Chicken you named "
                    "(pick 1) as one pick")
    presenter.refuse(f"card {second} is named twice")
    assert presenter.status == "another card is named twice" and presenter.status_is_error


def _chopped_to(presenter: WokOnFirePresenter, spots: list[tuple[int, float, float, bool]]
                ) -> ActionReport:
    """Test fixture: supply cards ``(card, x, y, face_up)`` laid where a chop left them (a
    spot beyond the table's edge: on the floor); the chop's report naming them thrown."""
    table = presenter.game.table
    for card_id, x, y, face_up in spots:
        if abs(x) > presenter.game.cfg.physics.table.width_mm / 2:
            table.take(card_id, "floor")
        else:
            table.place(card_id, x, y, 0.0, face_up)
    thrown = tuple(card_id for card_id, *_ in spots)
    return ActionReport(flipped=(), launched=thrown, moved=thrown, touched=thrown)


def test_a_chop_says_where_each_card_landed_in_the_log_and_over_the_table() -> None:
    """A weak chop that leaves a card on the player's own collected Onion outside the wok is
    said so, in the log and in a notice (it said only "You chopped 2 cards in")."""
    from wokphysics.ui.view import pile_spots

    presenter = _presenter()
    game = presenter.game
    game.holdings.give(_card_of(presenter, Ingredient.ONION), 0)  # fixture: You collected an Onion
    (px, py, _), = pile_spots(game.cfg.physics, game.seat_of(0), 1)
    onion = _card_of(presenter, Ingredient.ONION, 1)
    supply = [i for i in game.table.supply if i != onion]
    report = _chopped_to(presenter, [(supply[0], 0.0, 0.0, False), (onion, px + 5, py - 8, True)])
    presenter.catch_up([ChopEvent(0, report)])
    where = ("1 in the wok (face down); 1 outside the wok, on your collected cards (Onion)")
    assert presenter.log[-1] == f"You chopped 2 cards: {where}"
    assert presenter.notice is not None
    assert presenter.notice.text == (f"Your chop: {where}; it is chopped back in with the next "
                                     "chop")


def test_a_chop_names_whose_side_a_card_fell_on_the_floor_and_an_empty_side() -> None:
    presenter = _presenter(("strong", "person", "weak"))
    game = presenter.game
    half = game.cfg.physics.wok.width_mm / 2.0
    sides = {game.seat_of(p): p for p in range(game.players)}
    empty = next(seat for seat in range(4) if seat not in sides)
    spot = {0: (0.0, -half - 40.0), 1: (-half - 40.0, 0.0), 2: (0.0, half + 40.0),
            3: (half + 40.0, 0.0)}
    you = game.seat_of(1)
    bot = game.seat_of(2)
    cards = game.table.supply[:5]
    report = _chopped_to(presenter, [
        (cards[0], *spot[bot], True), (cards[1], *spot[you], False),
        (cards[2], *spot[empty], False), (cards[3], 5000.0, 0.0, False),
        (cards[4], 10.0, 10.0, True)])
    presenter.catch_up([ChopEvent(0, report)])
    names = {cards[0]: game.ingredient(cards[0]).value, cards[4]: game.ingredient(cards[4]).value}
    line = presenter.log[-1]
    assert line.startswith(f"Bot 1 (strong) chopped 5 cards: 1 in the wok ({names[cards[4]]}); ")
    for said in (f"1 outside the wok, on Bot 3 (weak)'s side ({names[cards[0]]})",
                 "1 outside the wok, on your side (face down)",
                 "1 outside the wok, on an empty side of the table (face down)",
                 "1 on the floor (face down)"):
        assert said in line
    assert line.endswith("1 on the floor (face down)")  # the floor last
    assert presenter.notice is not None
    assert presenter.notice.text.endswith("; they are chopped back in with the next chop")


def test_a_chop_all_in_the_wok_says_so_and_knocked_out_cards_too() -> None:
    presenter = _presenter()
    game = presenter.game
    table = game.table
    thrown = game.table.supply[:2]
    report = _chopped_to(presenter, [(thrown[0], 0.0, 0.0, False), (thrown[1], 40.0, 40.0,
                                                                    False)])
    pushed = table.wok_cards()[0]
    table.place(pushed.id, game.cfg.physics.wok.width_mm / 2.0 + 50.0, 0.0, 0.0, False)
    report = ActionReport(flipped=(), launched=report.launched, moved=report.moved,
                          touched=report.touched, left_wok=(pushed.id,))
    presenter.catch_up([ChopEvent(1, report)])
    assert presenter.log[-1] == "Bot 2 (strong) chopped 2 cards: both in the wok (2 face down)"
    assert presenter.notice is not None
    assert presenter.notice.text == ("Bot 2 (strong)'s chop: both in the wok (2 face down). "
                                     "Knocked out: 1 card was pushed out of the wok; it will "
                                     "be chopped back in")
