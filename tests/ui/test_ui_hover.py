"""The hover label tells only what a player at the table could read of a card."""

from __future__ import annotations

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.ingredients import Deck
from wokphysics.ui.wok_on_fire.hover import hover_text


def _game_with_cover() -> tuple[WokOnFireGame, int, int]:
    """Test fixture: a face-up Pork whose centre circle an Onion lying on it hides, two of the
    Pork's corner dots still showing."""
    game = WokOnFireGame(load_config(), 1, 1)
    width = game.cfg.physics.card.width_mm
    placed = []
    for name, x in (("pork", -200.0), ("onion", -200.0 + width / 2 - 15.0)):
        card = next(c for c in game.table.wok_cards() if c.ingredient == name)
        game.table.place(card.id, x, 200.0, 0.0, True)
        placed.append(card.id)
    return game, placed[0], placed[1]


def test_a_card_with_a_hidden_circle_shows_only_its_dot_colour() -> None:
    game, pork, onion = _game_with_cover()
    seen = game.table.visibility()
    assert not seen[pork].circle_visible and sum(seen[pork].corners_visible) == 2
    deck = Deck.from_rules(game.cfg.rules)
    text = hover_text(game.table.card(pork), seen[pork], game.ingredient(pork),
                      deck.categories[game.ingredient(pork)])
    assert text == "2 red corner dots (Meat); centre circle hidden"
    assert "Pork" not in text
    assert hover_text(game.table.card(onion), seen[onion], game.ingredient(onion),
                      deck.categories[game.ingredient(onion)]) == "Onion"


def test_a_face_down_card_tells_nothing() -> None:
    game = WokOnFireGame(load_config(), 1, 2)
    card = next(c for c in game.table.wok_cards() if not c.face_up)
    seen = game.table.visibility()[card.id]
    category = Deck.from_rules(game.cfg.rules).categories[game.ingredient(card.id)]
    assert hover_text(card, seen, game.ingredient(card.id), category) is None
