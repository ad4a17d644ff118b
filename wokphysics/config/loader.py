"""Reading, layering and validating TOML config files.

A config is the defaults shipped in ``config/`` with the user's overrides layered on top. An
override names only the keys it changes. Every problem (TOML syntax, unknown key, wrong type,
value out of range) becomes one :class:`~wokphysics.errors.ConfigError` line naming the file,
the dotted key and what is allowed. Nothing read from a file is executed: TOML is parsed by
:mod:`tomllib` into plain data and validated by pydantic models.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from wokphysics.config.files import CONFIG_LIMIT, FileProblem, read_user_text
from wokphysics.config.paths import default_config_dir
from wokphysics.errors import ConfigError

ModelT = TypeVar("ModelT", bound=BaseModel)


class Settings(BaseModel):
    """Base of every settings model: frozen, typed, unknown keys refused, numbers finite.

    Files are validated strictly by :func:`validate`: text is never read as a number
    (``friction = "0.3"`` is refused) and true/false never as one (``solver_iterations =
    true`` is refused); a whole number is accepted where a decimal one is expected.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, allow_inf_nan=False)


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file into plain data, or raise a ConfigError naming the file and line.

    The file must be a regular file of at most :data:`~wokphysics.config.files.CONFIG_LIMIT`
    bytes (``/dev/zero`` or a pipe is refused, never read whole).
    """
    try:
        text = read_user_text(path, CONFIG_LIMIT)
    except FileProblem as problem:
        raise ConfigError(str(path), None, problem.problem) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(path), None, f"not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(str(path), None, "not valid TOML: nested too deeply") from None


def layer(
    base: Mapping[str, Any], override: Mapping[str, Any], file: str, prefix: str = "",
    root: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Merge ``override`` into a copy of ``base``; tables merge key by key.

    A key the base does not have is refused (the defaults name every key there is), so a typo
    in a user's file is reported instead of silently ignored (naming the section that has such
    a key, if another one does: ``table.friction`` -> ``physics.friction``). Whole tables whose
    keys are free (card lists, for example) are replaced when the default value is a list.
    """
    root = base if root is None else root
    merged = dict(base)
    for key, value in override.items():
        dotted = f"{prefix}{key}"
        if key not in base:
            allowed = ", ".join(sorted(base)) or "(none)"
            problem = f"unknown key; allowed here: {allowed}"
            elsewhere = sorted(f"{name}.{key}" for name, table in root.items()
                               if isinstance(table, Mapping) and key in table)
            if prefix and elsewhere:
                problem += f" (did you mean {' or '.join(elsewhere)}?)"
            raise ConfigError(file, dotted, problem)
        if isinstance(base[key], Mapping) and isinstance(value, Mapping):
            merged[key] = layer(base[key], value, file, f"{dotted}.", root)
        elif isinstance(base[key], Mapping):
            raise ConfigError(file, dotted, "must be a table of keys, not a single value")
        else:
            merged[key] = value
    return merged


def validation_message(error: ValidationError) -> tuple[str, str]:
    """The first problem in a pydantic error as (dotted key, what is allowed)."""
    first = error.errors()[0]
    key = ".".join(str(part) for part in first["loc"])
    kind = first["type"]
    if kind == "extra_forbidden":
        problem = "unknown key"
    elif kind == "missing":
        problem = "is required but missing"
    else:
        message = str(first["msg"]).removeprefix("Value error, ")
        problem = f"{message[0].lower()}{message[1:]}"
        if "input" in first and not isinstance(first["input"], dict | list):
            problem += f" (got {first['input']!r})"
    return key, problem


def validate(model: type[ModelT], data: Mapping[str, Any], file: str) -> ModelT:
    """Build a settings model from plain data, turning the first problem into a ConfigError.

    Validation is strict, as for a JSON document: a number must be written as a number and a
    true/false as one (TOML arrays fill tuples, whole numbers fill decimal fields).
    """
    odd = _first_non_plain(data, "")
    if odd is not None:
        key, kind = odd
        raise ConfigError(file, key or None, f"a {kind} is not allowed in a config")
    try:
        return model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as error:
        key, problem = validation_message(error)
        raise ConfigError(file, key, problem) from None


def _first_non_plain(value: Any, key: str) -> tuple[str, str] | None:
    """The dotted key and kind of the first value JSON cannot hold (a TOML date or time)."""
    if isinstance(value, Mapping):
        for name, item in value.items():
            found = _first_non_plain(item, f"{key}.{name}" if key else str(name))
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = _first_non_plain(item, f"{key}.{index}")
            if found is not None:
                return found
    elif not isinstance(value, str | int | float | bool) and value is not None:
        return key, "date or time" if hasattr(value, "isoformat") else type(value).__name__
    return None


def check_config_folder(folder: Path, names: tuple[str, ...]) -> None:
    """Refuse a config folder that holds none of the files ``names``: the game would silently
    run on its defaults, which is never what a person who named the folder meant."""
    if not any(os.path.lexists(folder / name) for name in names):
        wanted = " or ".join(names)
        raise ConfigError(str(folder), None,
                          f"this folder holds no {wanted}; a config folder holds files named as "
                          "in the shipped config/ folder (or give one TOML file)")


def load_layered(
    default_name: str, override: str | Path | None, *, folder_checked: bool = False
) -> tuple[dict[str, Any], str]:
    """The default file ``default_name`` with an optional override layered on top.

    ``override`` may be a folder (its file of the same name is layered on; a folder without
    it is refused unless ``folder_checked``: the caller reads several files and checked that
    the folder holds one of them) or one TOML file. Returns the merged data and the name of
    the file to blame for errors (the override's, if it changed anything, else the default's).
    """
    default_path = default_config_dir() / default_name
    data = read_toml(default_path)
    blame = str(default_path)
    if override is None:
        return data, blame
    path = Path(override)
    if path.is_dir():
        if not folder_checked:
            check_config_folder(path, (default_name,))
        path = path / default_name
        if not os.path.lexists(path):  # a broken or looping link is reported, not skipped
            return data, blame
    elif not os.path.lexists(path):
        raise ConfigError(str(override), None, "no such file or folder")
    user = read_toml(path)
    return layer(data, user, str(path)), str(path)
