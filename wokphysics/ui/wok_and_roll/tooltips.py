"""Wok and Roll's words for what the pointer rests on and for the payment under way: text the
presenter composes (:meth:`~.presenter.RollPresenter.tooltip`,
:meth:`~.presenter.RollPresenter.payment_words`) and the drawing only draws.

Each kind of thing on screen (:class:`~.layout.Hit`) has its own method: a die, a serving, a
dish or platter, a lock, a circle, a Fridge item, a Chef's Hat, a Pantry space, a skill, an
end-game bonus, the Recipes, another player, a section of the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wokphysics.games.wok_and_roll.advice import (
    needs_words,
    tally,
    why_not,
    why_not_books,
)
from wokphysics.games.wok_and_roll.rules import serving_of
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.wok_and_roll.layout import Hit
from wokphysics.ui.wok_and_roll.payment import Source, action_target, tokens_of
from wokphysics.ui.wok_and_roll.view import RollView, menu_shown, roll_state, shown_seat


def dish_name(state: WokAndRollState, seat: int, sid: str) -> str:
    """The dish a serving belongs to (``House Special Chilli Crab`` for ``HS.n``)."""
    if sid.startswith("HS."):
        tile = state.menus[seat].hs_tile
        return f"House Special {state.sheet.tiles[tile].name}" if tile >= 0 else "House Special"
    group = state.sheet.group_by_id.get(sid.split(".")[0])
    return group.name if group is not None else sid


@dataclass(frozen=True)
class PaymentWords:
    """The panel's words for a choice being paid: what it is (``title``), what it needs, a
    line for each ingredient chosen, and what is left to do (``note``)."""

    title: str
    needs: str
    paid: tuple[str, ...]
    note: str


class RollTips:
    """Composes the tooltips and the payment panel's words from the shared ``ui`` (the state,
    whose view) and the view (the person's choice, the tray)."""

    def __init__(self, ui: TurnUi, view: RollView) -> None:
        self.ui = ui
        self.view = view
        self._by_kind: dict[str, Callable[[str], str]] = {
            "die": self._die, "serving": self._serving, "group": self._group,
            "lock": self._lock, "circle": self._circle, "fridge": self._fridge,
            "hat": self._hat, "pantry": self._pantry, "convert": self._convert,
            "rectangle": self._rectangle, "recipe": self._recipe, "other": self._other,
            "section": self._section,
        }

    def tooltip(self, hit: Hit) -> str:
        """The details shown when the pointer rests on ``hit`` ("" for none)."""
        words = self._by_kind.get(hit.kind)
        return words(hit.key) if words is not None else ""

    # ------------------------------------------------------------------ the tray
    def _die(self, key: str) -> str:
        state = roll_state(self.ui)
        sheet = state.sheet
        seat = shown_seat(self.ui)
        position = int(key)
        code = sheet.codes[self.view.tray.faces(state)[position]]
        red = position >= sheet.white
        who = (f"only {self.ui.names[state.roller]} (at the market) cooks with it" if red
               else "everyone cooks with it")
        extra = ""
        if seat >= 0 and position in self.view.used_positions(state, seat):
            extra = "; used this turn"
        if state.phase == "roll" and self.ui.person_to_act:
            extra += "; click to choose it for the re-roll"
        return (f"Die {position + 1} ({'red' if red else 'white'}): {sheet.names[code]} "
                f"({code}); {who}{extra}")

    # ------------------------------------------------------------------ the sheet
    def _serving(self, sid: str) -> str:
        state = roll_state(self.ui)
        sheet = state.sheet
        seat = shown_seat(self.ui)
        if seat < 0:
            return ""
        serving = serving_of(sheet, state.menus[seat], sid)
        if serving is None:
            return ""
        words = (f"{sid} {dish_name(state, seat, sid)}: needs {needs_words(sheet, serving)}; "
                 f"{serving.points} taste point{'s' if serving.points != 1 else ''}")
        if serving.pantry >= 0:
            words += f"; circles a {sheet.names[sheet.codes[serving.pantry]]} in the Pantry"
        if seat != self.ui.viewer or self.ui.replaying:
            menu = menu_shown(self.ui, seat)
            crossed = (serving.index >= 0 and menu.crossed >> serving.index & 1) or (
                serving.index < 0 and serving.pos < menu.hs_done)
            return words + ("; crossed off" if crossed else "")
        reason = why_not(state, seat, serving, self.ui.names[max(0, state.cooker)])
        if reason is None:
            payment = self.view.payment
            if payment is not None and payment.target.key == sid:
                return words + ". Click it again (or Cook) to cook it with what is chosen"
            return words + ". Click to choose it (the cheapest payment is proposed)"
        return f"{words}. Not now: {reason}"

    def _group(self, gid: str) -> str:
        state = roll_state(self.ui)
        sheet = state.sheet
        seat = shown_seat(self.ui)
        if gid == "HS":
            if seat < 0 or state.menus[seat].hs_tile < 0:
                return ""
            tile = sheet.tiles[state.menus[seat].hs_tile]
            hats = " and ".join(str(n) for n in sorted(tile.hats_after))
            return (f"House Special: {tile.name}, cooked only by its owner, top to bottom; a "
                    f"Chef's Hat after serving {hats}")
        group = sheet.group_by_id[gid]
        kind = ("a dish: crossed from the top down" if group.is_dish else
                f"a platter: its servings in any order, +{group.bonus} when all are crossed")
        menu = menu_shown(self.ui, seat)
        done = (menu.crossed & group.mask).bit_count()
        return f"{gid} {group.name}: {kind}; {done} of {len(group.servings)} crossed"

    def _lock(self, gid: str) -> str:
        state = roll_state(self.ui)
        sheet = state.sheet
        seat = shown_seat(self.ui)
        group = sheet.group_by_id[gid]
        first = sheet.servings[group.servings[group.locked_from]].sid
        menu = state.menus[seat] if seat >= 0 else None
        if menu is not None and menu.unlocked >> group.index & 1:
            return f"Lock of {gid}: crossed off, the dish is open"
        penalty = (sheet.recipes[menu.recipes_used] if menu is not None
                   and menu.recipes_used < len(sheet.recipes) else None)
        recipe = f", or cross off a Recipe ({penalty} points)" if penalty is not None else ""
        return (f"Lock: {first} and below need it crossed off first: {sheet.unlock_cost} "
                f"Recipe Books{recipe}. Click to choose it"
                + self._book_reason("unlock", gid))

    def _circle(self, key: str) -> str:
        sheet = roll_state(self.ui).sheet
        row = sheet.rows[int(key)]
        menu = menu_shown(self.ui, shown_seat(self.ui))
        state_words = "not circled yet"
        if menu.circled >> row.index & 1:
            state_words = "used" if menu.circle_used >> row.index & 1 else \
                "circled: usable once (click it while paying)"
        return (f"Row {row.index + 1} ({' + '.join(row.sids)}): crossing both circles a "
                f"{sheet.names[sheet.codes[row.bonus]]}; {state_words}")

    def _fridge(self, key: str) -> str:
        sheet = roll_state(self.ui).sheet
        k = int(key)
        menu = menu_shown(self.ui, shown_seat(self.ui))
        used = "used" if menu.fridge_used >> k & 1 else "unused (click it while paying)"
        return (f"Fridge {sheet.names[sheet.codes[sheet.fridge[k]]]}: usable once in the game; "
                f"{sheet.fridge_points_each} taste point at the end if unused; {used}")

    def _hat(self, key: str) -> str:
        k = int(key)
        menu = menu_shown(self.ui, shown_seat(self.ui))
        if k >= menu.hats:
            return ("A Chef's Hat not earned yet: the House Special earns one after the "
                    "servings marked with a hat")
        used = "used" if k < menu.hats_used else "unused (click it while paying)"
        return f"Chef's Hat: one ingredient of your choice, once; {used}"

    def _pantry(self, key: str) -> str:
        sheet = roll_state(self.ui).sheet
        food, slot = (int(part) for part in key.split("."))
        menu = menu_shown(self.ui, shown_seat(self.ui))
        circled = slot < menu.pantry_circled[food]
        words = ("used" if slot < menu.pantry_used[food] else "circled: usable once"
                 if circled else "not circled yet")
        return (f"Pantry {sheet.names[sheet.codes[food]]} space {slot + 1}: "
                f"{sheet.pantry_points[slot]} taste points at the end once circled (cook a "
                f"serving marked P with it); {words}")

    # ------------------------------------------------------------------ the Recipe Books
    def _convert(self, code: str) -> str:
        sheet = roll_state(self.ui).sheet
        food_name = sheet.names[code]
        return (f"{food_name} skill ({sheet.conversion_cost} Recipe Books): from then on any "
                f"Recipe Book may be used as {food_name}"
                + self._book_reason("convert", code))

    def _rectangle(self, rid: str) -> str:
        sheet = roll_state(self.ui).sheet
        model = next(r for r in sheet.rectangles if r.rid == rid)
        what = ("each Specialty Skill (hexagon or rectangle)" if model.per < 0 else
                f"each {sheet.names[sheet.codes[model.per]]} serving crossed")
        return (f"End-game bonus ({sheet.rectangle_cost} Recipe Books): {model.points} taste "
                f"point(s) for {what}" + self._book_reason("rectangle", rid))

    def _recipe(self, key: str) -> str:
        penalties = ", ".join(map(str, roll_state(self.ui).sheet.recipes))
        return (f"Recipes: cross one off to remove a lock without Recipe Books; they cost "
                f"{penalties} taste points in order")

    def _book_reason(self, kind: str, key: str) -> str:
        """" (possible now)", or why the person may not pay for it now ("" when it is not
        their cooking)."""
        state = roll_state(self.ui)
        if not self.ui.person_to_act or state.phase != "cook":
            return ""
        options = self.view.options(state.current_player)
        if any((t := action_target(a, state.sheet)) is not None and (t.kind, t.key) == (kind, key)
               for a in options):
            return " (possible now)"
        sheet = state.sheet
        menu = state.menus[state.current_player]
        if kind == "convert":
            gained = bool(menu.conversions >> sheet.codes.index(key) & 1)
            cost = sheet.conversion_cost
        elif kind == "rectangle":
            gained = bool(menu.rectangles >> next(r.index for r in sheet.rectangles
                                                  if r.rid == key) & 1)
            cost = sheet.rectangle_cost
        else:
            gained = bool(menu.unlocked >> sheet.group_by_id[key].index & 1)
            cost = sheet.unlock_cost
        reason = why_not_books(state, state.current_player, "it", cost, gained)
        return f" - not now: {reason}" if reason else ""

    # ------------------------------------------------------------------ the players
    def _other(self, key: str) -> str:
        state = roll_state(self.ui)
        other = int(key)
        menu = menu_shown(self.ui, other)
        parts = ", ".join(f"{title} {points}" for title, points, _ in tally(state.sheet, menu))
        when = " (as the dice locked)" if state.public and other != self.ui.viewer else ""
        return f"{self.ui.names[other]}: {menu.score(state.sheet)} taste points{when}: {parts}"

    def _section(self, key: str) -> str:
        sheet = roll_state(self.ui).sheet
        seat = shown_seat(self.ui)
        if key not in sheet.titles or seat < 0:
            return ""
        scores = menu_shown(self.ui, seat).section_scores(sheet)
        return f"{sheet.titles[key]}: {scores.get(key, 0)} taste points so far"

    # ------------------------------------------------------------------ the payment
    def payment_words(self) -> PaymentWords | None:
        """The panel's words for the person's choice being paid (None: no choice)."""
        payment = self.view.payment
        if payment is None:
            return None
        state = roll_state(self.ui)
        sheet = state.sheet
        seat = state.current_player
        target = payment.target
        if target.kind == "serving":
            serving = serving_of(sheet, state.menus[seat], target.key)
            points = serving.points if serving is not None else 0
            title = f"{target.key} {dish_name(state, seat, target.key)} (+{points})"
            needs = f"needs {needs_words(sheet, serving)}" if serving is not None else ""
        elif target.kind == "convert":
            title = f"{sheet.names[target.key]} skill"
            needs = f"needs {sheet.conversion_cost} Recipe Books"
        elif target.kind == "rectangle":
            title = f"End-game bonus '{target.key}'"
            needs = f"needs {sheet.rectangle_cost} Recipe Books"
        else:
            title = f"Unlock {target.key}"
            needs = f"{sheet.unlock_cost} Recipe Books, or a Recipe"
        faces = self.view.tray.faces(state)
        paid = tuple(f"- {source_words(state, source, faces)}" for source in payment.chosen)
        wallet = self.view.wallet(seat)
        action = payment.complete(wallet)
        if action is None:
            missing = payment.missing(wallet)
            note = (f"choose {missing} more (click dice, Fridge...)" if missing > 0 else
                    "those do not pay for it: click one to take it out")
        else:
            note = (f"ready ({len(tokens_of(action, sheet))} used): Cook, Enter, or click it "
                    "again")
        return PaymentWords(title, needs, paid, note)


def source_words(state: WokAndRollState, source: Source, faces: list[int]) -> str:
    """One ingredient chosen to pay: ``die 2 (white): Rice``, ``Fridge Seafood``..."""
    sheet = state.sheet
    if source.kind == "die":
        colour = "white" if source.index < sheet.white else "red"
        face = sheet.names[sheet.codes[faces[source.index]]]
        return f"die {source.index + 1} ({colour}): {face}"
    if source.kind == "fridge":
        return f"Fridge {sheet.names[sheet.codes[sheet.fridge[source.index]]]}"
    if source.kind == "hat":
        return "a Chef's Hat (any ingredient)"
    if source.kind == "circle":
        return f"circled {sheet.names[sheet.codes[sheet.rows[source.index].bonus]]}"
    if source.kind == "pantry":
        return f"Pantry {sheet.names[sheet.codes[source.index]]}"
    if source.kind == "recipe":
        menu = state.menus[state.current_player]
        return f"crossing off a Recipe ({sheet.recipes[menu.recipes_used]} points)"
    return source.kind
