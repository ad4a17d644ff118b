"""What a player of Wok and Roll may read off the table, in words: whose sheet shows what,
what could be cooked now, and why a serving, a skill or a lock cannot be taken now.

Shared by the terminal and the window (no pygame). Everything here reads the game through
its public parts (the legal actions, the menus, the dice) and changes nothing: previews work
on copies of a menu.
"""

from __future__ import annotations

from collections.abc import Iterable

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import Convert, Cook, Rectangle, Unlock
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, lane
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.rules import menu_actions
from wokphysics.games.wok_and_roll.sheet import CIRCLE, DIE, FRIDGE, PANTRY, Serving, Sheet
from wokphysics.games.wok_and_roll.state import WokAndRollState

POOL_WORDS = {DIE: "die", FRIDGE: "Fridge", CIRCLE: "circled", PANTRY: "Pantry"}


def cooking_order(state: WokAndRollState) -> list[int]:
    """The seats in the order they cook this turn (the player at the market first)."""
    n = state.num_players
    return [(state.roller + k) % n for k in range(n)]


def has_cooked(state: WokAndRollState, seat: int) -> bool:
    """``seat`` has finished cooking this turn (the cooking passed it)."""
    if state.phase != "cook":
        return False
    order = cooking_order(state)
    return order.index(seat) < order.index(state.cooker)


def public_menu(state: WokAndRollState, viewer: int | None, seat: int) -> Menu:
    """``seat``'s menu as ``viewer`` may see it: in full for the viewer's own (or for
    everyone when ``viewer`` is None and nothing is secret, i.e. after the turn), else as it
    was when the dice locked."""
    hidden = state.public[seat] if state.public and seat != viewer else None
    return state.menus[seat] if hidden is None else hidden


def options(state: WokAndRollState, seat: int) -> list[Action]:
    """What ``seat`` could do with these dice: its legal actions while it cooks; otherwise
    a preview on a copy of its menu (the dice as they lie, none used yet). Empty when the
    seat has finished cooking this turn or the game is over."""
    if state.is_terminal() or has_cooked(state, seat):
        return []
    if state.phase == "cook" and state.cooker == seat:
        return state.legal_actions()
    menu = state.menus[seat].copy()
    menu.dice_used = 0
    return menu_actions(state.sheet, menu, list(state.dice), state.usable(seat))


def cookable(actions: Iterable[Action]) -> set[str]:
    """The servings some of these actions cross."""
    return {a.sid for a in actions if isinstance(a, Cook)}


def needs_words(sheet: Sheet, serving: Serving) -> str:
    """``Rice, Rice, Seafood``."""
    return ", ".join(sheet.names[sheet.codes[f]] for f in serving.needs)


def token_words(sheet: Sheet, need: int, token: int) -> str:
    """``Rice die``, ``Seafood from the Fridge``, ``Recipe Book die as Vegetable``."""
    pool, face = divmod(token, FACE_LANES)
    names, codes = sheet.names, sheet.codes
    what = names[codes[face]]
    where = {DIE: "die", FRIDGE: "from the Fridge", CIRCLE: "circled", PANTRY: "from the Pantry"}
    if sheet.chef_hats and pool == FRIDGE:
        text = f"Chef's Hat {what}"
    else:
        text = f"{what} {where[pool]}"
    if face == sheet.book and need != sheet.book:
        text += f" as {names[codes[need]]}"
    return text


def payment_words(sheet: Sheet, action: Action) -> str:
    """How an action pays: ``Rice die + Seafood from the Fridge``; Books by pool."""
    if isinstance(action, Cook):
        return " + ".join(token_words(sheet, n, t) for n, t in action.uses)
    if isinstance(action, Convert | Rectangle | Unlock):
        if isinstance(action, Unlock) and not action.pools:
            return "crossing off a Recipe"
        return " + ".join(f"Recipe Book {'die' if p == DIE else POOL_WORDS[p]}"
                          for p in action.pools)
    return str(action)


def available(state: WokAndRollState, seat: int) -> dict[int, int]:
    """Ingredients ``seat`` could spend now, per face (dice it may use and has not used,
    Fridge, circled row bonuses, Pantry; each Chef's Hat counted once in every face it may
    be)."""
    menu = state.menus[seat]
    if state.phase != "cook" or has_cooked(state, seat):
        menu = menu.copy()
        menu.dice_used = 0
    tokens, _ = menu.pools(state.sheet, list(state.dice), state.usable(seat))
    found: dict[int, int] = {}
    for face in range(len(state.sheet.codes)):
        count = sum(lane(tokens, pool * FACE_LANES + face)
                    for pool in (DIE, FRIDGE, CIRCLE, PANTRY))
        if count:
            found[face] = count
    return found


def why_not(state: WokAndRollState, seat: int, serving: Serving, name: str = "") -> str | None:
    """Why ``seat`` cannot cross ``serving`` now, in words, or None when it can (it is among
    its options). ``name``: how to call the player cooking now (default "player N")."""
    sheet = state.sheet
    menu = state.menus[seat]
    if serving.index >= 0 and menu.crossed >> serving.index & 1:
        return "crossed off already"
    if serving.index < 0 and serving.pos < menu.hs_done:
        return "crossed off already"
    if serving not in menu.candidates(sheet):
        return _order_reason(sheet, menu, serving)
    if state.is_terminal():
        return "the game is over"
    if has_cooked(state, seat):
        return "you have finished cooking this turn"
    choices = cookable(options(state, seat))
    if state.phase == "roll":
        would = "these dice would pay it" if serving.sid in choices else \
            "these dice would not pay it"
        return f"the dice are not locked in yet ({would})"
    if state.cooker != seat:
        who = name or f"player {state.cooker + 1}"
        return f"{who} is cooking; your turn to cook comes after"
    if serving.sid in choices:
        return None
    return shortage(state, seat, serving)


def shortage(state: WokAndRollState, seat: int, serving: Serving) -> str:
    """What is missing to pay ``serving`` now, in words."""
    sheet = state.sheet
    have = available(state, seat)
    names, codes = sheet.names, sheet.codes
    missing = []
    for face, count in serving.need_counts:
        got = have.get(face, 0)
        if got < count:
            missing.append(f"{count - got} {names[codes[face]]}")
    text = f"needs {needs_words(sheet, serving)}"
    menu = state.menus[seat]
    if missing:
        text += "; missing " + ", ".join(missing)
        books = have.get(sheet.book, 0)
        skills = [names[codes[f]] for f, _ in serving.need_counts if menu.conversions >> f & 1]
        if books and not skills:
            text += " (a conversion skill would let Recipe Books stand in)"
    elif sheet.chef_hats:
        text += f"; only {menu.fridge_allowance(sheet)} Chef's Hat ingredient(s) left to use"
    return text


def _order_reason(sheet: Sheet, menu: Menu, serving: Serving) -> str:
    if serving.index < 0:
        return f"House Special servings are crossed in order: serving {menu.hs_done + 1} next"
    group = sheet.groups[serving.group]
    unlocked = menu.unlocked >> group.index & 1
    if group.locked_from >= 0 and not unlocked and serving.pos >= group.locked_from:
        penalty = sheet.recipes[menu.recipes_used] if menu.recipes_used < len(sheet.recipes) \
            else None
        recipe = f", or cross off a Recipe ({penalty} taste points)" if penalty is not None \
            else ""
        return (f"behind a lock: unlock {group.gid} first with {sheet.unlock_cost} Recipe "
                f"Books{recipe}")
    crossed = (menu.crossed & group.mask).bit_count()
    first = sheet.servings[group.servings[crossed]].sid
    return f"a dish is crossed from the top down: {first} comes first"


def books_available(state: WokAndRollState, seat: int) -> int:
    """Recipe Books ``seat`` could spend now (dice, Fridge, circled; Chef's Hats as Books)."""
    return available(state, seat).get(state.sheet.book, 0)


def why_not_books(state: WokAndRollState, seat: int, kind: str, cost: int,
                  gained: bool, name: str = "") -> str | None:
    """Why a skill, a rectangle or an unlock (``kind`` in words) cannot be taken now, or None
    when the turn and the Books allow it (the caller checks the legal actions)."""
    if gained:
        return f"{kind}: gained already"
    if state.is_terminal():
        return "the game is over"
    if state.phase == "roll":
        return f"{kind} costs {cost} Recipe Books; the dice are not locked in yet"
    if has_cooked(state, seat):
        return "you have finished cooking this turn"
    if state.cooker != seat:
        who = name or f"player {state.cooker + 1}"
        return f"{who} is cooking; your turn to cook comes after"
    books = books_available(state, seat)
    if books < cost:
        return f"{kind} costs {cost} Recipe Books; you have {books} to use now"
    return None


def tally(sheet: Sheet, menu: Menu) -> list[tuple[str, int, str]]:
    """The final tally in the order of the rulebook's scoring example: (the wok space's
    title, taste points, a note), Specialty Skills and Fridge first, then the food sections
    (the note names the full platters whose bonus is included), then the Expert Menu's
    House Special, Pantry and Recipes. The points add up to the menu's score."""
    scores = menu.section_scores(sheet)
    keys = [key for key in scores if key not in sheet.sections]
    ordered = keys[:1] + list(sheet.sections) + keys[1:]
    rows = []
    for key in ordered:
        note = ""
        if key in sheet.sections:
            full = [g for g in sheet.groups if g.section == key and not g.is_dish
                    and menu.crossed & g.mask == g.mask]
            if full:
                bonus = sum(g.bonus for g in full)
                plural = "s" if len(full) > 1 else ""
                note = (f"including {bonus} additional points for {len(full)} full dish "
                        f"platter{plural}")
        rows.append((sheet.titles[key], scores[key], note))
    return rows


def tally_sentence(sheet: Sheet, menu: Menu, name: str) -> str:
    """``Player 1's score is 55 taste points, tallied from Specialty Skills and Fridge (19),
    Rice section (5), ...``: the rulebook's words."""
    rows = tally(sheet, menu)
    parts = [f"{title} ({points}{', ' + note if note else ''})" for title, points, note in rows]
    listed = ", ".join(parts[:-1]) + f", and {parts[-1]}" if len(parts) > 1 else parts[0]
    whose = "Your" if name == "You" else f"{name}'s"
    return f"{whose} score is {menu.score(sheet)} taste points, tallied from {listed}."
