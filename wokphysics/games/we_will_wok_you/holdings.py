"""Reading one player's holdings from a JSON file for ``wokphysics score we-will-wok-you``.

The file is a JSON object::

    {"woks": ["W04", "W22"], "hand": ["chicken-01"], "front": ["tuna-02"], "coins": 2}

``woks`` lists wok cards and Men-at-wok by id, ``hand`` and ``front`` ingredient cards by id
(see config/we_will_wok_you.toml), ``coins`` the coins left (optional, default 0). ``game``
and ``description`` are allowed and ignored. Any other key, an unknown or repeated card, or a
value of the wrong type is a :class:`~wokphysics.errors.UserError` naming the file and key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.config.files import CONFIG_LIMIT, FileProblem, read_user_text
from wokphysics.errors import UserError
from wokphysics.games.we_will_wok_you.cards import CardData

ALLOWED_KEYS = ("game", "description", "woks", "hand", "front", "coins")


@dataclass(frozen=True)
class Holdings:
    """Card indices into :class:`CardData`; coins are coin cards."""

    woks: tuple[int, ...]
    hand: tuple[int, ...]
    front: tuple[int, ...]
    coins: int


def _fail(path: Path, key: str | None, problem: str) -> UserError:
    where = f"{path}: {key}" if key else str(path)
    return UserError(f"{where}: {problem}")


def load_holdings(path: str | Path, data: CardData) -> Holdings:
    """Read and check a holdings file, or raise a UserError saying what is wrong."""
    file = Path(path)
    try:
        text = read_user_text(file, CONFIG_LIMIT)
    except FileProblem as problem:
        raise _fail(file, None, problem.problem) from None
    try:
        raw: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(file, None, f"not valid JSON: {error.msg} at line {error.lineno}") from None
    except (ValueError, RecursionError):  # a number too long, lists nested too deeply
        raise _fail(file, None, "not valid JSON: a number too long or nesting too deep") from None
    if not isinstance(raw, dict):
        raise _fail(file, None, "must be a JSON object with keys woks, hand, front, coins")
    for key in raw:
        if key not in ALLOWED_KEYS:
            raise _fail(file, key, f"unknown key; allowed: {', '.join(ALLOWED_KEYS)}")
    if raw.get("game", "we-will-wok-you") != "we-will-wok-you":
        raise _fail(file, "game", f"is {raw['game']!r}, expected 'we-will-wok-you'")
    wok_ids = [w.id for w in data.woks]
    seen: set[str] = set()

    def ids(key: str, known: tuple[str, ...] | list[str], what: str, example: str) -> list[int]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _fail(file, key, f"must be a list of {what} ids (text), e.g. [{example!r}]")
        result = []
        for item in value:
            if item not in known:
                raise _fail(
                    file,
                    key,
                    f"unknown {what} {item!r}; ids look like {example!r} (see {data.source})",
                )
            if item in seen:
                raise _fail(file, key, f"card {item!r} is listed twice")
            seen.add(item)
            result.append(list(known).index(item))
        return result

    woks = ids("woks", wok_ids, "wok card", "W04")
    hand = ids("hand", data.card_ids, "ingredient card", "chicken-01")
    front = ids("front", data.card_ids, "ingredient card", "chicken-01")
    coins = raw.get("coins", 0)
    most = data.setup.total_coins
    if isinstance(coins, bool) or not isinstance(coins, int) or not 0 <= coins <= most:
        raise _fail(file, "coins", f"must be a whole number from 0 to {most}, not {coins!r}")
    return Holdings(tuple(woks), tuple(hand), tuple(front), coins)
