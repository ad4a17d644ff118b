"""The versioned header every Wok on Fire replay file shares, checked in one place.

Both table replays and game records carry ``format``, ``version``, ``seed``, ``dt``,
``config_hash`` and the full ``config``; a file whose config no longer matches its hash was
edited and is refused.
"""

from __future__ import annotations

from typing import Any

from wokphysics.config.wok_on_fire import WokOnFireConfig, config_from_data
from wokphysics.errors import ConfigError, ReplayFileError
from wokphysics.records.files import require

MAX_SEED = 2**63 - 1
"""Largest seed a record may hold (the CLI's ``--seed`` takes 0 to this)."""

HEADER_FIELDS = (
    "format",
    "version",
    "python",
    "pymunk",
    "numpy",
    "config_hash",
    "seed",
    "dt",
    "config",
)
"""The fields every Wok on Fire record starts with; each format adds its own."""


def check_header(
    data: dict[str, Any], file: str, expected_format: str, version: int, what: str
) -> tuple[int, WokOnFireConfig]:
    """The seed and the config of a replay file whose header is valid, or a ReplayFileError.

    ``what`` names the kind of file in the message for a file of another format.
    """
    if data.get("format") != expected_format:
        raise ReplayFileError(file, f"not {what} (format must be '{expected_format}')")
    found = require(data, "version", int, file)
    if found != version:
        raise ReplayFileError(
            file, f"format version {found} is not supported; this program reads version {version}"
        )
    seed = require(data, "seed", int, file)
    if not 0 <= seed <= MAX_SEED:
        raise ReplayFileError(file, f"seed must be 0 to {MAX_SEED}, not {seed}")
    dt = require(data, "dt", (int, float), file)
    config_hash = require(data, "config_hash", str, file)
    try:
        cfg = config_from_data(require(data, "config", dict, file), file)
    except ConfigError as error:
        raise ReplayFileError(
            file, f"its config is invalid: {error.key}: {error.problem}"
        ) from None
    if cfg.config_hash() != config_hash:
        raise ReplayFileError(
            file, "its config does not match its config_hash (the file was edited)"
        )
    config_dt = cfg.physics.physics.dt_s
    if dt != config_dt:
        raise ReplayFileError(
            file, f"its dt ({dt} s) is not its config's physics.dt_s ({config_dt} s)"
        )
    return seed, cfg
