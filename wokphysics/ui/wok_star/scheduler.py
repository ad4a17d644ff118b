"""Wok Star's scheduler: the game clock, the sand running out, and the team bots at work.

Each frame (:meth:`StarScheduler.update`, never while the game is paused, so the clock stops):

1. the game time moves on by the frame's real seconds;
2. the moment the sand of the card on the table runs out, the engine is told (a ``wait`` of
   the seat it names, at that time): a customer becomes late ("Time's up", announced by the
   presenter in the same frame), an event gives way to the next card;
3. at most one bot step is taken. While the kitchen is free (the sand runs and nobody is
   forced) every bot works on its own pace, ``BOT_STEP_S`` between its steps (a person can
   follow them: each step is drawn moving and said); a bot that chose to wait is asked again
   when the table changed or ``RETHINK_S`` later. Otherwise (setup, leftover dice,
   purchases, a late customer, no timer) the seat the engine names acts, a bot after
   ``TURN_STEP_S`` (``PURCHASE_STEP_S`` in the Purchase phase, so the screen can be read);
   Space hurries those turn steps until a person must act.

The team planner (``planner``) thinks in a process of its own (:mod:`wokphysics.ui.
thinker`) where it plans (purchases, a customer to turn away or keep, a Family Character);
meanwhile the kitchen goes on (its teammates cook, the sand runs) and :attr:`StarScheduler.thinking`
names it for the drawing. Its answer is taken if the same decision is still open (the same
phase, round and card) and legal; else it is asked again. Everything else it decides at
once, as the team bot does.

Bots never act while :attr:`StarScheduler.hold` is set (the Accounting screen is up). No pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.games.search import Planner
from wokphysics.games.wok_star.actions import WAIT, WokStarAction
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.thinker import Thinker, question_for
from wokphysics.ui.wok_star.session import StarSession, is_wait

GAME = INFO.name

BOT_STEP_S = 1.2
"""Game seconds between two steps of one bot while the kitchen is free."""
BOT_START_S = 0.8
"""The first bot's first step in a round comes this long after the first card; each further
bot starts ``BOT_STAGGER_S`` later, so they do not all move at once."""
BOT_STAGGER_S = 0.4
RETHINK_S = 3.0
"""A bot that chose to wait is asked again after this long even if nothing changed (its
Grandpa may save a customer whose sand is nearly out)."""
TURN_STEP_S = 0.9
"""Seconds before a bot's step when the turn is its own (setup, leftover dice, late)."""
PURCHASE_STEP_S = 1.6
"""Seconds before each of a bot head chef's purchases (the screen lists the numbers)."""

Act = Callable[[Callable[[], object]], bool]
"""Runs one engine input through the scene's gate; True if the engine took it."""


class StarScheduler:
    """Time and the bots for one :class:`StarSession`; ``act`` is the scene's engine gate."""

    def __init__(self, session: StarSession, act: Act) -> None:
        self.session = session
        self.act = act
        self.hold = False
        """The Accounting screen is up: bots wait (the clock still runs)."""
        self.hurry = False
        """Space: turn steps of bots come at once until a person must act."""
        self.turn_wait = TURN_STEP_S
        self.paces: dict[int, float] = {}
        self._thought: dict[int, tuple[tuple[object, ...], float]] = {}
        self._round_started = -1
        self._last_bot = -1
        self.thinker = Thinker()
        """The worker process the planner thinks in."""
        self.thinking = -1
        """The seat whose planner is thinking (-1: none)."""
        self.thinking_s = 0.0

    # ------------------------------------------------------------------ the frame
    def update(self, real_s: float, speed: float = 1.0) -> None:
        session = self.session
        seconds = real_s * speed
        session.advance(seconds)
        if self.thinking >= 0:
            self.thinking_s += real_s
            if not self.thinker.asked((self.thinking, *self._decision())):
                self.thinker.forget()  # the decision went by: its answer is not wanted
                self.thinking = -1
        if session.state.is_terminal():
            return
        self._sand(session)
        if self.hold or session.state.is_terminal():
            return
        if session.free:
            self._free_bots(seconds)
        else:
            self._turn_bot(seconds)

    def _sand(self, session: StarSession) -> None:
        """Tell the engine the moment the sand of the card on the table has run out."""
        state = session.state
        if (state.phase is Phase.ACTION and state.config.rules.timer and state.current
                and not state.overdue and 0 <= state.deadline <= session.time_s
                and WAIT in state.legal_wok_star_actions()):
            self.act(lambda: session.apply(WAIT, passing=True))

    # ------------------------------------------------------------------ bots
    def _table_version(self) -> tuple[object, ...]:
        """Changes whenever something a bot reads changes (not with a wait)."""
        state = self.session.state
        return (state.round, state.current, state.overdue, self.session.moves)

    def _start_round(self) -> None:
        state = self.session.state
        if self._round_started == state.round:
            return
        self._round_started = state.round
        for order, seat in enumerate(sorted(self.session.bots)):
            self.paces[seat] = BOT_START_S + BOT_STAGGER_S * order
        self._thought.clear()

    def _free_bots(self, seconds: float) -> None:
        """The kitchen is free: the first bot whose pace is up and who has work steps in."""
        session = self.session
        self._start_round()
        for seat in self.paces:
            self.paces[seat] -= seconds
        bots = sorted(session.bots)
        if not bots:
            return
        start = next((i for i, s in enumerate(bots) if s > self._last_bot), 0)
        version = self._table_version()
        for seat in bots[start:] + bots[:start]:
            if seat == self.thinking:
                step = self._planned(seat)
                if step is not None:
                    self._bot_step(seat, version, step)
                    return
                continue
            if self.paces.get(seat, 0.0) > 0 or not session.busy(seat):
                continue
            thought = self._thought.get(seat)
            if thought is not None and thought[0] == version and \
                    session.time_s - thought[1] < RETHINK_S:
                continue
            self._bot_step(seat, version)
            return

    def _bot_step(self, seat: int, version: tuple[object, ...],
                  planned: WokStarAction | None = None) -> None:
        session = self.session
        self.paces[seat] = BOT_STEP_S
        self._last_bot = seat
        if not self.act(lambda: session.pass_to(seat)):
            return
        if not session.free or session.current != seat:
            return
        if planned is not None:
            if planned in session.state.legal_wok_star_actions():
                self._take(planned)
            return
        action = self._choice(seat)
        if action is None:
            return  # its planner thinks (in the worker): the kitchen goes on meanwhile
        if is_wait(action):
            self._thought[seat] = (version, session.time_s)
        self._take(action)

    # ------------------------------------------------------------------ the planner
    def _decision(self) -> tuple[object, ...]:
        """What identifies a decision the planner thinks about."""
        state = self.session.state
        return (state.phase, state.round, state.current, state.overdue)

    def _choice(self, seat: int) -> WokStarAction | None:
        """The choice of the bot in ``seat`` (the seat to act): at once, or None while its
        planner thinks away from the window."""
        session = self.session
        bot = session.bots[seat]
        if not isinstance(bot, Planner):
            return session.bot_choice()
        quick = bot.quick_choice(session.state)
        if quick is not None:
            assert isinstance(quick, WokStarAction)
            return quick
        key = (seat, *self._decision())
        self.thinker.ask(key, question_for(GAME, session.seats[seat], bot.seed, session.state))
        self.thinking, self.thinking_s = seat, 0.0
        return None

    def _planned(self, seat: int) -> WokStarAction | None:
        """``seat``'s planner's step once it has answered, else None."""
        found = self.thinker.answer((seat, *self._decision()))
        if found is None:
            return None
        self.thinking = -1
        state = self.session.state
        action = state.parse_action(found.move[0])
        bot = self.session.bots[seat]
        assert isinstance(bot, Planner)
        bot.follow(state, (action,))
        return action

    def _take(self, action: WokStarAction) -> None:
        session = self.session
        self.act(lambda: session.apply(action))

    def _turn_bot(self, seconds: float) -> None:
        """Not free: the seat the engine names acts; a bot after its pause."""
        session = self.session
        seat = session.current
        if seat < 0 or not session.is_bot(seat):
            self.hurry = False
            self.turn_wait = self._turn_pause()
            return
        if seat == self.thinking:  # its pause runs while it thinks
            self.turn_wait -= seconds
            if self.turn_wait > 0 and not self.hurry:
                return
            step = self._planned(seat)
            if step is not None:
                self.turn_wait = self._turn_pause()
                if step in session.state.legal_wok_star_actions():
                    self._take(step)
            return
        self.turn_wait -= seconds
        if self.turn_wait > 0 and not self.hurry:
            return
        self.turn_wait = self._turn_pause()
        action = self._choice(seat)
        if action is not None:
            self._take(action)
        else:
            self.turn_wait = 0.0  # it thought for its pause already

    def _turn_pause(self) -> float:
        phase = self.session.state.phase
        if phase in (Phase.PURCHASE, Phase.PURCHASE_ASSIGN):
            return PURCHASE_STEP_S
        return TURN_STEP_S
