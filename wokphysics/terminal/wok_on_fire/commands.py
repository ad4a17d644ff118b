"""Wok on Fire's command-line verb ``score`` and the options of ``simulate`` (its bench figures:
:mod:`wokphysics.games.wok_on_fire.bench`).

Heavy parts are imported inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from wokphysics.errors import UserError

if TYPE_CHECKING:
    from wokphysics.games.wok_on_fire.scoring import PlayerScore

TITLE = "Wok on Fire"

MAX_PLAYERS = 4
"""The box holds 4 spatulas; a single player is solo practice."""


# --------------------------------------------------------------------------- score


def add_score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        action="append",
        default=None,
        metavar="CARDS",
        dest="players",
        help="one player's collected cards, comma-separated glossary names (case and "
        "spaces/underscores/hyphens do not matter), e.g. chicken,garlic,rice,green_pepper; "
        "give --player once per player (1 to 4; an empty string is a player with no cards)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--config",
        default=None,
        metavar="PATH",
        help="a TOML file or folder layered over the shipped config (its counts and points)",
    )


def score(args: argparse.Namespace) -> int:
    """Score the given players' piles exactly and name the winner(s)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.ingredients import parse_pile
    from wokphysics.games.wok_on_fire.scoring import Scorer, winners

    texts: list[str] = args.players or []
    if not texts:
        raise UserError("give at least one --player CARDS (e.g. --player chicken,garlic,rice)")
    if len(texts) > MAX_PLAYERS:
        raise UserError(f"{len(texts)} players given; Wok on Fire has 1 to {MAX_PLAYERS}")
    piles = []
    for number, text in enumerate(texts, start=1):
        try:
            piles.append(parse_pile(text))
        except UserError as error:
            raise UserError(f"player {number}: {error}") from None
    scores = Scorer(load_config(args.config).rules).score_players(piles)
    best = winners(scores)
    if args.json:
        print(json.dumps(_as_json(piles, scores, best), indent=2))
    else:
        print(_as_text(scores, best))
    return 0


def _as_json(
    piles: list[list[Any]],
    scores: list[PlayerScore],
    best: list[int],
) -> dict[str, Any]:
    players = []
    for number, (pile, player) in enumerate(zip(piles, scores, strict=True), start=1):
        players.append(
            {
                "player": number,
                "ingredients": [i.value for i in pile],
                "cards": player.cards,
                "arrangement": [
                    {
                        "kind": c.kind.value,
                        "ingredients": [i.value for i in c.ingredients],
                        "points": c.points,
                    }
                    for c in player.arrangement.combinations
                ],
                "arrangement_points": player.arrangement.points,
                "pork_bonus": player.pork_bonus,
                "broccoli_penalty": player.broccoli_penalty,
                "total": player.total,
            }
        )
    return {"players": players, "winners": [index + 1 for index in best]}


def _as_text(scores: list[PlayerScore], best: list[int]) -> str:
    lines: list[str] = []
    for number, player in enumerate(scores, start=1):
        lines.append(f"Player {number}: {player.total} points ({_cards(player.cards)})")
        for combination in player.arrangement.combinations:
            lines.append(f"  {combination.describe()}")
        if player.pork_bonus:
            lines.append(f"  most Pork ({player.pork}) = +{player.pork_bonus}")
        if player.broccoli_penalty:
            lines.append(f"  most Broccoli ({player.broccoli}) = {player.broccoli_penalty}")
    top = [scores[i] for i in best]
    tied_on_points = sum(1 for s in scores if s.total == top[0].total)
    names = " and ".join(f"Player {i + 1}" for i in best)
    if len(best) > 1:
        lines.append(
            f"Shared victory: {names} ({top[0].total} points, {_cards(top[0].cards)} each)"
        )
    elif tied_on_points > 1:
        lines.append(
            f"Winner: {names} ({top[0].total} points; tie broken by fewest "
            f"ingredients: {top[0].cards})"
        )
    else:
        lines.append(f"Winner: {names} ({top[0].total} points)")
    return "\n".join(lines)


def _cards(count: int) -> str:
    return f"{count} ingredient" if count == 1 else f"{count} ingredients"


# --------------------------------------------------------------------------- simulate


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=4, metavar="N", help="players per game, 1 to 4 (default 4)"
    )
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="how many games (default 100)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="seed of the first game; game i uses S + i (default 1)",
    )
    parser.add_argument(
        "--bots",
        default="strong,weak",
        metavar="NAMES",
        help="comma-separated bot strength per seat, cycled to fill the seats "
        "(strengths: [bots.<name>] in config/wok_on_fire.toml; shipped: strong, "
        "weak; and plan, the planning bot with strong's hand, plan:N trying N flicks "
        "a stir, default 8; default strong,weak)",
    )
    parser.add_argument(
        "--replays",
        default=None,
        metavar="DIR",
        help="write one replay file per game into DIR (on a cluster: a folder every worker "
        "can write)",
    )
    parser.add_argument(
        "--config",
        default=None,
        metavar="PATH",
        help="a TOML file or folder layered over the shipped config",
    )
    parser.add_argument(
        "--rotate-seats",
        action="store_true",
        help="shift the bots one seat on in every game, so each bot sits in each seat and "
        "starts equally often (fair strength comparisons)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
