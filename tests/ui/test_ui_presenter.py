"""Wok on Fire's presenter: what the log and the notices say about the engine's events, in the
words of a player at the table (no pygame window needed)."""

from __future__ import annotations

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.engine import (
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
from wokphysics.ui.wok_on_fire.presenter import WokPresenter
from wokphysics.ui.wok_on_fire.state import TableUi


def _presenter(labels: tuple[str, ...] = ("person", "strong")) -> WokPresenter:
    game = WokOnFireGame(load_config(), len(labels), 3, 0, labels)
    return WokPresenter(game.cfg, game, TableUi())


def _card_of(presenter: WokPresenter, ingredient: Ingredient, skip: int = 0) -> int:
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
