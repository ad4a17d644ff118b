"""Wok on Fire's planning bot thinks in the window's worker process: what it plays there is
what it plays in the window's own process (bot.act), to the bit, and the window draws on with
a pill naming it meanwhile. Frame times while it thinks are ``wokphysics bench``'s, never
asserted here."""

from __future__ import annotations

import time

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.games.wok_on_fire.planner import PlanBot
from wokphysics.games.wok_on_fire.players import make_bot
from wokphysics.ui.app import App
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.wok_on_fire import bot_thinker
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

CFG = load_config()
WAIT_S = 120.0
"""Real seconds the window test waits for the worker process (it starts in a second or two;
the suite's machine is shared)."""


def _game(seed: int) -> WokOnFireGame:
    return WokOnFireGame(CFG, 2, seed, 0, ("plan", "strong"))


def test_a_plan_worked_out_apart_is_the_plan_made_in_place() -> None:
    """Through the question and the answer (the record and the generators' states as text, a
    game rebuilt from its record), the planning bot's stirs, chops and picks equal bot.act's
    on a twin game, input by input, to every state hash."""
    here, apart = _game(4), _game(4)
    bot_here, bot_apart = (make_bot(CFG, "plan", seed=15) for _ in range(2))
    rival_here, rival_apart = (make_bot(CFG, "strong", seed=9) for _ in range(2))
    assert isinstance(bot_apart, PlanBot) and isinstance(bot_here, PlanBot)
    planned = picked = 0
    while (planned < 8 or picked < 2) and not here.is_over:
        if here.current_player == 1:
            rival_here.act(here)
            rival_apart.act(apart)
        else:
            if bot_thinker.thinks_apart(bot_apart, apart):
                expect = apart.expect
                answer = bot_thinker.plan_in_worker(bot_thinker.question_for(apart, bot_apart))
                planned_input = bot_thinker.take_answer(bot_apart, answer)
                if isinstance(planned_input, list):
                    assert expect is Expect.PICK
                    apart.pick(planned_input)
                    picked += 1
                elif expect is Expect.CHOP:
                    apart.chop(planned_input)
                else:
                    apart.stir(planned_input)
                planned += 1
            else:
                bot_apart.act(apart)
            bot_here.act(here)
        assert apart.state_hash() == here.state_hash()
        assert bot_apart.rng.bit_generator.state == bot_here.rng.bit_generator.state
        assert bot_apart.planning.bit_generator.state == bot_here.planning.bit_generator.state
    assert planned >= 8 and picked >= 2


def _scene(app: App) -> WokOnFireScene:
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    return scene


def test_the_window_draws_on_while_the_planning_bot_thinks_and_plays_its_plan() -> None:
    args = parse_play_args(["--seed", "6", "--players", "2", "--bots", "plan:2,strong",
                            "--no-save", "--mute", "--size", "1024x640"])
    app, _, _ = build_app(args)
    scene = _scene(app)
    game = scene.game
    assert isinstance(scene.scheduler.bots[0], PlanBot)
    twin = WokOnFireGame(CFG, 2, 6, 0, ("plan:2", "strong"))
    alone = make_bot(CFG, "plan:2", seed=0)
    alone.rng.bit_generator.state = scene.scheduler.bots[0].rng.bit_generator.state
    alone.planning.bit_generator.state = scene.scheduler.bots[0].planning.bit_generator.state
    expected = alone.plan_stir(twin)
    thinking_frames = 0
    deadline = time.monotonic() + WAIT_S
    while not game.events and time.monotonic() < deadline:
        app.frame(1 / 60)
        if scene.ui.bot_thinking_s is not None:
            thinking_frames += 1
    scene.scheduler.close()
    app.close()
    assert thinking_frames > 0  # frames were drawn while the worker thought
    assert game.events, "the planning bot never stirred"
    assert scene.ui.bot_thinking_s is None
    assert game.turn_records or game.current_inputs
    first = (game.current_inputs or game.turn_records[0]["inputs"])[0]
    path = twin.table.stroke_gesture(expected)  # the stroke the engine records, step by step
    assert [tuple(s) for s in first["gesture"]] == [tuple(s) for s in path.samples]
