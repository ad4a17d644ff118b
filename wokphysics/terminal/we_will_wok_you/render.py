"""Text views of We Will Wok You for the terminal and the score command.

``render(state, seat)`` shows only what ``seat`` may see: the rows with their prices, the
coin sets, the woks on offer, the seat's own hand and front, and the other players' public
holdings (coins, number of hand cards, fronts, woks). ``render_end`` shows every player's
optimal scoring and the winners with the tie-break.
"""

from __future__ import annotations

from typing import Any

from wokphysics.games.protocol import GameState
from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.scoring import ScoreResult
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def _cards(data: CardData, cards: list[int]) -> str:
    if not cards:
        return "(none)"
    return ", ".join(data.card_text(c) for c in sorted(cards))


def _named(data: CardData, card_ids: tuple[str, ...]) -> str:
    """Scored cards (by id) as the table names them: ``Chick'n Jagger (bowl+bowl) [chicken-09]``."""
    return ", ".join(data.card_text(data.card_index(c)) for c in card_ids)


def _woks(data: CardData, woks: list[int]) -> list[str]:
    return [f"{data.woks[w].id}  {data.woks[w].describe(data.type_names)}" for w in woks]


def render(state: GameState, seat: int) -> str:
    """The table as ``seat`` sees it, before that seat's move."""
    assert isinstance(state, WeWillWokYouState)
    data = state.data
    lines = [f"--- We Will Wok You, turn {state.turns_taken + 1} ---"]
    if state.end_triggered:
        lines.append(f"The end is triggered: {state.final_left} final action(s) left.")
    setup = data.setup
    row_sets = setup.row_coin_sets
    for coin_set, name in enumerate(setup.coin_set_names):
        rows = ", ".join(str(r + 1) for r in range(len(row_sets)) if row_sets[r] == coin_set)
        lines.append(f"{name} coin set: {state.coin_sets[coin_set]} coins (price of rows {rows})")
    for row, cards in enumerate(state.rows):
        price = state.coin_sets[row_sets[row]]
        lines.append(f"  row {row + 1} ({price} coins): {_cards(data, cards)}")
    lines.append(
        f"draw pile: {len(state.draw)} cards; removed (visible): "
        f"{_cards(data, state.removed) if state.removed else 'none'}"
    )
    lines.append("woks on offer:")
    lines.extend(f"  {line}" for line in _woks(data, state.offer))
    for player in range(state.num_players):
        if player == seat:
            continue
        lines.append(
            f"player {player + 1}: {state.coins[player]} coins, {len(state.hands[player])} "
            f"hand cards, front {_cards(data, state.fronts[player])}"
        )
        lines.extend(f"    {line}" for line in _woks(data, state.woks[player]))
    lines.append(f"YOU (player {seat + 1}): {state.coins[seat]} coins")
    lines.append(f"  hand:  {_cards(data, state.hands[seat])}")
    lines.append(f"  front: {_cards(data, state.fronts[seat])}")
    symbols = state._symbols[seat]
    lines.append(
        f"  symbols in hand ({data.settings.symbols.wild} counted for each): "
        + ", ".join(
            f"{name} {count}" for name, count in zip(data.symbols, symbols, strict=True)
        )
    )
    for line in _woks(data, state.woks[seat]):
        lines.append(f"  wok {line}")
    if state.pending_wok >= 0:
        paid = _cards(data, state.pending_paid)
        lines.append(
            f"Paying for {data.woks[state.pending_wok].id}: paid so far {paid}. "
            f"Pay one card at a time until {data.needed} identical symbols "
            f"({data.settings.symbols.wild} wild)."
        )
    now = state.scorer.score(state.woks[seat], state.hands[seat], state.fronts[seat])
    lines.append(f"Your score if the game ended now: {now.total}")
    return "\n".join(lines)


def render_score(data: CardData, result: ScoreResult) -> str:
    """One player's optimal arrangement, wok by wok, and the total; cards are named as on the
    table (ingredient, symbols, [id]), not by bare id."""
    lines = []
    for wok in result.woks:
        men = f"  [{wok.effect}]" if wok.effect else ""
        lines.append(f"  {wok.wok}  {wok.description}{men}")
        cards = _named(data, wok.cards) if wok.cards else "no cards"
        lines.append(f"        {cards}  ->  {wok.points} ({wok.detail})")
    left = _named(data, result.leftovers) or "none"
    lines.append(f"  left over ({len(result.leftovers)}): {left}")
    if result.unused_men:
        lines.append(f"  Men-at-wok not used: {', '.join(result.unused_men)}")
    lines.append(f"  coins left: {result.coins}")
    lines.append(f"  total: {result.total}")
    return "\n".join(lines)


def score_to_json(result: ScoreResult) -> dict[str, Any]:
    """The optimal arrangement as plain data (for ``score --json``)."""
    return {
        "total": result.total,
        "woks": [
            {
                "wok": w.wok,
                "description": w.description,
                "men": list(w.men),
                "effect": w.effect,
                "cards": list(w.cards),
                "points": w.points,
                "detail": w.detail,
            }
            for w in result.woks
        ],
        "leftovers": list(result.leftovers),
        "unused_men": list(result.unused_men),
        "coins": result.coins,
    }


def render_end(state: GameState) -> str:
    """Every player's scoring, then the winner(s) and how ties were broken."""
    assert isinstance(state, WeWillWokYouState)
    lines = ["=== Final scoring ==="]
    for player, result in enumerate(state.final_scores()):
        lines.append(
            f"player {player + 1}: {result.total} points "
            f"({result.leftover_count} left-over ingredients, "
            f"{state.coins[player]} coins)"
        )
        lines.append(render_score(state.data, result))
    winners = state.winners()
    names = " and ".join(f"player {w + 1}" for w in winners)
    scores = state.scores()
    tied = [p for p in range(state.num_players) if scores[p] == max(scores)]
    note = ""
    if len(tied) > 1:
        rules = state.data.rules
        note = (
            f" (tie on {max(scores)} points broken by {rules.leftover_ingredients_tie_break}"
            f" left-over ingredients, then {rules.leftover_coins_tie_break} coins)"
        )
    verb = "wins" if len(winners) == 1 else "share the victory"
    lines.append(f"{names} {verb} with {max(scores)} points{note}.")
    return "\n".join(lines)
