"""Wok Star being played in the window: the state on a step clock, the seats and their bots,
every step taken with its game time, the autosave. No pygame.

**Time.** The state runs on a :class:`~wokphysics.games.wok_star.clock.StepClock`; the
session moves its game time on with the frame clock (:meth:`StarSession.advance`, not called
while the game is paused) and every step is taken at the game time of that moment. The times
are recorded with the steps, so the autosave replays exactly (:mod:`.record`).

**Who acts.** The engine serialises the simultaneous kitchen through one seat at a time
(``state.current_player``). In the window anyone may act at any moment, so while the sand
runs and nobody is forced (:attr:`StarSession.free`), a seat that wants to act is handed the
turn by LEGAL ``wait`` steps of the seats before it (they do nothing at this instant), never
by changing the state's fields. Otherwise (setup, leftover dice, purchases, a late customer,
the no-timer game) the seat the engine names acts and the others wait for it.

**Autosave** after every turn: each card of the Action phase (when the card on the table
changes) and each step of the other phases, and when the game ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_star.actions import WAIT, Use, Wait, WokStarAction
from wokphysics.games.wok_star.cards import WokStarConfig
from wokphysics.games.wok_star.characters import for_the_team, user
from wokphysics.games.wok_star.clock import StepClock
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.model import Phase, PileCard
from wokphysics.games.wok_star.seats import busy
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timeline import turn_key
from wokphysics.records.saving import SaveFailed
from wokphysics.ui.turn.seats import SeatedSession
from wokphysics.ui.wok_star.autosave import Autosaver
from wokphysics.ui.wok_star.record import record_text

GAME = INFO.name


@dataclass(frozen=True)
class Before:
    """What the table showed just before a step (what the presenter compares against)."""

    phase: Phase
    round: int
    current: str
    overdue: bool
    deadline: float
    money: int
    counters: dict[str, int]
    free: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat, (face, colour) of the unplaced dice it held (sorted)."""
    pool: tuple[int, ...]
    piles: tuple[tuple[PileCard, ...], ...]
    """Per seat, the cards completed this round."""
    bad: int
    upgraded: tuple[str, ...]
    recipes: tuple[str, ...]
    revealed: tuple[str, ...]
    incomes: tuple[int, ...]
    deck: int
    potential: int


def snapshot(state: WokStarState) -> Before:
    """The parts of ``state`` a step may change, copied."""
    return Before(
        phase=state.phase,
        round=state.round,
        current=state.current,
        overdue=state.overdue,
        deadline=state.deadline,
        money=state.money,
        counters=dict(state.counters),
        free=tuple(
            tuple(sorted((d.face, d.colour) for d in state.free_dice(s)))
            for s in range(state.num_players)
        ),
        pool=tuple(state.pool),
        piles=tuple(tuple(p) for p in state.piles),
        bad=len(state.bad),
        upgraded=tuple(state.upgraded),
        recipes=tuple(state.recipe_owner),
        revealed=tuple(state.revealed),
        incomes=tuple(state.incomes),
        deck=len(state.deck),
        potential=len(state.potential),
    )


@dataclass(frozen=True)
class SessionStep:
    """One engine step: its index in the history, the seat that took it, the action, the
    game time (s) it was taken at, the table before it, and whether a bot took it (a
    ``passing`` wait is the window handing the turn on, not anybody's choice)."""

    index: int
    seat: int
    action: WokStarAction
    at_s: float
    before: Before
    bot: bool
    passing: bool = False


class StarSession(SeatedSession):
    """One game of Wok Star in the window. ``seats`` holds ``"person"`` or a bot's name per
    seat; ``save`` is the autosave file (None: none); ``times`` the game time of every step
    already in the state's history (a resumed game)."""

    def __init__(self, state: WokStarState, seats: Sequence[str], save: Path | None = None,
                 initial: WokStarState | None = None, times: Sequence[float] = ()) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seat labels for {state.num_players} players")
        if len(times) != len(state.history):
            raise ValueError(f"{len(times)} step times for {len(state.history)} steps")
        self.clock = StepClock(state.now)
        state.clock = self.clock
        super().__init__(GAME, state, seats)
        self.state: WokStarState = state
        self.save_path = save
        self.initial = initial if initial is not None else state.clone()
        self.initial.clock = StepClock(self.initial.now)
        self.times: list[float] = list(times)
        self.steps: list[SessionStep] = []
        self.moves = 0
        """Steps in this window that changed the table (all but waits)."""
        self.after_step: Callable[[], None] | None = None
        """Called right after each step (the presenter reads it while the table is as that
        step left it, even when one click takes several steps)."""
        """The steps taken in this window (the presenter reads them once each, in order)."""
        self._initial_data: dict[str, object] | None = None
        self._saver = Autosaver(save) if save is not None else None
        """Why the last autosave failed ("" when it did not)."""

    @classmethod
    def new(cls, seats: Sequence[str], seed: int, config: WokStarConfig | str | None = None,
            save: Path | None = None) -> StarSession:
        """A new game for these seats (its chance seeded by ``seed``)."""
        return cls(new_wok_star(len(seats), seed, config), seats, save)

    # ------------------------------------------------------------------ time
    @property
    def time_s(self) -> float:
        """The game time now (seconds since the game began)."""
        return self.clock.time_s

    def advance(self, seconds: float) -> None:
        """Game time passes (the window's frame time; never while paused)."""
        if seconds > 0 and not self.state.is_terminal():
            self.clock.time_s += seconds

    def time_left(self) -> float | None:
        """Seconds of sand left for the card on the table (None: no timer, no card)."""
        return self.state.time_left(self.time_s)

    # ------------------------------------------------------------------ who acts
    @property
    def free(self) -> bool:
        """Anyone may act now: the Action phase with the sand running and nobody forced
        (the engine lets the seat it names wait)."""
        state = self.state
        return (state.phase is Phase.ACTION and state.config.rules.timer
                and WAIT in state.legal_wok_star_actions())

    def busy(self, seat: int) -> bool:
        """``seat`` has something to do now besides waiting (its dice, its customer, its
        Family Character, ...)."""
        return busy(self.state, seat)

    # ------------------------------------------------------------------ acting
    def apply(self, action: WokStarAction, passing: bool = False) -> SessionStep:
        """Take ``action`` for the seat the engine names, at the game time now (or raise
        IllegalAction, nothing changed); autosave when a turn ends."""
        state = self.state
        seat = state.current_player
        if isinstance(action, Use):  # a teammate's card: its owner interrupted (or for the team)
            seat = user(state, seat, action)
        before = snapshot(state)
        key = turn_key(state)
        self.clock.time_s = max(self.clock.time_s, state.now)
        state.apply(action)
        self.times.append(self.clock.time_s)
        step = SessionStep(len(state.history) - 1, seat, action, self.clock.time_s, before,
                    seat in self.bots and not passing, passing)
        self.steps.append(step)
        if not is_wait(action):
            self.moves += 1
        if self.after_step is not None:
            self.after_step()
        if state.is_terminal() or turn_key(state) != key:
            self.autosave()
        return step

    def apply_at(self, action: WokStarAction, at_s: float) -> SessionStep:
        """Take ``action`` at game time ``at_s`` (a replay: the step's recorded time)."""
        self.clock.time_s = at_s
        return self.apply(action)

    def pass_to(self, seat: int) -> None:
        """Hand the turn to ``seat`` by legal waits of the seats before it; IllegalAction
        (saying who must act) when it cannot be done now."""
        state = self.state
        if state.is_terminal():
            raise IllegalAction("the game is over")
        for _ in range(2 * state.num_players + 1):
            if state.current_player == seat:
                return
            if not self.free:
                raise IllegalAction(self.waiting_for())
            if not self.busy(seat):
                raise IllegalAction(f"{self.names[seat]} has nothing to do now")
            self.apply(WAIT, passing=True)
        if state.current_player != seat:
            raise IllegalAction(self.waiting_for())

    def act_for(self, seat: int, action: WokStarAction) -> SessionStep:
        """``seat`` takes ``action`` now: the turn is handed to it first if the kitchen is
        free (see the module doc). IllegalAction says why not. Family Characters are used
        "at anytime": the engine offers every seat's on every seat's turn, so a click on a
        card is taken at once, an interrupt of whoever is acting, never passed to (and where
        one seat acts for the team, the starting preparations handed out, the Purchase
        phase and its new preparations, the others wait for it)."""
        state = self.state
        if state.current_player != seat and not (
            for_the_team(state) or isinstance(action, Use)
        ):
            self.pass_to(seat)
        self.state.check_legal(action)
        return self.apply(action)

    def waiting_for(self) -> str:
        """Who the table waits for, and why (a refusal's reason)."""
        state = self.state
        seat = state.current_player
        if seat < 0:
            return "the game is over"
        name = self.names[seat]
        phase = state.phase
        if phase is Phase.ACTION:
            if state.overdue:
                return f"time is up: {name} must deal with the late customer first"
            if not state.config.rules.timer:
                return f"it is {name}'s turn (no timer: turns go round the table)"
            return f"{name} must act first"
        if phase is Phase.LEFTOVER:
            return f"{name} is placing leftover dice"
        if phase in (Phase.PURCHASE, Phase.PURCHASE_ASSIGN):
            verb = "are" if name == "You" else "is"
            return f"{name} {verb} the head chef this round and buy" + \
                ("" if name == "You" else "s") + " for the team"
        if phase is Phase.SETUP_ASSIGN:
            return f"{name} is sharing out the preparations"
        return f"{name} is choosing a starting bonus"

    def bot_choice(self) -> WokStarAction:
        """The action the bot in the engine's seat picks (it reads the public table)."""
        action = self.bots[self.state.current_player].choose(self.state)
        assert isinstance(action, WokStarAction)
        return action

    def actions(self) -> list[WokStarAction]:
        """Every step since the start, in order."""
        return [a for a in self.state.history if isinstance(a, WokStarAction)]

    # ------------------------------------------------------------------ saving
    @property
    def save_problem(self) -> str:
        """Why the saved game is older than this one (a full disk), or "" (saved, or nothing
        to save to): the game goes on, and every later autosave tries again."""
        problem = None if self._saver is None else self._saver.problem
        return problem or ""

    def autosave(self) -> None:
        """Have the game written to the autosave file, if there is one (on a worker thread:
        :meth:`flush` waits for it)."""
        if self._saver is None:
            return
        if self._initial_data is None:
            self._initial_data = dict(self.initial.to_dict())
        self._saver.save(record_text(self.seats, self._initial_data, self.state, self.times))

    def flush(self) -> None:
        """Wait until the last autosave is written (a failure stays in :attr:`save_problem`)."""
        if self._saver is None:
            return
        with contextlib.suppress(SaveFailed):
            self._saver.flush()

    def close(self) -> None:
        """The window leaves this game: save it as it is now and wait for the file
        (SaveFailed if it cannot be written)."""
        self.autosave()
        if self._saver is not None:
            self._saver.flush()


def is_wait(action: WokStarAction) -> bool:
    """A ``wait``: nothing changes on the table but the time."""
    return type(action) is Wait
