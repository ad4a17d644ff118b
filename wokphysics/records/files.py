"""Reading replay files safely: JSON only, every field checked, one clear line per problem.

Nothing in a file is executed (no pickle, no eval): :func:`read_replay_json` parses JSON and
the ``require_*`` helpers check each field's type before it is used.
"""

from __future__ import annotations

import json
import math
import platform
from pathlib import Path
from typing import Any

import numpy
import pymunk

from wokphysics.errors import ReplayFileError


def versions() -> dict[str, str]:
    """The versions that decide bit-identity, for a replay file's header."""
    return {
        "python": platform.python_version(),
        "pymunk": pymunk.version,
        "numpy": numpy.__version__,
    }


def read_replay_json(path: str | Path) -> dict[str, Any]:
    """The top-level JSON object of a replay file, or a ReplayFileError saying what is wrong."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayFileError(name, "no such file") from None
    except IsADirectoryError:
        raise ReplayFileError(name, "is a folder, not a replay file") from None
    except UnicodeDecodeError:
        raise ReplayFileError(name, "not a replay file: it is not UTF-8 JSON text") from None
    except OSError as error:
        raise ReplayFileError(name, f"cannot be read: {error.strerror}") from None
    if not text.strip():
        raise ReplayFileError(name, "the file is empty")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        truncated = error.pos >= len(stripped) - 1 or not stripped.endswith("}")
        problem = "truncated" if truncated else "malformed"
        raise ReplayFileError(
            name, f"{problem} JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except ValueError as error:
        raise ReplayFileError(name, str(error)) from None
    if not isinstance(data, dict):
        raise ReplayFileError(name, "a replay file must hold a JSON object")
    return data


def _reject_constant(token: str) -> float:
    raise ValueError(f"non-finite number {token} is not allowed in a replay file")


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
