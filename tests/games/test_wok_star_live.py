"""Wok Star in the terminal (fed input, a fake wall clock) and on the command line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wokphysics.cli import main
from wokphysics.games.wok_star.cards import default_config
from wokphysics.games.wok_star.clock import WallClock
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.terminal.wok_star.play import expand, play_live


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def monotonic(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def feeder(lines: list[str], fake: FakeTime, seconds_per_line: float) -> Iterator[str]:
    for line in lines:
        fake.t += seconds_per_line
        yield line


def run(lines: list[str], seconds_per_line: float, players: int = 2) -> tuple[WokStarState, str]:
    fake = FakeTime()
    clock = WallClock(monotonic=fake.monotonic, sleep=fake.sleep)
    state = WokStarState(players, 7, default_config(), clock)
    seats: list[TeamBot | None] = [None] + [TeamBot(s) for s in range(1, players)]
    out: list[str] = []
    source = feeder(lines, fake, seconds_per_line)

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(source)
        except StopIteration:
            raise EOFError from None

    play_live(state, seats, read=read, write=out.append)
    return state, "\n".join(out)


def test_short_commands_expand_to_actions() -> None:
    state = WokStarState(2, 0)
    assert expand(state, "p 4 ri") == "place 4 on rice"
    assert expand(state, "c 3 4 wraps") == "combo 3+4 on wraps"
    assert expand(state, "g 5 2") == "give 5 to 2"
    assert expand(state, "t") == "turn away"
    assert expand(state, "") == "wait"
    assert expand(state, "b kung 2") == "buy kung_pao for 2"
    assert expand(state, "u grandma rice") == "use grandma rice"


def test_a_person_plays_with_help_errors_and_a_countdown() -> None:
    lines = ["help", "l", "fly away"] + ["1"] * 12 + ["", "w", "l", "1"]
    state, text = run(lines, seconds_per_line=0.5)
    assert "Commands" in text and "p V PREP" in text
    assert "not possible" in text
    assert "  1. " in text  # the numbered legal actions
    assert "s left" in text and "Card:" in text
    assert "Your preparations" in text and "Ingredients" in text
    assert "(end of input" in text
    assert state.phase in ("action", "extra", "purchase")


def test_slow_typing_makes_customers_late() -> None:
    # Half a minute per command: the timers run out while the person thinks.
    lines = ["1"] * 8 + ["w"] * 12
    state, text = run(lines, seconds_per_line=30.0)
    assert state.phase != "setup_assign" and state.now > 200.0
    assert (
        "TIME IS UP" in text
        or len(state.bad) > 0
        or any(not taken.face_up for pile in state.piles for taken in pile)
    )


@pytest.mark.slow
def test_simulate_prints_the_team_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "simulate",
            "wok-star",
            "--players",
            "2",
            "--games",
            "3",
            "--no-progress",
            "--difficulty",
            "all",
            "--seed",
            "4",
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "team win" in out and "2p easy" in out and "2p hard" in out
    assert "seeds 4..6" in out  # every difficulty plays the same 3 games (seeds 4-6)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "wok-star", "--players", "9"], "--players must be 1 to 4"),
        (["simulate", "wok-star", "--difficulty", "brutal"], "--difficulty must be"),
        (["simulate", "wok-star", "--games", "0"], "--games must be at least 1"),
        (["play", "wok-star", "--players", "2", "--bots", "3", "--terminal"],
         "--bots asks for 3 bots but --players is 2: there are only 2 players"),
        (["play", "wok-star", "--players", "2", "--bots", "3"], "there are only 2 players"),
        (["simulate", "wok-star", "--bot", "x", "--games", "2"], "unknown bot 'x'"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bad_config_file_is_named_with_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text("[rules]\ntimer_seconds = -3\n")
    assert main(["simulate", "wok-star", "--games", "1", "--config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "rules.timer_seconds" in err


def test_bots_only_play_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["play", "wok-star", "--terminal", "--players", "2", "--bots", "2", "--no-timer",
         "--seed", "3", "--no-save"]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "seat 1 (bot)" in out and ("Round 6 income" in out or "restaurant closes" in out)


def test_in_real_time_the_bots_go_on_while_you_think() -> None:
    fake = FakeTime()
    clock = WallClock(monotonic=fake.monotonic, sleep=fake.sleep)
    state = WokStarState(2, 7, default_config(), clock)
    # Setup by typing numbers, then silence: each poll times out after its patience.
    typed = iter(["1"] * 8)
    out: list[str] = []
    polls = 0

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    def poll(prompt: str, seconds: float) -> str | None:
        nonlocal polls
        polls += 1
        if polls > 60:
            raise EOFError
        fake.t += seconds  # nothing typed in time
        return None

    play_live(state, [None, TeamBot(1)], read=read, write=out.append, poll=poll)
    text = "\n".join(out)
    bot_moves = [line for line in out if line.startswith("  seat 2 (bot)")]
    assert polls > 10 and bot_moves  # the bot kept cooking while seat 1 was silent
    # The first customer's 20 s of sand ran out while seat 1 was silent; countdown lines.
    assert state.now > 20.0 and "TIME UP" in text and "your dice" in text


@pytest.mark.slow
def test_the_config_files_difficulty_is_used_unless_one_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "wok_star.toml"
    mine.write_text('[rules]\ndifficulty = "easy"\n')
    assert (
        main(["simulate", "wok-star", "--games", "1", "--no-progress", "--config", str(mine)]) == 0
    )
    assert "2p easy" in capsys.readouterr().out
    assert (
        main(
            [
                "simulate",
                "wok-star",
                "--games",
                "1",
                "--no-progress",
                "--config",
                str(tmp_path),
                "--difficulty",
                "hard",
            ]
        )
        == 0
    )
    assert "2p hard" in capsys.readouterr().out


def test_your_own_moves_are_said_as_the_bots_are_and_every_line_fits_80_columns() -> None:
    lines = ["1"] * 12 + ["", "w", "l", "1", "1", "1"]
    state, text = run(lines, seconds_per_line=0.5)
    out = text.split("\n")
    mine = [line for line in out if line.startswith("  seat 1: ")]
    bots = [line for line in out if line.startswith("  seat 2 (bot): ")]
    assert bots and len(mine) >= 8, mine
    # Setup: the preparations you dealt out, each said with its seat.
    assert mine[0].startswith("  seat 1: gave ") or "assign" in mine[0] or "to seat" in mine[0]
    # In the kitchen: your die placed, with the counter's numbers, as a bot's would be.
    assert any(line.startswith("  seat 1: placed a ") and ", now " in line for line in mine)
    assert max(len(line) for line in out) <= 80, max(out, key=len)


def test_the_status_line_fits_80_columns_for_every_card_of_a_game() -> None:
    import re

    from wokphysics.games.wok_star.cards import recipe_of
    from wokphysics.terminal.wok_star.render import status_line

    checked = 0
    for seed in range(6):
        state = WokStarState(4, seed)
        bots = [TeamBot(s) for s in range(4)]
        while not state.is_terminal():
            if state.phase.value == "action":
                for seat in range(4):
                    line = status_line(state, seat)
                    assert len(line) <= 80, line
                    # The countdown, the cook of a customer and your dice always stay.
                    assert re.match(r"\[(--|TIME UP|[ 0-9.]+s)\] ", line), line
                    assert re.search(r" \| (your )?dice [-0-9g ]+$", line), line
                    if "#" in state.current:
                        cook = state.recipe_owner[recipe_of(state.current)] + 1
                        assert f"seat {cook}" in line, line
                    checked += 1
            state.apply(bots[state.current_player].choose(state))
    assert checked > 1000
