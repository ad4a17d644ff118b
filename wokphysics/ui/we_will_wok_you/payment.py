"""Paying for a wok card with chosen hand cards: which choices can become a payment, and the
engine steps that make it (no pygame).

The rules (docs/rules-we-will-wok-you.md): the cards paid show exactly 4 identical symbols,
stars wild, every card counting toward that symbol (with an odd number to take a wok card,
also one more from cards showing 2 each: games/we_will_wok_you/steps.completes). The window
lets a person choose cards one by one; a card that cannot be part of such a payment together
with the cards already chosen (and some still in the hand) is refused with the reason. The
engine then takes the wok card and one ``pay`` step per card, in an order it accepts: every
step is checked on a copy of the state first, so only payments the rules allow are ever
completed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from wokphysics.errors import IllegalAction
from wokphysics.games.protocol import Action
from wokphysics.games.we_will_wok_you.bots import minimal_payments
from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.games.we_will_wok_you.steps import completes


def symbol_counts(data: CardData, cards: Sequence[int]) -> list[int]:
    """Symbols per payable kind (``data.symbols``: cookie, spoon, bowl, chopstick as
    shipped), the wild ones (stars) counted for each."""
    counts = [0] * len(data.symbols)
    for card in cards:
        for s, c in enumerate(data.kind_contribution[data.card_kind[card]]):
            counts[s] += c
    return counts


def shared_symbols(data: CardData, cards: Sequence[int]) -> list[int]:
    """The symbols every card in ``cards`` counts toward (all four for no cards)."""
    return [s for s in range(len(data.symbols))
            if all(data.kind_contribution[data.card_kind[c]][s] for c in cards)]


def _kind_counts(data: CardData, cards: Sequence[int]) -> list[int]:
    counts = [0] * len(data.kinds)
    for card in cards:
        counts[data.card_kind[card]] += 1
    return counts


def selection_problem(state: WeWillWokYouState, seat: int, chosen: Sequence[int]) -> str | None:
    """Why the cards ``chosen`` from ``seat``'s hand cannot be (part of) a payment, or None."""
    data = state.data
    if not chosen:
        return None
    shared = shared_symbols(data, chosen)
    if not shared:
        return ("these cards have no symbol in common: a wok card is paid with 4 identical "
                "symbols (stars are wild)")
    totals = symbol_counts(data, chosen)
    needed = data.needed
    fitting = [s for s in shared
               if totals[s] <= needed or completes(needed, totals[s], len(chosen))]
    if not fitting:
        s = shared[0]
        return (f"that makes {totals[s]} {data.symbols[s]} symbols; a wok card takes exactly "
                f"{needed} (a card may not be left out)")
    rest = list(state.hands[seat])
    for card in chosen:
        rest.remove(card)
    kinds = _kind_counts(data, rest)
    for s in fitting:
        if (completes(needed, totals[s], len(chosen))
                or minimal_payments(data, kinds, [(s, totals[s])], len(chosen))):
            return None
    names = " or ".join(data.symbols[s] for s in fitting)
    return f"no other cards in your hand bring {names} to exactly {needed} with these"


def is_complete(data: CardData, chosen: Sequence[int]) -> bool:
    """The cards ``chosen`` show exactly ``data.needed`` (4) of a symbol every one of them
    counts toward (or, ``needed`` odd, one more from cards showing 2 each)."""
    totals = symbol_counts(data, chosen)
    return bool(chosen) and any(completes(data.needed, totals[s], len(chosen))
                                for s in shared_symbols(data, chosen))


def payment_steps(state: WeWillWokYouState, wok: int, chosen: Sequence[int]
                  ) -> list[Action]:
    """The engine steps that take face-up wok card ``wok`` paying with ``chosen``, in an
    order the engine accepts (each checked on a copy); IllegalAction saying why if none."""
    data = state.data
    take = state.parse_action(f"take {data.woks[wok].id}")
    state.check_legal(take)  # e.g. "your hand does not show 4 identical symbols"
    problem = selection_problem(state, state.current_player, chosen)
    if problem is not None:
        raise IllegalAction(problem)
    if not is_complete(data, chosen):
        totals = symbol_counts(data, chosen)
        best = max(shared_symbols(data, chosen), key=lambda s: totals[s])
        raise IllegalAction(f"the chosen cards show {totals[best]} {data.symbols[best]} "
                            f"symbols; choose cards that make exactly {data.needed}")
    def breadth(card: int) -> int:
        """How many symbols the card counts toward (a star: all four)."""
        return sum(1 for c in data.kind_contribution[data.card_kind[card]] if c)

    # Narrowest cards first (plain before stars), so no shorter prefix completes the payment.
    ordered = sorted(chosen, key=lambda c: (breadth(c), c))
    for order in itertools.chain([ordered], itertools.permutations(ordered)):
        pays = [state.parse_action("pay " + data.kind_text(data.card_kind[c])) for c in order]
        steps: list[Action] = [take, *pays]
        trial = state.clone()
        player = trial.current_player
        try:
            for step in steps:
                if trial.current_player != player:
                    raise IllegalAction("paid before the last card")
                trial.apply(step)
        except IllegalAction:
            continue
        if wok in trial.woks[player]:
            return steps
    raise IllegalAction("the engine accepts no order of these cards as a payment")
