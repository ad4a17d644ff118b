"""Wok on Fire's scheduler: the running stir or chop, and the bots' turns, as time passes.

A person's stir is live: while the button is held, the blade's physics steps run as the
pointer's moments come (:class:`~wokphysics.ui.live_stroke.LiveSpatula`, up to when the window
last read its events); the release is the flick. A running action (the flick settling, a
bot's stir, a chop) is stepped by the frame clock
(:class:`~wokphysics.ui.animation.LiveAction`).
Bots wait ``BOT_PAUSE_S`` before each input; their stirs and chops play at real speed (a
bot's stir is ``bot.plan_stir(game)`` handed to ``game.begin_stir``, exactly what ``bot.act``
does, so it can be drawn), and the cards a bot names are framed for a moment before they are
taken (``bot.choose_picks(game)`` then ``game.pick``). The planning bot works out its
stirs and chops in the window's worker process (:mod:`.bot_thinker`), starting the moment its
input is due, while the window draws on and shows it thinking. Space (:meth:`skip`) finishes
the motion and hurries the bots until a person must act.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from wokphysics.games.wok_on_fire.bots import WokBot
from wokphysics.games.wok_on_fire.engine import (
    EngineStroke,
    Expect,
    Pick,
    StirEvent,
    WokOnFireGame,
)
from wokphysics.games.wok_on_fire.planner import PlanBot
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.ui.animation import LiveAction, Stepped
from wokphysics.ui.live_stroke import LiveSpatula
from wokphysics.ui.pointer_clock import EventReading
from wokphysics.ui.scene import BotPace, EngineGate
from wokphysics.ui.thinker import Thinker
from wokphysics.ui.wok_on_fire import bot_thinker
from wokphysics.ui.wok_on_fire.blade_view import cards_under
from wokphysics.ui.wok_on_fire.flick_words import FlickReading, aimed_card
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.state import TableUi

BOT_PAUSE_S = 0.8
"""Seconds a bot waits before each input, so people can follow its turn."""
FAST_SPEED = 8.0
"""How much faster motion runs while Space hurries the game along."""


class WokOnFireScheduler:
    """Steps the running action and lets the bots play (see the module doc)."""

    def __init__(self, game: WokOnFireGame, bots: dict[int, WokBot], ui: TableUi,
                 presenter: WokOnFirePresenter, gate: EngineGate,
                 reading: EventReading | None = None) -> None:
        self.reading = reading
        self.game = game
        self.bots = bots
        self.ui = ui
        self.presenter = presenter
        self.gate = gate
        self.pace = BotPace(BOT_PAUSE_S)
        self.thinker = Thinker()
        self.planned: Gesture | list[Pick] | None = None
        """The planning bot's gesture, worked out in the worker, until it is played."""

    @property
    def person_to_act(self) -> bool:
        return not self.game.is_over and self.game.current_player not in self.bots

    def start(self, begin: Callable[[], Stepped], gesture: Gesture | None) -> bool:
        """Start a stir or chop (``begin`` is the engine's ``begin_stir``/``begin_chop``
        call) and draw it as it runs; False if the engine refused it."""
        def call() -> None:
            playback = LiveAction(self.game.table, begin(), gesture)
            if self.pace.fast:
                playback.skip()
            self.ui.playback = playback

        return self.gate.act(call)

    def release(self, live: LiveSpatula[EngineStroke], t_s: float, x: float, y: float,
                span_s: float = 0.0) -> None:
        """The button went up (read in a batch of ``span_s``): the blade's last steps, then
        the flick, drawn as it runs."""
        try:
            live.finish(t_s, x, y, span_s)
        except GestureError as error:  # e.g. a stroke longer than the table allows
            self.presenter.refuse(str(error))
        stroke = live.stroke
        speed = math.hypot(*stroke.velocity())
        window = self.game.table.cfg.spatula.release_window_s
        reading = FlickReading(speed, speed, live.speed_read(window),
                               stall_s=live.release_stall(window))
        bx, by, _ = stroke.blade
        cards = {card.id: card for card in self.game.table.cards}
        aimed = aimed_card(cards, cards_under(stroke), stroke.forward, bx, by)
        if aimed is not None:
            reading = replace(reading, card_id=aimed[0], angle_deg=aimed[1], depth_mm=aimed[2])
        if self.start(stroke.begin_release, None):
            self.ui.flick = reading
            if live.slowed:
                self.presenter.tell("That was faster than a hand: the blade followed at the "
                                    "limit.")

    def update(self, real_s: float, speed: float = 1.0) -> None:
        ui = self.ui
        if ui.live is not None:
            live = ui.live
            until = (self.reading.events_read_s if self.reading is not None
                     else live.track.last[0])
            try:
                live.catch_up(until)
            except GestureError as error:  # the stroke ran too long: it is released here
                ui.live = ui.press = None
                self.presenter.refuse(str(error))
                self.release(live, live.committed, *live.blade)
            return
        if ui.playback is not None:
            ui.playback.advance(real_s, speed * (FAST_SPEED if self.pace.fast else 1.0))
            if ui.playback.done:
                ui.playback = None
                self.gate.caught_up()
                self._flick_feedback()
            return
        game = self.game
        bot = self.bots.get(game.current_player)
        if game.is_over or bot is None:
            self.pace.fast = False
            return
        planned = self.planned
        if planned is None and bot_thinker.thinks_apart(bot, game):
            planned = self._think(bot, real_s)
            if planned is None:
                self.pace.ready(real_s, speed)  # its pause runs while it thinks
                return
        if not self.pace.ready(real_s, speed):
            return
        self.planned = None
        # What bot.act() does, split so people can watch.
        if game.expect is Expect.STIR:
            stroke = planned if isinstance(planned, Gesture) else bot.plan_stir(game)
            self.start(lambda: game.begin_stir(stroke), stroke)
        elif game.expect is Expect.CHOP:
            throw = planned if isinstance(planned, Gesture) else bot.plan_chop(game)
            self.start(lambda: game.begin_chop(throw), None)
        elif game.expect is Expect.PICK:
            chosen = planned if isinstance(planned, list) else None
            if ui.bot_picks is None and not self.pace.fast:
                ui.bot_picks = chosen if chosen is not None else bot.choose_picks(game)
                return
            picks = (ui.bot_picks if ui.bot_picks is not None
                     else chosen if chosen is not None else bot.choose_picks(game))
            ui.bot_picks = None
            self.gate.act(lambda: game.pick(picks))
        else:
            self.gate.act(lambda: bot.act(game))

    def _think(self, bot: WokBot, real_s: float) -> Gesture | list[Pick] | None:
        """The planning bot's gesture or picks once the worker has them (kept in
        :attr:`planned`), else None while it thinks (``ui.bot_thinking_s`` counts the seconds,
        for the picture)."""
        game = self.game
        assert isinstance(bot, PlanBot)
        key = (game.current_player, len(game.turn_records), len(game.current_inputs),
               game.expect)
        if not self.thinker.asked(key):
            self.thinker.ask(key, bot_thinker.question_for(game, bot), bot_thinker.plan_in_worker)
            self.ui.bot_thinking_s = 0.0
        found: bot_thinker.FlickAnswer | None = self.thinker.answer(key)
        if found is None:
            self.ui.bot_thinking_s = (self.ui.bot_thinking_s or 0.0) + real_s
            return None
        self.ui.bot_thinking_s = None
        self.planned = bot_thinker.take_answer(bot, found)
        return self.planned

    def close(self) -> None:
        """Stop the worker (the scene is left)."""
        self.thinker.close()

    def _flick_feedback(self) -> None:
        reading, self.ui.flick = self.ui.flick, None
        stirs = [e for e in self.game.events if isinstance(e, StirEvent)]
        if reading is None or not stirs:
            return
        report = stirs[-1].report
        depth = report.depths.get(reading.card_id) if reading.card_id is not None else None
        reading = replace(reading, speed_mm_s=report.release_speed,
                          played_mm_s=report.flick_speed,
                          depth_mm=depth if depth is not None else reading.depth_mm)
        self.presenter.flick_result(reading, len(report.flipped),
                                    reading.card_id in report.flipped)

    def skip(self) -> None:
        """Space: finish the motion now, and hurry the bots until a person must act."""
        if self.ui.playback is not None:
            self.ui.playback.skip()
        if not self.person_to_act:
            self.pace.fast = True
