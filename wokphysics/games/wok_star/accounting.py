"""Phase 2: Accounting, which happens by itself when the leftover dice are done.

Face-up customers pay their dollars and grow their server's dice pool (to at most the
maximum); a served Chef's Special pays its dollars and goes to the event discard; end-of-round
events happen; every taken customer (face up or down) makes the next Customer deck, plus
word-of-mouth customers if nobody was turned away, plus fresh face-down events. In the last
round the money track is set to 0 first ("at the beginning of Accounting phase in round
6"), so only that accounting counts: the income that round, the team's score, leaves out the
money events paid earlier in the round (a Lucky Coin). Every other round's income includes
the money its revealed events paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star import events
from wokphysics.games.wok_star.decks import deal_events, take_potential
from wokphysics.games.wok_star.model import OVER, PURCHASE

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def account(state: WokStarState) -> None:
    """Pay, grow the pools, resolve end-of-round events, rebuild the deck; then Purchase
    (or the end of the game after the last round)."""
    cfg = state.config
    last_round = state.round == cfg.rules.rounds
    if last_round:
        # The money track goes to 0 at the start of the last Accounting: only this
        # accounting counts, not the money an event paid earlier in the round (a Lucky Coin).
        state.money = 0
        state.windfall_round = 0
    money_before = state.money - state.windfall_round
    state.windfall_round = 0
    face_up_customers = 0
    next_deck: list[str] = []
    for seat in range(state.num_players):
        count = 0
        for taken in state.piles[seat]:
            card = taken.card
            if "#" in card:
                next_deck.append(card)
                if taken.face_up:
                    count += 1
                    state.money += cfg.customer_dollars[card]
            else:
                state.event_discard.append(card)  # a Chef's Special
                if taken.face_up:
                    state.money += cfg.event_by_id[card].amount
        face_up_customers += count
        if count > state.pool[seat]:
            state.pool[seat] = min(state.max_dice, count)
        state.piles[seat] = []
    for card in state.revealed:
        event = cfg.event_by_id[card]
        if event.when == "end":
            events.at_end(state, event, face_up_customers)
    state.event_discard.extend(state.revealed)
    state.revealed = []
    state.dice = []
    state.deck = next_deck
    state.deck_known = [True] * len(next_deck)
    income = state.money - money_before
    state.incomes.append(income)
    if last_round:
        state.final_income = income
        state.phase = OVER
        return
    if state.turned_away_round == 0:
        for _ in range(cfg.rules.word_of_mouth):
            take_potential(state)
    if cfg.rules.events:
        deal_events(state)
    state.phase = PURCHASE
