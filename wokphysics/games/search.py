"""Information-set Monte Carlo tree search for the turn games: the ``mcts`` bots.

The search sees only what its seat may see. Each iteration it *determinizes*: it deals the
hidden information (other hands, the draw pile's order, dice not yet rolled, the order of a
deck) again at random, from what is consistent with its seat's view, and plays that
possible game from the current position (single-observer IS-MCTS, Cowling, Powley and
Whitehouse 2012). The tree's nodes are *moves* as a game's adapter lists them (a whole
turn's choice where a turn takes several engine steps, such as a wok card and the cards that
pay for it), at most a few per node, best first by the adapter's own ordering; a node
counts how often each of its moves was available in a determinization, which is what UCB
divides by when moves come and go with the hidden cards. Below the tree a playout lets the
game's heuristic bot play every seat (to the end, or for a few turns and then an estimate);
each seat's node keeps that seat's reward, so every seat in the tree plays for itself.

A node is expanded only once it has been visited :data:`EXPAND_AFTER` times: with a small
budget the search is a flat sampling planner over the first moves, whose playouts model
the other seats by the heuristic bot; with a large one the tree grows to the opponents'
replies and the turns after.

A bot's choice is a pure function of what its seat sees and its seed: its generator is
seeded from those for every decision, so a resumed game goes on exactly as the
uninterrupted one, and two positions that differ only in what the seat cannot see give the
same choice (tests/games/test_search.py).

>>> from wokphysics.games.registry import make_bot, new_game
>>> state = new_game("we-will-wok-you", 2, seed=4)
>>> bot = make_bot("we-will-wok-you", "mcts:8", seed=1)
>>> bot.choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, GameState

Move = tuple[Action, ...]
"""One choice of the tree: the engine steps a seat takes for it, in order (one step for
most; a wok card and its payment for We Will Wok You)."""

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1]."""

EXPAND_AFTER = 12
"""Visits of a node before its own moves are tried (below that, playouts start there)."""



@dataclass(frozen=True)
class Playout:
    """What one playout gave, per seat: the reward the search maximises, in [0, 1]; the win
    (1, a shared win 1/k, 0; a chance where the playout stopped before the end); and the
    score margin over the best other seat (points; estimated where it stopped early)."""

    rewards: Sequence[float]
    wins: Sequence[float]
    margins: Sequence[float]


class SearchGame(Protocol):
    """What the search needs of a game (each turn game's ``search`` module has one).

    ``paired``: the bot compares the moves at the root on shared worlds
    (:func:`paired_search`, keeping the first unless another beats it by ``confidence``
    standard errors) instead of growing a tree (:func:`search`): the better of the two for
    Wok and Roll, whose dice make one playout's margin a noisy measure (docs/bots.md).
    """

    paired: bool
    confidence: float

    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A copy of ``state`` whose hidden information (what ``seat`` may not see) is dealt
        again with ``rng``, consistently with what ``seat`` sees; it must read nothing
        hidden. Its own generator (future chance) is seeded from ``rng`` too."""
        ...

    def moves(self, state: GameState) -> list[Move]:
        """The moves the seat to act may make now, best first, at most a handful."""
        ...

    def playout(self, state: GameState, rng: random.Random) -> Playout:
        """Play ``state`` on (changing it) with the game's heuristic bot in every seat, to the
        end or a horizon, and say what came of it."""
        ...

    def describe(self, state: GameState, move: Move) -> str:
        """The move in a few words for the advice line (its first step's text will do)."""
        ...


@dataclass(frozen=True)
class Considered:
    """One move at the root of a finished search, with what its playouts gave."""

    move: Move
    visits: int
    reward: float
    """Mean reward of its playouts for the seat to act (what the search maximised)."""
    wins: float
    """Mean win of its playouts for the seat to act (its estimated chance to win)."""
    margin: float
    """Mean score margin over the best other seat at the end of its playouts (points)."""
    words: str


@dataclass(frozen=True)
class Analysis:
    """A finished search: the root's moves, most visited first (the first is the choice)."""

    seat: int
    iterations: int
    choices: tuple[Considered, ...]

    @property
    def best(self) -> Considered:
        return self.choices[0]


class _Node:
    """A node of the tree: the seat that moved into it, its visits, that seat's total reward
    and margin, how often it was available, and its children by move text."""

    __slots__ = ("available", "children", "margin", "move", "seat", "total", "visits", "wins")

    def __init__(self, move: Move, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.wins = 0.0
        self.margin = 0.0
        self.children: dict[str, _Node] = {}


def move_key(move: Move) -> str:
    """The text that identifies a move in the tree (the steps' texts)."""
    return "; ".join(str(action) for action in move)


def decision_rng(seed: int, state: GameState) -> random.Random:
    """The generator of one decision: from the bot's seed and what the seat to act sees (its
    observation's canonical text), nothing else. (Not the number of steps taken: in Wok and
    Roll that counts the others' hidden cooking steps.)"""
    seen = json.dumps(state.observation(state.current_player), sort_keys=True,
                      separators=(",", ":"), default=str)
    digest = hashlib.sha256(f"{seed}|{seen}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def search(game: SearchGame, state: GameState, iterations: int, rng: random.Random,
           root_moves: Sequence[Move] | None = None) -> Analysis:
    """Search ``iterations`` determinized games from ``state`` for the seat to act."""
    seat = state.current_player
    if seat < 0:
        raise ValueError("the game is over: there is nothing to search")
    root = _Node((), -1)
    # the seat's own moves are the same in every world (they depend on its view only)
    first = list(root_moves) if root_moves is not None else game.moves(state)
    for _ in range(max(1, iterations)):
        world = game.determinize(state, seat, rng)
        path = [root]
        node = root
        moves: list[Move] | None = first
        while True:
            if node is not root and node.visits < EXPAND_AFTER:
                break
            if moves is None:
                moves = game.moves(world)
            if not moves:
                break
            child = _select(node, moves, world.current_player)
            for action in child.move:
                world.apply(action)
            path.append(child)
            node = child
            moves = None
            if world.current_player < 0 or child.visits == 0:
                break
        outcome = game.playout(world, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.total += outcome.rewards[visited.seat]
                visited.wins += outcome.wins[visited.seat]
                visited.margin += outcome.margins[visited.seat]
    ranked = sorted(root.children.values(),
                    key=lambda c: (-c.visits, -(c.total / max(1, c.visits))))
    choices = tuple(
        Considered(c.move, c.visits, c.total / max(1, c.visits), c.wins / max(1, c.visits),
               c.margin / max(1, c.visits), game.describe(state, c.move))
        for c in ranked
    )
    return Analysis(seat, max(1, iterations), choices)


def paired_search(game: SearchGame, state: GameState, moves: Sequence[Move], playouts: int,
                  rng: random.Random, confidence: float = 2.0) -> Analysis:
    """Compare ``moves`` (the first is the default) by playouts on *shared* determinizations:
    each round deals one possible world and one playout seed and plays every move still in
    the running on it, so two moves differ only by the move (common random numbers); after
    each of its ``log2(len(moves))`` stages the worse half is dropped (sequential halving,
    Karnin, Koren and Somekh 2013). About ``playouts`` playouts in all.

    The choice is the move of best mean reward, but the default stays the choice unless the
    best beats it by more than ``confidence`` standard errors of their paired differences:
    a planner built on a bot's choices keeps them where playouts cannot tell them apart.
    """
    seat = state.current_player
    if seat < 0:
        raise ValueError("the game is over: there is nothing to search")
    count = len(moves)
    rewards: list[list[float]] = [[] for _ in moves]
    wins = [0.0] * count
    margins = [0.0] * count
    running = list(range(count))
    stages = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    spent = 0
    for stage in range(stages):
        rounds = max(1, (playouts - spent) // (len(running) * (stages - stage)))
        for _ in range(rounds):
            world = game.determinize(state, seat, rng)
            seed = rng.getrandbits(64)
            for index in running:
                trial = world.clone()
                for action in moves[index]:
                    trial.apply(action)
                outcome = game.playout(trial, random.Random(seed))
                rewards[index].append(outcome.rewards[seat])
                wins[index] += outcome.wins[seat]
                margins[index] += outcome.margins[seat]
                spent += 1
        if len(running) > 1 and stage < stages - 1:
            running.sort(key=lambda i: (-_mean(rewards[i]), i))
            keep = max(1, math.ceil(len(running) / 2))
            if 0 not in running[:keep] and 0 in running:
                running = [*running[: keep - 1], 0]  # the default stays to the end
            else:
                running = running[:keep]
    best = max(running, key=lambda i: (_mean(rewards[i]), -i))
    if best != 0:
        shared = min(len(rewards[0]), len(rewards[best]))
        differences = [rewards[best][k] - rewards[0][k] for k in range(shared)]
        mean = _mean(differences)
        spread = _stdev(differences) / math.sqrt(max(1, shared))
        if not mean > confidence * spread or mean <= 0:
            best = 0
    order = [best, *sorted((i for i in range(count) if i != best),
                           key=lambda i: (-len(rewards[i]), -_mean(rewards[i]), i))]
    choices = tuple(
        Considered(moves[i], len(rewards[i]), _mean(rewards[i]),
               wins[i] / max(1, len(rewards[i])), margins[i] / max(1, len(rewards[i])),
               game.describe(state, moves[i]))
        for i in order
    )
    return Analysis(seat, spent, choices)


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else -math.inf


def _stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return math.inf
    mean = _mean(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _select(node: _Node, moves: Sequence[Move], seat: int) -> _Node:
    """The child to follow: the first move not tried yet (in the adapter's order), else the
    available child with the best UCB score (ties: the earlier move). Every move listed
    counts as available once."""
    children = node.children
    available: list[_Node] = []
    untried: _Node | None = None
    for move in moves:
        key = move_key(move)
        child = children.get(key)
        if child is None:
            if untried is None:
                untried = _Node(move, seat)
                children[key] = untried
                untried.available = 1
            continue
        child.available += 1
        available.append(child)
    if untried is not None:
        return untried
    best = available[0]
    best_score = -math.inf
    for child in available:
        score = child.total / child.visits + EXPLORATION * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = child, score
    return best


class Planner(Bot):
    """A bot that searches. ``choose`` is :meth:`quick_choice` where there is nothing to
    search (one legal step, the rest of a move already chosen, a decision left to a simpler
    bot), else the first step of :meth:`analyse`'s best move, the rest remembered
    (:meth:`follow`). The window asks ``quick_choice`` at once and runs ``analyse`` away from
    the drawing (its answer depends only on the position and the seed, so it can be worked
    out anywhere), then calls ``follow``."""

    name = "planner"

    def __init__(self, seed: int, budget: int) -> None:
        super().__init__(seed)
        self.seed = seed
        self.budget = budget
        self._plan: list[Action] = []
        self._plan_at = -1

    def choose(self, state: GameState) -> Action:
        quick = self.quick_choice(state)
        if quick is not None:
            return quick
        return self.follow(state, self.analyse(state).best.move)

    def quick_choice(self, state: GameState) -> Action | None:
        """The choice if it needs no search, else None."""
        legal = state.legal_actions()
        if self._plan and self._plan_at == len(state.history) and self._plan[0] in legal:
            self._plan_at += 1
            return self._plan.pop(0)
        self._plan = []
        if len(legal) == 1:
            return legal[0]
        return None

    def follow(self, state: GameState, move: Move) -> Action:
        """Take ``move``'s first step now and its others on the next calls (while the game
        goes on as the move said)."""
        self._plan = list(move[1:])
        self._plan_at = len(state.history) + 1
        return move[0]

    def analyse(self, state: GameState, iterations: int | None = None) -> Analysis:
        """The search of the seat to act's decision (``iterations``: instead of the bot's
        budget), without playing anything."""
        raise NotImplementedError


class SearchBot(Planner):
    """A seat that searches ``budget`` iterations a decision (``mcts:N``) with the game's
    adapter and plays the best move's steps one by one (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int, game: SearchGame, budget: int) -> None:
        super().__init__(seed, budget)
        self.game = game

    def analyse(self, state: GameState, iterations: int | None = None) -> Analysis:
        budget = self.budget if iterations is None else iterations
        rng = decision_rng(self.seed, state)
        game = self.game
        if game.paired:
            return paired_search(game, state, game.moves(state), budget, rng, game.confidence)
        return search(game, state, budget, rng)


def advice_line(analysis: Analysis, shown: int = 3) -> str:
    """One line: the best move and why, with the next best and their expected margins."""
    best = analysis.best
    line = (f"{best.words}: wins {100 * best.wins:.0f} % of {best.visits} playouts, "
            f"ends {best.margin:+.1f} points ahead on average")
    others = [c for c in analysis.choices[1:shown] if c.visits]
    if others:
        line += "; next " + ", ".join(
            f"{c.words} {c.margin - best.margin:+.1f}" for c in others
        )
    return line


def bench_search(bot: Planner, positions: Sequence[GameState],
                 repeat: int) -> dict[str, float]:
    """How fast ``bot`` searches (``wokphysics bench``): over ``positions`` (decisions it
    would search), the iterations (playouts) per CPU second, and the median and the largest
    CPU seconds of one decision at its budget; each the median of ``repeat`` runs. CPU time,
    not the wall clock: the project's machine is shared and busy."""
    import statistics
    import time

    rates: list[float] = []
    medians: list[float] = []
    worst: list[float] = []
    for _ in range(max(1, repeat)):
        seconds: list[float] = []
        iterations = 0
        for state in positions:
            start = time.process_time()
            iterations += bot.analyse(state).iterations
            seconds.append(time.process_time() - start)
        rates.append(iterations / max(1e-9, math.fsum(seconds)))
        medians.append(statistics.median(seconds))
        worst.append(max(seconds))
    return {"iterations_per_s_cpu": statistics.median(rates),
            "move_s_cpu_median": statistics.median(medians),
            "move_s_cpu_max": statistics.median(worst)}


def positions_of(state: GameState, bots: Sequence[Bot], every: int, wanted: int,
                 keep: Callable[[GameState], bool]) -> list[GameState]:
    """Copies of the positions ``bots`` reach from ``state`` (playing it on to the end) at
    every ``every``-th step where ``keep`` holds, at most ``wanted`` of them: the bench's
    decisions to search."""
    found: list[GameState] = []
    seen = 0
    while state.current_player >= 0 and len(found) < wanted:
        if keep(state):
            if seen % every == 0:
                found.append(state.clone())
            seen += 1
        state.apply(bots[state.current_player].choose(state))
    return found
