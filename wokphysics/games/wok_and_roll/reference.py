"""Wok and Roll's rules at hand (:mod:`wokphysics.games.reference`; no pygame)."""

from __future__ import annotations

from wokphysics.games.protocol import GameState
from wokphysics.games.reference import RuleSection, RulesReference


def wok_and_roll_reference(state: GameState | None = None) -> RulesReference:
    """The rules as the rulebook gives them (Simple and Expert menus)."""
    turn = RuleSection("turn", "A turn", (
        "1. Market: the player on turn rolls all 6 dice (4 white, 2 red), and may re-roll any "
        "of them up to twice, or lock them in after the first or second roll.",
        "2. Cooking: everyone cooks at once. The player on turn uses all 6 dice; the others "
        "use the 4 white dice only. Each die is one ingredient.",
        "Then the dice pass to the next player.",
    ), about=("roll", "lock in", "locked in", "dice", "die", "white", "red", "re-roll"))
    cooking = RuleSection("cooking", "Cooking", (
        "A dish serving is crossed off when its ingredients are paid: from the dice, from your "
        "Fridge (each Fridge ingredient once per game), or from what you earned.",
        "Servings of a dish are crossed off from top to bottom; platters (outlined groups) in "
        "any order. A whole platter scores its bonus.",
        "Meat and Vegetable: completing a row earns the circled ingredient, to use at once.",
        "Recipe Books: 2 buy a Specialty Skill (a hexagon: a Recipe Book becomes that "
        "ingredient from then on); 3 buy an end-game bonus (a rectangle).",
    ), about=("serving", "dish", "fridge", "platter", "next of", "recipe book", "skill",
              "pay", "ingredient"))
    expert = RuleSection("expert", "Expert menu", (
        "Locks: a locked serving needs the lock crossed off first, with 2 Recipe Books (or by "
        "crossing off a Recipe, for negative points).",
        "Fridge: only 2 ingredients at the start (chef hats); cooking your House Special earns "
        "up to 2 more.",
        "House Special: your own dish, only you may cook it, for many points.",
        "Pantry: servings with an ingredient symbol fill your Pantry (top to bottom); it is "
        "usable, and scores at the end.",
    ), about=("lock", "house special", "pantry", "chef"))
    end = RuleSection("end", "End and scoring", (
        "The game ends at the end of the turn in which a player completes 3 dishes or dish "
        "platters (Expert: not counting the House Special; a rules option can make it 5).",
        "Everyone finishes that turn. Add the taste points of every crossed-off serving, "
        "platter bonuses, skills and rectangles (and the Pantry in Expert).",
        "Most points wins; a tie goes to the tied player furthest clockwise from the start "
        "player.",
    ), about=("game is over", "end", "score"))
    return RulesReference("Wok and Roll", (turn, cooking, expert, end))
