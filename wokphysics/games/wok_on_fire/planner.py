"""Wok on Fire's planning bot (``plan``, ``plan:N``): it tries flicks on copies of the table.

Before each stir it makes ``N`` candidate flicks (``plan`` alone: :data:`~.bots.PLANNER_GESTURES`):
the flick of the ``strong`` bot at each of the best-placed face-down cards, straight at the
wok's centre and turned half a radian, released at two depths. It plays each on a copy of the
table (:func:`~wokphysics.table.clone.clone_table`) with a hand's noise drawn from its own
generator (the same draws for every candidate, so they are compared on the same luck), and
values the table each leaves (:class:`Outlook`): what its own picks would be worth, less what
the best of the cards left would be worth to the next player. It also weighs not flipping at
all (a stroke by its own edge of the table) when the rules let it. It then makes the best
candidate with its own hand, whose noise stays (:class:`~.bots.WokBot`'s ``strong`` hand):
it plans, it does not know where a card will land.

It sees what a player at the table sees: the cards face up are known, a face-down card and
the supply are not. A card that a trial flick turns face up is valued as the mean of the cards
not yet seen (the deck less every card seen face up); the copies' hidden cards and the
supply's order are never read, and the copies' physics generator is seeded from the bot's own.
Its picks are planned too (:mod:`.pick_planner`): each legal pick is valued by the mean final
margin of sampled ends of the game. Bonuses, gifts and Chili are the ``strong`` bot's; its
chop is tried on copies (:meth:`PlanBot.choose_chop`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wokphysics.config.wok_on_fire import WokOnFireBotSettings, WokOnFireConfig
from wokphysics.games.wok_on_fire.bots import (
    _CHOP_TIME_S,
    _FLICK_TIME_S,
    _INDEX,
    _LEAD_MM,
    _TYPES,
    WokBot,
    _counts,
    _majority,
    _must_flip,
    _pile_value,
)
from wokphysics.games.wok_on_fire.engine import Pick, StirKind, WokOnFireGame
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.pick_planner import PickPlanner
from wokphysics.games.wok_on_fire.viability import refusal_reason
from wokphysics.table.cards import Card
from wokphysics.table.clone import clone_table
from wokphysics.table.gesture import Gesture
from wokphysics.table.world import Table

MARGIN = 2.0
"""Points by which a candidate must beat ``strong``'s own choice (tried on the same draws) to
be made instead: one draw's luck does not move the bot off a sound flick."""
SAMPLES = 2
"""Draws of the hand's noise each candidate is tried with (the same draws for every one)."""
NEXT_WEIGHT = 0.5
"""How much what the table leaves the next player counts against a flick."""


@dataclass(frozen=True)
class PlannedFlick:
    """A flick as planned, before the hand's noise: at ``target`` with the heading
    ``heading`` (rad), released ``depth`` of the card's extent under it, at ``speed`` mm/s.
    ``target`` None: no flip, a gentle stroke by the player's edge of the table."""

    target: int | None
    heading: float = 0.0
    depth: float = 0.0
    speed: float = 0.0


@dataclass(frozen=True)
class Noise:
    """One draw of the hand's noise (standard normal values, scaled by the hand's settings)."""

    direction: float
    aim_x: float
    aim_y: float
    speed: float
    table_seed: int


def draw_noise(rng: np.random.Generator) -> Noise:
    """A hand's noise and a seed for a copy's physics generator, from ``rng``."""
    direction = float(rng.normal())
    aim_x, aim_y = (float(v) for v in rng.normal(0.0, 1.0, 2))
    speed = float(rng.normal())
    return Noise(direction, aim_x, aim_y, speed, int(rng.integers(1 << 62)))


def flick(game: WokOnFireGame, settings: WokOnFireBotSettings, intent: PlannedFlick,
          target: Card | None, noise: Noise) -> Gesture:
    """The gesture of ``intent`` made by a hand with ``settings``' noise (``noise``'s draws):
    the geometry of :meth:`WokBot.plan_stir`, a straight stroke at a constant speed from
    before the card's near edge to the release point under it."""
    physics = game.cfg.physics
    if intent.target is None or target is None:
        hx, hy, facing = game.table.seat_hand(game.seat_of(game.current_player))
        side = facing + math.pi / 2
        return Gesture(
            [(0.0, hx, hy), (0.1, hx + 10.0 * math.cos(side), hy + 10.0 * math.sin(side))]
        )
    heading = intent.heading + settings.direction_sd_rad * noise.direction
    dx, dy = math.cos(heading), math.sin(heading)
    ux, uy = math.cos(target.angle), math.sin(target.angle)
    card = physics.card
    reach = card.width_mm / 2.0 * abs(ux * dx + uy * dy) + card.length_mm / 2.0 * abs(
        -uy * dx + ux * dy
    )
    under = intent.depth * 2.0 * reach
    ex = target.x - dx * (reach - under) + settings.aim_sd_mm * noise.aim_x
    ey = target.y - dy * (reach - under) + settings.aim_sd_mm * noise.aim_y
    speed = intent.speed * max(0.2, 1.0 + settings.speed_sd * noise.speed)
    dt = physics.physics.dt_s
    steps = math.ceil(max(_LEAD_MM + under, speed * _FLICK_TIME_S) / (speed * dt))
    stroke = speed * dt * steps
    return Gesture([(0.0, ex - dx * stroke, ey - dy * stroke), (dt * steps, ex, ey)])


class Outlook:
    """What the table is worth to the player about to pick (``player``, the current one by
    default), from what a player at the table sees now: the gain of each kind of card to it
    and to the player after it, and the mean gain of a card not yet seen."""

    def __init__(self, game: WokOnFireGame, bot: WokBot, player: int | None = None) -> None:
        self.game = game
        me = game.current_player if player is None else player
        self.me = me
        self.next = (me + 1) % game.players if game.players > 1 else None
        table = game.table
        self.known: dict[int, Ingredient] = {
            card.id: game.ingredient(card.id)
            for card in table.cards
            if card.face_up or card.location in ("player", "discard")
        }
        unseen = [0] * len(_TYPES)
        for kind, count in _deck_counts(game.cfg).items():
            unseen[_INDEX[kind]] += count
        for kind in self.known.values():
            unseen[_INDEX[kind]] -= 1
        self.unseen = [max(0, n) for n in unseen]
        self.mine = _gains(game, bot, me)
        self.theirs = _gains(game, bot, self.next) if self.next is not None else None
        total = sum(self.unseen)
        self.mine_hidden = (
            sum(g * n for g, n in zip(self.mine, self.unseen, strict=True)) / total
            if total else 0.0
        )
        self.theirs_hidden = (
            sum(g * n for g, n in zip(self.theirs, self.unseen, strict=True)) / total
            if total and self.theirs is not None else 0.0
        )
        self.picks = game.cfg.rules.picks_per_turn

    def denial_target(self, table: Table) -> int | None:
        """The face-up card worth most to the next player among the viable ones this player
        would leave (None: none, or none worth more to them than a card not yet seen)."""
        if self.theirs is None:
            return None
        mine, theirs = self._viable(table)
        taken = {card_id for _, card_id in mine[: self.picks]}
        left = [(gain, card_id) for card_id, gain in theirs.items()
                if card_id not in taken and card_id in self.known]
        if not left:
            return None
        gain, card_id = max(left, key=lambda item: (item[0], -item[1]))
        return card_id if gain > self.theirs_hidden else None

    def _viable(self, table: Table) -> tuple[list[tuple[float, int]], dict[int, float]]:
        """The viable cards on ``table``: (this player's gain, id), best first, and each one's
        gain to the next player."""
        rules = self.game.cfg.rules
        visible = table.visibility()
        cards = table.visibility_cards()
        mine: list[tuple[float, int]] = []
        theirs: dict[int, float] = {}
        for card_id, seen in visible.items():
            card = cards[card_id]
            if not card.face_up:
                continue
            kind = self.known.get(card_id)
            named = kind if kind is not None else Ingredient.ONION
            if refusal_reason(card, seen, named, rules) is not None:
                continue
            if kind is None:
                mine.append((self.mine_hidden, card_id))
                theirs[card_id] = self.theirs_hidden
            else:
                mine.append((self.mine[_INDEX[kind]], card_id))
                if self.theirs is not None:
                    theirs[card_id] = self.theirs[_INDEX[kind]]
        mine.sort(key=lambda item: (-item[0], item[1]))
        return mine, theirs

    def value(self, table: Table) -> float:
        """The best picks' worth to this player on ``table`` (a card it cannot see the face
        of counts as the mean unseen card), less :data:`NEXT_WEIGHT` times the best of the
        rest to the next player."""
        mine, theirs = self._viable(table)
        taken = mine[: self.picks]
        worth = math.fsum(gain for gain, _ in taken)
        if self.next is not None:
            for _, card_id in taken:
                theirs.pop(card_id, None)
            rest = sorted(theirs.values(), reverse=True)[: self.picks]
            worth -= NEXT_WEIGHT * math.fsum(rest)
        return worth


def _deck_counts(cfg: WokOnFireConfig) -> dict[Ingredient, int]:
    counts: dict[Ingredient, int] = {}
    for name in cfg.deck():
        kind = Ingredient[name.upper()]
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def _gains(game: WokOnFireGame, bot: WokBot, player: int) -> list[float]:
    """What one more card of each kind adds to ``player``'s total (with the promise of
    half-built sets, as :meth:`WokBot._value` counts it)."""
    counts = [_counts(game.pile_ingredients(p)) for p in range(game.players)]
    base = _total(game, bot, counts, player)
    deck = _deck_counts(game.cfg)
    gains = []
    for index, kind in enumerate(_TYPES):
        more = list(counts)
        mine = list(counts[player])
        mine[index] += 1
        if mine[index] > deck.get(kind, 0):
            gains.append(0.0)  # no such card is left to take
            continue
        more[player] = tuple(mine)
        gains.append(_total(game, bot, more, player) - base)
    return gains


def _total(game: WokOnFireGame, bot: WokBot, counts: Sequence[tuple[int, ...]],
           player: int) -> float:
    """:meth:`WokBot._value` for piles given by their counts."""
    points, promise = _pile_value(game.scorer, counts[player])
    rules = game.cfg.rules
    total = float(points)
    total += _majority(counts, player, _INDEX[Ingredient.PORK], rules.pork_majority_bonus)
    total -= _majority(counts, player, _INDEX[Ingredient.BROCCOLI],
                       rules.broccoli_majority_penalty)
    weight = bot.settings.potential_weight
    if weight > 0.0:
        left = min(1.0, len(game.table.supply) / max(1, rules.setup.supply))
        total += weight * (0.3 + 0.7 * left) * promise
    return total


class PlanBot(WokBot):
    """The planning bot (see the module doc): ``gestures`` candidate flicks a stir."""

    def __init__(self, name: str, settings: WokOnFireBotSettings, seed: int,
                 gestures: int) -> None:
        super().__init__(name, settings, seed)
        self.gestures = gestures
        self.samples = min(SAMPLES, gestures)
        # Its planning draws come from a generator of its own, seeded from its seed, so the
        # hand's noise is the same whatever it tried.
        self.planning = np.random.default_rng([seed, 0x706C616E])
        self.picker = PickPlanner(self.planning)

    def _best_picks(self, game: WokOnFireGame, units: dict[int, tuple[int, ...]],
                    count: int) -> list[Pick]:
        """The pick whose sampled ends of the game give this player the best mean margin
        (:mod:`.pick_planner`), instead of ``strong``'s rule of thumb."""
        return self.picker.best(self, game, units, count)

    def candidates(self, game: WokOnFireGame,
                   outlook: Outlook | None = None) -> list[PlannedFlick]:
        """The flicks worth trying (see the module doc), ``strong``'s own first: its flick at
        the best-placed face-down cards; at the face-up card the next player would take first
        of what this player leaves (turned face down, it is theirs no more); and no flip when
        the rules allow it. As many cards as the budget tries :data:`SAMPLES` times each."""
        targets = self.ranked_targets(game)
        count = max(1, self.gestures // self.samples)
        denied = outlook.denial_target(game.table) if outlook is not None else None
        chosen = [card.id for card in targets[: count - 1 if denied is not None else count]]
        if denied is not None and denied not in chosen:
            chosen.append(denied)
        intents = [self._flick_at(game.table.card(card_id)) for card_id in chosen]
        if game.stir_kind is StirKind.NORMAL and not _must_flip(game):
            # (a bonus stir goes on until a card can be picked: it flips)
            intents.append(PlannedFlick(None))
        return intents

    def _flick_at(self, card: Card) -> PlannedFlick:
        """``strong``'s flick at ``card``: straight at the wok's centre, released at the hand's
        planned depth and speed."""
        distance = math.hypot(card.x, card.y)
        heading = math.atan2(-card.y, -card.x) if distance > 1.0 else math.pi / 2
        return PlannedFlick(card.id, heading, self.settings.flick_depth_share,
                            self.settings.flick_speed_mm_s)

    def ranked_targets(self, game: WokOnFireGame) -> list[Card]:
        """Face-down cards in the wok, least covered and nearest the centre first (the merit
        of :meth:`WokBot._target`); face-up ones only when no face-down card is left and the
        rules want a flip."""
        table = game.table
        lying = table.wok_cards()
        wok = game.cfg.physics.wok
        half_w, half_d = wok.width_mm / 2.0, wok.depth_mm / 2.0
        inside = [c for c in lying if abs(c.x) < half_w and abs(c.y) < half_d]
        pool = [c for c in inside if not c.face_up]
        if not pool and _must_flip(game):
            pool = inside or lying
        if not pool:
            return []
        card_cfg = game.cfg.physics.card
        diagonal = math.hypot(card_cfg.width_mm, card_cfg.length_mm)
        margin = card_cfg.length_mm / 2.0

        def merit(card: Card) -> float:
            cover = 0.0
            for other in lying:
                if (other.layer, other.stack_order) > (card.layer, card.stack_order):
                    cover += max(0.0, 1.0 - math.hypot(other.x - card.x, other.y - card.y)
                                 / diagonal)
            score = -3.0 * cover - math.hypot(card.x, card.y) / half_w
            if max(abs(card.x) - half_w, abs(card.y) - half_d) > -margin:
                score -= 2.0
            return score

        return sorted(pool, key=lambda c: (-merit(c), c.id))

    def plan_chop(self, game: WokOnFireGame) -> Gesture:
        """The chop whose throw, tried on copies of the table, leaves the next player the
        least (its thrown cards land face down, on what they cover), made with this bot's
        hand."""
        turn, share = self.choose_chop(game)
        return chop_gesture(game, self.settings, turn, share, draw_noise(self.rng))

    def choose_chop(self, game: WokOnFireGame) -> tuple[float, float]:
        """(heading turn, speed share) of the best chop tried: straight in at the planned
        speed (``strong``'s) unless another leaves the next player :data:`MARGIN` points
        less; with no one after this player, straight in."""
        options = [(turn, share) for share in CHOP_SPEEDS for turn in CHOP_TURNS]
        options = options[: max(1, self.gestures)]
        following = (game.current_player + 1) % game.players
        if game.players < 2 or len(options) == 1:
            return options[0]
        outlook = Outlook(game, self, following)
        noise = draw_noise(self.planning)
        spread = game.cfg.rules.setup.wok
        seat = game.seat_of(game.current_player)
        count = game.cfg.rules.cards_per_chop
        best: tuple[float, int] | None = None
        for index, (turn, share) in enumerate(options):
            copy = clone_table(game.table, spread)
            _hide(copy, outlook.known)
            copy.rng = np.random.default_rng(noise.table_seed)
            copy.chop(chop_gesture(game, self.settings, turn, share, noise), seat, count=count)
            worth = -outlook.value(copy)
            if best is None or worth > best[0] + (MARGIN if best[1] == 0 else 0.0):
                best = (worth, index)
        assert best is not None
        return options[best[1]]

    def plan_stir(self, game: WokOnFireGame) -> Gesture:
        """The best candidate's flick, made with this bot's hand (its noise)."""
        intent = self.choose(game)
        target = game.table.card(intent.target) if intent.target is not None else None
        return flick(game, self.settings, intent, target, draw_noise(self.rng))

    def choose(self, game: WokOnFireGame) -> PlannedFlick:
        """Try every candidate on copies of the table, with :data:`SAMPLES` draws of the
        hand's noise and the table's shared by all; the best by :class:`Outlook`, where
        ``strong``'s own choice (the first) stays unless another beats it by :data:`MARGIN`."""
        outlook = Outlook(game, self)
        intents = self.candidates(game, outlook)
        if not intents:
            return PlannedFlick(None)
        if len(intents) == 1:
            return intents[0]
        noises = [draw_noise(self.planning) for _ in range(self.samples)]
        spread = game.cfg.rules.setup.wok
        best: tuple[float, int] | None = None
        for index, intent in enumerate(intents):
            if intent.target is None:
                worth = outlook.value(game.table)
            else:
                total = 0.0
                for noise in noises:
                    copy = clone_table(game.table, spread)
                    _hide(copy, outlook.known)
                    copy.rng = np.random.default_rng(noise.table_seed)
                    target = copy.card(intent.target)
                    copy.stir(flick(game, self.settings, intent, target, noise))
                    total += outlook.value(copy)
                worth = total / len(noises)
            if best is None or worth > best[0] + (MARGIN if best[1] == 0 else 0.0):
                best = (worth, index)
        assert best is not None
        return intents[best[1]]


CHOP_TURNS = (0.0, -0.3, 0.3)
"""Chop headings tried, rad from straight into the wok."""
CHOP_SPEEDS = (1.0, 0.75, 1.3)
"""Chop speeds tried, as shares of the hand's planned chop speed."""


def chop_gesture(game: WokOnFireGame, settings: WokOnFireBotSettings, turn: float,
                 share: float, noise: Noise) -> Gesture:
    """A throw from the player's hand ``turn`` rad off straight into the wok at ``share`` of
    the hand's chop speed, with ``noise``'s draws of the hand's noise (the geometry of
    :meth:`WokBot.plan_chop`)."""
    hx, hy, facing = game.table.seat_hand(game.seat_of(game.current_player))
    heading = facing + turn + settings.direction_sd_rad * noise.direction
    speed = settings.chop_speed_mm_s * share * max(0.3, 1.0 + settings.chop_sd * noise.speed)
    stroke = speed * _CHOP_TIME_S
    return Gesture(
        [(0.0, hx, hy),
         (_CHOP_TIME_S, hx + math.cos(heading) * stroke, hy + math.sin(heading) * stroke)]
    )


def _hide(table: Table, known: dict[int, Ingredient]) -> None:
    """Forget on a copy what a player cannot see: every card whose face is unknown gets a
    blank label, and the supply a fixed order (the physics reads neither)."""
    for card in table._cards:
        if card.id not in known:
            card.ingredient = "?"
            card.snapshot = None
    table.supply = sorted(table.supply)
