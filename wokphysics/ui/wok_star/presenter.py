"""Wok Star's presenter: each engine step -> what is said, heard and seen moving.

It reads the session's steps once each, in order (:meth:`Presenter.catch_up`), compares the
table after a step with the table before it (:class:`~.session.Before`) and:

- writes a log line naming who did what with the numbers ("Bot 2 placed a 4 on Pork: +2,
  now 3"; "You served Fried Rice face up: $3 at Accounting");
- plays a sound (dice, coins, the timer bell, a card, a refusal);
- starts a motion (a die flying to the preparation or the teammate it was put on or given
  to, a customer card to the server's pile or the Bad Publicity pile);
- announces "Time's up!" the moment a customer's sand runs out, the next card, a new round;
- makes the Accounting report when a round's Accounting has happened (the scene shows it).

It never changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from wokphysics.games.wok_star import late
from wokphysics.games.wok_star.actions import (
    Advertise,
    Buy,
    Combo,
    Give,
    Place,
    Serve,
    TurnAway,
    Upgrade,
    Use,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import Phase, PileCard
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timers import TIMER_NAMES
from wokphysics.games.wok_star.words import (
    buys,
    card_name,
    event_effect,
    ingredient,
    step_words,
)
from wokphysics.ui.scene import Notice, Presenter
from wokphysics.ui.sound import Effect
from wokphysics.ui.wok_star.hover_words import hover_words
from wokphysics.ui.wok_star.layout import StarLayout, StarTarget, placed_die
from wokphysics.ui.wok_star.session import Before, SessionStep, StarSession

MOTION_S = 0.5
"""Seconds a die or a card takes to fly to where it went."""


@dataclass
class Motion:
    """A die (``face``, ``colour``: its seat) or a card (``label``) flying from ``start`` to
    ``end`` (window px, from the layout the step was taken on)."""

    start: pygame.Rect
    end: pygame.Rect
    face: int = 0
    colour: int = -1
    label: str = ""
    elapsed: float = 0.0
    duration: float = MOTION_S

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def rect(self) -> pygame.Rect:
        t = min(1.0, max(0.0, self.elapsed / self.duration))
        t = t * t * (3.0 - 2.0 * t)
        a, b = self.start, self.end
        return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                           max(1, round(a.w + (b.w - a.w) * t)),
                           max(1, round(a.h + (b.h - a.h) * t)))


@dataclass(frozen=True)
class SeatAccount:
    """One seat's part of a round's Accounting."""

    name: str
    face_up: int
    dollars: int
    face_down: int
    specials: int
    """Dollars from Chef's Specials served face up."""
    pool_before: int
    pool_after: int


@dataclass(frozen=True)
class Accounting:
    """What a round's Accounting did, with its numbers (the Accounting screen)."""

    round: int
    last: bool
    seats: tuple[SeatAccount, ...]
    events: tuple[tuple[str, str], ...]
    """End-of-round events: (name, effect)."""
    money_before: int
    income: int
    money_after: int
    word_of_mouth: int
    next_deck: int
    events_dealt: int

    @property
    def from_customers(self) -> int:
        return sum(seat.dollars + seat.specials for seat in self.seats)

    @property
    def from_events(self) -> int:
        """Money the end-of-round events added (negative: took)."""
        return self.income - self.from_customers


def taken_last(step: SessionStep, before: Before, state: WokStarState
               ) -> tuple[int, PileCard] | None:
    """The card a step took when it was the round's last (served, or Little Bo's) as
    (the seat whose pile it joined, the card), else None. Accounting gathers the piles in
    the same step, so neither the snapshot before it nor the state after it holds that
    card: without it the Accounting screen left the last customer out of its seat's row
    while the income counted it."""
    card = before.current
    action = step.action
    if not card or step.passing or step.seat < 0:
        return None
    if isinstance(action, Serve):
        seat = step.seat
    elif isinstance(action, Use) and "#" in card and \
            state.config.character_by_id[action.character].kind == "little_bo":
        seat = state.recipe_owner.get(recipe_of(card), -1)
    else:
        return None
    if not 0 <= seat < len(before.piles) or any(t.card == card for t in before.piles[seat]):
        return None
    # As the engine's in_time at the moment of the step (words.step_numbers says the same).
    face_up = not before.overdue and (not state.config.rules.timer
                                      or state.now <= before.deadline)
    return seat, PileCard(card, face_up)


def short_sand(state: WokStarState) -> str:
    """Why a customer ran out so soon, when its timer was flipped early: " (the red timer
    was flipped with 1.2 s of sand)", else "". The rulebook flips a timer "even if it is
    not empty yet", so after a quick serve the next card may get only the sand that had
    fallen; played at human pace, a person's customer went late a second after it came,
    with nothing saying why."""
    if not 0 <= state.last_timer < len(state.timers):
        return ""
    top = state.timers[state.last_timer].top
    if top >= state.config.rules.timer_seconds - 0.05:
        return ""
    return f" (the {TIMER_NAMES[state.last_timer]} timer was flipped with {top:.1f} s of sand)"


@dataclass
class StarLogLine:
    text: str
    seat: int
    """Who it is about (-1: the table)."""


class StarPresenter(Presenter):
    """See the module doc. ``play`` plays a sound effect; ``where`` is the layout last
    drawn (motions start from where things were)."""

    def __init__(self, session: StarSession, play: Callable[[Effect], None],
                 where: Callable[[], StarLayout | None]) -> None:
        super().__init__(log_size=40)
        self.play = play
        self.where = where
        self.replaying = False
        """A replay is watched: a notice belongs to the turn that raised it and stays while
        that turn is the one shown last (the replay's rule), even once its card has gone."""
        self.load(session)

    def load(self, session: StarSession) -> None:
        """Tell ``session``'s steps from here on, with nothing said of another game."""
        self.reset_words()
        self.session = session
        self.lines: list[StarLogLine] = []
        self.said = 0
        """Lines said so far (the drawing redraws the log when it grows)."""
        self.motions: list[Motion] = []
        self.accounting: Accounting | None = None
        """The last round's Accounting, until the scene's screen is dismissed."""
        self.times_up_at = -1.0
        """Game time of the last "Time's up" (the drawing flashes the timer)."""
        self.late_notice: tuple[Notice, str] | None = None
        """The "Time's up" notice up and the card it is about: in a game played it goes
        when that card leaves the table (served, turned away), not seconds later over the
        next card."""
        self.dropped: list[pygame.Rect] = []
        """Where a person let go of the dice being placed or given (set by the input
        mapping around its action): they fly on from there, not from a slot."""
        self.placed: dict[str, list[tuple[int, int]]] = {}
        """Per preparation, (face, colour) of the dice put on it this round (seen here)."""

    # ------------------------------------------------------------------ words
    def hover_text(self, target: StarTarget) -> str:
        """Details of what the pointer rests on ("" for nothing to say)."""
        return hover_words(self.session, target)

    def say(self, text: str, seat: int = -1) -> None:
        self.said += 1
        self.lines.append(StarLogLine(text, seat))
        del self.lines[:-self.log_size]
        self.add_line(text)

    def tick(self, real_s: float) -> None:
        super().tick(real_s)
        for motion in self.motions:
            motion.elapsed += real_s
        self.motions = [m for m in self.motions if not m.done]

    # ------------------------------------------------------------------ steps
    def present(self, event: object) -> None:
        if not isinstance(event, SessionStep):
            return
        step = event
        state = self.session.state
        before = step.before
        names = self.session.names
        who = names[step.seat] if 0 <= step.seat < len(names) else "The table"
        action = step.action
        if not step.passing and not _is_plain_wait(step):
            self.say(f"{who} {step_words(state, action, names, step.seat, before)}",
                     step.seat)
        self._placed(step)
        self._motion(step)
        self._sound(step)
        self._times_up(before, state)
        self._phase(step, before, state)
        self._next_card(step, before, state)
        self._late_card_gone(state)

    def _late_card_gone(self, state: WokStarState) -> None:
        """Take the "Time's up" notice down once its card has left the table: played at human
        pace it stayed its 4 s over the next card ("Fried Rice is late: the team must still
        make Rice" under a Power Cut event), read as news of the card then shown."""
        late_notice = self.late_notice
        if late_notice is None or self.replaying:
            return
        notice, card = late_notice
        if self.notice is not notice:  # expired, or another notice replaced it
            self.late_notice = None
        elif state.current != card or state.phase is not Phase.ACTION:
            self.notice = None
            self.late_notice = None

    def _placed(self, step: SessionStep) -> None:
        """Remember which dice went onto which preparation (the engine only marks them
        placed): the dice that left the seat's unplaced ones."""
        state = self.session.state
        if not state.dice:  # Accounting took the dice back
            self.placed = {}
            return
        action = step.action
        if not isinstance(action, Place | Combo) or step.seat < 0:
            return
        left = list(step.before.free[step.seat])
        for die in state.free_dice(step.seat):
            if (die.face, die.colour) in left:
                left.remove((die.face, die.colour))
        self.placed.setdefault(action.prep, []).extend(left)

    def _motion(self, step: SessionStep) -> None:
        lay = self.where()
        if lay is None or step.seat < 0 or step.seat >= len(lay.seats):
            return
        action = step.action
        panel = lay.seats[step.seat]
        start = panel.dice_area
        state = self.session.state
        # The layout is the one drawn before the step: the dice that left the seat's row
        # fly from their own slots.
        left = list(self.dropped) or [
            rect for index, rect in panel.dice if index < len(state.dice) and (
                not state.dice[index].free or state.dice[index].holder != step.seat)]
        if isinstance(action, Place | Combo):
            end = next((p.preps[action.prep] for p in lay.seats if action.prep in p.preps),
                       None)
            if end is not None:
                faces = [action.face] if isinstance(action, Place) else [action.low,
                                                                          action.high]
                # to where the die is drawn on the card (the card's right end was its
                # counter box): the dice put there this round, this step's the last ones
                first = max(0, len(self.placed.get(action.prep, [])) - len(faces))
                for k, face in enumerate(faces):
                    origin = left[k] if k < len(left) else _die_from(start, k)
                    self.motions.append(Motion(origin.copy(), placed_die(lay, end, first + k),
                                               face, step.seat))
        elif isinstance(action, Give):
            receiver = lay.seats[action.seat]
            origin = left[0] if left else _die_from(start, 0)
            end = _die_from(receiver.dice_area, 0)
            if receiver.slots:  # the new slot at the end of the receiver's row
                last = receiver.slots[-1][1]
                gap = receiver.slots[1][1].x - receiver.slots[0][1].right if len(
                    receiver.slots) > 1 else 4
                end = last.move(last.width + gap, 0)
            self.motions.append(Motion(origin.copy(), end, action.face, step.seat))
        elif isinstance(action, Serve):
            label = card_name(state, step.before.current)
            self.motions.append(Motion(lay.card.copy(), panel.pile.copy(), label=label))
        elif isinstance(action, TurnAway):
            label = card_name(state, step.before.current)
            self.motions.append(Motion(lay.card.copy(), lay.bad.copy(), label=label))
        elif isinstance(action, Use) and step.before.current != state.current and \
                step.before.current:  # Little Bo took the customer
            label = card_name(state, step.before.current)
            owner = state.recipe_owner.get(recipe_of(step.before.current), step.seat)
            self.motions.append(Motion(lay.card.copy(), lay.seats[owner].pile.copy(),
                                       label=label))

    def _sound(self, step: SessionStep) -> None:
        action = step.action
        if step.passing:
            return
        if isinstance(action, Place | Combo | Give):
            self.play("dice")
        elif isinstance(action, Serve):
            pile = self.session.state.piles[step.seat]
            self.play("coins" if pile and pile[-1].face_up else "card")
        elif isinstance(action, TurnAway):
            self.play("refuse")
        elif isinstance(action, Use | Upgrade | Advertise):
            self.play("turn")
        elif isinstance(action, Buy):
            self.play("coins")

    def _times_up(self, before: Before, state: WokStarState) -> None:
        if before.phase is Phase.ACTION and not before.overdue and state.overdue:
            dish = card_name(state, state.current)
            owner = self.session.names[state.handler()]
            if state.can_serve(recipe_of(state.current)):
                serves = "serve" if owner == "You" else "serves"  # not "You serves"
                then = f"{owner} {serves} it face down (no money)"
            elif late.completing(state):
                needs = ", ".join(ingredient(state, i) for i in late.missing(state))
                then = f"the team must still make {needs}, then serve it face down"
            else:
                then = f"{owner} must turn it away"
            self.announce(f"Time's up! {dish} is late: {then}{short_sand(state)}")
            if self.notice is not None:
                self.late_notice = (self.notice, state.current)
            self.say(f"Time's up for {dish}.")
            self.times_up_at = self.session.time_s
            self.play("bell")

    def _next_card(self, step: SessionStep, before: Before, state: WokStarState) -> None:
        if state.phase is not Phase.ACTION:
            return
        fresh = state.current != before.current or len(state.deck) != before.deck or \
            before.phase is not Phase.ACTION
        if not fresh:
            return
        if before.phase is Phase.ACTION and "#" not in before.current and before.current \
                and step.action.verb == "wait":
            self.say(f"The sand ran out on {card_name(state, before.current)}.")
        for card in state.revealed[len(before.revealed):]:
            if card != before.current and state.config.event_by_id[card].kind == "rush":
                self.say(f"Event: {card_name(state, card)}: {event_effect(state, card)}")
        card = state.current
        if "#" in card:
            dollars = state.config.customer_dollars[card]
            owner = self.session.names[state.recipe_owner[recipe_of(card)]]
            self.say(f"Next customer: {card_name(state, card)} (${dollars}), cooked by {owner}")
        elif card:
            self.say(f"Event: {card_name(state, card)}: {event_effect(state, card)}")
        self.play("card")

    def _phase(self, step: SessionStep, before: Before, state: WokStarState) -> None:
        phase = state.phase
        if phase is before.phase and state.round == before.round:
            return
        if phase is Phase.LEFTOVER:
            self.say("The customer deck is empty: leftover dice may still be placed for the "
                     "next round (or Done).")
        if len(state.incomes) > len(before.incomes):
            self.accounting = self._account(step, before, state)
            self.say(f"Accounting, round {before.round}: income ${state.incomes[-1]}, "
                     f"money ${state.money}.")
            self.play("coins")
        if phase is Phase.ACTION and before.phase is not Phase.ACTION:
            self.announce(f"Round {state.round}: the red timer is flipped. Cook!")
            self.say(f"Round {state.round} begins: {len(state.deck) + 1} cards in the line.")
        if phase is Phase.PURCHASE and before.phase is not Phase.PURCHASE_ASSIGN:
            head = self.session.names[state.current_player]
            self.say(f"Purchase: {buys(head)} for the team (${state.money}).")
        if phase is Phase.OVER:
            self.play("bell")
            if state.lost:
                self.announce(f"{len(state.bad)} Bad Publicity cards: the restaurant closes.")
            else:
                verdict = "paid: the team wins!" if state.won() else "not paid."
                self.announce(f"Round {state.config.rules.rounds} income ${state.final_income}"
                              f" against the loan of ${state.loan()}: {verdict}")

    def _account(self, step: SessionStep, before: Before, state: WokStarState) -> Accounting:
        cfg = state.config
        seats = []
        piles = [list(pile) for pile in before.piles]
        taken = taken_last(step, before, state)
        if taken is not None:
            piles[taken[0]].append(taken[1])
        for seat, pile in enumerate(piles):
            up = [t.card for t in pile if t.face_up and "#" in t.card]
            down = [t.card for t in pile if not t.face_up]
            specials = sum(cfg.event_by_id[t.card].amount for t in pile
                           if t.face_up and "#" not in t.card)
            seats.append(SeatAccount(
                self.session.names[seat], len(up), sum(cfg.customer_dollars[c] for c in up),
                len(down), specials, before.pool[seat], state.pool[seat]))
        # The last card may be an event still on the table when the deck ran out.
        seen = [*before.revealed, before.current] if before.current else list(before.revealed)
        ends = tuple((card_name(state, card), event_effect(state, card)) for card in seen
                     if "#" not in card and cfg.event_by_id[card].when == "end")
        last = state.phase is Phase.OVER
        word = 0 if last or state.turned_away_round else cfg.rules.word_of_mouth
        dealt = 0 if last or not cfg.rules.events else cfg.setup.events_per_round
        customers = sum(1 for card in state.deck if "#" in card)
        return Accounting(before.round, last, tuple(seats), ends,
                          0 if last else before.money, state.incomes[-1], state.money,
                          word, customers, dealt)

    # ------------------------------------------------------------------ the prompt
    def prompt(self) -> str:
        """One line: what a person at the screen may do now, or what the table waits for."""
        session = self.session
        state = session.state
        if state.is_terminal():
            return "The game is over."
        people = session.people
        seat = session.current
        phase = state.phase
        mine = seat in people
        you = session.names[seat] if seat >= 0 else ""
        if phase is Phase.SETUP_ASSIGN:
            prep = next(p for p, o in state.prep_owner.items() if o < 0)
            if mine:
                return f"{you}: give the {ingredient(state, prep)} preparation to a seat."
            return session.waiting_for() + "."
        if phase is Phase.SETUP_BONUS:
            if mine:
                return f"{you}: take an extra die, or upgrade one of your preparations."
            return session.waiting_for() + "."
        if phase is Phase.LEFTOVER:
            if mine:
                return f"{you}: place leftover dice for the next round, or click Done."
            return session.waiting_for() + "."
        if phase is Phase.PURCHASE:
            if mine:
                return f"{you}: buy for the team (${state.money}), then click Done."
            return session.waiting_for() + "."
        if phase is Phase.PURCHASE_ASSIGN:
            prep = state.pending_assign[0]
            if mine:
                return f"{you}: give the new {ingredient(state, prep)} preparation to a seat."
            return session.waiting_for() + "."
        if state.overdue:
            if not mine:
                return session.waiting_for() + "."
            if state.can_serve(recipe_of(state.current)):
                return f"Time's up! {you}: click the customer to serve it late (face down)."
            if late.completing(state):
                needs = ", ".join(ingredient(state, i) for i in late.missing(state))
                return f"Time's up! {you}: the team must still make {needs}: drag a die."
            return f"Time's up! {you}: the dish cannot be made: Turn away."
        if not state.config.rules.timer:
            if mine:
                return f"{you}: drag dice onto preparations, serve, or Pass (no timer)."
            return session.waiting_for() + "."
        if not people:
            return "The team bots are cooking."
        return "Drag dice onto your preparations (two dice: their combination), to a " \
               "teammate to give; click the customer to serve."


def _is_plain_wait(step: SessionStep) -> bool:
    return step.action.verb == "wait"


def _die_from(area: pygame.Rect, k: int) -> pygame.Rect:
    size = area.height
    return pygame.Rect(area.x + k * (size + 4), area.y, size, size)

