"""Wok on Fire's rules at hand (:mod:`wokphysics.games.reference`), with the numbers of the
rules the game is played with (no pygame)."""

from __future__ import annotations

from wokphysics.config.wok_on_fire import WokOnFireRules
from wokphysics.games.reference import RuleSection, RulesReference


def _points(rules: WokOnFireRules, name: str) -> int:
    item = rules.ingredients.get(name)
    return item.points if item is not None else 0


def _count(rules: WokOnFireRules, name: str) -> int:
    item = rules.ingredients.get(name)
    return item.count if item is not None else 0


def wok_on_fire_reference(rules: WokOnFireRules) -> RulesReference:
    """The rules of Wok on Fire as ``rules`` set them (the shipped config: the rulebook's)."""
    s = rules.scoring
    picks = rules.picks_per_turn
    onions = "/".join(str(p) for p in s.onion_counts)
    onion_n = "/".join(str(i + 1) for i in range(len(s.onion_counts)))
    turn = RuleSection("turn", "A turn", (
        "1. Stir fry: two flicks with the spatula. If neither flipped a card over, flick again, "
        "one at a time, until one does.",
        f"2. Pick up: name {picks} viable cards, then take them (fewer if fewer are viable). "
        "You name them all before taking any.",
        f"3. Chop: {rules.cards_per_chop} cards from the supply into the wok, plus any card "
        "out of the wok. Cards stay as they land.",
        "",
        "The supply running out starts the end: every player, from the next one on, takes one "
        "more turn. Then the best arrangement of each player's cards is scored.",
    ), about=("expects", "stir", "chop", "flip", "running", "game is over"))
    viable = RuleSection("viable", "Viable cards", (
        "A card may be picked up when all of these hold:",
        "- it is face up;",
        "- part of its centre circle shows (no card lies over all of it);",
        "- at least one of its four corner dots shows;",
        "- it lies in the wok: not out of it, not falling out over its edge"
        + (" (a Green Pepper may be taken even so)." if rules.green_pepper_viable_falling_out
           else "."),
        "In the window a card you may pick now has a thick yellow frame edged in black "
        "(dashed: a Green Pepper first); one you may claim blind has a dotted cyan frame.",
    ), about=("face down", "centre circle", "corner", "falling out", "out of the wok",
              "not lying in the wok", "viable"), picture="viability")
    powers = RuleSection("powers", "Powers", (
        "Chicken: naming one viable Chicken takes every viable Chicken, as one pick.",
        "Green Pepper: while one is viable it must be picked first. The first one you pick in "
        "a turn gives one more flick and then one more pick for you.",
        "Garlic: the first one you pick in a turn gives one more flick and then one more pick, "
        "which you give to an opponent. With both bonuses, you say which comes first.",
        "Chili Pepper: " + ("on a later turn, after your picks, discard it for one more pick "
                            "(not a Chili Pepper)." if rules.chili_extra_pick else
                            "no extra pick (switched off in these rules)."),
        "Blind claim: " + ("right-click a face-up card whose centre circle is hidden (a "
                           "corner showing) to claim it as Chicken. Not a Chicken: it stays, "
                           "and the pick is used up." if rules.blind_chicken_claim else
                           "switched off in these rules."),
    ), about=("chicken", "green pepper", "garlic", "chili", "gift", "opponent", "claim",
              "named twice", "bonus"))
    scoring = RuleSection("scoring", "Scoring", (
        f"Chicken {_points(rules, 'chicken')}, Pork {_points(rules, 'pork')}, Shrimp "
        f"{_points(rules, 'shrimp')}, Broccoli {_points(rules, 'broccoli')}, Green Pepper "
        f"{_points(rules, 'green_pepper')} points each.",
        f"Mushrooms: {s.mushroom_set} per set of {s.mushroom_set_size}. Onions: {onions} for "
        f"{onion_n} Onions.",
        f"Garlic + one Meat: {s.garlic_meat_factor} times that Meat. Chili Pepper + one Green "
        f"Pepper: {s.chili_green_pepper}.",
        f"Rice + a Meat + a Vegetable: {s.rice_dish}. Noodles + a Meat + a Vegetable + a "
        f"Condiment: {s.noodle_dish}.",
        f"Most Pork: +{rules.pork_majority_bonus}. Most Broccoli: "
        f"-{rules.broccoli_majority_penalty}. A tie for most: nobody.",
        "Each card counts once; your cards are arranged for the most points (exactly). A tie "
        "goes to the fewer cards collected.",
        "Meats: Chicken, Pork, Shrimp. Vegetables: Broccoli, Green Pepper, Mushroom, Onion. "
        "Condiments: Chili Pepper, Garlic. Starches: Rice, Noodles.",
    ), about=("score", "points"))
    cards = RuleSection("cards", "The deck", (
        f"{rules.deck_size} cards: " + ", ".join(
            f"{name.replace('_', ' ').title()} x{_count(rules, name)}"
            for name in rules.ingredients) + ".",
        f"{rules.setup.wok} start face down in the wok; {rules.setup.supply} form the supply.",
        "Each card's border and corner dots have its ingredient's colour; its name is printed "
        "on it too.",
    ))
    return RulesReference("Wok on Fire", (turn, viable, powers, scoring, cards))
