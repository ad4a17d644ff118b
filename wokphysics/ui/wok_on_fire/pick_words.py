"""What a Wok on Fire pick asks for, in the words the engine checks it by (no pygame)."""

from __future__ import annotations

from wokphysics.games.wok_on_fire.engine import LegalPicks


def pick_words(legal: LegalPicks) -> str:
    """What this pick asks for, as the engine will check it: "Name 2 cards (5 are viable)",
    "Name 1 to 2 cards", "Name 1 card" (it said "Pick up to 2 cards" where 2 had to be
    named)."""
    viable = len(legal.all_viable)
    seen = f" ({viable} are viable)" if viable > legal.max_picks else ""
    if legal.min_picks == legal.max_picks:
        n = legal.max_picks
        return f"Name {n} card{'s' if n != 1 else ''}{seen}"
    low = max(legal.min_picks, 1)
    return f"Name {low} to {legal.max_picks} cards{seen}"
