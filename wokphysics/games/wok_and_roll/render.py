"""Wok and Roll in the terminal: each menu drawn like the paper sheet, as plain text.

``render(state, seat)`` shows only what ``seat`` may see: its own menu in full, the dice, and
the other players' menus as they were when the dice locked.
"""

from __future__ import annotations

from wokphysics.games.protocol import GameState
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.sheet import (
    HOUSE_SPECIAL,
    PANTRY_SPACE,
    RECIPES,
    SKILLS_AND_FRIDGE,
    Serving,
    Sheet,
)
from wokphysics.games.wok_and_roll.state import WokAndRollState


def _cell(serving: Serving, crossed: bool, codes: str) -> str:
    needs = "".join(codes[f] for f in serving.needs)
    pantry = f" p{codes[serving.pantry]}" if serving.pantry >= 0 else ""
    mark = "X" if crossed else " "
    return f"[{mark} {serving.sid.split('.')[1]}:{needs} {serving.points}{pantry}]"


def dice_line(state: WokAndRollState, seat: int) -> str:
    sheet = state.sheet
    names, codes = sheet.names, sheet.codes
    parts = []
    for i, face in enumerate(state.dice):
        colour = "w" if i < sheet.white else "r"
        used = state.phase == "cook" and state.menus[seat].dice_used >> i & 1
        usable = state.usable(seat) >> i & 1
        tag = "used" if used else ("" if usable else "not yours")
        label = f"{i + 1}{colour} {names[codes[face]]}"
        parts.append(f"[{label}{' - ' + tag if tag else ''}]")
    return "Dice: " + " ".join(parts)


def render_menu(sheet: Sheet, menu: Menu, title: str) -> str:
    """One menu sheet as text lines: sections, crossings, circles, skills, Fridge, score."""
    codes = sheet.codes
    sections = menu.section_scores(sheet)
    titles = sheet.titles
    lines = [
        f"--- {title}: {sum(sections.values())} taste points, "
        f"{menu.completed(sheet)} of {sheet.dishes_to_end} dishes/platters complete ---"
    ]
    for section in sheet.sections:
        lines.append(f"{titles[section].upper()} ({sections[section]})")
        members = 0
        for group in sheet.groups:
            if group.section != section:
                continue
            members |= group.mask
            kind = "dish" if group.is_dish else f"platter +{group.bonus}"
            cells = []
            for pos, index in enumerate(group.servings):
                if pos == group.locked_from:
                    cells.append("|unlocked|" if menu.unlocked >> group.index & 1 else "|LOCK|")
                cells.append(_cell(sheet.servings[index], bool(menu.crossed >> index & 1), codes))
            lines.append(f"  {group.gid} {group.name} ({kind})")
            lines.append("     " + " ".join(cells))
        rows = []
        for row in sheet.rows:
            if row.mask & members != row.mask:
                continue
            state = " "
            if menu.circled >> row.index & 1:
                state = "used" if menu.circle_used >> row.index & 1 else "CIRCLED"
            rows.append(f"row {row.index + 1} {'+'.join(row.sids)} -> {codes[row.bonus]} {state}")
        if rows:
            lines.append("     rows: " + "; ".join(rows))
    if menu.hs_tile >= 0:
        tile = sheet.tiles[menu.hs_tile]
        cells = [_cell(s, pos < menu.hs_done, codes) for pos, s in enumerate(tile.servings)]
        lines.append(
            f"{titles[HOUSE_SPECIAL].upper()} ({sections.get(HOUSE_SPECIAL, 0)}): {tile.name}, "
            f"a Chef's Hat after serving {', '.join(map(str, sorted(tile.hats_after)))}"
        )
        lines.append("     " + " ".join(cells))
    conversions = " ".join(
        f"<{codes[f]}{'*' if menu.conversions >> f & 1 else ''}>"
        for f in range(sheet.foods)
        if sheet.conversions >> f & 1
    )
    rects = " ".join(
        f"[{r.rid} x{r.points}{'*' if menu.rectangles >> r.index & 1 else ''}]"
        for r in sheet.rectangles
    )
    skills = titles[SKILLS_AND_FRIDGE].upper()
    lines.append(f"{skills} ({sections[SKILLS_AND_FRIDGE]})  (* = gained)")
    lines.append(f"     conversions ({sheet.conversion_cost} books): {conversions}")
    lines.append(f"     end-game bonuses ({sheet.rectangle_cost} books): {rects}")
    if sheet.chef_hats:
        kinds = "/".join(codes[f] for f in range(len(codes)) if sheet.hat_faces >> f & 1)
        lines.append(
            f"     Fridge: Chef's Hats {menu.hats} (at most {sheet.max_chef_hats}), "
            f"{menu.hats_used} used, {menu.fridge_allowance(sheet)} left (each any of {kinds})"
        )
    else:
        fridge = " ".join(
            f"{codes[f]}{'(x)' if menu.fridge_used >> k & 1 else ''}"
            for k, f in enumerate(sheet.fridge)
        )
        lines.append(f"     Fridge: {fridge}")
    if sheet.pantry_points:
        pantry = " ".join(
            f"{codes[f]}:{menu.pantry_circled[f]}({menu.pantry_used[f]} used)"
            for f in range(sheet.foods)
        )
        lines.append(
            f"{titles[PANTRY_SPACE].upper()} ({sections[PANTRY_SPACE]}): circled per food "
            f"{pantry}; space points {list(sheet.pantry_points)}"
        )
    if sheet.recipes:
        lines.append(
            f"{titles[RECIPES].upper()} ({sections[RECIPES]}): {menu.recipes_used} of "
            f"{len(sheet.recipes)} crossed, penalties {list(sheet.recipes)}"
        )
    return "\n".join(lines)


def render(game: GameState, seat: int) -> str:
    """What ``seat`` sees before choosing: the turn, the dice, its menu, the others' scores."""
    assert isinstance(game, WokAndRollState)
    state = game
    sheet = state.sheet
    head = (
        f"=== Wok and Roll, {sheet.name}: turn {state.turn}, Player {state.roller + 1} "
        f"went to the market ==="
    )
    if state.phase == "roll":
        head += f"\n(roll {state.rolls} of {sheet.rerolls + 1})"
    lines = [head, dice_line(state, seat)]
    lines.append(render_menu(sheet, state.menus[seat], f"Your menu (Player {seat + 1})"))
    observed = state.observation(seat)["menus"]
    others = [f"Player {i + 1}: {m['score']} points" for i, m in enumerate(observed) if i != seat]
    if others:
        lines.append("Others (as the dice locked): " + "; ".join(others))
    return "\n".join(lines)


def render_end(game: GameState) -> str:
    """The final tally per wok space, and the winner with the tie-break named."""
    assert isinstance(game, WokAndRollState)
    state = game
    sheet = state.sheet
    tallies = [m.section_scores(sheet) for m in state.menus]
    keys = list(tallies[0])
    width = max(len(sheet.titles[key]) for key in keys) + 2
    lines = [f"Game over after {state.turn} turns. Final tally in taste points:"]
    lines.append(
        f"{'':<{width}}" + "".join(f"{'P' + str(i + 1):>7}" for i in range(state.num_players))
    )
    for key in keys:
        lines.append(f"{sheet.titles[key]:<{width}}" + "".join(f"{t[key]:>7}" for t in tallies))
    totals = state.scores()
    lines.append(f"{'Total':<{width}}" + "".join(f"{t:>7}" for t in totals))
    winner = state.winners()[0]
    tied = [i for i, t in enumerate(totals) if t == totals[winner]]
    note = " (tie broken: furthest clockwise from the first player)" if len(tied) > 1 else ""
    lines.append(f"Player {winner + 1} wins with {totals[winner]} taste points{note}.")
    return "\n".join(lines)
