"""Wok and Roll studies: one task is one bot game on the turn engine.

A game's record adds ``menu`` (``simple`` or ``expert``) and, per score-sheet section, the
points all players scored there together (``section_<name>``, one per section of the menu
side's score sheet, as ``Menu.section_scores`` names them).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns
from wokphysics.batch.stats import Estimate, mean
from wokphysics.batch.tasks import Task
from wokphysics.batch.values import Record
from wokphysics.games.wok_and_roll.plugin import PLUGIN
from wokphysics.studies.games import GameContext, common_charts, play_turn_game, turn_record
from wokphysics.studies.kind import LadderSpec, StudyKind, Varied, turn_bots

GAME = PLUGIN.name


def play_game(task: Task, context: GameContext) -> Record:
    """Play one game of the task's seed; its record (see the module doc)."""
    state, names = play_turn_game(task, context)
    record = turn_record(state, names)
    record["menu"] = "expert" if state.sheet.expert else "simple"
    totals: dict[str, int] = {}
    for menu in state.menus:
        for section, points in menu.section_scores(state.sheet).items():
            totals[section] = totals.get(section, 0) + points
    for section, points in totals.items():
        record[f"section_{section}"] = points
    return record


def section_titles() -> dict[str, str]:
    """Each score-sheet space's id -> the rulebook's words for it (the shipped config's
    ``[tally]`` and section titles), without the trailing " section": "Vegetable and Meat",
    "Specialty Skills and Fridge"."""
    from wokphysics.games.wok_and_roll.factory import make_settings

    settings = make_settings(None)
    titles = {section.id: section.title for section in settings.sections}
    tally = settings.tally.model_dump()
    titles |= {key: value for key, value in tally.items() if isinstance(value, str)}
    return {key: title.removesuffix(" section") for key, title in titles.items()}


def _sections(columns: Columns) -> dict[str, Estimate]:
    titles = section_titles()
    found = {}
    menus = columns.group_by("menu")
    for side, group in menus.items():
        players = group.numbers("players")
        for name in group.names:
            if name.startswith("section_"):
                key = name.removeprefix("section_")
                section = titles.get(key, key.replace("_", " "))
                values = group.numbers(name) / players
                label = f"{section} ({side})" if len(menus) > 1 else section
                if not all(v != v for v in values):  # a section this side does not have
                    found[label] = mean(values)
    return found


def charts(columns: Columns) -> list[Chart]:
    return [
        *common_charts(columns),
        Chart(
            "points_by_section",
            "Points by score-sheet section, per player",
            "points per player per game",
            _sections,
            note="Taste points each section of the sheet gave, per player; the Simple and "
            "Expert Menus side by side when the study played both (sweep rules.menu).",
        ),
    ]


def load_config(path: str | None) -> Any:
    from wokphysics.games.wok_and_roll.factory import make_settings

    return make_settings(path)


def table(columns: Columns) -> str:
    from wokphysics.studies.games import results_table

    return results_table(columns)


def rules_options(args: argparse.Namespace, base: Mapping[str, Any]) -> tuple[
    dict[str, Any], Varied
]:
    """``--expert`` and ``--dishes N`` (the end condition of the side played) as overrides."""
    from wokphysics.games.wok_and_roll.settings import check_dishes_option

    expert = bool(getattr(args, "expert", False))
    dishes = getattr(args, "dishes", None)
    check_dishes_option(dishes, expert, getattr(args, "config", None))
    rules: dict[str, Any] = {}
    if expert:
        rules["menu"] = "expert"
    if dishes is not None:
        side = rules.get("menu") or base.get("rules", {}).get("menu")
        if side is None:
            side = load_config(None).rules.menu
        rules["expert_dishes_to_end" if side == "expert" else "dishes_to_end"] = dishes
    return ({"rules": rules} if rules else {}), []


def _titled_table(columns: Columns, definition: Mapping[str, Any]) -> str:
    seeds = [int(s or 0) for s in columns.values("seed")]
    sides = sorted({str(m) for m in columns.values("menu")})
    side = " and ".join(s.capitalize() for s in sides)
    return f"Wok and Roll, {side} Menu, seeds {min(seeds)}..{max(seeds)}\n" + table(columns)


KIND = StudyKind(
    game=PLUGIN,
    task_fn=play_game,
    load=load_config,
    files=("wok_and_roll.toml",),
    charts=charts,
    table=_titled_table,
    check_bots=turn_bots(PLUGIN),
    rules_options=rules_options,
    ladder=LadderSpec(bots=tuple(level.bot for level in PLUGIN.levels), anchor="greedy"),
)
