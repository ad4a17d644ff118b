"""A study's configs as override documents: what ``--config``, the game's options and
``--vary`` change, layered over the shipped config by the game's own loader.

A variant is one TOML override document (the user's ``--config``, then options such as
``--difficulty`` or ``--expert``, then one combination of ``--vary`` values). It travels to the
workers as text, so a study on a cluster needs no shared files, and it is saved in
``study.json`` so ``--resume`` rebuilds the same study. Every document is validated by the
game's loader in the driver before any task starts (a bad key or value is one line naming
it); each worker loads it once and keeps it.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from wokphysics.config.loader import read_toml
from wokphysics.errors import ConfigError, UserError

MAX_VARIANTS = 10_000
"""The most combinations one sweep's ``--vary`` options may make (each a config to check)."""

Loader = Callable[[str | None], Any]
"""``load(path)``: the game's validated config from an override file (None = shipped), in the
form its engine accepts."""


def read_override(path: str | None, files: Sequence[str]) -> dict[str, Any]:
    """The user's ``--config`` as data: one TOML file, or the game's ``files`` in a folder
    (merged: Wok on Fire's one override file may set keys of both of its files)."""
    if path is None:
        return {}
    target = Path(path)
    if target.is_dir():
        data: dict[str, Any] = {}
        for name in files:
            if (target / name).exists():
                data = merge(data, read_toml(target / name))
        return data
    return read_toml(target)


def merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``extra`` layered over a copy of ``base``, tables key by key."""
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def nested(dotted: Mapping[str, Any]) -> dict[str, Any]:
    """``{"rules.timer": false}`` -> ``{"rules": {"timer": false}}``."""
    data: dict[str, Any] = {}
    for key, value in dotted.items():
        parts = key.split(".")
        table = data
        for part in parts[:-1]:
            table = table.setdefault(part, {})
            if not isinstance(table, dict):
                raise UserError(f"--vary {key}: '{part}' is both a value and a table")
        table[parts[-1]] = value
    return data


def toml_text(data: Mapping[str, Any]) -> str:
    """The override document as TOML text (``tomli_w``: tomllib reads TOML but cannot write
    it, and a hand-written writer would get quoting and arrays of tables wrong)."""
    import tomli_w

    return tomli_w.dumps(dict(data))


def parse_vary(text: str) -> tuple[str, list[Any]]:
    """``KEY=V1,V2,...`` -> (key, values). Values are TOML values (``0.4``, ``true``,
    ``"easy"``, ``[1, 2]``); a bare word is text (``easy``)."""
    key, sep, rest = text.partition("=")
    key = key.strip()
    if not sep or not key or not rest.strip():
        raise UserError(f"--vary {text!r}: write KEY=V1,V2,... (e.g. physics.friction=0.4,0.6)")
    if any(not part.isidentifier() for part in key.split(".")):
        raise UserError(f"--vary {text!r}: '{key}' is not a dotted config key")
    values = [parse_value(part) for part in _split(rest)]
    if len(values) != len({repr(v) for v in values}):
        raise UserError(f"--vary {key}: a value is given twice")
    return key, values


def parse_value(text: str) -> Any:
    """One TOML value, or the text itself if it is a bare word."""
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        if not text:
            raise UserError("--vary: an empty value") from None
        return text


def _split(text: str) -> list[str]:
    """Split on commas outside brackets and quotes."""
    parts, depth, quote, current = [], 0, "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    parts.append(current)
    return parts


def combinations(varied: Sequence[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
    """Every combination of the varied values (the last key varies fastest)."""
    keys = [key for key, _ in varied]
    if len(keys) != len(set(keys)):
        raise UserError("--vary: the same key is varied twice")
    count = math.prod(len(values) for _, values in varied)
    if count > MAX_VARIANTS:  # each is a config checked and held in memory
        raise UserError(f"--vary: {count} combinations of values; at most {MAX_VARIANTS}")
    return [dict(zip(keys, values, strict=True)) for values in itertools.product(
        *(values for _, values in varied)
    )]


def label(values: Mapping[str, Any]) -> str:
    """How a variant is named in plots and tables: ``friction=0.4, timer=false``."""
    return ", ".join(f"{key.split('.')[-1]}={_show(v)}" for key, v in values.items())


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_LOADED: dict[tuple[int, str], Any] = {}


def materialise(text: str | None) -> str | None:
    """The override ``text`` as a file in this machine's temp folder (one per text), for the
    game's loader, which reads files. None stays None (the shipped config)."""
    if text is None:
        return None
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    folder = Path(tempfile.gettempdir()) / "wokphysics-study-configs"
    folder.mkdir(exist_ok=True)
    path = folder / f"{digest}.toml"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        partial = path.with_suffix(f".{id(text)}.part")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)  # atomic: workers sharing the folder never read half a file
    return str(path)


def load_text(load: Loader, text: str | None) -> Any:
    """``load`` of the override ``text``, once per process (a worker plays many games)."""
    key = (id(load), text or "")
    if key not in _LOADED:
        _LOADED[key] = load(materialise(text))
    return _LOADED[key]


def check_text(load: Loader, text: str | None, what: str) -> None:
    """Validate an override document with the game's loader; a problem is one line naming
    ``what`` (e.g. ``--vary``) and the key."""
    try:
        load(materialise(text))
    except ConfigError as error:
        key = f" {error.key}" if error.key else ""
        raise UserError(f"{what}{key}: {error.problem}") from None
