"""We Will Wok You's engine steps: small frozen values with a text form that parses back.

A rules action is one of: collect a coin, buy a row, take a wok card, or (only when none of
those is possible) pass. Taking a wok card is made of several engine steps by the same player
in the same turn: ``take W05`` picks the wok, then one ``pay <type>:<symbols>`` per card moved
from the hand to the front, until the cards show exactly 4 identical symbols (stars wild).
Splitting it keeps every list of legal steps short (at most the face-up woks plus 7 other
actions, or one step per kind of card in the hand) instead of one action per wok and per
subset of the hand. See docs/rules-we-will-wok-you.md.

Texts (with the shipped config's names): ``collect upper``, ``collect lower``, ``buy row 1``
.. ``buy row 4``, ``take W05``, ``pay chicken:bowl+bowl``, ``pay tuna:star``, ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wokphysics.games.protocol import Action


@dataclass(frozen=True)
class CollectCoin(Action):
    """Take one coin from a coin set (0 = the first of ``setup.coin_sets``; the shipped
    file's 0 is "upper", next to rows 1-2, and 1 "lower", rows 3-4). ``name`` (the config's
    name of the set, not compared) is its text."""

    coin_set: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"collect {self.name or self.coin_set}"


@dataclass(frozen=True)
class BuyRow(Action):
    """Buy the whole row ``row`` (0-based; shown from 1) at its coin set's price."""

    row: int

    def __str__(self) -> str:
        return f"buy row {self.row + 1}"


@dataclass(frozen=True)
class TakeWok(Action):
    """Choose the face-up wok card ``wok`` (its id); ``pay`` steps follow."""

    wok: str

    def __str__(self) -> str:
        return f"take {self.wok}"


@dataclass(frozen=True)
class Pay(Action):
    """Move one hand card of ``kind`` (``type:symbols``, e.g. ``chicken:bowl+bowl``) to the
    front toward the chosen wok. Cards of one kind are interchangeable; the lowest id moves."""

    kind: str

    def __str__(self) -> str:
        return f"pay {self.kind}"


@dataclass(frozen=True)
class Pass(Action):
    """Allowed only when no other action is possible."""

    def __str__(self) -> str:
        return "pass"
