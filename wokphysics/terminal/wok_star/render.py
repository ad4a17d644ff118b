"""Plain-text views of a Wok Star game for the terminal (no colours, no cursor tricks)."""

from __future__ import annotations

import textwrap

from wokphysics.games.wok_star.actions import Assign, Use
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.characters import acting_for_team
from wokphysics.games.wok_star.model import PHASE_WORDS, Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.words import EVENT_TEXT


def card_text(state: WokStarState, card: str) -> str:
    """A card in words: a customer's dish, dollars and cook, or an event's name."""
    cfg = state.config
    if not card:
        return "(none)"
    if "#" in card:
        recipe = cfg.recipe_by_id[recipe_of(card)]
        cook = state.recipe_owner[recipe.id] + 1
        return f"{recipe.name} (${cfg.customer_dollars[card]}, cooked by seat {cook})"
    event = cfg.event_by_id[card]
    if event.kind == "chefs_special":
        return f"{event.name}: any dish in play, pays ${event.amount}"
    effect = EVENT_TEXT[event.kind].format(n=event.amount)
    return f"Event: {event.name} ({effect})"


def render(state: WokStarState, seat: int, now: float | None = None) -> str:
    """What ``seat`` sees now; ``now`` is the live game time for the countdown."""
    cfg = state.config
    lines: list[str] = []
    head = (
        f"== Wok Star round {state.round}/{cfg.rules.rounds} {PHASE_WORDS[state.phase]}: "
        f"${state.money}, Bad Publicity {len(state.bad)}/{cfg.rules.bad_publicity_limit}, "
        f"loan ${state.loan()} ({cfg.rules.difficulty}) =="
    )
    lines.append(head)
    if state.phase is Phase.ACTION:
        left = state.time_left(now)
        if left is None:
            clock = "no timer"
        elif state.overdue or left <= 0:
            clock = "TIME IS UP: serve face down or turn away"
        else:
            clock = f"{left:4.1f} s left"
        lines.append(f"Card: {card_text(state, state.current)}   [{clock}]")
        if "#" in state.current:
            recipe = cfg.recipe_by_id[recipe_of(state.current)]
            parts = [f"{i} {state.counters[i]}" for i in recipe.ingredients]
            lines.append(f"  needs: {', '.join(parts)}")
        lines.append(f"  cards left in the deck: {len(state.deck)}")
    counters = "  ".join(
        f"{i}:{v}{'*' if i in state.upgraded else ''}" for i, v in state.counters.items()
    )
    lines.append(f"Ingredients (* upgraded): {counters}")
    for other in range(state.num_players):
        mark = "you" if other == seat else f"seat {other + 1}"
        dice = dice_text(state, other)
        recipes = ", ".join(state.recipes_of(other)) or "-"
        preps = ", ".join(state.preps_of(other)) or "-"
        lines.append(
            f"  {mark:>7}: dice [{dice}]  pool {state.pool[other]}  recipes {recipes}"
            f"  preparations {preps}"
        )
    lines.append("Your preparations (any die / its number / combination):")
    for prep in state.preps_of(seat):
        lines.append(_prep_line(state, prep))
    if any(d.given for d in state.free_dice(seat)):
        # "players may share dice freely": a die you were given goes on any of these too
        lines.append("Teammates' preparations (for the dice you were given, 'g'):")
        others = {p: f"{p} (seat {o + 1})" for p, o in state.prep_owner.items()
                  if o != seat and o >= 0}
        width = max((len(name) for name in others.values()), default=0)
        for prep, name in others.items():
            lines.append(_prep_line(state, prep, name, width))
    chars = [
        f"{cfg.character_by_id[f.id].name} ({f.id}){' used' if f.used else ''}"
        for f in state.characters[seat]
    ]
    if chars:
        lines.append(f"Family: {', '.join(chars)}")
    theirs = _teammates_cards(state, seat)
    if theirs:
        lines.append(f"Teammates' Family you may use now (for the team): {', '.join(theirs)}")
    if state.revealed:
        names = ", ".join(cfg.event_by_id[e].name for e in state.revealed)
        lines.append(f"Events this round: {names}")
    if state.phase is Phase.SETUP_ASSIGN or state.phase is Phase.PURCHASE_ASSIGN:
        # Say what is due: the view showed no preparation to give out, only the commands.
        due = next((a for a in state.legal_wok_star_actions() if isinstance(a, Assign)), None)
        if due is not None:
            lines.append(f"To give out now: the {due.prep} preparation (assign {due.prep} "
                         "to SEAT)")
    if state.phase in (Phase.PURCHASE, Phase.PURCHASE_ASSIGN):
        row = state.round - 1
        track = cfg.purchase_track
        lines.append(
            f"Purchase track: recipe base ${track.recipe_base[row]}, "
            f"upgrade ${track.upgrade[row]}, advertising ${track.advertising[row]}"
        )
        lines.append(f"Incomes so far: {state.incomes}")
    return fit("\n".join(lines))


def dice_text(state: WokStarState, seat: int) -> str:
    """``seat``'s unplaced dice by face, lowest first, a die it was given marked ``g``
    (``2 5 5g``: it goes on any of the team's preparations); ``-`` for none."""
    dice = sorted((d.face, d.given) for d in state.free_dice(seat))
    return " ".join(f"{face}{'g' if given else ''}" for face, given in dice) or "-"


def _prep_line(state: WokStarState, prep: str, name: str = "", width: int = 15) -> str:
    card = state.config.prep_by_id[prep]
    sides = state.yields(prep)
    return (f"  {name or prep:<{width}} any->{sides[0]}  {card.number}->{sides[1]}  "
            f"{card.combo.text()}->{sides[2]}   (counter {state.counters[prep]})")


def _teammates_cards(state: WokStarState, seat: int) -> list[str]:
    """Other seats' characters ``seat`` may use now (where it acts for the team: the
    preparations handed out, the purchases, a late customer), e.g. ``seat 2 Grandma
    (grandma)``, as the legal actions list them."""
    if seat != state.current_player or not acting_for_team(state):
        return []
    mine = {f.id for f in state.characters[seat]}
    owners = {f.id: other for other, chars in enumerate(state.characters) for f in chars}
    seen: list[str] = []
    for action in state.legal_wok_star_actions():
        if isinstance(action, Use) and action.character not in mine:
            if action.character not in seen:
                seen.append(action.character)
    cfg = state.config
    return [f"seat {owners[c] + 1} {cfg.character_by_id[c].name} ({c})" for c in seen]


WIDTH = 80
"""Columns of the terminal the views are made for (lines never wrap there)."""


def status_line(state: WokStarState, seat: int, now: float | None = None,
                width: int = WIDTH) -> str:
    """One line of at most ``width`` characters for real-time play: the countdown, the card,
    the counters its dish needs (all counters when no customer is on the table, if they
    fit) and your unplaced dice (``5g``: a 5 you were given). Too long, it says less, step
    by step: ingredients by their first word (``onions`` for onions_peppers: still a prefix
    you can type), "$4 by seat 2" for "$4, seat 2 cooks" (an event: no counters), "dice" for
    "your dice", and last the dish's or event's name cut short (``~``); the countdown, the
    cook and the dice stay."""
    left = state.time_left(now)
    clock = "[--]" if left is None else ("[TIME UP]" if left <= 0 else f"[{left:4.1f}s]")
    cfg = state.config
    dice = dice_text(state, seat)
    card = state.current
    customer = bool(card) and "#" in card
    if customer:
        recipe = cfg.recipe_by_id[recipe_of(card)]
        cook = state.recipe_owner[recipe.id] + 1
        name = recipe.name
        dollars = f" ${cfg.customer_dollars[card]}"
        whos = (f"{dollars}, seat {cook} cooks", f"{dollars} by seat {cook}")
        needed = list(recipe.ingredients)
    else:
        name = card_text(state, card) if card else "no card"
        whos = ("", "")
        needed = list(state.counters)

    def counters(short: bool) -> str:
        return " | " + " ".join(f"{i.split('_')[0] if short else i}:{state.counters[i]}"
                                for i in needed)

    shapes = [(whos[0], counters(False), "your dice"), (whos[0], counters(True), "your dice"),
              (whos[1], counters(True) if customer else "", "your dice"),
              (whos[1], counters(True) if customer else "", "dice")]
    for who, middle, mine in shapes:
        line = f"{clock} {name}{who}{middle} | {mine} {dice}"
        if len(line) <= width:
            return line
    rest = f"~{who}{middle} | {mine} {dice}"
    room = width - len(clock) - 1 - len(rest)
    return f"{clock} {name[:max(1, room)]}{rest}"[:width]


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` with every line longer than ``width`` broken at spaces, its continuation
    indented like the line plus two, so a terminal of ``width`` columns never wraps it."""
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent,
                                 break_on_hyphens=False, break_long_words=True))
    return "\n".join(out)


def render_end(state: WokStarState) -> str:
    """The result of a finished game."""
    if state.lost:
        return fit(
            f"The restaurant closes: {len(state.bad)} Bad Publicity cards in round "
            f"{state.round}. Incomes: {state.incomes}"
        )
    verdict = "the loan is paid, the team wins!" if state.won() else "the loan is not paid."
    return fit(
        f"Round 6 income ${state.final_income} against a loan of ${state.loan()}: {verdict} "
        f"Incomes: {state.incomes}; Bad Publicity {len(state.bad)}"
    )
