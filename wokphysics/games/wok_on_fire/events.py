"""What happened in a game of Wok on Fire, as typed values the engine appends to
:attr:`WokOnFireGame.events <wokphysics.games.wok_on_fire.engine.WokOnFireGame.events>` (the
window's presenter turns them into what is drawn and said): each stir, pick, failed blind
claim, Garlic gift, Chili, chop, turn end and the game's end. The engine module re-exports
them (its API, ``docs/wok-on-fire-engine.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from wokphysics.games.wok_on_fire.picking import PickKind
from wokphysics.table.world import ActionReport


class StirKind(Enum):
    """A normal stir step, or the stirs of a Green Pepper or Garlic bonus."""

    NORMAL = "normal"
    BONUS = "bonus"


@dataclass(frozen=True)
class Taken:
    """What one pick did: the cards taken (empty if a claim failed or the pick was void),
    who received them (a player, or None for the discard), and whether a blind claim failed."""

    card_ids: tuple[int, ...]
    to_player: int | None
    claim_failed: bool = False



@dataclass(frozen=True)
class StirEvent:
    player: int
    kind: StirKind
    report: ActionReport


@dataclass(frozen=True)
class PickEvent:
    player: int
    kind: PickKind
    taken: tuple[Taken, ...]


@dataclass(frozen=True)
class ClaimFailedEvent:
    player: int
    card_id: int
    ingredient: str


@dataclass(frozen=True)
class GiftEvent:
    player: int
    to_player: int | None
    card_ids: tuple[int, ...]


@dataclass(frozen=True)
class ChiliEvent:
    player: int
    card_id: int | None


@dataclass(frozen=True)
class ChopEvent:
    player: int
    report: ActionReport


@dataclass(frozen=True)
class TurnEndEvent:
    player: int
    turn: int
    state_hash: str


@dataclass(frozen=True)
class GameOverEvent:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = (
    StirEvent
    | PickEvent
    | ClaimFailedEvent
    | GiftEvent
    | ChiliEvent
    | ChopEvent
    | TurnEndEvent
    | GameOverEvent
)
