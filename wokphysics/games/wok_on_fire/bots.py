"""Bots that play Wok on Fire like people: only through a person's inputs.

A bot reads what a person at the table sees (which cards lie where, face up or down, what
shows of them, the piles) and gives the engine exactly one input per :meth:`WokBot.act`: a
stir or chop gesture, named picks, a bonus order, the Garlic gift's receiver, the Chili
choice. It never looks at a face-down card's ingredient and never simulates alternatives:
each flick is planned geometrically (a straight stroke at the planned speed towards the wok's
centre, from before the target card's near edge to a planned depth under it, where it is
released: ``flick_depth_share`` of the card's extent along the stroke) and
its own seeded generator adds the hand's noise. The bot makes the stroke through the live
stroke API, moving the blade once per physics step as a person's pointer does. Strengths are
``[bots.<name>]`` in ``config/wok_on_fire.toml``; ``strong`` and ``weak`` are shipped.

>>> from wokphysics.config.wok_on_fire import load_config
>>> cfg = load_config()
>>> sorted(cfg.bots), make_wof_bot(cfg, "strong", seed=1).name
(['strong', 'weak'], 'strong')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

import numpy as np
from mypy_extensions import mypyc_attr

from wokphysics.config.wok_on_fire import WokOnFireBotSettings, WokOnFireConfig
from wokphysics.errors import UserError
from wokphysics.games.bots import parse_budget, refuse_unknown_bots, split_budget
from wokphysics.games.wok_on_fire.engine import (
    Bonus,
    Expect,
    Pick,
    PickKind,
    StirKind,
    WokOnFireGame,
)
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.scoring import Scorer
from wokphysics.table.cards import Card
from wokphysics.table.gesture import Gesture
from wokphysics.table.world import ActionReport

I = Ingredient  # noqa: E741

# Points a half-built combination is worth to a bot, per card that scores nothing yet: what it
# may become (a Rice dish is 15, a Noodle dish 25, three Mushrooms 18, Garlic triples a Meat).
_POTENTIAL: Final[dict[Ingredient, float]] = {
    I.RICE: 5.0,
    I.NOODLES: 7.0,
    I.GARLIC: 4.0,
    I.CHILI_PEPPER: 4.0,
}
# One Mushroom towards a set of three (18 points) promises little, two promise more.
_MUSHROOM_PROMISE: Final[tuple[float, ...]] = (0.0, 3.0, 8.0)
_LEAD_MM: Final = 40.0  # the stroke starts at least this far before the card's near edge
_FLICK_TIME_S: Final = 0.045  # and lasts at least this long (longer than the release window)
_CHOP_TIME_S: Final = 0.1  # the chop's throwing stroke


_TYPES: Final[tuple[Ingredient, ...]] = tuple(Ingredient)
_INDEX: Final[dict[Ingredient, int]] = {kind: index for index, kind in enumerate(_TYPES)}
# Read as constants in the valuations (thousands a game): the compiled build reads a Final
# constant directly, where ``I.MUSHROOM`` is an attribute lookup on the enum class.
_MUSHROOM: Final = I.MUSHROOM
_PORK_INDEX: Final = _INDEX[I.PORK]
_BROCCOLI_INDEX: Final = _INDEX[I.BROCCOLI]


def _must_flip(game: WokOnFireGame) -> bool:
    """The rules keep this stir step going until a card flips (its face changes either way):
    a normal step whose two stirs flipped nothing."""
    return (game.stir_kind is StirKind.NORMAL and game.stirs_this_step >= 2
            and not game.flipped_this_step)


def _counts(pile: Sequence[Ingredient]) -> tuple[int, ...]:
    counts = [0] * len(_TYPES)
    for kind in pile:
        counts[_INDEX[kind]] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def _pile_value(scorer: Scorer, counts: tuple[int, ...]) -> tuple[int, float]:
    """(optimal points without majorities, promise of the cards that score nothing yet) of a
    pile given by its counts per type, scored by the game's ``scorer``; cached, since bots ask
    about the same piles often."""
    parts = scorer.parts_of_counts(counts)
    unused = [i for _, ingredients, points in parts if points == 0 for i in ingredients]
    mushrooms = sum(1 for i in unused if i is _MUSHROOM)
    promise = sum(_POTENTIAL.get(i, 0.0) for i in unused if i is not _MUSHROOM)
    return sum(points for _, _, points in parts), promise + _MUSHROOM_PROMISE[min(mushrooms, 2)]


class _Piles:
    """What one decision's valuations share, worked out once: every player's pile as its
    count per type (the piles do not change while a bot decides), and each player's value
    with nothing added, as it is first asked for."""

    def __init__(self, game: WokOnFireGame) -> None:
        self.counts = [_counts(game.pile_ingredients(p)) for p in range(game.players)]
        self.base: dict[int, float] = {}


def _majority(counts: Sequence[tuple[int, ...]], player: int, index: int, points: int) -> int:
    """``points`` if ``player`` holds strictly the most cards of type ``index`` (at least one)."""
    mine = counts[player][index]
    if mine == 0 or any(c[index] >= mine for p, c in enumerate(counts) if p != player):
        return 0
    return points


PLANNER = "plan"
"""The planning bot's name (:mod:`.planner`); ``plan:N`` tries ``N`` flicks a stir."""
PLANNER_GESTURES = 8
"""Candidate flicks a stir of ``plan`` without a budget (about 0.1 CPU s a stir)."""
PLANNER_HAND = "strong"
"""The bot strength whose hand (noise) and choices the planning bot plays with."""


def bot_names(cfg: WokOnFireConfig) -> list[str]:
    """Every bot name ``cfg`` offers: its ``[bots.<name>]`` strengths, and the planning bot
    (``plan``, ``plan:N`` with a budget) when the config has its hand."""
    names = sorted(cfg.bots)
    if PLANNER_HAND in cfg.bots and PLANNER not in cfg.bots:
        names += [PLANNER, f"{PLANNER}:N"]
    return names


def offered_bots(cfg: WokOnFireConfig) -> list[str]:
    """The bots a seat may be given by name in the window (:func:`bot_names` without the
    ``NAME:N`` pattern)."""
    return [name for name in bot_names(cfg) if not name.endswith(":N")]


def is_bot_label(cfg: WokOnFireConfig, label: str) -> bool:
    """Whether ``label`` names a bot of ``cfg`` (``plan:16`` too), as a game's record may."""
    try:
        refuse_unknown_bots([label], bot_names(cfg), "wok-on-fire", "bot")
    except UserError:
        return False
    return True


def planner_budget(cfg: WokOnFireConfig, name: str) -> int | None:
    """The candidate flicks a stir of the planning bot ``name`` (``plan``: the default), or
    None when ``name`` is not the planning bot."""
    base, budget = split_budget(name)
    if base != PLANNER or PLANNER in cfg.bots:
        return None
    if budget is None:
        return PLANNER_GESTURES
    return parse_budget(budget, "bot")


def bot_settings(cfg: WokOnFireConfig, name: str) -> WokOnFireBotSettings:
    """The settings of bot strength ``name`` from the config, or a UserError naming the choices
    (the planning bot's are its hand's, :data:`PLANNER_HAND`)."""
    refuse_unknown_bots([name], bot_names(cfg), "wok-on-fire", "bot")
    if planner_budget(cfg, name) is not None:
        return cfg.bots[PLANNER_HAND]
    return cfg.bots[name]


@mypyc_attr(allow_interpreted_subclasses=True)
class WokBot:
    """One bot player; ``act(game)`` gives the game the one input it expects."""

    def __init__(self, name: str, settings: WokOnFireBotSettings, seed: int) -> None:
        self.name = name
        self.settings = settings
        self.rng = np.random.default_rng(seed)

    # ------------------------------------------------------------------ dispatch
    def act(self, game: WokOnFireGame) -> None:
        expect = game.expect
        if expect is Expect.STIR:
            self.stir(game)
        elif expect is Expect.PICK:
            game.pick(self.choose_picks(game))
        elif expect is Expect.BONUS_ORDER:
            game.choose_bonus_order(self.choose_bonus(game))
        elif expect is Expect.GIFT_OPPONENT:
            game.give_to(self.choose_receiver(game))
        elif expect is Expect.CHILI:
            chili = self.choose_chili(game)
            if chili is None:
                game.decline_chili()
            else:
                game.use_chili(chili)
        elif expect is Expect.CHOP:
            game.chop(self.plan_chop(game))
        else:
            raise UserError("the game is over; a bot has nothing to do")

    # ------------------------------------------------------------------ flicks
    def _target(self, game: WokOnFireGame) -> Card | None:
        """The card to flick: a face-down card that nothing covers, near the wok's centre
        (None when there is none: a strong bot does not turn a card face down, until the
        stir step's two stirs have flipped nothing and the rules keep it stirring until a card
        flips; then it turns a face-up card down rather than stir the air up to the engine's
        ``max_stirs_per_step``, a minute of empty bot stirs in the window).

        What covers a card is judged by eye, not by the exact visibility geometry (cheap:
        a bot plans every stir): each card lying above it counts by how close its centre is.
        """
        table = game.table
        lying = table.wok_cards()
        if not lying:
            return None
        half_w, half_d = game.cfg.physics.wok.width_mm / 2.0, game.cfg.physics.wok.depth_mm / 2.0
        inside = [c for c in lying if abs(c.x) < half_w and abs(c.y) < half_d]
        pool = inside or lying
        if not self.settings.choose_targets:
            return pool[int(self.rng.integers(len(pool)))]
        if all(c.face_up for c in pool) and not _must_flip(game):
            return None  # flipping would only hide a card that can be picked
        card_cfg = game.cfg.physics.card
        diagonal = math.hypot(card_cfg.width_mm, card_cfg.length_mm)
        margin = card_cfg.length_mm / 2.0
        xs = np.array([c.x for c in lying])
        ys = np.array([c.y for c in lying])
        layers = np.array([c.layer for c in lying])
        orders = np.array([c.stack_order for c in lying])
        # Row i: how much each card covers card i (by how near its centre is), and which cards
        # lie above card i; all pairs at once, each element the number it is alone.
        nearness = np.clip(
            1.0 - np.hypot(xs[None, :] - xs[:, None], ys[None, :] - ys[:, None]) / diagonal,
            0.0,
            None,
        )
        above = (layers[None, :] > layers[:, None]) | (
            (layers[None, :] == layers[:, None]) & (orders[None, :] > orders[:, None])
        )
        row = {card.id: index for index, card in enumerate(lying)}

        def merit(card: Card) -> float:
            index = row[card.id]
            cover = float(nearness[index][above[index]].sum())
            # Uncovered, it flips cleanly and lands viable; far from the edge it stays in the
            # wok. A face-up card is flipped only when no face-down card is left.
            score = -3.0 * cover - math.hypot(card.x, card.y) / half_w
            if max(abs(card.x) - half_w, abs(card.y) - half_d) > -margin:
                score -= 2.0  # near the edge: it may fall out
            return score - (10.0 if card.face_up else 0.0)

        return max(pool, key=merit)

    def stir(self, game: WokOnFireGame) -> ActionReport:
        """Make the planned stir with the hand: the blade down at the path's start, moved to
        the path's point at every physics step, released at its end (the live stroke API a
        person's pointer drives)."""
        path = game.table.stroke_gesture(self.plan_stir(game))
        _, x, y = path.samples[0]
        stroke = game.begin_stroke(x, y)
        for _, x, y in path.samples[1:]:
            stroke.move_to(x, y)
        return stroke.release()

    def plan_stir(self, game: WokOnFireGame) -> Gesture:
        """A straight flick at a constant speed from just before the chosen card's near edge,
        across it towards the wok's centre, released with the blade under the card."""
        s = self.settings
        target = self._target(game)
        physics = game.cfg.physics
        if target is None:
            # Nothing worth flipping: a gentle stroke by the bot's own edge of the table,
            # outside the wok, where it disturbs nothing.
            hx, hy, facing = game.table.seat_hand(game.seat_of(game.current_player))
            side = facing + math.pi / 2
            return Gesture(
                [(0.0, hx, hy), (0.1, hx + 10.0 * math.cos(side), hy + 10.0 * math.sin(side))]
            )
        distance = math.hypot(target.x, target.y)
        heading = math.atan2(-target.y, -target.x) if distance > 1.0 else math.pi / 2
        heading += float(self.rng.normal(0.0, s.direction_sd_rad))
        dx, dy = math.cos(heading), math.sin(heading)
        ux, uy = math.cos(target.angle), math.sin(target.angle)
        # Centre-to-edge distance of the card along the stroke.
        card = physics.card
        reach = card.width_mm / 2.0 * abs(ux * dx + uy * dy) + card.length_mm / 2.0 * abs(
            -uy * dx + ux * dy
        )
        jx, jy = self.rng.normal(0.0, s.aim_sd_mm, 2)
        # Released with the blade's edge this far past the card's near edge (under it).
        under = s.flick_depth_share * 2.0 * reach
        ex = target.x - dx * (reach - under) + float(jx)
        ey = target.y - dy * (reach - under) + float(jy)
        speed = s.flick_speed_mm_s * max(0.2, 1.0 + float(self.rng.normal(0.0, s.speed_sd)))
        # Whole physics steps, enough for the release window, starting before the near edge.
        dt = physics.physics.dt_s
        steps = math.ceil(max(_LEAD_MM + under, speed * _FLICK_TIME_S) / (speed * dt))
        stroke = speed * dt * steps
        return Gesture([(0.0, ex - dx * stroke, ey - dy * stroke), (dt * steps, ex, ey)])

    def plan_chop(self, game: WokOnFireGame) -> Gesture:
        """A throw from the player's hand towards the wok's centre."""
        s = self.settings
        hx, hy, facing = game.table.seat_hand(game.seat_of(game.current_player))
        heading = facing + float(self.rng.normal(0.0, s.direction_sd_rad))
        speed = s.chop_speed_mm_s * max(0.3, 1.0 + float(self.rng.normal(0.0, s.chop_sd)))
        stroke = speed * _CHOP_TIME_S
        return Gesture(
            [
                (0.0, hx, hy),
                (_CHOP_TIME_S, hx + math.cos(heading) * stroke, hy + math.sin(heading) * stroke),
            ]
        )

    # ------------------------------------------------------------------ values
    def _value(
        self, game: WokOnFireGame, player: int, extra: Sequence[int], piles: _Piles
    ) -> float:
        """The player's exact total with ``extra`` cards added, plus what half-built sets
        promise (weighted by how much of the game is left)."""
        counts = list(piles.counts)
        mine = list(counts[player])
        for card_id in extra:
            mine[_INDEX[game.ingredient(card_id)]] += 1
        counts[player] = tuple(mine)
        points, promise = _pile_value(game.scorer, counts[player])
        rules = game.cfg.rules
        total = float(points)
        total += _majority(counts, player, _PORK_INDEX, rules.pork_majority_bonus)
        total -= _majority(counts, player, _BROCCOLI_INDEX, rules.broccoli_majority_penalty)
        weight = self.settings.potential_weight
        if weight > 0.0:
            left = min(1.0, len(game.table.supply) / max(1, game.cfg.rules.setup.supply))
            total += weight * (0.3 + 0.7 * left) * promise
        return total

    def _gain(self, game: WokOnFireGame, player: int, cards: Sequence[int], piles: _Piles) -> float:
        base = piles.base
        if player not in base:
            base[player] = self._value(game, player, (), piles)
        return self._value(game, player, cards, piles) - base[player]

    def _units(self, game: WokOnFireGame, ids: Sequence[int]) -> dict[int, tuple[int, ...]]:
        """Each nameable card to the cards naming it takes (all viable Chickens for one)."""
        chickens = tuple(i for i in ids if game.ingredient(i) is I.CHICKEN)
        units: dict[int, tuple[int, ...]] = {}
        for i in ids:
            if game.ingredient(i) is I.CHICKEN:
                if chickens and chickens[0] == i:
                    units[i] = chickens
            else:
                units[i] = (i,)
        return units

    def _worth(self, game: WokOnFireGame, cards: Sequence[int], piles: _Piles) -> float:
        me = game.current_player
        value = self._gain(game, me, cards, piles)
        weight = self.settings.denial_weight
        if weight > 0.0 and game.players > 1:
            value += weight * max(self._gain(game, o, cards, piles) for o in game.opponents(me))
        return value

    # ------------------------------------------------------------------ choices
    def choose_picks(self, game: WokOnFireGame) -> list[Pick]:
        legal = game.legal_picks()
        kind = game.pick_kind
        units = self._units(game, legal.all_viable)
        count = legal.min_picks
        choice: list[Pick] = []
        if kind is PickKind.GARLIC_GIFT:
            choice = self._gift_pick(game, units)
        elif count > 0:
            choice = self._best_picks(game, units, count)
        if len(choice) < legal.max_picks and self.settings.blind_claims:
            named = {p.card_id for p in choice}
            for card_id in legal.blind:
                if len(choice) >= legal.max_picks:
                    break
                if card_id not in named:
                    choice.append(Pick(card_id, blind_chicken=True))
            if game.check_pick(choice) is not None:
                choice = [p for p in choice if not p.blind_chicken]
        return choice

    def _ordered(self, game: WokOnFireGame, ids: Sequence[int]) -> list[Pick]:
        # Green Peppers must be named first.
        ordered = sorted(ids, key=lambda i: game.ingredient(i) is not I.GREEN_PEPPER)
        return [Pick(i) for i in ordered]

    def _best_picks(
        self, game: WokOnFireGame, units: dict[int, tuple[int, ...]], count: int
    ) -> list[Pick]:
        options = [self._ordered(game, combo) for combo in combinations(sorted(units), count)]
        options = [o for o in options if game.check_pick(o) is None]
        if not options:
            raise AssertionError("no legal pick for a bot: the engine's legal_picks disagrees")
        if float(self.rng.random()) < self.settings.random_pick_share:
            return options[int(self.rng.integers(len(options)))]
        piles = _Piles(game)
        best = max(
            options,
            key=lambda o: (
                self._worth(game, [c for p in o for c in units[p.card_id]], piles),
                -o[0].card_id,
            ),
        )
        return best

    def _gift_pick(self, game: WokOnFireGame, units: dict[int, tuple[int, ...]]) -> list[Pick]:
        options = [self._ordered(game, [i]) for i in sorted(units)]
        options = [o for o in options if game.check_pick(o) is None]
        if not options:
            return []
        if not self.settings.smart_gifts:
            return options[int(self.rng.integers(len(options)))]
        piles = _Piles(game)
        me = game.current_player
        receivers = game.opponents(me)

        def cost(option: list[Pick]) -> float:
            cards = units[option[0].card_id]
            helped = min((self._gain(game, o, cards, piles) for o in receivers), default=0.0)
            # Taking a card off the table that this bot wants costs it that card too.
            return helped + 0.3 * max(0.0, self._gain(game, me, cards, piles))

        return min(options, key=cost)

    def choose_receiver(self, game: WokOnFireGame) -> int:
        receivers = game.legal_opponents()
        if not self.settings.smart_gifts:
            return receivers[int(self.rng.integers(len(receivers)))]
        piles = _Piles(game)
        cards = game.gift_cards
        totals = {o: self._value(game, o, (), piles) for o in receivers}
        # Least help, then the opponent furthest behind.
        return min(receivers, key=lambda o: (self._gain(game, o, cards, piles), totals[o], o))

    def choose_bonus(self, game: WokOnFireGame) -> Bonus:
        if not self.settings.smart_gifts:
            pending = game.pending_bonuses
            return pending[int(self.rng.integers(len(pending)))]
        # Own pick first, while the stir that earned it has just shown the best cards.
        return Bonus.GREEN_PEPPER

    def choose_chili(self, game: WokOnFireGame) -> int | None:
        chilis = game.usable_chilis()
        if not chilis:
            return None
        if self.settings.random_pick_share >= 0.5:
            return chilis[0] if float(self.rng.random()) < 0.5 else None
        me = game.current_player
        eligible = [i for i in game.legal_picks().all_viable] or [
            i for i in self._all_viable(game) if game.ingredient(i) is not I.CHILI_PEPPER
        ]
        units = self._units(game, eligible)
        if not units:
            return None
        piles = _Piles(game)
        best = max(self._worth(game, cards, piles) for cards in units.values())
        # What the Chili is worth kept: the total now minus the total without it.
        counts = piles.counts
        without = list(counts[me])
        without[_INDEX[I.CHILI_PEPPER]] -= 1
        kept = float(
            _pile_value(game.scorer, counts[me])[0] - _pile_value(game.scorer, tuple(without))[0]
        )
        return chilis[0] if best > kept + 1.0 else None

    @staticmethod
    def _all_viable(game: WokOnFireGame) -> list[int]:
        return game.viable_cards()


def make_wof_bot(cfg: WokOnFireConfig, name: str, seed: int) -> WokBot:
    """A bot of strength ``name`` (a ``[bots.<name>]`` section) with its own seeded hand
    (every bot, the planning bot too: :func:`.players.make_bot`)."""
    settings = bot_settings(cfg, name)
    if planner_budget(cfg, name) is not None:
        raise UserError(f"bot: '{name}' is the planning bot: make it with "
                        "wokphysics.games.wok_on_fire.players.make_bot")
    return WokBot(name, settings, seed)


def play_bot_game(game: WokOnFireGame, bots: Sequence[WokBot], max_inputs: int = 100000) -> None:
    """Let ``bots[p]`` act for player ``p`` until the game ends."""
    if len(bots) != game.players:
        raise UserError(f"{len(bots)} bots for {game.players} players")
    for _ in range(max_inputs):
        if game.is_over:
            return
        bots[game.current_player].act(game)
    raise AssertionError(f"the game did not end within {max_inputs} inputs")
