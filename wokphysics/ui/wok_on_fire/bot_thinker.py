"""Wok on Fire's planning bot thinks in the window's worker process, so the window keeps
drawing while it tries its flicks and chops on copies of the table (0.1-0.2 s a stir in the
window's own process before) and plays its picks out to sampled ends of the game (up to a few
tens of milliseconds a pick).

The worker (:class:`~wokphysics.ui.thinker.Thinker`) rebuilds the game from its record: the same
config, seed and inputs give the same table to the bit. It makes the bot by its name and gives
it the window's bot's hand: the states of its two random generators travel with the question
and come back with the answer. The window then plays the answer's gesture and takes the
generators' new states, exactly as if the bot had planned in the window; a game played this
way equals one played by ``bot.act`` (tests/ui/test_wof_bot_thinker.py). No pygame here.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from wokphysics.games.wok_on_fire.engine import Expect, Pick, WokOnFireGame
from wokphysics.games.wok_on_fire.planner import PlanBot
from wokphysics.games.wok_on_fire.players import make_bot
from wokphysics.games.wok_on_fire.record import GameStepper, build_record, load_game_record
from wokphysics.table.gesture import Gesture, Sample

Samples = tuple[Sample, ...]


APART = (Expect.STIR, Expect.CHOP, Expect.PICK)
"""The inputs the planning bot plans in the worker."""


@dataclass(frozen=True)
class FlickQuestion:
    """What the worker is asked: bot ``bot``'s input of kind ``expect`` (an :data:`APART`
    value: a stir, a chop or a pick) in the game of ``record`` (JSON text) as it stands, with
    its generators in the states ``hand`` and ``planning`` (JSON text of numpy's
    ``bit_generator.state``)."""

    record: str
    bot: str
    hand: str
    planning: str
    expect: str


@dataclass(frozen=True)
class FlickAnswer:
    """The gesture's samples ``(t_s, x_mm, y_mm)`` (a stir or a chop) or the picks as
    ``(card id, blind Chicken claim)`` (a pick; no samples), the generators' states after
    planning, and the worker's CPU seconds."""

    samples: Samples
    hand: str
    planning: str
    seconds: float
    picks: tuple[tuple[int, bool], ...] = ()


def thinks_apart(bot: object, game: WokOnFireGame) -> bool:
    """Whether ``bot``'s next input is planned in the worker: a planning bot's stir, chop or
    pick."""
    return isinstance(bot, PlanBot) and game.expect in APART


def question_for(game: WokOnFireGame, bot: PlanBot) -> FlickQuestion:
    """The question of ``bot`` about ``game`` as it stands."""
    return FlickQuestion(
        json.dumps(build_record(game), separators=(",", ":")),
        bot.name,
        json.dumps(bot.rng.bit_generator.state),
        json.dumps(bot.planning.bit_generator.state),
        game.expect.value,
    )


def plan_in_worker(question: FlickQuestion) -> FlickAnswer:
    """Work out ``question`` (in the worker process; a plain function, so it pickles)."""
    start = time.process_time()
    record = load_game_record("the window's game", json.loads(question.record))
    stepper = GameStepper(record)
    stepper.run()
    game = stepper.game
    bot = make_bot(game.cfg, question.bot, seed=0)
    if not isinstance(bot, PlanBot):
        raise TypeError(f"{question.bot} does not plan")
    _set_state(bot, question.hand, question.planning)
    expect = Expect(question.expect)
    if expect is not game.expect or expect not in APART:
        raise ValueError(f"the game expects {game.expect.value}, not {question.expect}")
    samples: Samples = ()
    picks: tuple[tuple[int, bool], ...] = ()
    if expect is Expect.PICK:
        picks = tuple((pick.card_id, pick.blind_chicken) for pick in bot.choose_picks(game))
    else:
        samples = (bot.plan_chop(game) if expect is Expect.CHOP else bot.plan_stir(game)).samples
    return FlickAnswer(
        samples,
        json.dumps(bot.rng.bit_generator.state),
        json.dumps(bot.planning.bit_generator.state),
        time.process_time() - start,
        picks,
    )


def take_answer(bot: PlanBot, answer: FlickAnswer) -> Gesture | list[Pick]:
    """The answer's gesture (a stir or a chop) or picks, ``bot``'s generators moved on as
    planning moved them."""
    _set_state(bot, answer.hand, answer.planning)
    if not answer.samples:
        return [Pick(card_id, blind_chicken=blind) for card_id, blind in answer.picks]
    return Gesture(answer.samples)


def _set_state(bot: PlanBot, hand: str, planning: str) -> None:
    states: list[dict[str, Any]] = [json.loads(hand), json.loads(planning)]
    bot.rng.bit_generator.state = states[0]
    bot.planning.bit_generator.state = states[1]
