"""Wok Star's rules at hand (:mod:`wokphysics.games.reference`; no pygame)."""

from __future__ import annotations

from wokphysics.games.protocol import GameState
from wokphysics.games.reference import RuleSection, RulesReference


def wok_star_reference(state: GameState | None = None) -> RulesReference:
    """The rules as the rulebook gives them, with the limits of ``state``'s game."""
    from wokphysics.games.wok_star.state import WokStarState

    rules = state.config.rules if isinstance(state, WokStarState) else None
    rounds = rules.rounds if rules is not None else 6
    limit = rules.bad_publicity_limit if rules is not None else 8
    seconds = rules.timer_seconds if rules is not None else 20.0
    # The flip "even if it is not empty yet" surprised a person at human pace: a customer
    # was late a second after it came. Said only where the game's rules do it.
    early = rules is None or (rules.timer and rules.sand_physics)
    flipped = (
        "The next card flips the other timer even if it is not empty yet: it then runs only "
        "for the sand that had fallen, so after a quick serve a customer may have a few "
        "seconds.",) if early else ()
    action = RuleSection("action", "Action phase", (
        f"Customers come one at a time, each on a {seconds:g}-second sand timer. Everyone "
        "rolls their dice once and plays at the same time.",
        *flipped,
        "Serve: the owner of the customer's recipe spends 1 of each of its ingredients (the "
        "counters on the board go down). In time: face up, paid. Late but still possible: "
        "it must be served, face down, unpaid.",
        f"Turn away: a customer that cannot be served goes to Bad Publicity. {limit} there and "
        "the team loses.",
        "Events come up among the customers: follow the card.",
    ), about=("customer", "serve", "turn away", "late", "timer", "bad publicity", "recipe"))
    prep = RuleSection("prep", "Preparations", (
        "Only a preparation's owner places dice on it; dice may be given to teammates freely.",
        "Any number (?): 1 ingredient. The matching number: 2 of it. The pictured pair of "
        "dice: 3. Upgraded cards make more.",
        "A placed die stays until the next round. Unplaced dice at the end of the action "
        "phase may still be spent.",
    ), about=("preparation", "die", "dice", "number", "owner", "place", "give"))
    rounds_page = RuleSection("rounds", "Rounds", (
        f"{rounds} rounds of Action, Accounting, Purchase.",
        "Accounting: each player's face-up customers pay their dollars; a player with more "
        "face-up customers than dice takes dice up to that number (max 8). No customer "
        "turned away: word of mouth adds a customer.",
        "Purchase (together): new recipes (base + fixed cost), preparation upgrades, "
        "advertising (a customer from the potential deck). Money carries over.",
    ), about=("purchase", "buy", "money", "upgrade", "advertis", "afford", "cost"))
    end = RuleSection("end", "Winning", (
        f"Only round {rounds}'s income counts: the team wins when it pays back the loan "
        "(Normal: $80 with 4 players, $60 with 3, $40 with 1-2; Easy less, Hard more).",
        f"The team loses at once when Bad Publicity reaches {limit}.",
        "Family characters: each once per game, at any time.",
        "First game: play without the timer, events and characters (rules options).",
    ), about=("loan", "lose", "character", "family", "game is over"))
    return RulesReference("Wok Star", (action, prep, rounds_page, end))
