"""Wok Star's table pieces as typed values: the phase, dice, piles of completed customers,
Family Character cards and the two sand timers.

Cards are named by id strings: a customer card is ``"recipe#n"`` (n = 1..4, see
:func:`~wokphysics.games.wok_star.cards.customer_id`), an event card is its event id. Seats
are 0-based here (people read them 1-based). Each value has a compact JSON form (a short
list) used in saved states; ``from_json`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from random import Random

DIE_FACES = 6
"""Dice are six-sided (rules decision; the preparations' criteria assume it)."""


class Phase(StrEnum):
    """Where the game is. The values are the names saved in JSON."""

    SETUP_ASSIGN = "setup_assign"
    """Seat 1 deals the starting preparations out (``assign PREP to S``)."""
    SETUP_BONUS = "setup_bonus"
    """Each seat takes its free bonus (``bonus die`` / ``bonus upgrade PREP``)."""
    ACTION = "action"
    """Phase 1: customers are revealed one at a time and served against the sand timers."""
    LEFTOVER = "extra"
    """The end of Phase 1: unplaced dice are placed (or given) for the next round, or not."""
    PURCHASE = "purchase"
    """Phase 3: the round's head chef buys for the team, then says ``done``."""
    PURCHASE_ASSIGN = "purchase_assign"
    """A bought recipe's new preparations are given to seats one by one."""
    OVER = "over"
    """The game has ended (won, lost on income, or closed by Bad Publicity)."""


PHASE_WORDS: dict[Phase, str] = {
    Phase.SETUP_ASSIGN: "setup",
    Phase.SETUP_BONUS: "setup",
    Phase.ACTION: "Action",
    Phase.LEFTOVER: "Action: leftover dice",
    Phase.PURCHASE: "Purchase",
    Phase.PURCHASE_ASSIGN: "Purchase",
    Phase.OVER: "the end",
}
"""Each phase as players name it (the rulebook's phase names), for headings and refusals:
the Enum's values are the names saved in JSON, not words for people."""


# Looking up an Enum member (``Phase.ACTION``) costs a descriptor call in Python 3.11; the
# engine's hot paths compare against these module constants instead (the same objects).
SETUP_ASSIGN, SETUP_BONUS, ACTION, LEFTOVER, PURCHASE, PURCHASE_ASSIGN, OVER = Phase


_ROLL_BITS = DIE_FACES.bit_length()


def roll(rng: Random) -> int:
    """One die roll, 1 to DIE_FACES: exactly ``rng.randrange(DIE_FACES) + 1`` (and so
    ``randint``), the draw written out (:func:`wokphysics.games.draws.below`) without its
    Python-level calls: every round rolls every pool."""
    face = rng.getrandbits(_ROLL_BITS)
    while face >= DIE_FACES:
        face = rng.getrandbits(_ROLL_BITS)
    return face + 1


class DieStatus(IntEnum):
    """Where a rolled die is."""

    FREE = 0
    """Unplaced: its holder may place it or hand it to a teammate."""
    PLACED = 1
    """On a preparation until the round ends."""
    ASIDE = 2
    """Set aside by an event (Power Cut) until the round ends."""


FREE = DieStatus.FREE
PLACED = DieStatus.PLACED
ASIDE = DieStatus.ASIDE


@dataclass(slots=True)
class Die:
    """One rolled die. Invariants: ``1 <= face <= DIE_FACES``; a die held by a seat other
    than its colour's has been ``given``.

    Attributes:
        colour: the seat whose colour it is (it returns there at Accounting).
        face: the number showing.
        holder: the seat holding it now (another seat after a ``give``).
        status: free, placed or set aside.
        temporary: an extra die for this round only (Extra Hands, Cousin), not in a pool.
        given: handed to its holder by a teammate this round ("players may share dice
            freely": rules-decisions.md lets the receiver place it on any preparation the
            team owns, or hand it on; a seat's own dice go only on its own preparations).
            A die handed back to its colour's seat is a given die too.
    """

    colour: int
    face: int
    holder: int
    status: DieStatus = FREE
    temporary: bool = False
    given: bool = False

    @property
    def free(self) -> bool:
        """Whether the die is unplaced."""
        return self.status is FREE

    def to_json(self) -> list[int]:
        """``[colour, face, holder, status, temporary, given]``."""
        return [
            self.colour,
            self.face,
            self.holder,
            int(self.status),
            int(self.temporary),
            int(self.given),
        ]

    @classmethod
    def from_json(cls, data: list[int]) -> Die:
        """Read :meth:`to_json`'s list; a save before format 3 has no ``given``: a die held
        away from its colour was given (then the only way there)."""
        if len(data) == 5:
            colour, face, holder, status, temporary = data
            given = colour != holder
        else:
            colour, face, holder, status, temporary, given_flag = data
            given = bool(given_flag)
        return cls(colour, face, holder, DieStatus(status), bool(temporary), given)


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card in a seat's pile of completed orders: a customer or a served Chef's Special.

    ``face_up`` cards were served in time and pay at Accounting; face-down ones do not.
    """

    card: str
    face_up: bool

    def to_json(self) -> list[str | bool]:
        return [self.card, self.face_up]

    @classmethod
    def from_json(cls, data: list[str | bool]) -> PileCard:
        card, face_up = data
        return cls(str(card), bool(face_up))


@dataclass(slots=True)
class FamilyCard:
    """A Family Character card in front of a seat; usable once (``used`` turns it over)."""

    id: str
    used: bool = False

    def to_json(self) -> list[str | bool]:
        return [self.id, self.used]

    @classmethod
    def from_json(cls, data: list[str | bool]) -> FamilyCard:
        card, used = data
        return cls(str(card), bool(used))
