"""Where Wok on Fire's cards are once off the table: each player's pile and the discard.

A :class:`CardHoldings` keeps the piles and the discard in step with the table's own card
locations (every card it moves, it moves on the table with :meth:`Table.take` too), checks
that every card of the deck is in exactly one place, and digests it all for the game's
``state_hash`` (the record's per-turn check). The game engine
(:class:`~wokphysics.games.wok_on_fire.engine.WokOnFireGame`) decides who gets which card;
this module only keeps the books.
"""

from __future__ import annotations

import hashlib
import json

from wokphysics.errors import InvariantViolation
from wokphysics.table.world import Table


class CardHoldings:
    """The cards the players hold (each pile in the order taken) and the discard pile.

    Args:
        table: the game's table (its cards' locations are kept in step).
        players: how many players have a pile.
        deck_size: the number of cards in the deck (every one is somewhere).
    """

    def __init__(self, table: Table, players: int, deck_size: int) -> None:
        self.table = table
        self.deck_size = deck_size
        self.piles: list[list[int]] = [[] for _ in range(players)]
        """Card ids in each player's pile, in the order taken."""
        self.discarded: list[int] = []
        """Card ids in the discard pile, in the order discarded."""

    def give(self, card_id: int, player: int) -> None:
        """Card ``card_id`` goes to ``player``'s pile."""
        self.table.take(card_id, "player", player)
        self.piles[player].append(card_id)

    def discard(self, card_id: int) -> None:
        """Card ``card_id`` (not in a pile) goes to the discard."""
        self.table.take(card_id, "discard")
        self.discarded.append(card_id)

    def discard_from_pile(self, player: int, card_id: int) -> None:
        """Card ``card_id`` leaves ``player``'s pile for the discard (a Chili Pepper used)."""
        self.piles[player].remove(card_id)
        self.discard(card_id)

    def locations(self) -> dict[int, str]:
        """Every card id to where it is: supply, wok, floor, player:N or discard."""
        places: dict[int, str] = {}
        for card in self.table.cards:
            places[card.id] = f"player:{card.owner}" if card.location == "player" else card.location
        return places

    def check_invariants(self) -> None:
        """Raise InvariantViolation unless every card is in exactly one consistent place."""
        cards = self.table.cards
        if len(cards) != self.deck_size:
            raise InvariantViolation(
                f"{len(cards)} cards on the table for a deck of {self.deck_size}"
            )
        supply = self.table.supply
        if len(set(supply)) != len(supply):
            raise InvariantViolation("a card is in the supply twice")
        in_piles = [i for pile in self.piles for i in pile]
        if len(set(in_piles)) != len(in_piles) or set(in_piles) & set(self.discarded):
            raise InvariantViolation("a card is in two piles")
        for card in cards:
            where = card.location
            if (where == "supply") != (card.id in supply):
                raise InvariantViolation(
                    f"card {card.id}: location {where} but supply says otherwise"
                )
            if where == "player":
                if card.owner is None or card.id not in self.piles[card.owner]:
                    raise InvariantViolation(
                        f"card {card.id} is with player {card.owner} but not in the pile"
                    )
            elif card.id in in_piles:
                raise InvariantViolation(f"card {card.id} is in a pile but lies in the {where}")
            if (where == "discard") != (card.id in self.discarded):
                raise InvariantViolation(f"card {card.id}: discard pile disagrees with the table")

    def state_hash(self) -> str:
        """SHA-256 of the table's exact state and the piles (order taken) and discard."""
        digest = hashlib.sha256(self.table.state_hash().encode())
        digest.update(json.dumps([self.piles, self.discarded]).encode())
        return digest.hexdigest()
