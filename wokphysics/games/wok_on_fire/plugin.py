"""Wok on Fire's plugin entry (see :mod:`wokphysics.games.plugin`).

Its ``play`` verb is the window (:mod:`wokphysics.ui`), which the rules layer does not import;
the CLI finds it through the window front end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.plugin import GamePlugin, VerbCommand
from wokphysics.games.protocol import GameInfo
from wokphysics.games.wok_on_fire import commands

if TYPE_CHECKING:
    from pydantic import BaseModel

INFO = GameInfo(
    name="wok-on-fire",
    title="Wok on Fire",
    min_players=1,
    max_players=4,
    hidden_information=False,
    simultaneous=False,
)

GAME_RECORD_FORMAT = "wokphysics-game-replay"
"""The ``format`` field of a whole-game record (autosaves and ``simulate --out`` files);
:mod:`.record` writes and reads it."""


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


PLUGIN = GamePlugin(
    info=INFO,
    summary="flick cards over with a spatula in a physics wok, then pick the best ones",
    default_players=2,
    config_file="wok_on_fire.toml",
    commands={
        "score": VerbCommand(
            "score a player's collected cards exactly",
            commands.add_score_arguments,
            commands.score,
        ),
    },
    bench_figures=commands.bench_figures,
    simulate_options=commands.add_simulate_arguments,
    record_format=GAME_RECORD_FORMAT,
    verify_record=_verify_record,
    rules_model=_rules_model,
    check_config=_check_config,
)
