"""The four games as study kinds: how each one's tasks are played, loaded, charted and shown.

The registry of games (:mod:`wokphysics.games.registry`) says what a game is; this says how a
study of it runs on the batch runner. Importing this module imports numpy (through the
charts), so the command line imports it only when a study runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns
from wokphysics.batch.tasks import TaskFn
from wokphysics.studies import we_will_wok_you, wok_and_roll, wok_on_fire, wok_star
from wokphysics.studies.configs import Loader


@dataclass(frozen=True)
class StudyKind:
    """How a study of one game runs.

    Attributes:
        game: the registry name.
        task_fn: plays one game (a task) and returns its record.
        load: the game's config loader.
        files: the game's shipped config files (an override folder may hold any of them).
        charts: the game's charts for a group of records.
        table: the text ``simulate`` prints for a group of records (given the definition).
        check_bots: a UserError for a bot name the game does not have (given the config).
    """

    game: str
    task_fn: TaskFn
    load: Loader
    files: tuple[str, ...]
    charts: Callable[[Columns], list[Chart]]
    table: Callable[[Columns, Mapping[str, Any]], str]
    check_bots: Callable[[list[str], Any], None]


def _turn_bots(game: str) -> Callable[[list[str], Any], None]:
    def check(names: list[str], config: Any) -> None:
        from wokphysics.games.bots import check_bot_names

        check_bot_names(game, names)

    return check


def _wof_table(columns: Columns, definition: Mapping[str, Any]) -> str:
    seeds = [int(s or 0) for s in columns.values("seed")]
    return f"Wok on Fire, seeds {min(seeds)}..{max(seeds)}\n" + wok_on_fire.table(columns)


def _roll_table(columns: Columns, definition: Mapping[str, Any]) -> str:
    seeds = [int(s or 0) for s in columns.values("seed")]
    sides = sorted({str(m) for m in columns.values("menu")})
    side = " and ".join(s.capitalize() for s in sides)
    return (
        f"Wok and Roll, {side} Menu, seeds {min(seeds)}..{max(seeds)}\n"
        + wok_and_roll.table(columns)
    )


KINDS: dict[str, StudyKind] = {
    "wok-on-fire": StudyKind(
        "wok-on-fire",
        wok_on_fire.play_game,
        wok_on_fire.load_config,
        ("physics.toml", "wok_on_fire.toml"),
        wok_on_fire.charts,
        _wof_table,
        wok_on_fire.check_bots,
    ),
    "we-will-wok-you": StudyKind(
        "we-will-wok-you",
        we_will_wok_you.play_game,
        we_will_wok_you.load_config,
        ("we_will_wok_you.toml",),
        we_will_wok_you.charts,
        lambda columns, definition: we_will_wok_you.table(columns),
        _turn_bots("we-will-wok-you"),
    ),
    "wok-star": StudyKind(
        "wok-star",
        wok_star.play_game,
        wok_star.load_config,
        ("wok_star.toml",),
        wok_star.charts,
        lambda columns, definition: wok_star.table(columns, int(definition.get("seed", 1))),
        _turn_bots("wok-star"),
    ),
    "wok-and-roll": StudyKind(
        "wok-and-roll",
        wok_and_roll.play_game,
        wok_and_roll.load_config,
        ("wok_and_roll.toml",),
        wok_and_roll.charts,
        _roll_table,
        _turn_bots("wok-and-roll"),
    ),
}
