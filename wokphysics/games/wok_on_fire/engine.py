"""The Wok on Fire game engine: turns, picks, bonuses, Chili, chop and the end, on the table.

A :class:`WokOnFireGame` owns one physics :class:`~wokphysics.table.world.Table` and drives it
by the rules (``rules-decisions.md``, "Wok on Fire"; interpretations in
``docs/rules-wok-on-fire.md``). The caller (a person through the window, or a bot) reads
:attr:`WokOnFireGame.expect` and gives the one input it names; the engine then advances by
itself through every step that needs no decision. The public API is documented in
``docs/wok-on-fire-engine.md``.

Invariants: every card of the deck is, at every moment, in exactly one place (supply, on the
table, on the floor, a player's pile, the discard); a refused or mismatched input changes
nothing; randomness comes only from the table's generator (seeded once).

>>> from wokphysics import load_config
>>> game = WokOnFireGame(load_config(), players=2, seed=3)
>>> game.expect, game.current_player, game.turn_number
(<Expect.STIR: 'stir'>, 0, 0)
>>> game.pick([0])
Traceback (most recent call last):
...
wokphysics.errors.IllegalAction: the game expects stir from player 1, not a pick
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import IllegalAction, UserError
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.games.wok_on_fire.events import ChiliEvent as ChiliEvent  # the engine's API
from wokphysics.games.wok_on_fire.events import ChopEvent as ChopEvent
from wokphysics.games.wok_on_fire.events import ClaimFailedEvent as ClaimFailedEvent
from wokphysics.games.wok_on_fire.events import Event as Event
from wokphysics.games.wok_on_fire.events import GameOverEvent as GameOverEvent
from wokphysics.games.wok_on_fire.events import GiftEvent as GiftEvent
from wokphysics.games.wok_on_fire.events import PickEvent as PickEvent
from wokphysics.games.wok_on_fire.events import StirEvent as StirEvent
from wokphysics.games.wok_on_fire.events import StirKind as StirKind
from wokphysics.games.wok_on_fire.events import Taken as Taken
from wokphysics.games.wok_on_fire.events import TurnEndEvent as TurnEndEvent
from wokphysics.games.wok_on_fire.holdings import CardHoldings
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.picking import LegalPicks as LegalPicks  # the engine's API
from wokphysics.games.wok_on_fire.picking import Pick as Pick
from wokphysics.games.wok_on_fire.picking import PickKind as PickKind
from wokphysics.games.wok_on_fire.picking import PickRules, as_picks
from wokphysics.games.wok_on_fire.scoring import PlayerScore, Scorer
from wokphysics.games.wok_on_fire.scoring import winners as score_winners
from wokphysics.table.gesture import Gesture
from wokphysics.table.stroke import Stroke
from wokphysics.table.world import SEATS, ActionReport, ActionRun

MAX_PLAYERS = SEATS
SEATING: dict[int, tuple[int, ...]] = {1: (0,), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Table seat of each player, by player count (2 players sit opposite each other)."""


class Expect(Enum):
    """The kind of input the engine waits for."""

    STIR = "stir"
    PICK = "pick"
    BONUS_ORDER = "bonus_order"
    GIFT_OPPONENT = "gift_opponent"
    CHILI = "chili"
    CHOP = "chop"
    GAME_OVER = "game_over"


class Bonus(Enum):
    GREEN_PEPPER = "green_pepper"
    GARLIC = "garlic"


class EngineAction:
    """A stir or chop in progress, run one physics step at a time (for drawing it).

    ``advance()`` runs one more step and returns True while the action is not done; when it
    comes to rest the game records the input and moves on (exactly as :meth:`~WokOnFireGame.stir`
    / :meth:`~WokOnFireGame.chop` would). ``finish()`` runs the rest and returns the report.
    """

    def __init__(self, run: ActionRun, complete: Callable[[ActionReport], None]) -> None:
        self._run = run
        self._complete = complete
        self._completed = False
        self._check()

    def _check(self) -> None:
        if self._run.done and not self._completed:
            self._completed = True
            self._complete(self._run.report)

    @property
    def done(self) -> bool:
        return self._completed

    def advance(self) -> bool:
        if not self._completed:
            self._run.advance()
            self._check()
        return not self._completed

    def finish(self) -> ActionReport:
        self._run.finish()
        self._check()
        return self._run.report

    @property
    def report(self) -> ActionReport:
        return self._run.report


class EngineStroke:
    """A stir made live: the blade down on the table, moved by the hand one physics step at a
    time (:meth:`move_to`), then released (:meth:`release` / :meth:`begin_release`).

    The game takes no other input until the release has come to rest; it then records the
    stroke's per-step gesture (:attr:`gesture`) as the stir, so a replay of the record runs
    ``stir`` on exactly the path the blade followed.
    """

    def __init__(self, game: WokOnFireGame, stroke: Stroke) -> None:
        self._game = game
        self._stroke = stroke

    @property
    def gesture(self) -> Gesture:
        """The blade's path so far, one sample per physics step."""
        return self._stroke.gesture

    @property
    def blade(self) -> tuple[float, float, float]:
        """The blade's leading-edge midpoint (mm) and the direction that edge lies along
        (rad)."""
        return self._stroke.blade

    @property
    def forward(self) -> tuple[float, float]:
        """The unit direction the blade's leading edge faces (see :attr:`Stroke.forward`)."""
        return self._stroke.forward

    @property
    def on_blade(self) -> list[int]:
        """Ids of the cards the blade is under."""
        return self._stroke.on_blade

    def depths(self) -> dict[int, float]:
        """How far the blade's leading edge lies under each card on it, mm (see
        :meth:`Stroke.depths`)."""
        return self._stroke.depths()

    def velocity(self) -> tuple[float, float]:
        """The blade's velocity over the last release window, mm/s."""
        return self._stroke.velocity()

    def move_to(self, x: float, y: float) -> None:
        """One physics step with the blade moving to ``(x, y)`` mm (see :class:`Stroke`)."""
        self._stroke.move_to(x, y)

    def begin_release(self) -> EngineAction:
        """Flick and let the table settle one physics step at a time (to draw it)."""
        run = self._stroke.begin_release()
        game = self._game
        data = {"kind": "stir", "gesture": self._stroke.gesture.to_data()}
        action = EngineAction(run, lambda report: game._stir_done(data, report))
        if not action.done:
            game._running = action
        return action

    def release(self) -> ActionReport:
        """Flick, run the table to rest and return the stir's report."""
        return self.begin_release().finish()


@dataclass
class GameStats:
    """Counts for the simulation table. ``stirs_per_turn`` counts every stir of a turn
    (normal and bonus)."""

    turns: int = 0
    stirs: int = 0
    stirs_that_flipped: int = 0
    stirs_per_turn: list[int] = field(default_factory=list)
    claims: int = 0
    claims_failed: int = 0
    chilis_used: int = 0
    simulated_s: float = 0.0


@dataclass
class _Turn:
    """The mutable state of the turn in progress."""

    player: int
    chili_usable: tuple[int, ...]
    stir_kind: StirKind = StirKind.NORMAL
    stirs_in_step: int = 0
    flipped_in_step: bool = False
    stirs: int = 0
    pick_kind: PickKind | None = None
    pepper_earned: bool = False
    garlic_earned: bool = False
    pending: list[Bonus] = field(default_factory=list)
    order_chosen: bool = False
    current_bonus: Bonus | None = None
    gift_cards: tuple[int, ...] = ()
    chili_declined: bool = False
    inputs: list[dict[str, Any]] = field(default_factory=list)

    def count_stir(self, flipped: bool) -> None:
        """One more stir in this step and this turn (``flipped``: it turned a card over)."""
        self.stirs_in_step += 1
        self.stirs += 1
        self.flipped_in_step = self.flipped_in_step or flipped

    def earn_bonuses(self, taken: Iterable[Ingredient]) -> None:
        """The bonuses the ingredients taken earn: the first Green Pepper and the first
        Garlic of the turn each earn theirs, in the order taken."""
        for ingredient in taken:
            if ingredient is Ingredient.GREEN_PEPPER and not self.pepper_earned:
                self.pepper_earned = True
                self.pending.append(Bonus.GREEN_PEPPER)
            elif ingredient is Ingredient.GARLIC and not self.garlic_earned:
                self.garlic_earned = True
                self.pending.append(Bonus.GARLIC)

    def start_bonus(self) -> None:
        """The next pending bonus begins: its stir step, from no stir."""
        self.current_bonus = self.pending.pop(0)
        self.stir_kind = StirKind.BONUS
        self.stirs_in_step = 0
        self.flipped_in_step = False


class WokOnFireGame:
    """One game of Wok on Fire for 1 to 4 players on a seeded table (see the module doc)."""

    def __init__(
        self,
        cfg: WokOnFireConfig,
        players: int,
        seed: int,
        starting_player: int = 0,
        bots: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
            raise UserError(f"players must be 1 to {MAX_PLAYERS}, not {players!r}")
        if not isinstance(seed, int) or seed < 0:
            raise UserError(f"seed must be a whole number >= 0, not {seed!r}")
        if not isinstance(starting_player, int) or not 0 <= starting_player < players:
            raise UserError(f"starting player must be 0 to {players - 1}, not {starting_player!r}")
        labels = tuple(bots) if bots is not None else ("person",) * players
        if len(labels) != players:
            raise UserError(f"{len(labels)} player labels for {players} players")
        self.cfg = cfg
        self.players = players
        self.seed = seed
        self.starting_player = starting_player
        self.bots: tuple[str, ...] = labels
        self.on_turn_over: Callable[[WokOnFireGame], None] | None = None
        """Called with the game when a turn is over, the last one too (the record module's
        :class:`~wokphysics.games.wok_on_fire.record.Autosave` writes the game then)."""
        self.table = dealt_table(cfg, seed)
        self.scorer = Scorer(cfg.rules)
        """The exact scorer of this game's config (counts, categories and values)."""
        self._ingredient = [Ingredient[card.ingredient.upper()] for card in self.table.cards]
        self.holdings = CardHoldings(self.table, players, cfg.deck_size)
        """The players' piles and the discard, kept in step with the table."""
        self._expect = Expect.STIR
        self.turn_number = 0
        self.final_round = False
        self._turns_left: int | None = None
        self.events: list[Event] = []
        self.stats = GameStats()
        self.turn_records: list[dict[str, Any]] = []
        self._result: dict[str, Any] | None = None
        self._running: EngineAction | EngineStroke | None = None
        self._picking = PickRules(self.table, self._ingredient, cfg.rules)
        self._turn = self._new_turn(starting_player)

    # ------------------------------------------------------------------ reading the state
    @property
    def expect(self) -> Expect:
        return self._expect

    @property
    def current_player(self) -> int:
        return self._turn.player

    @property
    def is_over(self) -> bool:
        return self._expect is Expect.GAME_OVER

    @property
    def stir_kind(self) -> StirKind | None:
        return self._turn.stir_kind if self._expect is Expect.STIR else None

    @property
    def pick_kind(self) -> PickKind | None:
        return self._turn.pick_kind if self._expect is Expect.PICK else None

    @property
    def stirs_this_step(self) -> int:
        return self._turn.stirs_in_step

    @property
    def flipped_this_step(self) -> bool:
        return self._turn.flipped_in_step

    @property
    def pending_bonuses(self) -> tuple[Bonus, ...]:
        return tuple(self._turn.pending)

    @property
    def current_bonus(self) -> Bonus | None:
        return self._turn.current_bonus

    @property
    def turns_left(self) -> int | None:
        return self._turns_left

    @property
    def gift_card(self) -> int | None:
        if self._expect is not Expect.GIFT_OPPONENT or not self._turn.gift_cards:
            return None
        return self._turn.gift_cards[0]

    @property
    def gift_cards(self) -> tuple[int, ...]:
        return self._turn.gift_cards if self._expect is Expect.GIFT_OPPONENT else ()

    @property
    def discarded(self) -> tuple[int, ...]:
        return tuple(self.holdings.discarded)

    def seat_of(self, player: int) -> int:
        """The table seat (0..3) of ``player``."""
        return SEATING[self.players][player]

    def ingredient(self, card_id: int) -> Ingredient:
        return self._ingredient[card_id]

    def pile(self, player: int) -> tuple[int, ...]:
        """Card ids in ``player``'s pile, in the order taken."""
        return tuple(self.holdings.piles[player])

    def pile_ingredients(self, player: int) -> list[Ingredient]:
        return [self._ingredient[i] for i in self.holdings.piles[player]]

    def opponents(self, player: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p != player)

    def scores(self) -> list[PlayerScore]:
        """Every player's exact optimal score of the cards collected so far (the config's
        values: :attr:`scorer`)."""
        piles = [self.pile_ingredients(p) for p in range(self.players)]
        return self.scorer.score_players(piles, list(self.holdings.piles))

    def winners(self) -> list[int]:
        """Most points, then fewest ingredients; several players = a shared victory."""
        return score_winners(self.scores())

    def locations(self) -> dict[int, str]:
        """Every card id to where it is: supply, wok, floor, player:N or discard."""
        return self.holdings.locations()

    def check_invariants(self) -> None:
        """Raise InvariantViolation unless every card is in exactly one consistent place."""
        self.holdings.check_invariants()

    # ------------------------------------------------------------------ legal choices
    def viable_cards(self) -> list[int]:
        """Ids of every card that may be picked up now, whatever the pick step (see
        :mod:`~wokphysics.games.wok_on_fire.viability`)."""
        return list(self._picking.viability()[0])

    def why_not_viable(self, card_id: int) -> str | None:
        """Why card ``card_id`` may not be picked up, in words for a player; None if viable."""
        return self._picking.why_not(card_id)

    def legal_picks(self) -> LegalPicks:
        """The current pick step's choices; empty when the game does not expect a pick."""
        if self._expect is not Expect.PICK:
            return LegalPicks((), (), (), 0, 0)
        kind = self._turn.pick_kind
        assert kind is not None
        return self._picking.legal(kind)

    def legal_opponents(self) -> tuple[int, ...]:
        if self._expect is not Expect.GIFT_OPPONENT:
            return ()
        return self.opponents(self._turn.player)

    def usable_chilis(self) -> tuple[int, ...]:
        """Chili Peppers the current player won on an earlier turn and still holds."""
        pile = self.holdings.piles[self._turn.player]
        return tuple(i for i in self._turn.chili_usable if i in pile)

    def check_pick(self, picks: Sequence[Pick | int]) -> str | None:
        """Why ``pick(picks)`` would be refused, or None if it would be accepted."""
        if self._expect is not Expect.PICK:
            return f"the game expects {self._expect.value.replace('_', ' ')}, not a pick"
        try:
            self._plan_picks(as_picks(picks))
        except IllegalAction as refusal:
            return refusal.reason
        return None

    def _plan_picks(self, picks: list[Pick]) -> list[Pick]:
        kind = self._turn.pick_kind
        assert kind is not None
        return self._picking.plan(picks, kind)

    # ------------------------------------------------------------------ inputs
    def _require(self, wanted: Expect, what: str) -> None:
        if self._running is not None:
            raise IllegalAction(f"a stir or chop is still running: finish it before {what}")
        if self._expect is not wanted:
            if self._expect is Expect.GAME_OVER:
                raise IllegalAction(f"the game is over: {what} is not possible any more")
            raise IllegalAction(
                f"the game expects {self._expect.value.replace('_', ' ')} from "
                f"player {self._turn.player + 1}, not {what}"
            )

    def stir(self, gesture: Gesture) -> ActionReport:
        """One stir-fry action along ``gesture`` (see :meth:`Table.stir`), run to rest."""
        return self.begin_stir(gesture).finish()

    def begin_stir(self, gesture: Gesture) -> EngineAction:
        """Start a stir that the caller runs one physics step at a time (to draw it); the
        game takes no other input until it is done (see :class:`EngineAction`). The record
        keeps the path the blade follows, one sample per physics step."""
        self._require(Expect.STIR, "a stir")
        run = self.table.begin_stir(gesture)
        data = {"kind": "stir", "gesture": self.table.stroke_gesture(gesture).to_data()}
        action = EngineAction(run, lambda report: self._stir_done(data, report))
        self._running = action
        return action

    def begin_stroke(self, x: float, y: float) -> EngineStroke:
        """Put the blade down at ``(x, y)`` mm for a live stir (see :class:`EngineStroke`)."""
        self._require(Expect.STIR, "a stir")
        stroke = EngineStroke(self, self.table.begin_stroke(x, y))
        self._running = stroke
        return stroke

    def _stir_done(self, data: dict[str, Any], report: ActionReport) -> None:
        self._running = None
        turn = self._turn
        turn.inputs.append(data)
        turn.count_stir(bool(report.flipped))
        self.stats.stirs += 1
        self.stats.stirs_that_flipped += 1 if report.flipped else 0
        self.stats.simulated_s += report.simulated_s
        self.events.append(StirEvent(turn.player, turn.stir_kind, report))
        limit = self.cfg.rules.max_stirs_per_step
        if turn.stir_kind is StirKind.NORMAL:
            done = (turn.stirs_in_step >= 2 and turn.flipped_in_step) or turn.stirs_in_step >= limit
            if done:
                self._start_pick(PickKind.NORMAL)
        else:
            kind = (
                PickKind.GARLIC_GIFT
                if turn.current_bonus is Bonus.GARLIC
                else PickKind.PEPPER_BONUS
            )
            if self._picking.eligible(kind) or turn.stirs_in_step >= limit:
                self._start_pick(kind)

    def pick(self, picks: Sequence[Pick | int]) -> list[Taken]:
        """Name every pick of this step at once, then take them in order (see the doc)."""
        self._require(Expect.PICK, "a pick")
        plan = self._plan_picks(as_picks(picks))
        turn = self._turn
        kind = turn.pick_kind
        assert kind is not None
        takes = self._picking.takes(plan)
        turn.inputs.append({"kind": "pick", "picks": [[p.card_id, p.blind_chicken] for p in plan]})
        gift = kind is PickKind.GARLIC_GIFT
        receiver = None if gift else turn.player
        taken_all: list[Taken] = []
        for pick, ids in zip(plan, takes, strict=True):
            if ids == ():  # an earlier pick of the plan took it (a Chicken's flock)
                taken_all.append(Taken((), receiver))
                continue
            if pick.blind_chicken:
                self.stats.claims += 1
            if ids is None:  # a blind claim on a card that is not a Chicken
                self.stats.claims_failed += 1
                ingredient = self._ingredient[pick.card_id]
                self.events.append(ClaimFailedEvent(turn.player, pick.card_id, ingredient.value))
                taken_all.append(Taken((), receiver, claim_failed=True))
                continue
            if gift:
                turn.gift_cards = turn.gift_cards + ids
            else:
                for card_id in ids:
                    self.holdings.give(card_id, turn.player)
                turn.earn_bonuses(self._ingredient[i] for i in ids)
            taken_all.append(Taken(ids, receiver))
        self.events.append(PickEvent(turn.player, kind, tuple(taken_all)))
        turn.pick_kind = None
        if gift and turn.gift_cards:
            opponents = self.opponents(turn.player)
            if len(opponents) <= 1:
                self._hand_gift(opponents[0] if opponents else None)
            else:
                self._expect = Expect.GIFT_OPPONENT
                return taken_all
        self._after_picks()
        return taken_all

    def choose_bonus_order(self, first: Bonus) -> None:
        """Which of the two earned bonuses (Green Pepper, Garlic) is done first."""
        self._require(Expect.BONUS_ORDER, "a bonus order")
        if not isinstance(first, Bonus) or first not in self._turn.pending:
            raise IllegalAction(
                f"the bonus done first must be one of "
                f"{', '.join(b.value for b in self._turn.pending)}, not {first!r}"
            )
        turn = self._turn
        turn.inputs.append({"kind": "bonus_order", "first": first.value})
        turn.pending.remove(first)
        turn.pending.insert(0, first)
        turn.order_chosen = True
        self._after_picks()

    def give_to(self, opponent: int) -> None:
        """Give the Garlic gift card(s) to ``opponent``."""
        self._require(Expect.GIFT_OPPONENT, "an opponent for the Garlic gift")
        if opponent not in self.legal_opponents() or isinstance(opponent, bool):
            names = ", ".join(str(p + 1) for p in self.legal_opponents())
            raise IllegalAction(f"the gift goes to an opponent (player {names}), not {opponent!r}")
        self._turn.inputs.append({"kind": "give_to", "opponent": opponent})
        self._hand_gift(opponent)
        self._after_picks()

    def use_chili(self, chili_card_id: int) -> None:
        """Discard a Chili Pepper won on an earlier turn for one more pick (not a Chili)."""
        self._require(Expect.CHILI, "a Chili Pepper")
        if chili_card_id not in self.usable_chilis() or isinstance(chili_card_id, bool):
            raise IllegalAction(
                f"card {chili_card_id!r} is not a Chili Pepper you won on an earlier "
                f"turn (usable: {list(self.usable_chilis()) or 'none'})"
            )
        turn = self._turn
        turn.inputs.append({"kind": "chili", "card": chili_card_id})
        self.holdings.discard_from_pile(turn.player, chili_card_id)
        self.stats.chilis_used += 1
        self.events.append(ChiliEvent(turn.player, chili_card_id))
        self._start_pick(PickKind.CHILI)

    def decline_chili(self) -> None:
        """Do not use a Chili Pepper this turn."""
        self._require(Expect.CHILI, "declining the Chili")
        turn = self._turn
        turn.inputs.append({"kind": "chili", "card": None})
        turn.chili_declined = True
        self.events.append(ChiliEvent(turn.player, None))
        self._after_picks()

    def chop(self, gesture: Gesture) -> ActionReport:
        """Throw the top supply cards and every card out of the wok in from the player's hand."""
        return self.begin_chop(gesture).finish()

    def begin_chop(self, gesture: Gesture) -> EngineAction:
        """Start a chop run one physics step at a time (see :meth:`begin_stir`)."""
        self._require(Expect.CHOP, "a chop")
        run = self.table.begin_chop(
            gesture, self.seat_of(self._turn.player), count=self.cfg.rules.cards_per_chop
        )
        data = {"kind": "chop", "gesture": gesture.to_data()}
        action = EngineAction(run, lambda report: self._chop_done(data, report))
        self._running = action
        return action

    def _chop_done(self, data: dict[str, Any], report: ActionReport) -> None:
        self._running = None
        turn = self._turn
        turn.inputs.append(data)
        self.stats.simulated_s += report.simulated_s
        self.events.append(ChopEvent(turn.player, report))
        self._end_turn()

    # ------------------------------------------------------------------ the flow
    def _new_turn(self, player: int) -> _Turn:
        chilis = tuple(
            i for i in self.holdings.piles[player]
            if self._ingredient[i] is Ingredient.CHILI_PEPPER
        )
        return _Turn(player=player, chili_usable=chilis)

    def _hand_gift(self, opponent: int | None) -> None:
        turn = self._turn
        for card_id in turn.gift_cards:
            if opponent is None:
                self.holdings.discard(card_id)
            else:
                self.holdings.give(card_id, opponent)
        self.events.append(GiftEvent(turn.player, opponent, turn.gift_cards))
        turn.gift_cards = ()

    def _start_pick(self, kind: PickKind) -> None:
        """Enter a pick step, or skip it when nothing can be named."""
        turn = self._turn
        turn.pick_kind = kind
        if self._picking.eligible(kind) or self._picking.blind_candidates():
            self._expect = Expect.PICK
        else:
            turn.pick_kind = None
            self._after_picks()

    def _after_picks(self) -> None:
        """After a pick step: the next bonus, the Chili option, or the chop."""
        turn = self._turn
        turn.current_bonus = None
        if turn.pending:
            if len(turn.pending) >= 2 and not turn.order_chosen:
                self._expect = Expect.BONUS_ORDER
                return
            turn.start_bonus()
            self._expect = Expect.STIR
            return
        if (
            self.cfg.rules.chili_extra_pick
            and not turn.chili_declined
            and self.usable_chilis()
            and self._picking.eligible(PickKind.CHILI)
        ):
            self._expect = Expect.CHILI
            return
        self._start_chop()

    def _start_chop(self) -> None:
        if self.table.supply or self.table.out_of_wok():
            self._expect = Expect.CHOP
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        turn = self._turn
        digest = self.state_hash()
        self.turn_records.append({"player": turn.player, "inputs": turn.inputs, "hash": digest})
        self.stats.turns += 1
        self.stats.stirs_per_turn.append(turn.stirs)
        self.events.append(TurnEndEvent(turn.player, self.turn_number, digest))
        self.turn_number += 1
        if self.final_round:
            assert self._turns_left is not None
            self._turns_left -= 1
        elif not self.table.supply:
            self.final_round = True
            self._turns_left = self.players
        if self._turns_left == 0:
            self._expect = Expect.GAME_OVER
            scores = self.scores()
            best = score_winners(scores)
            self._result = {"totals": [s.total for s in scores], "winners": best}
            self.events.append(GameOverEvent(tuple(best), tuple(s.total for s in scores)))
        else:
            self._turn = self._new_turn((turn.player + 1) % self.players)
            self._expect = Expect.STIR
        if self.on_turn_over is not None:
            self.on_turn_over(self)

    # ------------------------------------------------------------------ record
    def state_hash(self) -> str:
        """SHA-256 of the table's exact state and the piles (order taken) and discard."""
        return self.holdings.state_hash()

    @property
    def current_inputs(self) -> list[dict[str, Any]]:
        """The inputs of the unfinished turn (empty once the game is over)."""
        return [] if self.is_over else list(self._turn.inputs)

    @property
    def result(self) -> dict[str, Any] | None:
        return self._result
