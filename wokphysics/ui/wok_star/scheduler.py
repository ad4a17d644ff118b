"""Wok Star's scheduler: the game clock, the sand running out, the team bots at work, the
Accounting screen's wait, the tip key's planner, and a replay's pace.

Each frame (:meth:`StarScheduler.update`, never while the game is paused, so the clock stops;
a replay instead plays on at its own pace, :meth:`~.replay.StarReplay.update`):

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

Bots never act while :attr:`StarScheduler.hold` is set (the Accounting screen is up); with
only bots at the table that screen goes on by itself after ``ACCOUNTING_BOTS_S``. The tip key
(:meth:`StarScheduler.ask_advice`) has the strongest level's planner think, in a worker of
its own, about what a person would best do; its line is said when it comes. The turn's bell
rings when a person's turn comes; a save that fails is said once.
"""

from __future__ import annotations

from wokphysics.games.search import Planner
from wokphysics.games.wok_star.actions import WAIT, WokStarAction
from wokphysics.games.wok_star.clock import SimulatedClock
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.plugin import PLUGIN as WOK_STAR
from wokphysics.ui.scene import EngineGate
from wokphysics.ui.sound import Sound
from wokphysics.ui.thinker import Thinker, advice, question_for
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.session import StarSession, is_wait
from wokphysics.ui.wok_star.state import StarUi

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
ACCOUNTING_BOTS_S = 4.0
"""With only bots at the table, the Accounting screen goes on by itself after this long."""


class StarScheduler:
    """Time and the bots for the session in ``ui`` (it reads the one shown each frame);
    receives the shared :class:`~.state.StarUi`, the presenter (the Accounting screen, what
    is said), the engine gate every bot step and the sand go through, and the sound (the
    turn's bell)."""

    def __init__(self, ui: StarUi, presenter: StarPresenter, gate: EngineGate,
                 sound: Sound) -> None:
        self.ui = ui
        self.presenter = presenter
        self.act = gate.act
        self.sound = sound
        self.thinker = Thinker()
        """The worker process the planner thinks in."""
        self.tips = Thinker()
        """The worker process the tip key's planner thinks in (apart from the bots', so a
        tip never waits for a bot's thought)."""
        self.advising: tuple[object, ...] | None = None
        """The decision a tip is being worked out for, if any."""
        self.advising_s = 0.0
        self._accounting_s = 0.0
        self._was_person_turn = False
        self._told_problem = ""
        self.load()

    @property
    def session(self) -> StarSession:
        return self.ui.session

    def load(self) -> None:
        """A new session in ``ui``: no bot step or planner's thought of the last one."""
        self.thinker.forget()
        self.hold = False
        """The Accounting screen is up: bots wait (the clock still runs)."""
        self.hurry = False
        """Space: turn steps of bots come at once until a person must act."""
        self.turn_wait = TURN_STEP_S
        self.paces: dict[int, float] = {}
        self._thought: dict[int, tuple[tuple[object, ...], float]] = {}
        self._round_started = -1
        self._last_bot = -1
        self.thinking = -1
        """The seat whose planner is thinking (-1: none)."""
        self.thinking_s = 0.0

    # ------------------------------------------------------------------ the frame
    def update(self, real_s: float, speed: float = 1.0) -> None:
        """``real_s`` seconds of the window pass (``speed``: game seconds per real one)."""
        replay = self.ui.replay
        if replay is not None:
            replay.update(real_s * speed, replay.scene)
            return
        presenter = self.presenter
        if presenter.accounting is not None and not presenter.accounting.last:
            self._accounting_s += real_s
            if not self.session.people and self._accounting_s >= ACCOUNTING_BOTS_S:
                presenter.accounting = None
        else:
            self._accounting_s = 0.0
        self.hold = presenter.accounting is not None
        self._kitchen(real_s, speed)
        self._advice_update(real_s)
        session = self.session
        problem = session.save_problem
        if problem and problem != self._told_problem:
            presenter.say(f"The game cannot be saved: {problem}")
            self._told_problem = problem
        person_turn = not session.free and session.current in session.people
        if person_turn and not self._was_person_turn:
            self.sound.play("turn")
        self._was_person_turn = person_turn

    def _kitchen(self, real_s: float, speed: float) -> None:
        """The game clock, the sand and the bots."""
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

    # ------------------------------------------------------------------ tips
    def _tip_key(self) -> tuple[object, ...]:
        state = self.session.state
        return ("tip", state.phase, state.round, state.current)

    def ask_advice(self) -> str | None:
        """The tip key: the strongest level's bot (the planner) thinks about what the person
        at the table would best do now (the person the engine names, or, while the kitchen
        is free, the first person, handed the turn by waits on a copy of the table). Returns
        why no tip can be asked for (None: the planner thinks)."""
        session = self.session
        people = session.people
        levels = WOK_STAR.levels
        if not people or not levels:
            return "a tip is for a person at the table"
        person = session.current if session.current in people else people[0]
        copy = session.state.copy_on(SimulatedClock())
        for _ in range(2 * copy.num_players + 1):
            if copy.current_player == person or WAIT not in copy.legal_wok_star_actions():
                break
            copy.apply(WAIT)
        if copy.current_player != person:
            return f"a tip is for your own move: {session.waiting_for()}"
        key = self._tip_key()
        self.tips.ask(key, advice(copy, GAME, levels[-1].bot))
        self.advising, self.advising_s = key, 0.0
        self.presenter.say(f"Tip: the {levels[-1].name.lower()} are thinking...")
        return None

    def _advice_update(self, real_s: float) -> None:
        """The tip's line once it has come (dropped if the card or phase changed first)."""
        key = self.advising
        if key is None:
            return
        if key != self._tip_key():
            self.advising = None
            self.tips.forget()
            return
        self.advising_s += real_s
        found = self.tips.answer(key)
        if found is not None:
            self.advising = None
            self.presenter.say("Tip: " + found.line)
