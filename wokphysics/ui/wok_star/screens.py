"""The screens over the middle of Wok Star's table: setup (sharing out the preparations, the
starting bonus), Accounting, Purchase (and the new preparations' owners) and the end.

Each screen is a list of :class:`ScreenChoice` buttons (an engine action for the seat the engine
names, or a command of the scene) computed from the state alone, so the drawing and the input
mapping agree; a disabled button carries the reason, said when it is clicked. The numbers are
on screen: money earned, costs, prices and what each purchase brings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from wokphysics.games.wok_star.actions import (
    ADVERTISE,
    BONUS_DIE,
    DONE,
    Assign,
    BonusUpgrade,
    Buy,
    Upgrade,
    WokStarAction,
)
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.words import buys, ingredient, methods, possessive, recipe
from wokphysics.ui.reflow import Flow
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Color, Text
from wokphysics.ui.wok_star.layout import SCREEN_TOP, StarLayout, flow_origin
from wokphysics.ui.wok_star.pieces import (
    GREEN,
    PANEL,
    RED,
    blit_fit,
    draw_button,
    draw_panel,
    seat_colour,
    wrapped,
)
from wokphysics.ui.wok_star.presenter import Accounting, StarPresenter
from wokphysics.ui.wok_star.session import StarSession


@dataclass(frozen=True)
class ScreenChoice:
    """A button of a screen: an engine ``action`` for the seat the engine names, or a scene
    ``command`` ("continue", "new", "replay", "home")."""

    rect: pygame.Rect
    label: str
    enabled: bool
    reason: str = ""
    action: WokStarAction | None = None
    command: str = ""
    accent: Color = GOLD


def screen_name(session: StarSession, presenter: StarPresenter) -> str | None:
    """Which screen covers the middle of the table now (None: the kitchen itself)."""
    state = session.state
    if state.is_terminal():
        return "end"
    if presenter.accounting is not None:
        return "accounting"
    return {Phase.SETUP_ASSIGN: "assign", Phase.SETUP_BONUS: "bonus",
            Phase.PURCHASE: "purchase", Phase.PURCHASE_ASSIGN: "new_prep"}.get(state.phase)


def choices(session: StarSession, presenter: StarPresenter, lay: StarLayout,
            home: bool, text: Text | None = None) -> list[ScreenChoice]:
    """The buttons of the screen up now (empty on the kitchen itself); ``text`` measures
    the lines beside them (None: each upgrade's line taken to fit on one)."""
    name = screen_name(session, presenter)
    if name is None:
        return []
    if name == "end":
        return _end_choices(lay, home)
    if name == "accounting":
        label = "Continue to the Purchase"
        return [ScreenChoice(lay.rect(1010, 404, 252, 40), label, True, command="continue")]
    if name in ("assign", "new_prep"):
        return _assign_choices(session, lay)
    if name == "bonus":
        return _bonus_choices(session, lay)
    return _purchase_choices(session, lay, _fits(text, lay, UPGRADE_W))


def _fits(text: Text | None, lay: StarLayout, width: float) -> Fits:
    """Whether words fit on one line of an upgrade's column, ``width`` reference px wide, in
    ``lay``'s font (all do without ``text``)."""
    if text is None:
        return lambda words: True
    font = text.font(lay.font)
    room = lay.rect(700, 0, width, 24).width  # as the line's box is drawn
    return lambda words: font.size(words)[0] <= room


def _acting(session: StarSession) -> tuple[list[WokStarAction], str]:
    """The legal actions if a person is to act now, else none and why."""
    seat = session.current
    if seat < 0 or session.is_bot(seat):
        return [], session.waiting_for()
    return session.state.legal_wok_star_actions(), ""


def _enabled(action: WokStarAction, legal: list[WokStarAction], why: str,
             otherwise: str) -> tuple[bool, str]:
    if why:
        return False, why
    return (True, "") if action in legal else (False, otherwise)


def _assign_choices(session: StarSession, lay: StarLayout) -> list[ScreenChoice]:
    state = session.state
    legal, why = _acting(session)
    if state.phase is Phase.SETUP_ASSIGN:
        prep = next(p for p, owner in state.prep_owner.items() if owner < 0)
    else:
        prep = state.pending_assign[0]
    out = []
    n = state.num_players
    width = min(280, (1200 - 10 * (n - 1)) / n)
    for seat in range(n):
        rect = lay.rect(40 + seat * (width + 10), 150, width, 40)
        ok, reason = _enabled(Assign(prep, seat), legal, why,
                              "every player must end up with a preparation")
        out.append(ScreenChoice(rect, f"to {session.names[seat]}", ok, reason, Assign(prep, seat),
                          accent=seat_colour(seat)))
    return out


class _Places(Protocol):
    """What the choices' builders ask of a layout: a rectangle given in reference px
    (:meth:`StarLayout.rect`)."""

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect: ...


def _bonus_choices(session: StarSession, lay: _Places) -> list[ScreenChoice]:
    state = session.state
    legal, why = _acting(session)
    seat = max(0, session.current)
    out = []
    ok, reason = _enabled(BONUS_DIE, legal, why, "the dice pool is full")
    label = f"An extra die (pool {state.pool[seat]} -> {state.pool[seat] + 1})"
    out.append(ScreenChoice(lay.rect(40, 150, 380, 40), label, ok, reason, BONUS_DIE))
    for k, prep in enumerate(state.preps_of(seat)):
        action = BonusUpgrade(prep)
        ok, reason = _enabled(action, legal, why, "already upgraded")
        card = state.config.prep_by_id[prep]
        label = (f"Upgrade {ingredient(state, prep)}: "
                 f"{'/'.join(map(str, card.front))} -> {'/'.join(map(str, card.upgraded))}")
        out.append(ScreenChoice(lay.rect(440 + (k % 2) * 410, 150 + (k // 2) * 48, 400, 40), label,
                          ok, reason, action))
    return out


_PURCHASE_VERBS = frozenset({"buy", "upgrade", "advertise", "assign", "use"})


def bought_this_phase(state: WokStarState) -> tuple[dict[str, int], set[str], list[str]]:
    """The recipes bought in this Purchase phase (with the seat each went to), the
    preparations upgraded in it and those handed out in it (in the order they were), read
    back from the history: the purchase screen keeps everything in its place, marked, so
    nothing moves when something is bought."""
    recipes: dict[str, int] = {}
    upgraded: set[str] = set()
    handed: list[str] = []
    if state.phase not in (Phase.PURCHASE, Phase.PURCHASE_ASSIGN):
        return recipes, upgraded, handed
    for action in reversed(state.history):
        if not isinstance(action, WokStarAction) or action.verb not in _PURCHASE_VERBS:
            break
        if isinstance(action, Buy):
            recipes[action.recipe] = action.seat
        elif isinstance(action, Upgrade):
            upgraded.add(action.prep)
        elif isinstance(action, Assign):
            handed.insert(0, action.prep)
    return recipes, upgraded, handed


def for_sale(state: WokStarState) -> list[tuple[str, int]]:
    """The purchase screen's recipes in their rows: every recipe that was for sale when this
    Purchase phase began, in card order, with the seat it was bought for since (-1: still
    for sale)."""
    bought, _, _ = bought_this_phase(state)
    return [(r.id, bought.get(r.id, -1)) for r in state.config.recipes
            if r.id not in state.recipe_owner or r.id in bought]


def upgradable(state: WokStarState) -> list[tuple[str, bool]]:
    """The purchase screen's upgrade rows: every preparation in play that was not upgraded
    when this Purchase phase began (a bought recipe's new ones at the end), with whether
    it has been upgraded since."""
    _, upgraded, handed = bought_this_phase(state)
    new = [p for p in handed if p in state.prep_owner]
    new += [p for p in state.pending_assign if p in state.prep_owner and p not in new]
    old = [p for p in state.prep_owner if p not in new]
    return [(p, p in upgraded) for p in old + new if p not in state.upgraded or p in upgraded]


_RECIPES_TOP = 110.0
_RECIPES_ROOM = 340.0
BUY_END = 694.0
"""Where the recipes' buy buttons end (reference px): right-aligned there, so a recipe's
lines have the room the seats' buttons leave (with two seats, 538 reference px)."""
BUY_STEP = 66.0
UPGRADE_TOP = 134.0
UPGRADE_STEP = 30.0
UPGRADE_LINE = 22.0
UPGRADE_W = 226.0
"""An upgrade's line's width (reference px), left of its button."""

Fits = Callable[[str], bool]


def buy_x(seat: int, seats: int) -> float:
    """The left edge of the button buying a recipe for ``seat`` (reference px)."""
    return BUY_END - (seats - seat) * BUY_STEP + 6


def upgrade_rows(state: WokStarState, fits: Fits) -> list[tuple[str, bool, float, list[str]]]:
    """The purchase screen's upgrade rows (:func:`upgradable`) with where each starts
    (reference px) and its lines: the preparation's name and its yields before and after
    on one line where it ``fits``, else the yields on a second line (the row that much
    taller: rows depend only on the words, so none moves when one is bought)."""
    cfg = state.config
    out = []
    y = UPGRADE_TOP
    for prep, done in upgradable(state):
        side = cfg.prep_by_id[prep]
        name = ingredient(state, prep)
        yields = f"{'/'.join(map(str, side.front))}->{'/'.join(map(str, side.upgraded))}"
        lines = [f"{name} {yields}"] if fits(f"{name} {yields}") else [name, yields]
        out.append((prep, done, y, lines))
        y += UPGRADE_STEP + UPGRADE_LINE * (len(lines) - 1)
    return out


def _recipe_step(count: int) -> float:
    """Reference px between two recipes for sale (two lines each)."""
    return min(40.0, _RECIPES_ROOM / max(1, count))


def _purchase_choices(session: StarSession, lay: _Places,
                      fits: Fits = lambda words: True) -> list[ScreenChoice]:
    state = session.state
    legal, why = _acting(session)
    track = state.config.purchase_track
    row = state.round - 1
    base = track.recipe_base[row]
    out = []
    n = state.num_players
    sale = for_sale(state)
    step = _recipe_step(len(sale))
    for k, (recipe_id, bought) in enumerate(sale):
        if bought >= 0:  # its row stays, marked, with no buttons
            continue
        card = state.config.recipe_by_id[recipe_id]
        price = base + card.cost
        for seat in range(n):
            rect = lay.rect(buy_x(seat, n), _RECIPES_TOP + k * step + 2, 60, step - 6)
            ok, reason = _enabled(Buy(card.id, seat), legal, why,
                                  f"costs ${price}; the team has ${state.money}")
            out.append(ScreenChoice(rect, f"for {seat + 1}", ok, reason, Buy(card.id, seat),
                              accent=seat_colour(seat)))
    upgrade = track.upgrade[row]
    for prep, done, y, _ in upgrade_rows(state, fits):
        if done:
            continue
        rect = lay.rect(930, y, 64, 27)
        ok, reason = _enabled(Upgrade(prep), legal, why,
                              f"costs ${upgrade}; the team has ${state.money}")
        out.append(ScreenChoice(rect, f"${upgrade}", ok, reason, Upgrade(prep)))
    advert = track.advertising[row]
    no_advert = (f"costs ${advert}; the team has ${state.money}" if state.potential
                 else "the Potential deck is empty")
    ok, reason = _enabled(ADVERTISE, legal, why, no_advert)
    out.append(ScreenChoice(lay.rect(1010, 224, 252, 36), f"Advertise (${advert})", ok, reason,
                      ADVERTISE))
    ok, reason = _enabled(DONE, legal, why, "")
    out.append(ScreenChoice(lay.rect(1010, 404, 252, 40), f"Done: start round {state.round + 1}",
                            ok, reason, DONE))
    return out


def _end_choices(lay: _Places, home: bool) -> list[ScreenChoice]:
    out = [ScreenChoice(lay.rect(640, 404, 200, 40), "N: new game", True, command="new"),
           ScreenChoice(lay.rect(850, 404, 200, 40), "V: watch the replay", True, command="replay")]
    if home:
        out.append(ScreenChoice(lay.rect(1060, 404, 200, 40), "L: the launcher", True,
                          command="home"))
    return out


# --------------------------------------------------------------------------- drawing
def draw_screen(surface: pygame.Surface, text: Text, session: StarSession,
                presenter: StarPresenter, lay: StarLayout, buttons: list[ScreenChoice],
                mouse: tuple[int, int]) -> None:
    """Draw the screen up now over the middle band, with its buttons."""
    name = screen_name(session, presenter)
    if name is None:
        return
    draw_panel(surface, lay.panel, PANEL, GOLD)
    size = lay.font
    writer = _Writer(surface, text, lay, size)
    if name == "end":
        _draw_end(writer, session, presenter)
    elif name == "accounting" and presenter.accounting is not None:
        _draw_accounting(writer, presenter.accounting)
    elif name in ("assign", "new_prep"):
        _draw_assign(writer, session, name)
    elif name == "bonus":
        _draw_bonus(writer, session)
    else:
        _draw_purchase(writer, session)
    for choice in buttons:
        draw_button(surface, text, choice.rect, choice.label, size, choice.enabled,
                    choice.rect.collidepoint(mouse), choice.accent)


class _Writer:
    """Text at reference coordinates of the layout."""

    def __init__(self, surface: pygame.Surface, text: Text, lay: StarLayout, size: int) -> None:
        self.surface = surface
        self.text = text
        self.lay = lay
        self.size = size

    def at(self, x: float, y: float, words: str, colour: Color = WHITE, width: float = 1200,
           bold: bool = False, big: bool = False) -> None:
        size = round(self.size * 1.4) if big else self.size
        rect = self.lay.rect(x, y, width, 30 if big else 24)
        blit_fit(self.surface, self.text, words, size, colour, rect, bold=bold)


    def wrap(self, x: float, y: float, words: str, colour: Color, width: float) -> float:
        """``words`` wrapped into ``width`` (reference px) from (x, y); the y below them."""
        lay = self.lay
        for line in wrapped(self.text, words, self.size, lay.px(width)):
            blit_fit(self.surface, self.text, line, self.size, colour, lay.rect(x, y, width, 22))
            y += 22
        return y


def _draw_assign(w: _Writer, session: StarSession, name: str) -> None:
    state = session.state
    if name == "assign":
        prep = next(p for p, owner in state.prep_owner.items() if owner < 0)
        w.at(24, 56, "Setup: sharing out the starting preparations", GOLD, big=True, bold=True)
        w.at(24, 90, f"Seat 1 ({session.names[session.current]}) gives each one to a seat; "
             f"every player needs at least one. Next: {ingredient(state, prep)}  "
             f"({'; '.join(methods(state, prep))})")
    else:
        prep = state.pending_assign[0]
        w.at(24, 56, f"A new preparation: {ingredient(state, prep)} (counter at 0)", GOLD,
             big=True, bold=True)
        w.at(24, 90, f"The head chef ({session.names[session.current]}) gives it to a "
             f"seat: {'; '.join(methods(state, prep))}")
    n = state.num_players
    width = min(280, (1200 - 10 * (n - 1)) / n)
    for seat in range(n):
        x = 40 + seat * (width + 10)
        y = 200.0
        for dish in state.recipes_of(seat):
            w.at(x, y, recipe(state, dish), GOLD, width)
            needs = ", ".join(ingredient(state, i) for i in state.config.recipe_by_id[dish]
                              .ingredients)
            y = w.wrap(x + 10, y + 22, f"needs {needs}", DIM, width - 10) + 4
        preps = ", ".join(ingredient(state, p) for p in state.preps_of(seat)) or "none yet"
        w.wrap(x, y + 4, f"Preparations: {preps}", WHITE, width)  # a seat may hold many


def _draw_bonus(w: _Writer, session: StarSession) -> None:
    state = session.state
    seat = max(0, session.current)
    w.at(24, 56, f"Starting bonus for {session.names[seat]}", GOLD, big=True, bold=True)
    w.at(24, 90, "For free: one more die in your pool, or upgrade one of your preparations "
         "(it then makes more per die).")
    recipes = ", ".join(recipe(state, r) for r in state.recipes_of(seat)) or "-"
    w.at(40, 260, f"{possessive(session.names[seat]).capitalize()} recipes: {recipes}", DIM)


def _draw_accounting(w: _Writer, account: Accounting) -> None:
    w.at(24, 56, f"Accounting, round {account.round}", GOLD, big=True, bold=True)
    w.at(24, 92, "Seat", DIM, 260)
    w.at(290, 92, "Served face up", DIM, 180)
    w.at(480, 92, "Dollars", DIM, 110)
    w.at(600, 92, "Face down", DIM, 120)
    w.at(730, 92, "Dice pool", DIM, 140)
    y = 118.0
    for seat in account.seats:
        w.at(24, y, seat.name, WHITE, 260)
        w.at(290, y, str(seat.face_up), WHITE, 180)
        extra = f" + ${seat.specials} special" if seat.specials else ""
        w.at(480, y, f"${seat.dollars}{extra}", GREEN, 120)
        w.at(600, y, str(seat.face_down), RED if seat.face_down else WHITE, 120)
        grew = seat.pool_after > seat.pool_before
        w.at(730, y, f"{seat.pool_before} -> {seat.pool_after}" if grew
             else str(seat.pool_after), GREEN if grew else WHITE, 140)
        y += 26
    y += 8
    w.at(24, y, f"From customers: ${account.from_customers}", WHITE, 400)
    y += 26
    for name, effect in account.events:
        w.at(24, y, f"{name}: {effect}", WHITE, 860)
        y += 26
    if account.events:
        w.at(24, y, f"Events: {account.from_events:+d} dollars", WHITE, 400)
        y += 26
    w.at(24, y, f"Income this round ${account.income}: money ${account.money_before} -> "
         f"${account.money_after}", GOLD, 860, bold=True)
    y += 30
    word = (f"{account.word_of_mouth} more from word of mouth (nobody was turned away)"
            if account.word_of_mouth else "no word of mouth (a customer was turned away)")
    w.at(24, y, f"Next round's deck: {account.next_deck} customers ({word}) and "
         f"{account.events_dealt} face-down events", DIM, 1000)


def _draw_purchase(w: _Writer, session: StarSession) -> None:
    state = session.state
    cfg = state.config
    row = state.round - 1
    track = cfg.purchase_track
    head = session.names[session.current]
    w.at(24, 52, f"Purchase, round {state.round}: {buys(head)} for the team", GOLD, 760,
         big=True, bold=True)
    w.at(800, 56, f"Money ${state.money}", GOLD, 200, bold=True, big=True)
    w.at(24, 82, f"This round: recipe ${track.recipe_base[row]} + its own cost, upgrade "
         f"${track.upgrade[row]}, advertising ${track.advertising[row]}. A recipe brings 4 "
         f"customers ({cfg.rules.new_recipe_to_deck} into the next deck); * new preparation.",
         DIM, 1240)  # the panel's width (the Advertising column starts below it)
    base = track.recipe_base[row]
    in_play = set(state.prep_owner)
    sale = for_sale(state)
    step = _recipe_step(len(sale))
    buttons = buy_x(0, state.num_players)
    room = buttons - 30  # a recipe's lines: up to its buttons
    for k, (recipe_id, bought) in enumerate(sale):
        card = cfg.recipe_by_id[recipe_id]
        y = _RECIPES_TOP + k * step - 2
        price = base + card.cost
        if bought >= 0:  # kept in its row, greyed, with who has it
            w.at(24, y, f"{card.name}: bought for {session.names[bought]}", DIM, room)
            w.at(24, y + step / 2 - 2, "(its customers join the decks)", DIM, room)
            w.at(buttons, y + step / 4, "BOUGHT", seat_colour(bought), BUY_END - buttons,
                 bold=True)
            continue
        colour = WHITE if price <= state.money else DIM
        dollars = " ".join(f"${d}" for d in card.customers)
        w.at(24, y, f"{card.name}  ${base}+${card.cost} = ${price}; pays {dollars}", colour,
             room)
        new = [ingredient(state, i) + ("*" if i not in in_play else "")
               for i in card.ingredients]
        w.at(24, y + step / 2 - 2, ", ".join(new), DIM, room)
    w.at(700, 108, "Upgrade (any/number/combination):", DIM, 300)
    for _, done, y, lines in upgrade_rows(state, _fits(w.text, w.lay, UPGRADE_W)):
        for k, line in enumerate(lines):
            w.at(700 + (10 if k else 0), y + 2 + k * UPGRADE_LINE, line,
                 DIM if done or k else WHITE, UPGRADE_W - (10 if k else 0))
        if done:
            w.at(930, y + 2, "done", GREEN, 64, bold=True)
    w.at(1010, 116, "Advertising:", GOLD, 252)
    w.at(1010, 140, "one face-down customer", DIM, 252)
    w.at(1010, 162, f"from the Potential deck ({len(state.potential)})", DIM, 252)
    w.at(1010, 184, "joins the next deck.", DIM, 252)
    customers = sum(1 for c in state.deck if "#" in c)
    w.at(1010, 300, f"Next deck: {customers} customers", WHITE, 252)
    w.at(1010, 324, f"+ {len(state.deck) - customers} events", WHITE, 252)
    w.at(1010, 348, f"Loan due in round {cfg.rules.rounds}: ${state.loan()}", DIM, 252)


def _draw_end(w: _Writer, session: StarSession, presenter: StarPresenter) -> None:
    state = session.state
    rounds = state.config.rules.rounds
    if state.lost:
        w.at(24, 56, f"The restaurant closes: {len(state.bad)} Bad Publicity cards in round "
             f"{state.round}.", RED, big=True, bold=True)
    else:
        verdict = "The loan is paid: the team wins!" if state.won() else \
            "The loan is not paid: the restaurant closes its doors."
        w.at(24, 56, verdict, GREEN if state.won() else RED, 620, big=True, bold=True)
        w.at(24, 94, f"Round {rounds} income ${state.final_income} against the loan of "
             f"${state.loan()} ({state.config.rules.difficulty}, {state.num_players} "
             f"player{'s' if state.num_players > 1 else ''}).", WHITE, 620, bold=True)
    account = presenter.accounting
    if account is not None and account.last:
        y = 124.0
        for seat in account.seats:
            w.at(24, y, f"{seat.name}: {seat.face_up} served face up, ${seat.dollars}"
                 f"{f' + ${seat.specials} special' if seat.specials else ''}, "
                 f"{seat.face_down} face down", WHITE, 600)
            y += 24
        for name, effect in account.events:
            w.at(24, y, f"{name}: {effect}", DIM, 620)
            y += 24
    _draw_incomes(w, state.incomes, state.loan(), rounds)
    w.at(24, 404, f"Bad Publicity: {len(state.bad)} of "
         f"{state.config.rules.bad_publicity_limit}", DIM, 500)


def _draw_incomes(w: _Writer, incomes: list[int], loan: int, rounds: int,
                  area: pygame.Rect | None = None) -> None:
    """Income per round as bars, the loan as a line (in ``area``, window px: by default the
    design's place)."""
    lay = w.lay
    if area is None:
        area = lay.rect(660, 96, 590, 290)
    top = max([loan, *incomes, 1]) * 1.15
    bar_w = area.width / max(1, rounds)
    surface = w.surface
    for k in range(rounds):
        x = area.x + k * bar_w
        if k < len(incomes):
            h = area.height * incomes[k] / top
            rect = pygame.Rect(round(x + bar_w * 0.15), round(area.bottom - h),
                               max(1, round(bar_w * 0.7)), max(1, round(h)))
            colour = GREEN if k == rounds - 1 and incomes[k] >= loan else (
                RED if k == rounds - 1 else (150, 140, 120))
            pygame.draw.rect(surface, colour, rect, border_radius=3)
            label = w.text.render(f"${incomes[k]}", w.size, WHITE)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.y - 2)))
        label = w.text.render(f"R{k + 1}", w.size, DIM)
        surface.blit(label, label.get_rect(midtop=(round(x + bar_w / 2), area.bottom + 2)))
    y = round(area.bottom - area.height * loan / top)
    pygame.draw.line(surface, GOLD, (area.x, y), (area.right, y), 2)
    label = w.text.render(f"loan ${loan}", w.size, GOLD)
    surface.blit(label, (area.x - label.get_width() - 6, y - label.get_height() // 2))


# --------------------------------------------------------------------------- reflowed
PAD = 16.0
"""A reflowed screen's margin inside its panel (reference px)."""
BUTTON_H = 40.0
"""A reflowed screen's buttons' least height (reference px)."""
CHART_H = 220.0
"""The end screen's income chart's height when reflowed (reference px)."""


@dataclass(frozen=True)
class PlanText:
    """A line of a reflowed screen: ``words`` in ``rect`` (window px)."""

    rect: pygame.Rect
    words: str
    colour: Color
    size: int
    bold: bool = False


@dataclass
class ScreenPlan:
    """A screen laid out down the panel of a reflowed layout (a UI scale in a view narrower
    than the design): its lines wrapped to the view's width, its buttons as wide as their
    labels, left to right in rows; ``height``: the panel's (reference px)."""

    texts: list[PlanText] = field(default_factory=list)
    buttons: list[ScreenChoice] = field(default_factory=list)
    chart: pygame.Rect | None = None
    height: float = 0.0


class _ScreenColumn:
    """Writes a reflowed screen from the panel's top down, ``width`` reference px wide from
    ``left`` (window px), at ``unit`` window px per reference px."""

    def __init__(self, text: Text, flow: Flow, left: float, size: int) -> None:
        self.text = text
        self.unit = flow.unit
        self.left = left + (8 + PAD) * flow.unit
        self.width = flow.width - 16 - 2 * PAD
        self.size = size
        self.y = SCREEN_TOP + PAD / 2
        self.plan = ScreenPlan()

    def _rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        u = self.unit
        return pygame.Rect(round(self.left + x * u), round(y * u), max(1, round(w * u)),
                           max(1, round(h * u)))

    def line(self, words: str, colour: Color = WHITE, bold: bool = False, big: bool = False,
             indent: float = 0.0) -> None:
        """``words`` on as many lines as the width takes."""
        size = round(self.size * 1.4) if big else self.size
        width = self.width - indent
        high = self.text.font(size, bold).get_linesize() / self.unit + 2
        for part in self.text.wrap(words, size, round(width * self.unit), bold):
            self.plan.texts.append(PlanText(self._rect(indent, self.y, width, high), part,
                                            colour, size, bold))
            self.y += high

    def gap(self, reference: float = 8.0) -> None:
        self.y += reference

    def buttons(self, labels: list[str]) -> list[pygame.Rect]:
        """Rectangles for buttons with these ``labels``, each as wide as its label (at most
        the width), left to right, a new row where the next one does not fit."""
        font = self.text.font(self.size)
        high = max(BUTTON_H, font.get_linesize() / self.unit + 12)
        out = []
        x = 0.0
        for label in labels:
            w = min(self.width, (font.size(label)[0] + 8) / self.unit + 24)
            if x > 0 and x + w > self.width:
                x, self.y = 0.0, self.y + high + 8
            out.append(self._rect(x, self.y, w, high))
            x += w + 10
        if labels:
            self.y += high + 8
        return out

    def _tall(self, lines: list[tuple[str, Color, float]], width: float) -> float:
        """The height of ``lines`` (words, colour, indent) wrapped to ``width`` (reference
        px)."""
        high = self.text.font(self.size).get_linesize() / self.unit + 2
        return sum(high * len(self.text.wrap(words, self.size, round((width - indent)
                                                                     * self.unit)))
                   for words, _, indent in lines)

    def beside(self, lines: list[tuple[str, Color, float]], labels: list[str],
               instead: tuple[str, Color] | None = None,
               other: list[tuple[str, Color, float]] | None = None, mark: str = ""
               ) -> list[pygame.Rect]:
        """``lines`` (words, colour, indent) at the left and buttons with ``labels`` at the
        right of them, in one row; with ``instead``, no buttons but those words where they
        would be. The row is as high as the higher of ``lines`` and ``other`` (the row's
        lines in its other state: a row keeps its height when its item is bought) and the
        buttons, so nothing below it moves; the buttons' part at least as wide as ``mark``
        in bold (the words put there instead, in the row's other state)."""
        font = self.text.font(self.size)
        high = max(BUTTON_H, font.get_linesize() / self.unit + 12)
        widths = [(font.size(label)[0] + 8) / self.unit + 24 for label in labels]
        right = sum(widths) + 10 * (len(widths) - 1)
        right = max(right, (self.text.font(self.size, True).size(mark)[0] + 8) / self.unit)
        left = self.width - right - 12
        tall = max(self._tall(lines, left), self._tall(other or [], left), high)
        top = self.y
        kept = self.width
        self.width = left
        for words, colour, indent in lines:
            self.line(words, colour, indent=indent)
        self.width = kept
        self.y = top + tall + 8
        out: list[pygame.Rect] = []
        x = left + 12
        if instead is not None:
            words, colour = instead
            self.plan.texts.append(PlanText(self._rect(x, top, right, high), words, colour,
                                            self.size, True))
            return out
        for w in widths:
            out.append(self._rect(x, top, w, high))
            x += w + 10
        return out

    def area(self, height: float) -> pygame.Rect:
        """A rectangle as wide as the column and ``height`` reference px high."""
        rect = self._rect(0, self.y, self.width, height)
        self.y += height
        return rect

    def done(self) -> ScreenPlan:
        self.plan.height = self.y + PAD / 2 - SCREEN_TOP
        return self.plan


def plan_screen(session: StarSession, presenter: StarPresenter, text: Text, flow: Flow,
                width: int, home: bool, buttons: bool = True) -> ScreenPlan | None:
    """The screen up now laid out down a reflowed layout's panel on a canvas ``width`` px
    wide (None: no screen is up); without ``buttons`` (a replay) none are offered."""
    name = screen_name(session, presenter)
    if name is None:
        return None
    column = _ScreenColumn(text, flow, flow_origin(width, flow), max(1, round(22 * flow.unit)))
    if name == "end":
        _plan_end(column, session, presenter, home, buttons)
    elif name == "accounting" and presenter.accounting is not None:
        _plan_accounting(column, presenter.accounting, buttons)
    elif name in ("assign", "new_prep"):
        _plan_assign(column, session, name, buttons)
    elif name == "bonus":
        _plan_bonus(column, session, buttons)
    else:
        _plan_purchase(column, session, buttons)
    return column.done()


def _offer(column: _ScreenColumn, offered: list[ScreenChoice], show: bool) -> None:
    """``offered`` (their rectangles to be given) set down in a row of buttons."""
    if not show:
        return
    for choice, rect in zip(offered, column.buttons([c.label for c in offered]), strict=True):
        column.plan.buttons.append(_at(choice, rect))


_NOWHERE = pygame.Rect(0, 0, 0, 0)


def _at(choice: ScreenChoice, rect: pygame.Rect) -> ScreenChoice:
    """``choice`` at ``rect``."""
    return ScreenChoice(rect, choice.label, choice.enabled, choice.reason, choice.action,
                        choice.command, choice.accent)


def _plan_assign(c: _ScreenColumn, session: StarSession, name: str, show: bool) -> None:
    state = session.state
    if name == "assign":
        prep = next(p for p, owner in state.prep_owner.items() if owner < 0)
        c.line("Setup: sharing out the starting preparations", GOLD, bold=True, big=True)
        c.line(f"Seat 1 ({session.names[session.current]}) gives each one to a seat; "
               f"every player needs at least one. Next: {ingredient(state, prep)}  "
               f"({'; '.join(methods(state, prep))})")
    else:
        prep = state.pending_assign[0]
        c.line(f"A new preparation: {ingredient(state, prep)} (counter at 0)", GOLD,
               bold=True, big=True)
        c.line(f"The head chef ({session.names[session.current]}) gives it to a "
               f"seat: {'; '.join(methods(state, prep))}")
    c.gap()
    legal, why = _acting(session)
    offered = []
    for seat in range(state.num_players):
        ok, reason = _enabled(Assign(prep, seat), legal, why,
                              "every player must end up with a preparation")
        offered.append(ScreenChoice(_NOWHERE, f"to {session.names[seat]}", ok, reason,
                                    Assign(prep, seat), accent=seat_colour(seat)))
    _offer(c, offered, show)
    for seat in range(state.num_players):
        c.gap()
        c.line(session.names[seat], seat_colour(seat), bold=True)
        for dish in state.recipes_of(seat):
            c.line(recipe(state, dish), GOLD, indent=10)
            needs = ", ".join(ingredient(state, i) for i in state.config.recipe_by_id[dish]
                              .ingredients)
            c.line(f"needs {needs}", DIM, indent=20)
        preps = ", ".join(ingredient(state, p) for p in state.preps_of(seat)) or "none yet"
        c.line(f"Preparations: {preps}", WHITE, indent=10)


def _plan_bonus(c: _ScreenColumn, session: StarSession, show: bool) -> None:
    state = session.state
    seat = max(0, session.current)
    c.line(f"Starting bonus for {session.names[seat]}", GOLD, bold=True, big=True)
    c.line("For free: one more die in your pool, or upgrade one of your preparations "
           "(it then makes more per die).")
    c.gap()
    lay_free = _bonus_choices(session, _ANY)
    for choice in lay_free:
        _offer(c, [choice], show)
    recipes = ", ".join(recipe(state, r) for r in state.recipes_of(seat)) or "-"
    c.gap()
    c.line(f"{possessive(session.names[seat]).capitalize()} recipes: {recipes}", DIM)


def _plan_accounting(c: _ScreenColumn, account: Accounting, show: bool) -> None:
    c.line(f"Accounting, round {account.round}", GOLD, bold=True, big=True)
    for seat in account.seats:
        c.gap(6)
        c.line(seat.name, WHITE, bold=True)
        extra = f" + ${seat.specials} special" if seat.specials else ""
        grew = seat.pool_after > seat.pool_before
        pool = (f"{seat.pool_before} -> {seat.pool_after}" if grew else str(seat.pool_after))
        c.line(f"Served face up {seat.face_up}; dollars ${seat.dollars}{extra}", GREEN,
               indent=10)
        c.line(f"Face down {seat.face_down}; dice pool {pool}",
               RED if seat.face_down else WHITE, indent=10)
    c.gap()
    c.line(f"From customers: ${account.from_customers}")
    for name, effect in account.events:
        c.line(f"{name}: {effect}")
    if account.events:
        c.line(f"Events: {account.from_events:+d} dollars")
    c.line(f"Income this round ${account.income}: money ${account.money_before} -> "
           f"${account.money_after}", GOLD, bold=True)
    word = (f"{account.word_of_mouth} more from word of mouth (nobody was turned away)"
            if account.word_of_mouth else "no word of mouth (a customer was turned away)")
    c.line(f"Next round's deck: {account.next_deck} customers ({word}) and "
           f"{account.events_dealt} face-down events", DIM)
    c.gap()
    _offer(c, [ScreenChoice(_NOWHERE, "Continue to the Purchase", True, command="continue")],
           show)


class _Anywhere:
    """A stand-in layout for the choices' labels and actions alone (their rectangles are
    given by the column)."""

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return _NOWHERE


_ANY = _Anywhere()


def _plan_purchase(c: _ScreenColumn, session: StarSession, show: bool) -> None:
    state = session.state
    cfg = state.config
    row = state.round - 1
    track = cfg.purchase_track
    head = session.names[session.current]
    c.line(f"Purchase, round {state.round}: {buys(head)} for the team", GOLD, bold=True,
           big=True)
    c.line(f"Money ${state.money}", GOLD, bold=True)
    c.line(f"This round: recipe ${track.recipe_base[row]} + its own cost, upgrade "
           f"${track.upgrade[row]}, advertising ${track.advertising[row]}. A recipe brings 4 "
           f"customers ({cfg.rules.new_recipe_to_deck} into the next deck); * new preparation.",
           DIM)
    offered = _purchase_choices(session, _ANY)
    base = track.recipe_base[row]
    in_play = set(state.prep_owner)
    c.gap()
    for recipe_id, bought in for_sale(state):
        card = cfg.recipe_by_id[recipe_id]
        price = base + card.cost
        colour = WHITE if price <= state.money and bought < 0 else DIM
        dollars = " ".join(f"${d}" for d in card.customers)
        new = [ingredient(state, i) + ("*" if i not in in_play else "")
               for i in card.ingredients]
        lines = [(f"{card.name}  ${base}+${card.cost} = ${price}; pays {dollars}", colour, 0.0),
                 (", ".join(new), DIM, 10.0)]
        held = [(f"{card.name}: bought for {session.names[b]}", DIM, 0.0)
                for b in range(state.num_players)] + [("(its customers join the decks)", DIM,
                                                       10.0)]
        buys_here = [o for o in offered if isinstance(o.action, Buy)
                     and o.action.recipe == recipe_id]
        labels = [f"for {seat + 1}" for seat in range(state.num_players)]
        if bought >= 0:  # its row stays, marked, as high as with its buttons
            c.beside(held[bought:bought + 1] + held[-1:], labels,
                     ("BOUGHT", seat_colour(bought)), lines, "BOUGHT")
            continue
        rects = c.beside(lines, labels, other=held, mark="BOUGHT")
        if show:
            c.plan.buttons += [_at(o, r) for o, r in zip(buys_here, rects, strict=True)]
    c.gap()
    c.line("Upgrade (any/number/combination):", DIM)
    for prep, done in upgradable(state):
        side = cfg.prep_by_id[prep]
        lines = [(f"{ingredient(state, prep)} "
                  f"{'/'.join(map(str, side.front))}->{'/'.join(map(str, side.upgraded))}",
                  DIM if done else WHITE, 10.0)]
        if done:
            c.beside(lines, [f"${track.upgrade[row]}"], ("done", GREEN), mark="done")
            continue
        rects = c.beside(lines, [f"${track.upgrade[row]}"], mark="done")
        ups = [o for o in offered if isinstance(o.action, Upgrade) and o.action.prep == prep]
        if show:
            c.plan.buttons += [_at(o, r) for o, r in zip(ups, rects, strict=True)]
    c.gap()
    c.line("Advertising: one face-down customer from the Potential deck "
           f"({len(state.potential)}) joins the next deck.", GOLD)
    _offer(c, [o for o in offered if o.action is ADVERTISE], show)
    c.gap()
    customers = sum(1 for card_id in state.deck if "#" in card_id)
    c.line(f"Next deck: {customers} customers + {len(state.deck) - customers} events")
    c.line(f"Loan due in round {cfg.rules.rounds}: ${state.loan()}", DIM)
    c.gap()
    _offer(c, [o for o in offered if o.action is DONE], show)


def _plan_end(c: _ScreenColumn, session: StarSession, presenter: StarPresenter, home: bool,
              show: bool) -> None:
    state = session.state
    rounds = state.config.rules.rounds
    if state.lost:
        c.line(f"The restaurant closes: {len(state.bad)} Bad Publicity cards in round "
               f"{state.round}.", RED, bold=True, big=True)
    else:
        verdict = "The loan is paid: the team wins!" if state.won() else \
            "The loan is not paid: the restaurant closes its doors."
        c.line(verdict, GREEN if state.won() else RED, bold=True, big=True)
        c.line(f"Round {rounds} income ${state.final_income} against the loan of "
               f"${state.loan()} ({state.config.rules.difficulty}, {state.num_players} "
               f"player{'s' if state.num_players > 1 else ''}).", WHITE, bold=True)
    account = presenter.accounting
    if account is not None and account.last:
        for seat in account.seats:
            c.line(f"{seat.name}: {seat.face_up} served face up, ${seat.dollars}"
                   f"{f' + ${seat.specials} special' if seat.specials else ''}, "
                   f"{seat.face_down} face down")
        for name, effect in account.events:
            c.line(f"{name}: {effect}", DIM)
    c.line(f"Bad Publicity: {len(state.bad)} of {state.config.rules.bad_publicity_limit}",
           DIM)
    c.gap()
    c.line("Income per round (the line: the loan)", DIM)
    high = c.text.font(c.size).get_linesize() / c.unit + 4
    c.gap(high)  # the bars' figures above them
    chart = c.area(CHART_H)
    room = c.text.font(c.size).size(f"loan ${state.loan()}")[0] + 12  # the loan's label
    c.plan.chart = pygame.Rect(chart.x + room, chart.y, chart.width - room, chart.height)
    c.gap(high + 8)  # the rounds' names below
    _offer(c, _end_choices(_ANY, home), show)


def draw_plan(surface: pygame.Surface, text: Text, session: StarSession, lay: StarLayout,
              plan: ScreenPlan, mouse: tuple[int, int]) -> None:
    """Draw a reflowed screen: its panel, lines, chart and buttons."""
    draw_panel(surface, lay.panel, PANEL, GOLD)
    for line in plan.texts:
        blit_fit(surface, text, line.words, line.size, line.colour, line.rect, bold=line.bold)
    if plan.chart is not None:
        state = session.state
        writer = _Writer(surface, text, lay, lay.font)
        _draw_incomes(writer, state.incomes, state.loan(), state.config.rules.rounds,
                      plan.chart)
    for choice in plan.buttons:
        draw_button(surface, text, choice.rect, choice.label, lay.font, choice.enabled,
                    choice.rect.collidepoint(mouse), choice.accent)
