"""Bots that search think in a process of their own, so the window never waits for them.

A search bot's answer depends only on the position and its seed (:mod:`wokphysics.games.
search`), so it can be worked out anywhere: the window sends the position's text, the bot's
name and seed to one worker process (started when first asked, with ``spawn``: nothing of
pygame or the window goes with it) and keeps drawing; each frame it looks whether the answer
came. A thread would not do: a search holds Python's interpreter lock, and the drawing would
wait for it (frames of 17 ms and more, where they take 5 alone, on this project's machine).
The same worker answers the advice key (:func:`advice`), with the strongest level's bot for
the seat to act, from that seat's view.

No pygame here.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.search import Planner, advice_line


@dataclass(frozen=True)
class Question:
    """What the worker is asked: ``bot`` (a bot's name, ``NAME:N`` for a budget) with ``seed``
    thinks about the position ``state`` (its ``to_json`` text) for the seat to act."""

    game: str
    bot: str
    seed: int
    state: str
    iterations: int | None = None


@dataclass(frozen=True)
class Answer:
    """The best move's steps (their texts), the advice line, and the CPU seconds spent."""

    move: tuple[str, ...]
    line: str
    seconds: float


def answer(question: Question) -> Answer:
    """Work out ``question`` (in the worker process; a plain function, so it pickles)."""
    from wokphysics.games.registry import make_bot, state_from_json

    start = time.process_time()
    state = state_from_json(question.state)
    bot = make_bot(question.game, question.bot, question.seed)
    if not isinstance(bot, Planner):
        raise TypeError(f"{question.bot} does not search")
    analysis = bot.analyse(state, question.iterations)
    return Answer(tuple(str(step) for step in analysis.best.move), advice_line(analysis),
                  time.process_time() - start)


def question_for(game: str, bot: str, seed: int, state: GameState,
                 iterations: int | None = None) -> Question:
    """The question of ``bot`` (seeded ``seed``) about ``state`` as it is now."""
    return Question(game, bot, seed, state.to_json(), iterations)


def steps_of(state: GameState, answer_: Answer) -> tuple[Action, ...]:
    """The answer's steps as ``state``'s actions (the first one legal now)."""
    return tuple(state.parse_action(text) for text in answer_.move)


class Thinker:
    """One worker process and at most one question at a time, by a key the caller chooses
    (the position and seat it is about): :meth:`ask`, then :meth:`answer` each frame."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._key: object = None
        self._future: Future[Any] | None = None

    def ask(self, key: object, question: Any, work: Callable[[Any], Any] = answer) -> None:
        """Start thinking about ``question`` (forgetting any other question): ``work(question)``
        in the worker, :func:`answer` unless told (a module-level function, so it pickles;
        Wok on Fire's planning bot has its own, :mod:`wokphysics.ui.wok_on_fire.bot_thinker`)."""
        if self._future is not None and self._key == key:
            return
        if self._future is not None:
            self._future.cancel()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        self._key = key
        self._future = self._pool.submit(work, question)

    def asked(self, key: object) -> bool:
        """Whether ``key``'s question is being worked on or answered."""
        return self._future is not None and self._key == key

    @property
    def busy(self) -> bool:
        """A question is being worked on."""
        return self._future is not None and not self._future.done()

    def answer(self, key: object) -> Any:
        """``key``'s answer once it is there (then forgotten), else None. A failure in the
        worker is raised here."""
        future = self._future
        if future is None or self._key != key or not future.done():
            return None
        self._future = None
        self._key = None
        return future.result()

    def forget(self) -> None:
        """Drop the question (its answer is no longer wanted)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._key = None

    def close(self) -> None:
        """Stop the worker (the window closes or the game ends)."""
        self.forget()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def advice(state: GameState, game: str, bot: str) -> Question:
    """The question the advice key asks: the strongest bot ``bot`` in the acting seat, from
    that seat's view, with a fixed seed (the same position, the same advice)."""
    return question_for(game, bot, 0, state)
