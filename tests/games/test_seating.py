"""``--bots`` reads the same in the window and in the terminal: a number of bots, or one bot
name per bot seat (the terminal took only a number, so 'play GAME --terminal --bots
greedy,random' was an argparse error while the window's help promised names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from wokphysics.cli import main
from wokphysics.errors import UserError
from wokphysics.games import registry as bots_module
from wokphysics.terminal.seating import bot_seats, seats_line

KNOWN = ("greedy", "random")


@pytest.mark.parametrize(
    "players, bots, seats",
    [
        (3, None, [None, "greedy", "greedy"]),
        (3, "0", [None, None, None]),
        (3, "2", [None, "greedy", "greedy"]),
        (3, "random", [None, None, "random"]),
        (3, "random, greedy", [None, "random", "greedy"]),
        (2, "random,random", ["random", "random"]),
    ],
)
def test_bots_take_the_last_seats(players: int, bots: str | None,
                                  seats: list[str | None]) -> None:
    assert bot_seats(players, bots, KNOWN, "greedy", "we-will-wok-you") == seats


@pytest.mark.parametrize(
    "bots, message",
    [
        ("4", "--bots asks for 4 bots but --players is 3: there are only 3 players"),
        ("random,random,random,random", "--bots asks for 4 bots but --players is 3"),
        ("greedy,,random", "a bot name is missing between commas"),
        ("wizard", "unknown bot 'wizard' for we-will-wok-you; choose from: greedy, random"),
    ],
)
def test_bad_bots_are_one_line_naming_the_value(bots: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        bot_seats(3, bots, KNOWN, "greedy", "we-will-wok-you")


def test_the_first_line_names_the_people_and_the_bots() -> None:
    assert seats_line([None, "greedy"]) == "player 1 at the keyboard, 1 bot (greedy)"
    assert seats_line([None, None, "random", "greedy"]) == (
        "players 1-2 at the keyboard, 2 bots (random, greedy)")
    assert seats_line(["team", "team"]) == "2 bots (team, team)"
    assert seats_line([None, None]) == "players 1-2 at the keyboard"


@pytest.mark.parametrize(
    "game, names, extra",
    [
        ("we-will-wok-you", ["random", "greedy"], []),
        ("wok-and-roll", ["greedy", "random"], []),
        ("wok-star", ["random", "team"], ["--no-timer"]),
    ],
)
def test_the_terminal_seats_the_bots_named(
    game: str, names: list[str], extra: list[str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    real: Callable[..., Any] = bots_module.make_bot

    def spy(game_name: str, name: str, seed: int) -> Any:
        made.append(name)
        return real(game_name, name, seed)

    monkeypatch.setattr(bots_module, "make_bot", spy)
    status = main(["play", game, "--terminal", "--players", "2", "--bots", ",".join(names),
                   "--seed", "5", "--no-save", *extra])
    out = capsys.readouterr().out
    assert status == 0
    assert made[:2] == names  # seat 1 then seat 2, as named
    assert f"seed 5: 2 bots ({', '.join(names)})" in out


def test_the_terminal_refuses_an_unknown_bot_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "wok-and-roll", "--terminal", "--bots", "greedy,wizard"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == [
        "wokphysics: --bots: unknown bot 'wizard' for wok-and-roll; choose from: greedy, mcts, "
        "mcts:N, random"
    ]
