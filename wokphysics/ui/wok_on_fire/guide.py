"""Wok on Fire's guided first turn (:mod:`wokphysics.ui.guide`): stir, flick, stir again,
pick, chop, each step moving on when the player has done it.

The steps read the game (its events, what it expects), the roles' shared state (a blade
down, an action running, where the buttons are) and the renderer's map of the table (where to
point); they hand the game nothing and are not handed the scene. The player they guide is the
first person at the table.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wokphysics.games.wok_on_fire.engine import (
    ChopEvent,
    Expect,
    PickEvent,
    StirEvent,
    StirKind,
    TurnEndEvent,
)
from wokphysics.ui.guide import Guide, GuideStep, Point

if TYPE_CHECKING:
    from wokphysics.games.wok_on_fire.engine import WokOnFireGame
    from wokphysics.table.cards import Card
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.wok_on_fire.state import TableUi

EDGE_GAP_MM = 12.0
"""How far before a card's near edge the ring asks the press to be, mm."""
RIM_MM = 40.0
"""A press the guide suggests keeps this far inside the wok's rim, mm."""


def wok_on_fire_guide(game: WokOnFireGame, ui: TableUi, renderer: TableRenderer
                      ) -> Guide | None:
    """The guide for ``game``'s first person, or None when only bots play. ``ui`` is the
    scene's shared state (read: the stroke dragged, the action running, the buttons drawn);
    ``renderer`` maps the table to the screen (where the hints point)."""
    people = [p for p, label in enumerate(game.bots) if label == "person"]
    if not people:
        return None
    me = people[0]
    cfg = game.cfg
    target_card: list[int] = []

    def mine() -> bool:
        return not game.is_over and game.current_player == me

    def since(mark: int, kind: type, player: int = me) -> bool:
        return any(isinstance(e, kind) and getattr(e, "player", None) == player
                   for e in game.events[mark:])

    def stirring() -> bool:
        return (mine() and game.expect is Expect.STIR and game.stir_kind is StirKind.NORMAL
                and ui.playback is None)

    def waiting() -> str:
        if game.is_over:
            return "the game is over"
        if not mine():
            return "the other players' turn: watch, yours comes next"
        if ui.playback is not None:
            return "wait for the cards to settle"
        return "a bonus or a choice first: the panel on the right says what to do"

    def edge_point() -> Point | None:
        card = _aim_card(game, target_card)
        if card is None:
            return None
        half_y = (abs(cfg.physics.card.width_mm / 2 * math.sin(card.angle))
                  + abs(cfg.physics.card.length_mm / 2 * math.cos(card.angle)))
        sx, sy = renderer.map.to_screen(card.x, card.y - half_y - EDGE_GAP_MM)
        return round(sx), round(sy)

    def take_button() -> Point | None:
        for b in ui.layout.buttons:
            if b.label.startswith("Take"):
                return b.rect.center
        return None

    def hand_area() -> Point | None:
        # a quarter of the way along the lit area: clear of the collected cards (its middle)
        # and of the cards waiting to be chopped (its end on the player's right)
        rect = renderer.hand_rect(game.seat_of(me))
        return rect.left + rect.width // 4, rect.centery

    def picks_hint() -> str:
        legal = game.legal_picks() if game.expect is Expect.PICK else None
        most = cfg.rules.picks_per_turn if legal is None else legal.max_picks
        return (f"pick up: click up to {most} yellow-framed (viable) cards, then Take "
                "(Enter); a card you may not take says why when clicked")

    def pick_done(mark: int) -> bool:
        return (since(mark, PickEvent) or since(mark, ChopEvent) or since(mark, TurnEndEvent)
                or (mine() and game.expect is Expect.CHOP))

    def chop_done(mark: int) -> bool:
        return since(mark, ChopEvent) or since(mark, TurnEndEvent)

    stirs = cfg.rules.max_stirs_per_step
    most = f", at most {stirs}" if stirs <= 10 else ""  # the shipped 60 is no limit to a person
    steps = [
        GuideStep(hint=lambda: "stir: press on the table just before a face-down card's "
                               "near edge (the ring) and start dragging up",
                  done=lambda mark: ((ui.live is not None and mine())
                                     or since(mark, StirEvent)),
                  target=edge_point, ready=stirring, waiting=waiting),
        GuideStep(hint=lambda: "slide the blade under the card, then sweep up quickly and "
                               "let go (the gauge by the blade shows speed and depth)",
                  done=lambda mark: since(mark, StirEvent),
                  ready=lambda: mine() and game.expect is Expect.STIR, waiting=waiting),
        GuideStep(hint=lambda: f"stir again: at least 2 stirs{most}; the stirring ends "
                               "after 2 once a card has flipped",
                  done=lambda mark: not stirring() and ui.live is None
                  and ui.playback is None and (game.expect is not Expect.STIR
                                                     or not mine()),
                  target=edge_point, ready=stirring, waiting=waiting),
        GuideStep(hint=picks_hint, done=pick_done, target=take_button,
                  ready=lambda: mine() and game.expect is Expect.PICK, waiting=waiting),
        GuideStep(hint=lambda: "chop: press in your lit hand area at the bottom, drag "
                               "towards the wok and let go",
                  done=chop_done, target=hand_area,
                  ready=lambda: mine() and game.expect is Expect.CHOP
                  and ui.playback is None, waiting=waiting),
    ]
    return Guide("Your first turn (a guide)", steps, lambda: len(game.events),
                 "that was a whole turn! F1 shows the rules (G there: this guide again)")


def _aim_card(game: WokOnFireGame, chosen: list[int]) -> Card | None:
    """A face-down card in the wok to aim at: the one chosen before while it is still face
    down and at rest in the wok, else the one nearest the player's edge whose near edge is
    clear (no card over it, nor where the press goes), else the nearest (read-only)."""
    cards = game.table.cards
    if chosen:
        card = cards[chosen[0]]
        if not card.face_up and card.location == "wok" and not card.airborne:
            return card
        chosen.clear()
    candidates = sorted((c for c in cards if not c.face_up and c.location == "wok"
                         and not c.airborne), key=lambda c: c.y)
    if not candidates:
        return None
    size = game.cfg.physics.card
    wok = game.cfg.physics.wok
    lying = [c for c in cards if c.location == "wok"]

    def clear(card: Card) -> bool:
        half_y = (abs(size.width_mm / 2 * math.sin(card.angle))
                  + abs(size.length_mm / 2 * math.cos(card.angle)))
        press = (card.x, card.y - half_y - EDGE_GAP_MM)
        if abs(press[0]) > wok.width_mm / 2 - RIM_MM or press[1] < RIM_MM - wok.depth_mm / 2:
            return False  # by the rim: the blade would meet the wok's wall
        for other in lying:
            if other.id == card.id:
                continue
            if _inside(other, press, size.width_mm, size.length_mm):
                return False
            above = (other.layer, other.stack_order) > (card.layer, card.stack_order)
            if above and _inside(other, (card.x, card.y), size.width_mm + size.length_mm,
                                 size.length_mm * 2):
                return False
        return True

    best = next((c for c in candidates if clear(c)), candidates[0])
    chosen.append(best.id)
    return best


def _inside(card: Card, point: tuple[float, float], width: float, length: float) -> bool:
    """Whether ``point`` (mm) lies within ``card``'s rectangle grown to width x length."""
    dx, dy = point[0] - card.x, point[1] - card.y
    c, s = math.cos(card.angle), math.sin(card.angle)
    along_x = dx * c + dy * s
    along_y = -dx * s + dy * c
    return abs(along_x) <= width / 2 and abs(along_y) <= length / 2
