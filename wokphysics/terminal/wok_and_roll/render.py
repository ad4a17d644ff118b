"""Wok and Roll in the terminal, as plain text.

``render(state, seat)`` is the screen a player reads before choosing, kept short enough that
an 80 x 24 terminal shows it with the choices below it: the turn, the dice (numbered as the
player sees them, see :mod:`.tray`), the player's menu packed a section to a line or two, the
Fridge, skills and bonuses, and the other players' scores as they were when the dice locked.
Each serving is a cell: a mark, the ingredient codes it needs and its taste points
(``*RRS2``); :func:`legend` explains the marks and codes. ``render_menu`` is the whole sheet
with the dish names (``show sheet``); ``render_end`` the final tally per wok space, worded as
the rulebook's scoring example.
"""

from __future__ import annotations

from wokphysics.games.protocol import GameState
from wokphysics.games.wok_and_roll.advice import (
    cookable,
    options,
    public_menu,
    tally,
    tally_sentence,
)
from wokphysics.games.wok_and_roll.menu import Menu
from wokphysics.games.wok_and_roll.sheet import (
    HOUSE_SPECIAL,
    PANTRY_SPACE,
    RECIPES,
    SKILLS_AND_FRIDGE,
    Group,
    Serving,
    Sheet,
)
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.games.wok_and_roll.tray import DiceTray

WIDTH = 78
"""Characters per line of the screen (an 80-column terminal)."""
LABEL = 14
"""Width of the section labels at the start of the sheet's lines."""
SHORT = {"Vegetable and Meat": "Veg+Meat", "Specialty Skills and Fridge": "Skills+Fridge",
         "House Special": "House Sp."}
DIE_NAMES = {"Vegetable": "Veg", "Recipe Book": "Book"}

def _cell(serving: Serving, crossed: bool, codes: str) -> str:
    needs = "".join(codes[f] for f in serving.needs)
    pantry = f" p{codes[serving.pantry]}" if serving.pantry >= 0 else ""
    mark = "X" if crossed else " "
    return f"[{mark} {serving.sid.split('.')[1]}:{needs} {serving.points}{pantry}]"


def _code_cell(sheet: Sheet, serving: Serving, mark: str) -> str:
    needs = "".join(sheet.codes[f] for f in serving.needs)
    pantry = f"/{sheet.codes[serving.pantry]}" if serving.pantry >= 0 else ""
    return f"{mark}{needs}{serving.points}{pantry}"


def _mark(crossed: bool, sid: str, ready: set[str]) -> str:
    if crossed:
        return "x"
    return "*" if sid in ready else " "


def _group_text(sheet: Sheet, menu: Menu, group: Group, ready: set[str]) -> str:
    head = group.gid if group.is_dish else f"{group.gid}[+{group.bonus}]"
    cells = []
    unlocked = menu.unlocked >> group.index & 1
    for pos, index in enumerate(group.servings):
        if pos == group.locked_from and not unlocked:
            cells.append("#")
        serving = sheet.servings[index]
        cells.append(_code_cell(sheet, serving, _mark(bool(menu.crossed >> index & 1),
                                                       serving.sid, ready)))
    return head + " " + " ".join(cells)


def _packed(label: str, parts: list[str]) -> list[str]:
    """``parts`` after a label, as many to a line as fit in :data:`WIDTH`."""
    lines: list[str] = []
    line = label.ljust(LABEL)
    for part in parts:
        if len(line.rstrip()) > LABEL and len(line) + len(part) > WIDTH:
            lines.append(line.rstrip())
            line = " " * LABEL
        line += part + "   "
    lines.append(line.rstrip())
    return lines


def dice_line(state: WokAndRollState, seat: int, tray: DiceTray | None = None) -> str:
    """``Dice: 1:Rice 2:Rice 3:Noodle 4:Book | 5:Seafood x6:Meat (you: all)`` with what
    ``seat`` may use (the red dice: the player at the market only) and has used this turn
    (``x``)."""
    sheet = state.sheet
    tray = tray if tray is not None else DiceTray(sheet.dice)
    faces = tray.faces(state)
    used = state.menus[seat].dice_used if state.phase == "cook" else 0
    parts = []
    for p, face in enumerate(faces):
        name = sheet.names[sheet.codes[face]]
        if p == sheet.white:
            parts.append("|")
        mark = "x" if used >> tray.order[p] & 1 else ""
        parts.append(f"{mark}{p + 1}:{DIE_NAMES.get(name, name)}")
    mine = "all" if seat == state.roller else f"1-{sheet.white}"
    return "Dice: " + " ".join(parts) + f" (you: {mine})"


def sheet_lines(state: WokAndRollState, seat: int, viewer: int | None) -> list[str]:
    """``seat``'s menu, packed: one or two lines per section, then the Fridge, skills and
    bonuses (what ``viewer`` may see of it; ``*`` marks what ``seat`` could cook now only on
    the viewer's own sheet)."""
    sheet = state.sheet
    menu = public_menu(state, viewer, seat)
    ready = cookable(options(state, seat)) if seat == viewer else set()
    scores = menu.section_scores(sheet)
    lines = []
    for section in sheet.sections:
        title = short_title(sheet.titles[section])
        parts = [_group_text(sheet, menu, g, ready) for g in sheet.groups
                 if g.section == section]
        lines += _packed(f"{title} ({scores[section]})", parts)
    if menu.hs_tile >= 0:
        tile = sheet.tiles[menu.hs_tile]
        cells = [_code_cell(sheet, s, _mark(s.pos < menu.hs_done, s.sid, ready))
                 for s in tile.servings]
        hats = ",".join(str(n) for n in sorted(tile.hats_after))
        lines += _packed(f"House Sp. ({scores.get(HOUSE_SPECIAL, 0)})",
                         [f"HS (hat after {hats}): " + " ".join(cells)])
    rows = []
    for row in sheet.rows:
        state_word = ""
        if menu.circled >> row.index & 1:
            state_word = "(used)" if menu.circle_used >> row.index & 1 else "(circled)"
        rows.append(f"{row.index + 1}>{sheet.codes[row.bonus]}{state_word}")
    if rows:
        pairs = sheet.rows[0].sids
        groups = "+".join(sid.split(".")[0] for sid in pairs)
        lines.append(f"Row bonuses ({groups} rows): " + " ".join(rows))
    lines.append(_fridge_line(sheet, menu, scores[SKILLS_AND_FRIDGE]))
    if sheet.pantry_points or sheet.recipes:
        lines.append(_pantry_line(sheet, menu, scores))
    lines.append(_skills_line(sheet, menu))
    return lines


def _fridge_line(sheet: Sheet, menu: Menu, points: int) -> str:
    codes = sheet.codes
    if sheet.chef_hats:
        fridge = (f"Chef's Hats {menu.hats} of {sheet.max_chef_hats} earned, "
                  f"{menu.hats_used} used (each one ingredient)")
    else:
        items = " ".join(f"{'x' if menu.fridge_used >> k & 1 else ''}{codes[f]}"
                         for k, f in enumerate(sheet.fridge))
        fridge = f"Fridge {items} (x used; {sheet.fridge_points_each} point each left)"
    return f"Skills+Fridge ({points}): {fridge}"


def _pantry_line(sheet: Sheet, menu: Menu, scores: dict[str, int]) -> str:
    codes = sheet.codes
    parts = []
    if sheet.pantry_points:
        pantry = " ".join(f"{codes[f]}{menu.pantry_circled[f]}/{menu.pantry_used[f]}"
                          for f in range(sheet.foods))
        parts.append(f"Pantry ({scores[PANTRY_SPACE]}) circled/used: {pantry}")
    if sheet.recipes:
        parts.append(f"Recipes ({scores[RECIPES]}): {menu.recipes_used} crossed")
    return " | ".join(parts)


def _skills_line(sheet: Sheet, menu: Menu) -> str:
    codes = sheet.codes
    skills = " ".join(f"{codes[f]}{'!' if menu.conversions >> f & 1 else ''}"
                      for f in range(sheet.foods) if sheet.conversions >> f & 1)
    rects = []
    for points in sorted({r.points for r in sheet.rectangles}, reverse=True):
        codes_at = " ".join(
            _rect_code(sheet, r.per) + ("!" if menu.rectangles >> r.index & 1 else "")
            for r in sheet.rectangles if r.points == points)
        rects.append(f"{codes_at} x{points}")
    return (f"Skills {sheet.conversion_cost}B: {skills} | End bonus {sheet.rectangle_cost}B: "
            f"{', '.join(rects)} (! = gained)")


def _rect_code(sheet: Sheet, per: int) -> str:
    return "skills" if per < 0 else sheet.codes[per]


def others_line(state: WokAndRollState, seat: int) -> str:
    """The other players' scores and dishes done, as ``seat`` may see them."""
    sheet = state.sheet
    parts = []
    for other in range(state.num_players):
        if other == seat:
            continue
        menu = public_menu(state, seat, other)
        parts.append(f"P{other + 1} {menu.score(sheet)} pts, {menu.completed(sheet)} done")
    if not parts:
        return ""
    when = " (as the dice locked)" if state.public else ""
    return f"Others{when}: " + "; ".join(parts)


def tally_line(state: WokAndRollState, viewer: int, seat: int) -> str:
    """``seat``'s points per wok space on one or two lines, as ``viewer`` may see them."""
    sheet = state.sheet
    menu = public_menu(state, viewer, seat)
    parts = [f"{short_title(title)} {points}" for title, points, _ in tally(sheet, menu)]
    half = (len(parts) + 1) // 2 if len(parts) > 5 else len(parts)
    lines = [f"{menu.score(sheet)} points, {menu.completed(sheet)} of {sheet.dishes_to_end} "
             "dishes done", "    " + ", ".join(parts[:half])]
    if parts[half:]:
        lines.append("    " + ", ".join(parts[half:]))
    return "\n".join(lines)


def short_title(title: str) -> str:
    """A wok space's title in a few letters (``Veg+Meat``, ``Skills+Fridge``)."""
    title = title.removesuffix(" section")
    return SHORT.get(title, title)


def render(game: GameState, seat: int, tray: DiceTray | None = None) -> str:
    """What ``seat`` sees before choosing (about 12-16 lines)."""
    assert isinstance(game, WokAndRollState)
    state = game
    sheet = state.sheet
    if state.phase == "roll":
        at = f"is at the market, roll {state.rolls} of {sheet.rerolls + 1}"
    else:
        at = "went to the market; cooking"
    menu = state.menus[seat]
    side = sheet.name.removesuffix(" Menu")
    lines = [
        f"== Wok and Roll ({side}), turn {state.turn}: Player {state.roller + 1} {at} ==",
        dice_line(state, seat, tray),
        f"You (Player {seat + 1}): {menu.score(sheet)} points, {menu.completed(sheet)} of "
        f"{sheet.dishes_to_end} dishes done | x crossed  * cook now  # lock",
        *sheet_lines(state, seat, seat),
    ]
    others = others_line(state, seat)
    if others:
        lines.append(others)
    return "\n".join(lines)


def legend(sheet: Sheet) -> str:
    """The codes and marks of the screen, in words."""
    codes = ", ".join(f"{c} = {sheet.names[c]}" for c in sheet.codes)
    lines = [
        f"Ingredients: {codes}.",
        "A serving: a mark, the ingredients it needs, its taste points, e.g. *RRS2 needs "
        "Rice, Rice, Seafood for 2 points.",
        "Marks: x crossed off, * you can cook it now (with these dice), blank not now; "
        "# a lock (the servings after it need it crossed off first).",
        "R1[+2]: a platter (its servings in any order) worth 2 more when complete; a dish "
        "(R1) is crossed from the top down.",
    ]
    if sheet.pantry_points:
        lines.append("/S after the points: crossing it circles a Seafood space in the Pantry.")
    lines.append("Row bonuses 3>B(circled): crossing both servings of row 3 circles a Recipe "
                 "Book, usable once.")
    lines.append("Fridge xV: that Fridge item is used. Skills R N V! : V! is gained (Recipe "
                 "Books count as Vegetable). Bonus skillsx2: 2 points per skill at the end.")
    lines.append("Paying: R=die a Rice die, R=fridge the Fridge's Rice, R=circle a circled "
                 "Rice, R=pantry a Pantry Rice, R=die-book a Recipe Book die used as Rice.")
    lines.append("Dice 1-4 are white (everyone cooks with them), 5-6 red (only the player at "
                 "the market).")
    return "\n".join(lines)



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


def render_end(game: GameState) -> str:
    """The final tally per wok space in the rulebook's order (a table, then each player's
    score in the words of the rulebook's scoring example), and the winner with the tie-break
    named."""
    assert isinstance(game, WokAndRollState)
    state = game
    sheet = state.sheet
    tallies = [tally(sheet, menu) for menu in state.menus]
    width = max(len(title) for title, _, _ in tallies[0]) + 2
    lines = [f"Game over after {state.turn} turns. Final tally in taste points:"]
    lines.append(
        f"{'':<{width}}" + "".join(f"{'P' + str(i + 1):>7}" for i in range(state.num_players))
    )
    for row, (title, _, _) in enumerate(tallies[0]):
        lines.append(f"{title:<{width}}" + "".join(f"{t[row][1]:>7}" for t in tallies))
    totals = state.scores()
    lines.append(f"{'Total':<{width}}" + "".join(f"{t:>7}" for t in totals))
    for seat, menu in enumerate(state.menus):
        lines.append(tally_sentence(sheet, menu, f"Player {seat + 1}"))
    winner = state.winners()[0]
    tied = [i for i, t in enumerate(totals) if t == totals[winner]]
    note = " (tie broken: furthest clockwise from the first player)" if len(tied) > 1 else ""
    lines.append(f"Player {winner + 1} wins with {totals[winner]} taste points{note}.")
    return "\n".join(lines)
