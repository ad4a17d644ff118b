"""The typed entry that wires one game into the studies (``simulate GAME`` and ``sweep GAME``).

Each game's study module (:mod:`.wok_on_fire`, :mod:`.we_will_wok_you`, :mod:`.wok_star`,
:mod:`.wok_and_roll`) declares one :class:`StudyKind` as ``KIND``, naming the game's
:class:`~wokphysics.games.plugin.GamePlugin`; :mod:`.kinds` lists them. What a game does
differently in a study (its own options, Wok Star's ``--all`` and ``--bot``, a table per
player count or one for all) is a hook here, so the planning code never asks which game it
plans.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns
from wokphysics.batch.tasks import TaskFn
from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin
from wokphysics.studies.configs import Loader
from wokphysics.studies.games import Measure

Varied = list[tuple[str, list[Any]]]
"""Config keys (dotted) and the values each variant of a study takes."""

RulesOptions = Callable[[argparse.Namespace, Mapping[str, Any]], tuple[dict[str, Any], Varied]]
"""``options(args, base)``: the config overrides the game's own ``simulate`` options ask for
(``base``: the user's ``--config`` as data), and the keys they vary."""


def bot_list(text: str) -> list[str]:
    """``--bots a,b,c`` as names (at least one)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise UserError("--bots needs at least one bot name")
    return names


def no_rules_options(args: argparse.Namespace, base: Mapping[str, Any]) -> tuple[
    dict[str, Any], Varied
]:
    """A game whose ``simulate`` has no rules options of its own."""
    return {}, []


def given_players(args: argparse.Namespace) -> list[int] | None:
    """The player counts come from ``--players`` (or the game's default)."""
    return None


def bots_option(args: argparse.Namespace) -> list[str]:
    """The bots come from ``--bots NAMES``, cycled over the seats."""
    return bot_list(args.bots)


@dataclass(frozen=True)
class LadderSpec:
    """How ``wokphysics ladder GAME`` measures the game's bots (:mod:`.ladder`).

    Attributes:
        bots: the bots of the default round (the game's difficulty levels, weakest first).
        anchor: the bot whose rating is fixed (matches) or the team's baseline (teams).
        team: the game is won or lost together: each bot is the whole team, at each of
            ``players`` and ``difficulties``; else 2-player matches between every pair.
        players: the player counts of a team ladder.
        difficulties: a team ladder's settings of the config key ``rules.difficulty``.
        missing: why the game has no ladder yet (the command says it); empty when it has.
        pair_task: plays one deal of a match twice, seats swapped (a module-level function,
            for the runner's workers); None: the turn games' (:func:`.ladder.play_pair`).
    """

    bots: tuple[str, ...] = ()
    anchor: str = ""
    team: bool = False
    players: tuple[int, ...] = (2,)
    difficulties: tuple[str, ...] = ()
    missing: str = ""
    pair_task: TaskFn | None = None


@dataclass(frozen=True)
class StudyKind:
    """How a study of one game runs.

    Attributes:
        game: the game's plugin entry.
        task_fn: plays one game (a task) and returns its record.
        load: the game's config loader.
        files: the game's shipped config files (an override folder may hold any of them).
        charts: the game's charts for a group of records.
        table: the text ``simulate`` prints for a group of records (given the definition).
        check_bots: a UserError for a bot name the game does not have (given the config).
        rules_options: the overrides and variants the game's own options ask for.
        players: the player counts the game's own options ask for (None: ``--players``).
        bots: the bots the options name (``--bots`` by default).
        table_per_player_count: the results table describes games of one player count (a
            seat per column), so a study of several counts prints one per count; False: the
            game's table has a row per player count already.
        cooperative: the seats win or lose together, so there is no seat's fairness to test.
        measures: the game's own per-game measures that a comparison of configs pairs
            (``compare``, a sweep against its first variant), besides the common ones.
        ladder: how ``ladder GAME`` measures the game's bots.
    """

    game: GamePlugin
    task_fn: TaskFn
    load: Loader
    files: tuple[str, ...]
    charts: Callable[[Columns], list[Chart]]
    table: Callable[[Columns, Mapping[str, Any]], str]
    check_bots: Callable[[list[str], Any], None]
    rules_options: RulesOptions = no_rules_options
    players: Callable[[argparse.Namespace], list[int] | None] = given_players
    bots: Callable[[argparse.Namespace], list[str]] = bots_option
    table_per_player_count: bool = True
    cooperative: bool = False
    measures: Callable[[Columns], dict[str, Measure]] | None = None
    ladder: LadderSpec = LadderSpec(missing="it has no ladder")


def turn_bots(game: GamePlugin) -> Callable[[list[str], Any], None]:
    """The bot check of a turn-based game: its plugin's bot names."""

    def check(names: list[str], config: Any) -> None:
        from wokphysics.games.registry import check_bot_names

        check_bot_names(game.name, names)

    return check
