"""A game's rules options as the launcher offers them: read from its shipped config.

Every key of the ``[rules]`` table of a game's config file (``config/<game>.toml``) is an
option. Its default is the value shipped there; its help is the file's comment for it (the
comment lines just above the key, or the comment after it); the values offered follow the
type and limits of the game's rules model (``GamePlugin.rules_model``): both truth values, a
``Literal``'s words, whole numbers within the limits, or a few multiples of a number of
seconds. A choice that differs from the defaults is written as a small override file
(``[rules]`` with only the changed keys), the same kind of file ``--config`` takes, so a
saved game can be resumed with the rules it was started with.
"""

from __future__ import annotations

import hashlib
import json
import math
import tempfile
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from annotated_types import Ge, Gt, Le, Lt

from wokphysics.config.paths import default_config_dir
from wokphysics.errors import ConfigError
from wokphysics.games.plugin import GamePlugin

Value = bool | int | float | str
MAX_WHOLE_CHOICES = 12
"""A whole-number option with at most this many allowed values offers them all."""


@dataclass(frozen=True)
class RulesOption:
    """One rules option: ``key`` in ``[rules]``, its help, the shipped default, the values
    offered (the default among them)."""

    key: str
    help: str
    default: Value
    choices: tuple[Value, ...]

    @property
    def label(self) -> str:
        """The key in words: ``leftover_coins_tie_break`` -> ``Leftover coins tie break``."""
        words = self.key.replace("_", " ")
        return words[:1].upper() + words[1:]


def _comments(text: str) -> dict[str, str]:
    """Each key of the ``[rules]`` table with its comment in the TOML text: the comment block
    above it (a block serves every key below it until a blank line) and its own comment after
    the value (continued on indented comment lines below)."""
    found: dict[str, str] = {}
    in_rules = False
    block: list[str] = []
    last_key: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            in_rules, block, last_key = line == "[rules]", [], None
            continue
        if not in_rules:
            continue
        if not line:
            block, last_key = [], None
        elif line.startswith("#"):
            words = line.lstrip("#").strip()
            if raw[:1].isspace() and last_key is not None:  # the key's comment goes on
                found[last_key] = f"{found[last_key]} {words}".strip()
            else:
                if last_key is not None:
                    block = []
                block.append(words)
                last_key = None
        elif "=" in line:
            key, value = (part.strip() for part in line.split("=", 1))
            own = value.split("#", 1)[1].strip() if "#" in value else ""
            found[key] = " ".join([*block, own]).strip()
            last_key = key
    return found


def _limits(metadata: list[Any]) -> tuple[float, float]:
    low, high = -math.inf, math.inf
    for item in metadata:
        if isinstance(item, Ge):
            low = max(low, _number(item.ge))
        elif isinstance(item, Gt):
            low = max(low, _number(item.gt) + 1e-9)
        elif isinstance(item, Le):
            high = min(high, _number(item.le))
        elif isinstance(item, Lt):
            high = min(high, _number(item.lt) - 1e-9)
    return low, high


def _number(limit: object) -> float:
    """A limit of a rules model's field (always a number in our models)."""
    return float(limit) if isinstance(limit, int | float) else math.nan


def _choices(annotation: Any, metadata: list[Any], default: Value) -> tuple[Value, ...]:
    """The values offered for a field of this type, limits and default."""
    if typing.get_origin(annotation) is Literal:
        return tuple(typing.get_args(annotation))
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return (default,)
    if annotation is bool:
        return (True, False)
    low, high = _limits(metadata)
    if annotation is int and isinstance(default, int):
        if high - low + 1 <= MAX_WHOLE_CHOICES:
            return tuple(range(int(low), int(high) + 1))
        # steps of about a quarter of the default, so a large default is offered values
        # that play differently (60 stirs: 30, 45, 60, 75, 90, 120; not 58 to 62)
        step = max(1, round(abs(default) / 4))
        near = [default + k * step for k in (-2, -1, 0, 1, 2)] + [default * 2]
        return tuple(sorted({v for v in near if low <= v <= high}))
    if annotation is float and isinstance(default, int | float):
        factors = (0.5, 0.75, 1.0, 1.5, 2.0)
        return tuple(sorted({round(default * f, 3) for f in factors
                             if low <= default * f <= high}))
    return (default,)


def rules_options(plugin: GamePlugin) -> tuple[RulesOption, ...]:
    """``plugin``'s rules options, in the order of its config file."""
    path = default_config_dir() / plugin.config_file
    text = path.read_text(encoding="utf-8")
    table = tomllib.loads(text).get("rules", {})
    comments = _comments(text)
    fields = plugin.rules_model().model_fields if plugin.rules_model is not None else {}
    options = []
    for key, default in table.items():
        if not isinstance(default, bool | int | float | str):
            continue
        field = fields.get(key)
        choices: tuple[Value, ...] = (default,)
        if field is not None:
            choices = _choices(field.annotation, list(field.metadata), default)
        if default not in choices:
            choices = tuple(sorted({*choices, default}, key=_order))
        options.append(RulesOption(key, comments.get(key, ""), default, choices))
    return tuple(options)


def _order(value: Value) -> tuple[int, float | str]:
    return (0, float(value)) if isinstance(value, int | float) else (1, str(value))


def changed(options: tuple[RulesOption, ...], values: Mapping[str, Value]) -> dict[str, Value]:
    """The values that differ from the shipped defaults (in the options' order)."""
    return {o.key: values[o.key] for o in options
            if o.key in values and values[o.key] != o.default}


def override_text(values: Mapping[str, Value]) -> str:
    """A TOML override file setting ``[rules]`` keys to ``values``."""
    lines = ["# Rules options chosen in the launcher (layered over the shipped config).",
             "[rules]"]
    for key, value in values.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, str):
            lines.append(f"{key} = {json.dumps(value)}")
        else:
            lines.append(f"{key} = {value!r}")
    return "\n".join(lines) + "\n"


def check_values(plugin: GamePlugin, values: Mapping[str, Value]) -> str | None:
    """Why the game refuses these rules options together (its ConfigError, one line), or
    None when it accepts them. The game's own checks decide, e.g. Wok Star's rounds must
    match its purchase track."""
    different = changed(rules_options(plugin), values)
    if not different:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.toml"
        path.write_text(override_text(different), encoding="utf-8")
        try:
            if plugin.check_config is not None:
                plugin.check_config(str(path))
            elif plugin.turn_engine is not None:
                plugin.turn_engine.new_state(plugin.info.min_players, 0, str(path))
        except ConfigError as error:
            return f"{error.key}: {error.problem}" if error.key else error.problem
    return None


def write_override(plugin: GamePlugin, values: Mapping[str, Value], folder: Path
                   ) -> Path | None:
    """Write the override file for ``values`` (None when they are all defaults) into
    ``folder``, named by its content so a saved game keeps pointing at its own rules."""
    different = changed(rules_options(plugin), values)
    if not different:
        return None
    text = override_text(different)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    path = folder / f"{plugin.name}-rules-{digest}.toml"
    if not path.exists():
        path.write_text(text, encoding="utf-8")
    return path
