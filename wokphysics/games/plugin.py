"""The typed plugin entry that wires one game into the program.

Every game has exactly one :class:`GamePlugin` (in its package's ``plugin`` module), listed in
:mod:`wokphysics.games.registry`. Each layer above wires the game in through its own typed
entry that names this plugin (the terminal's :class:`~wokphysics.terminal.entry.TerminalEntry`,
the studies' ``StudyKind``, the window's ``FrontEnd``), and tests/test_architecture.py checks
that every layer has an entry for every game. Nothing finds a game by a string import or a
``getattr`` lookup: mypy checks every hook's signature here.

Plugin modules are light: the hooks import the game's heavy parts (pymunk, shapely, the rules)
when called, so ``wokphysics --help`` and the launcher start quickly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wokphysics.games.protocol import GameInfo

if TYPE_CHECKING:
    from pydantic import BaseModel

    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState
    from wokphysics.games.reference import RulesReference
    from wokphysics.games.search import SearchGame

TurnFactory = Callable[[int, int, Any], "GameState"]
"""``factory(num_players, seed, config)``: a new game state. ``config`` is None (the shipped
config), a path to an override file or folder, or the game's validated config object; a bad
one raises :class:`wokphysics.errors.ConfigError`."""

StateLoader = Callable[[dict[str, Any]], "GameState"]
"""Rebuild a turn-game state from its ``to_dict()`` data."""

BotMaker = Callable[[int], "Bot"]
"""``make(seed)``: a new turn-game bot with its own seeded generator."""

BudgetBotMaker = Callable[[int, int], "Bot"]
"""``make(seed, budget)``: a new search bot thinking ``budget`` iterations a move (the
``mcts:N`` form of a bot's name)."""

StepClockSetter = Callable[["GameState"], Callable[[float], None]]
"""``set_at = step_clock(state)``: give ``state`` a game clock set from outside and return
its setter; ``set_at(t)`` before a step makes that step happen at game time ``t`` (s)."""

RecordVerifier = Callable[[str], tuple[bool, str]]
"""Verify a whole-game record file: (identical?, one line saying so or where it diverged)."""


@dataclass(frozen=True)
class Level:
    """A named difficulty a person picks for the bots at the table (the launcher's seats,
    ``play --level``): the bot every bot seat then plays, and how strong it measured.

    Attributes:
        name: what people read, e.g. ``"Hard"``.
        bot: the bot's name, with its budget (``"mcts:10"``).
        rating: the measured strength, in words for the launcher (``"Elo 1,830"``): the
            ``wokphysics ladder`` table in docs/bots.md, where its sample is given.
    """

    name: str
    bot: str
    rating: str

    @property
    def key(self) -> str:
        """The name as the command line takes it (``play --level hard``)."""
        return self.name.lower().replace(" ", "-")


@dataclass(frozen=True)
class TurnEngine:
    """The hooks of a game that runs on the turn engine (:mod:`wokphysics.games.protocol`)."""

    new_state: TurnFactory
    load_state: StateLoader
    bots: Mapping[str, BotMaker]
    budgeted: Mapping[str, BudgetBotMaker] = field(default_factory=dict)
    """The bots whose name may carry a budget, ``NAME:N`` (each is in ``bots`` too, under its
    plain name, with its default budget)."""
    step_clock: StepClockSetter | None = None
    """For a game on a game clock (Wok Star's sand timers): replaying a saved game sets each
    step's recorded time through it (a record's ``times``); None: the game has no clock."""
    config_of: Callable[[GameState], object] | None = None
    """The validated config a state was dealt with, as ``new_state`` accepts it: ``replay
    --verify`` deals ``new_state(players, seed, config_of(initial))`` again and compares it with
    a saved game's initial state (a deal edited by hand, or a seed changed, is caught)."""

    @classmethod
    def lazy(cls, hooks: Callable[[], TurnHooks], bots: Mapping[str, BotMaker],
             budgeted: Mapping[str, BudgetBotMaker] | None = None,
             step_clock: StepClockSetter | None = None) -> TurnEngine:
        """The engine of a game whose hooks ``hooks()`` imports when first called."""
        def new_state(players: int, seed: int, config: Any = None) -> GameState:
            return hooks().new_state(players, seed, config)

        return cls(
            new_state=new_state,
            load_state=lambda data: hooks().load_state(data),
            bots=bots,
            budgeted=dict(budgeted or {}),
            step_clock=step_clock,
            config_of=lambda state: hooks().config_of(state),
        )


@dataclass(frozen=True)
class TurnHooks:
    """A turn game's heavy hooks, in its own ``hooks`` module: its plugin entry imports that
    module only when a hook is first called (:meth:`TurnEngine.lazy`), so listing the games
    stays quick and each plugin entry is a few lines."""

    new_state: TurnFactory
    load_state: StateLoader
    config_of: Callable[[GameState], object]
    rules_model: type[BaseModel]
    bench_figures: Callable[[int], dict[str, float]]


@dataclass(frozen=True)
class SearchedHooks(TurnHooks):
    """The heavy hooks of a turn game that seats a greedy bot and a search bot (``mcts``,
    :class:`~wokphysics.games.search.SearchBot`) beside the random one, and has a rules
    reference: its plugin entry is then :func:`searched_turn_game`."""

    greedy: BotMaker
    search_game: Callable[[], SearchGame]
    """A new search adapter of the game for one search bot."""
    default_budget: int
    """The search bot's iterations a decision when its name carries none (``mcts``)."""
    reference: Callable[[GameState | None], RulesReference]


def searched_turn_game(
    hooks: Callable[[], SearchedHooks],
    *,
    info: GameInfo,
    summary: str,
    default_players: int,
    config_file: str,
    levels: tuple[Level, ...],
) -> GamePlugin:
    """The plugin entry of a turn game whose hooks ``hooks()`` imports when first called,
    seating the bots ``random``, ``greedy`` and ``mcts`` (``mcts:N`` with a budget)."""

    def greedy(seed: int) -> Bot:
        return hooks().greedy(seed)

    def mcts(seed: int, budget: int = 0) -> Bot:
        from wokphysics.games.search import SearchBot

        game = hooks()
        return SearchBot(seed, game.search_game(), budget or game.default_budget)

    return GamePlugin(
        info=info,
        summary=summary,
        default_players=default_players,
        config_file=config_file,
        bench_figures=bench_of(hooks),
        turn_engine=TurnEngine.lazy(
            hooks, bots={"greedy": greedy, "mcts": mcts, "random": random_bot},
            budgeted={"mcts": mcts},
        ),
        rules_model=rules_model_of(hooks),
        reference=lambda game: hooks().reference(game),
        levels=levels,
    )


def rules_model_of(hooks: Callable[[], TurnHooks]) -> Callable[[], type[BaseModel]]:
    """:attr:`GamePlugin.rules_model` of a game with these hooks."""
    return lambda: hooks().rules_model


def bench_of(hooks: Callable[[], TurnHooks]) -> Callable[[int], dict[str, float]]:
    """:attr:`GamePlugin.bench_figures` of a game with these hooks."""
    return lambda repeat: hooks().bench_figures(repeat)


def random_bot(seed: int) -> Bot:
    """The random bot every turn game seats (it plays any game's legal actions)."""
    from wokphysics.games.bots import RandomBot

    return RandomBot(seed)


@dataclass(frozen=True)
class GamePlugin:
    """One game, wired in once.

    Attributes:
        info: name, title, player range and kind of the game (the single declaration).
        summary: one line for the launcher and ``--help``.
        default_players: the player count offered first.
        config_file: the shipped TOML file (in ``config/``) holding the game's data and rules
            options.
        bench_figures: ``figures(repeat)``: named speed figures, medians of ``repeat`` runs.
        turn_engine: the turn-engine hooks, or None for Wok on Fire (a physics table).
        record_format: the ``format`` field of the game's whole-game record files, if any.
        verify_record: checks such a file bit for bit (``wokphysics replay FILE --verify``).
        rules_model: the validated model of the config's ``[rules]`` table (its fields' types
            and limits are what the launcher offers; the shipped values are the defaults;
            see :mod:`wokphysics.games.rules_options`).
        check_config: ``check(path)`` loads the game's config with the override file ``path``
            layered on, raising its ConfigError if the game refuses it (None: the turn
            engine's factory is the check).
        reference: ``reference(game)``: the rules at hand
            (:class:`~wokphysics.games.reference.RulesReference`) for a game being played
            (a turn game's state, Wok on Fire's rules config), with its numbers; None gives
            the shipped rules.
        levels: the named difficulties a person may pick for the bots, weakest first.
    """

    info: GameInfo
    summary: str
    default_players: int
    config_file: str
    bench_figures: Callable[[int], dict[str, float]]
    turn_engine: TurnEngine | None = None
    record_format: str | None = None
    verify_record: RecordVerifier | None = field(default=None)
    rules_model: Callable[[], type[BaseModel]] | None = None
    check_config: Callable[[str], None] | None = None
    reference: Callable[[Any], RulesReference] | None = None
    levels: tuple[Level, ...] = ()

    @property
    def name(self) -> str:
        """The command-line name, e.g. ``"wok-on-fire"``."""
        return self.info.name

    @property
    def title(self) -> str:
        """The name people read, e.g. ``"Wok on Fire"``."""
        return self.info.title
