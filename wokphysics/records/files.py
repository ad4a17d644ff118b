"""Reading replay files safely: JSON only, every field checked, one clear line per problem.

Nothing in a file is executed (no pickle, no eval): :func:`read_replay_json` parses JSON and
the ``require_*`` helpers check each field's type before it is used.

>>> parse_record_json('{"seed": 1e400}', "game.json")
Traceback (most recent call last):
...
wokphysics.errors.ReplayFileError: game.json: the number 1e400 is too large for a replay file
"""

from __future__ import annotations

import json
import math
import platform
from pathlib import Path
from typing import Any

import numpy
import pymunk

from wokphysics.config.files import MIB, RECORD_LIMIT, FileProblem, read_user_text
from wokphysics.errors import ReplayFileError


def versions() -> dict[str, str]:
    """The versions that decide bit-identity, for a replay file's header."""
    return {
        "python": platform.python_version(),
        "pymunk": pymunk.version,
        "numpy": numpy.__version__,
    }


MAX_JSON_VALUES = 1_000_000
"""Most values (numbers, texts, lists, objects) a record file may hold. Parsed JSON takes about
120 bytes per value, so this bounds what a file can make the reader use: measured, a record at
this limit raises the peak memory of ``replay --verify`` from 52 MB to 169 MB (a 31 MB file once
took 660 MB). A game played by hand holds a few tens of thousands."""

PARSED_LIMIT = 2 * RECORD_LIMIT
"""Most memory, in bytes, that the values parsed from one record may take, as
:func:`parsed_size` estimates it before parsing. With the file's text (at most
``RECORD_LIMIT``) and what a reader builds from the values, ``replay --verify`` stays within
four times the largest record above the idle process (a 16 MB record of small objects once
took 286 MB); a game played by hand, mostly pointer samples, parses to about 7 times its
size, so records up to about 4 MB of them are read."""

MAX_DIGITS = 19
"""Most digits of a whole number in a record (seeds, ids and counts fit in 64 bits)."""


def read_replay_json(path: str | Path) -> dict[str, Any]:
    """The top-level JSON object of a replay file, or a ReplayFileError saying what is wrong.

    The file must be a regular file of at most :data:`~wokphysics.config.files.RECORD_LIMIT`
    bytes and :data:`MAX_JSON_VALUES` values; numbers must be finite and whole numbers at
    most :data:`MAX_DIGITS` digits long.
    """
    name = str(path)
    try:
        text = read_user_text(path, RECORD_LIMIT)
    except FileProblem as problem:
        raise ReplayFileError(name, problem.problem) from None
    return parse_record_json(text, name)


def parse_record_json(text: str, name: str) -> dict[str, Any]:
    """The JSON object in ``text`` (see :func:`read_replay_json`), or a ReplayFileError."""
    if not text.strip():
        raise ReplayFileError(name, "the file is empty")
    values = text.count(",") + text.count("[") + text.count("{") + 1
    if values > MAX_JSON_VALUES:
        raise ReplayFileError(
            name, f"holds about {values:,} values; a record holds at most {MAX_JSON_VALUES:,}"
        )
    size = parsed_size(text)
    if size > PARSED_LIMIT:
        raise ReplayFileError(
            name, f"its values would take about {size / MIB:,.0f} MiB to read; a record may "
            f"take at most {PARSED_LIMIT / MIB:,.0f} MiB (no game writes one that large)"
        )
    long_numbers: list[_LongNumber] = []
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            parse_int=lambda token: _bounded_int(token, long_numbers),
        )
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        if not stripped.lstrip().startswith(("{", "[")):
            raise ReplayFileError(
                name, "not JSON: a replay or saved game is a JSON object written by wokphysics"
            ) from None
        truncated = error.pos >= len(stripped) - 1 or not stripped.endswith("}")
        problem = "truncated" if truncated else "malformed"
        raise ReplayFileError(
            name, f"{problem} JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise ReplayFileError(name, "malformed JSON: lists or objects nested too deeply") from None
    except ValueError as error:
        raise ReplayFileError(name, str(error)) from None
    if long_numbers:
        where = _field_of(data, long_numbers[0])
        raise ReplayFileError(
            name, f"{where}a whole number of {len(long_numbers[0].token.lstrip('-'))} digits "
            f"({long_numbers[0].token[:12]}...); at most {MAX_DIGITS} digits are allowed in a "
            "replay file"
        )
    if not isinstance(data, dict):
        raise ReplayFileError(name, "a replay file must hold a JSON object")
    return data


def parsed_size(text: str) -> int:
    """An upper estimate of the bytes Python's ``json.loads`` allocates for ``text``, from
    counts of its characters (so nothing is allocated to find it): per list 96 (the object and
    its first slots), per object 200, per key 48, per list item or object entry 42 (a slot and
    a number), per text 50 and its characters. Measured against tracemalloc on lists of
    objects, keys, lists, nested lists, numbers, texts and pointer samples, it is 1.2 to 3.4
    times what is allocated (``tests/test_user_files.py``)."""
    return (42 * (text.count(",") + 1) + 96 * text.count("[") + 200 * text.count("{")
            + 48 * text.count(":") + 50 * (text.count('"') // 2) + len(text))


def _reject_constant(token: str) -> float:
    raise ValueError(f"non-finite number {token} is not allowed in a replay file")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise ValueError(f"the number {token[:30]} is too large for a replay file")
    return value


class _LongNumber:
    """A whole number with more than :data:`MAX_DIGITS` digits, left unconverted (Python's
    conversion of a long number takes time quadratic in its length), so that the file's
    message can name the field holding it."""

    def __init__(self, token: str) -> None:
        self.token = token


def _bounded_int(token: str, long_numbers: list[_LongNumber]) -> int | _LongNumber:
    if len(token) > MAX_DIGITS and len(token.lstrip("-")) > MAX_DIGITS:
        number = _LongNumber(token)
        long_numbers.append(number)
        return number
    return int(token)


def _field_of(data: Any, target: _LongNumber) -> str:
    """``"field 'state.rng[1][0]': "``: where ``target`` lies in the parsed ``data`` (an
    empty text at the top level). A walk of at most :data:`MAX_JSON_VALUES` values, made
    only for a file that is refused."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, where = stack.pop()
        if value is target:
            return f"field '{where}': " if where else ""
        if isinstance(value, dict):
            stack.extend((item, f"{where}.{key}" if where else str(key))
                         for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]")
                         for index, item in reversed(list(enumerate(value))))
    return ""  # pragma: no cover - the number is always in the data it was parsed into


def require(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], file: str, where: str = ""
) -> Any:
    """``data[key]``, checked to be of ``kind`` (bool is never accepted as a number)."""
    label = f"{where}{key}"
    if key not in data:
        raise ReplayFileError(file, f"missing field '{label}'")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise ReplayFileError(file, f"field '{label}' must be {_names(kinds)}, not true/false")
    if not isinstance(value, kinds):
        raise ReplayFileError(
            file, f"field '{label}' must be {_names(kinds)}, not {type(value).__name__}"
        )
    return value


def require_known_keys(
    data: dict[str, Any], allowed: tuple[str, ...], file: str, where: str = ""
) -> None:
    """Refuse a field this format does not have (a typo, or a file edited by hand)."""
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        place = f" in {where.rstrip('.')}" if where else ""
        raise ReplayFileError(
            file, f"unknown field '{unknown[0][:40]}'{place}; the fields are {', '.join(allowed)}"
        )


def _names(kinds: tuple[type, ...]) -> str:
    words = {
        int: "an integer",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
        bool: "true/false",
    }
    return " or ".join(words.get(k, k.__name__) for k in kinds)


def require_samples(value: Any, file: str, where: str) -> list[tuple[float, float, float]]:
    """A gesture's samples: a non-empty list of [t, x, y] finite numbers."""
    if not isinstance(value, list) or not value:
        raise ReplayFileError(file, f"{where} must be a non-empty list of [t, x, y] samples")
    samples = []
    for index, sample in enumerate(value):
        if (
            not isinstance(sample, list)
            or len(sample) != 3
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in sample)
            or not all(math.isfinite(v) for v in sample)
        ):
            raise ReplayFileError(file, f"{where} sample {index} must be [t, x, y] finite numbers")
        samples.append((float(sample[0]), float(sample[1]), float(sample[2])))
    return samples
