"""Reading numbers typed at a prompt or in an action's text.

``str.isdigit`` is true for ``"²"`` and ``"①"`` (which ``int`` refuses) and a 100,000-digit
number makes ``int`` raise: :func:`typed_number` accepts only short runs of ASCII digits, so a
prompt never ends in a traceback.

>>> typed_number("12"), typed_number("²"), typed_number("①"), typed_number("1" * 100)
(12, None, None, None)
"""

from __future__ import annotations

MAX_TYPED_DIGITS = 9
"""Longest number read at a prompt (no game has a billion of anything)."""


def typed_number(text: str) -> int | None:
    """The whole number ``text`` spells in 1 to 9 ASCII digits, else None."""
    if 1 <= len(text) <= MAX_TYPED_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None
