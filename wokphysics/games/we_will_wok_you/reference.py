"""We Will Wok You's rules at hand (:mod:`wokphysics.games.reference`; no pygame)."""

from __future__ import annotations

from wokphysics.games.protocol import GameState
from wokphysics.games.reference import RuleSection, RulesReference


def we_will_wok_you_reference(state: GameState | None = None) -> RulesReference:
    """The rules as the rulebook gives them, with the symbols a wok card costs in ``state``'s
    game (4 in the rulebook's)."""
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

    needed = state.data.needed if isinstance(state, WeWillWokYouState) else 4
    turn = RuleSection("turn", "Your turn", (
        "Do exactly one of these (pass only when none is possible):",
        "A) Collect a coin: take 1 coin from either coin set into your hand. That set's rows "
        "get cheaper. The last coin of a set may not be taken.",
        "B) Buy a row: pay the coins next to it (the set's count is the price of each of its "
        "rows), put them on that set, take the row's cards into your hand. The row is refilled "
        "from the draw pile.",
        f"C) Take a wok card: put hand cards in front of you that show {needed} identical "
        "symbols (stars are wild), and take any wok card. Cards in front still score at the "
        "end, but no longer pay for woks.",
    ), about=("coin set", "last coin", "costs", "row", "pass", "first finish paying"))
    symbols = RuleSection("symbols", "Symbols", (
        "Symbols: fortune cookie, spoon, bowl, chopsticks, and the star (wild: any of the "
        "four).",
        "A card shows 0, 1 or 2 symbols; all of them count (printed in both corners, counted "
        "once).",
        f"Paying for a wok card: exactly {needed} identical symbols, counting stars as that "
        "symbol. The window refuses a card that cannot be part of such a payment.",
    ), about=("identical symbols", "wild", "pay", "symbol"))
    woks = RuleSection("woks", "Wok cards", (
        "Covered: no ingredients go in; scores its printed points.",
        "Combo: any number of the pictured combination; points per whole combination.",
        "Set of 3 / Set of 5: sets of that many of one type (sets may differ); points per set.",
        "Leftovers: any ingredient, 1 point each. Hand: cards from your hand only (not those "
        "in front), 2 each. No symbol: blank cards only, 3 each.",
        "Double: two woks filled independently with their ingredient; points per card.",
        "Blue (Men-at-wok), each on a red wok at the end: Double wok man changes a double "
        "wok's points; Power man makes any red wok a covered wok worth 12; Swap man replaces "
        "one ingredient type by another on a combo wok.",
    ), about=("wok card", "face up"))
    end = RuleSection("end", "End and scoring", (
        "The end starts when a purchase leaves both rows of one coin set empty. Then every "
        "player, the one who ended it too, takes exactly one more action.",
        "Each player puts their ingredients (hand and in front) into their woks for the most "
        "points; each card in one wok at most. The window finds the best arrangement exactly.",
        "Most points wins; a tie goes to fewer left-over ingredients, then fewer left-over "
        "coins (rules options); still tied, shared.",
        "The draw pile's count is shown by the rows; the cards removed at setup are shown to "
        "all.",
    ), about=("game is over", "end", "score"))
    return RulesReference("We Will Wok You", (turn, symbols, woks, end))
