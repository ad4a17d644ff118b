"""Wok on Fire's plugin entry (see :mod:`wokphysics.games.plugin`).

Its ``play`` verb is the window (:mod:`wokphysics.ui`), which the rules layer does not import;
the CLI finds it through the window front end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wokphysics.games.plugin import GamePlugin, Level
from wokphysics.games.reference import RulesReference
from wokphysics.games.wok_on_fire.info import GAME_RECORD_FORMAT, INFO

if TYPE_CHECKING:
    from pydantic import BaseModel


def _verify_record(path: str) -> tuple[bool, str]:
    from wokphysics.games.wok_on_fire.record import verify_game_record

    return verify_game_record(path)


def _check_config(path: str) -> None:
    """Load the config with ``path`` layered on (its ConfigError if refused)."""
    from wokphysics.config.wok_on_fire import load_config

    load_config(path)


def _rules_model() -> type[BaseModel]:
    """The ``[rules]`` table's model (for the launcher's rules options)."""
    from wokphysics.config.wok_on_fire import WokOnFireRules

    return WokOnFireRules


def _reference(game: Any) -> RulesReference:
    from wokphysics.config.wok_on_fire import WokOnFireRules, load_config
    from wokphysics.games.wok_on_fire.reference import wok_on_fire_reference

    rules = game if isinstance(game, WokOnFireRules) else load_config().rules
    return wok_on_fire_reference(rules)


def _bench_figures(repeat: int) -> dict[str, float]:
    from wokphysics.games.wok_on_fire.bench import bench_figures

    return bench_figures(repeat)


PLUGIN = GamePlugin(
    info=INFO,
    summary="flick cards over with a spatula in a physics wok, then pick the best ones",
    default_players=2,
    config_file="wok_on_fire.toml",
    bench_figures=_bench_figures,
    record_format=GAME_RECORD_FORMAT,
    verify_record=_verify_record,
    rules_model=_rules_model,
    check_config=_check_config,
    reference=_reference,
    levels=(
        # Bradley-Terry on the Elo scale, strong anchored at 1500: docs/bots.md's ladders
        Level("Easy", "weak", "Elo 1,242"),
        Level("Medium", "strong", "Elo 1,500"),
        Level("Hard", "plan", "Elo 1,582"),
    ),
)
