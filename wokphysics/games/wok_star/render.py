"""Plain-text views of a Wok Star game for the terminal (no colours, no cursor tricks)."""

from __future__ import annotations

from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.state import WokStarState


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


EVENT_TEXT = {
    "chefs_special": "serve any dish for ${n}",
    "delivery": "+{n} on every counter",
    "inspector": "-{n} on every counter",
    "spoilage": "end of round: counters above {n} drop to {n}",
    "extra_hands": "everyone rolls {n} extra die this round",
    "power_cut": "everyone's highest unplaced die is set aside",
    "lucky_wok": "unplaced dice are re-rolled",
    "walk_in": "{n} more customer(s) join this round's deck",
    "rush": "the next card comes at once",
    "windfall": "+${n}",
    "tip_jar": "end of round: +${n} per face-up customer",
    "food_critic": "end of round: +${n} if nobody was turned away, else -${n}",
    "repairs": "end of round: -${n}",
}


def render(state: WokStarState, seat: int, now: float | None = None) -> str:
    """What ``seat`` sees now; ``now`` is the live game time for the countdown."""
    cfg = state.config
    lines: list[str] = []
    head = (
        f"== Wok Star round {state.round}/{cfg.rules.rounds} {state.phase.value}: "
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
        free = sorted(d.face for d in state.free_dice(other))
        mark = "you" if other == seat else f"seat {other + 1}"
        dice = " ".join(str(f) for f in free) or "-"
        recipes = ", ".join(state.recipes_of(other)) or "-"
        preps = ", ".join(state.preps_of(other)) or "-"
        lines.append(
            f"  {mark:>7}: dice [{dice}]  pool {state.pool[other]}  recipes {recipes}"
            f"  preparations {preps}"
        )
    lines.append("Your preparations (any die / its number / combination):")
    for prep in state.preps_of(seat):
        card = cfg.prep_by_id[prep]
        sides = state.yields(prep)
        lines.append(
            f"  {prep:<15} any->{sides[0]}  {card.number}->{sides[1]}  "
            f"{card.combo.text()}->{sides[2]}   (counter {state.counters[prep]})"
        )
    chars = [
        f"{cfg.character_by_id[f.id].name} ({f.id}){' used' if f.used else ''}"
        for f in state.characters[seat]
    ]
    if chars:
        lines.append(f"Family: {', '.join(chars)}")
    if state.revealed:
        names = ", ".join(cfg.event_by_id[e].name for e in state.revealed)
        lines.append(f"Events this round: {names}")
    if state.phase in (Phase.PURCHASE, Phase.PURCHASE_ASSIGN):
        row = state.round - 1
        track = cfg.purchase_track
        lines.append(
            f"Purchase track: recipe base ${track.recipe_base[row]}, "
            f"upgrade ${track.upgrade[row]}, advertising ${track.advertising[row]}"
        )
        lines.append(f"Incomes so far: {state.incomes}")
    return "\n".join(lines)


def status_line(state: WokStarState, seat: int, now: float | None = None) -> str:
    """One line for real-time play: countdown, card, counters and your unplaced dice."""
    left = state.time_left(now)
    clock = "--" if left is None else ("TIME UP" if left <= 0 else f"{left:4.1f}s")
    card = card_text(state, state.current) if state.current else "-"
    counters = " ".join(f"{i}:{v}" for i, v in state.counters.items())
    dice = " ".join(str(f) for f in sorted(d.face for d in state.free_dice(seat))) or "-"
    return f"[{clock}] {card} | {counters} | your dice {dice}"


def render_end(state: WokStarState) -> str:
    """The result of a finished game."""
    if state.lost:
        return (
            f"The restaurant closes: {len(state.bad)} Bad Publicity cards in round "
            f"{state.round}. Incomes: {state.incomes}"
        )
    verdict = "the loan is paid, the team wins!" if state.won() else "the loan is not paid."
    return (
        f"Round 6 income ${state.final_income} against a loan of ${state.loan()}: {verdict} "
        f"Incomes: {state.incomes}; Bad Publicity {len(state.bad)}"
    )
