"""Builders for the Wok on Fire engine tests: hand-built layouts driven through the public API."""

from __future__ import annotations

from wokphysics.config.wok_on_fire import WokOnFireConfig, load_config
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.table.gesture import Gesture

CFG: WokOnFireConfig = load_config()

QUIET = Gesture([(0.0, 450.0, 450.0), (0.1, 460.0, 450.0)])
"""A stir on the bare table outside the wok: it touches no card, so nothing flips."""


def with_rules(cfg: WokOnFireConfig = CFG, **rules: object) -> WokOnFireConfig:
    """``cfg`` with some rules options changed."""
    return cfg.model_copy(update={"rules": cfg.rules.model_copy(update=rules)})


def quick_cfg(**rules: object) -> WokOnFireConfig:
    """Two stirs end the stir step even without a flip, so a test reaches the picks at once."""
    return with_rules(**({"max_stirs_per_step": 2} | rules))


def clear_wok(game: WokOnFireGame) -> None:
    """Put every card lying on the table back in the supply (a bare wok for a layout)."""
    for card in game.table.wok_cards():
        game.table.take(card.id, "supply")


def put(
    game: WokOnFireGame,
    ingredient: str,
    x: float,
    y: float,
    angle: float = 0.0,
    face_up: bool = True,
) -> int:
    """Lay a supply card of ``ingredient`` at a pose; returns its id."""
    for card_id in game.table.supply:
        if game.table.card(card_id).ingredient == ingredient:
            game.table.place(card_id, x, y, angle, face_up)
            return card_id
    raise AssertionError(f"no {ingredient} left in the supply")


def stir_to_picks(game: WokOnFireGame) -> None:
    """Two quiet stirs (with ``quick_cfg`` they end the stir step)."""
    game.stir(QUIET)
    game.stir(QUIET)


def snapshot(game: WokOnFireGame) -> tuple[object, ...]:
    """Everything a refused input must leave unchanged."""
    return (
        game.state_hash(),
        game.expect,
        game.current_player,
        game.legal_picks(),
        game.pending_bonuses,
        tuple(game.pile(p) for p in range(game.players)),
        game.stirs_this_step,
        len(game.current_inputs),
    )


def give(game: WokOnFireGame, ingredient: str, player: int) -> int:
    """Put a supply card of ``ingredient`` straight into a player's pile, as if won earlier
    (test setup only: reaches into the engine's pile list, which a game never does)."""
    for card_id in game.table.supply:
        if game.table.card(card_id).ingredient == ingredient:
            game.table.take(card_id, "player", player)
            game.holdings.piles[player].append(card_id)
            return card_id
    raise AssertionError(f"no {ingredient} left in the supply")


def swap_hidden_faces(game: WokOnFireGame) -> None:
    """Swap what two face-down cards of different ingredients in the wok are, in the engine
    and on the table: nothing a player sees changes (test setup only: reaches into both)."""
    down = [c.id for c in game.table.wok_cards() if not c.face_up]
    a = down[0]
    b = next(i for i in down if game.ingredient(i) is not game.ingredient(a))
    kinds = game._ingredient
    kinds[a], kinds[b] = kinds[b], kinds[a]
    live = game.table._cards
    live[a].ingredient, live[b].ingredient = live[b].ingredient, live[a].ingredient
