"""We Will Wok You's bots, terminal play and simulation as a player would use them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wokphysics.cli import main
from wokphysics.games.bots import RandomBot
from wokphysics.games.registry import make_bot, new_game
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot, minimal_payments
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.terminal.prompt import play_in_terminal
from wokphysics.terminal.we_will_wok_you.play import WeWillWokYouTerminal
from wokphysics.terminal.we_will_wok_you.render import render

ROOT = Path(__file__).resolve().parents[2]
GAME = "we-will-wok-you"


@pytest.mark.slow
def test_greedy_wins_at_least_92_percent_against_three_random_bots() -> None:
    """200 seeded 4-player games; the greedy bot's seat rotates so no seat is favoured.

    Measured: 195 of 200 (97.5 %). The bar is the 99 % Wilson lower bound of that rate over
    200 games (92.8 %), rounded down: a change that makes the bot truly weaker than that fails.
    """
    games = 200
    wins = 0.0
    for seed in range(games):
        seat = seed % 4
        state = new_game(GAME, players=4, seed=seed)
        bots = [
            WeWillWokYouGreedyBot(seed) if s == seat else RandomBot(bot_seed(seed, s))
            for s in range(4)
        ]
        play_out(state, bots)
        winners = state.winners()
        if seat in winners:
            wins += 1 / len(winners)
    assert wins / games >= 0.92, f"greedy won {wins / games:.1%}"


def test_minimal_payments_make_exactly_four_identical_symbols() -> None:
    state = new_game(GAME, players=4, seed=3)
    assert isinstance(state, WeWillWokYouState)
    data = state.data
    hand = ["broccoli-12", "carrot-09", "tuna-04", "chicken-12", "octopus-03"]
    kinds = [0] * len(data.kinds)
    for card_id in hand:
        kinds[data.card_kind[data.card_index(card_id)]] += 1
    payments = minimal_payments(data, kinds, [(s, 0) for s in range(4)])
    texts = {tuple(sorted(data.kind_text(k) for k in p)) for p in payments}
    assert texts == {
        ("broccoli:bowl+bowl", "carrot:bowl+bowl"),
        ("broccoli:bowl+bowl", "chicken:star", "tuna:bowl"),
        ("carrot:bowl+bowl", "chicken:star", "tuna:bowl"),
    }
    for payment in payments:
        bowls = sum(data.kind_contribution[k][2] for k in payment)
        assert bowls == 4


def test_bots_are_registered_and_the_greedy_bot_only_plays_legal_steps() -> None:
    assert isinstance(make_bot(GAME, "greedy", 1), WeWillWokYouGreedyBot)
    assert isinstance(make_bot(GAME, "random", 1), RandomBot)
    for players in (2, 3):
        state = new_game(GAME, players=players, seed=11)
        bots = [WeWillWokYouGreedyBot(s) for s in range(players)]
        while not state.is_terminal():
            action = bots[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
            state.check_invariants()


def test_terminal_play_shows_the_table_asks_again_and_announces_bots() -> None:
    state = new_game(GAME, players=3, seed=5)
    answers = iter(["hello", "999", *["1"] * 500])
    out: list[str] = []
    seats = [None, WeWillWokYouGreedyBot(1), WeWillWokYouGreedyBot(2)]
    play_in_terminal(
        state, seats, WeWillWokYouTerminal(), read=lambda _: next(answers), write=out.append
    )
    text = "\n".join(out)
    assert "row 1 (6 coins)" in text and "row 3 (4 coins)" in text
    assert "upper coin set: 6 coins" in text and "lower coin set: 4 coins" in text
    assert "woks on offer ('show woks'): W" in text and "hand:" in text and "front:" in text
    assert "  1. collect upper" in text
    assert "not possible:" in text  # "hello"
    assert "no action numbered 999" in text
    assert "Bot 2 (greedy): " in text and "Bot 3 (greedy): " in text
    assert "=== Final scoring ===" in text and "total:" in text
    assert " wins with " in text or " share the victory " in text


def test_render_shows_only_what_the_seat_may_see() -> None:
    state = new_game(GAME, players=3, seed=5)
    assert isinstance(state, WeWillWokYouState)
    state.apply(state.parse_action("collect lower"))
    state.apply(state.parse_action("buy row 3"))  # player 2 pays the lower set's 3 coins
    view = render(state, 0)
    other_cards = [state.data.card_ids[c] for c in state.hands[1]]
    assert len(other_cards) == 2 and all(card not in view for card in other_cards)
    assert "player 2: 0 coins, 2 hand cards" in view


def test_play_command_in_a_terminal(tmp_path: Path) -> None:
    script = "\n".join(["nonsense", *["1"] * 400]) + "\n"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wokphysics.cli",
            "play",
            GAME,
            "--terminal",
            "--players",
            "3",
            "--bots",
            "2",
            "--seed",
            "4",
            "--no-save",
        ],
        input=script,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Player 1, your move:" in result.stdout
    assert "not possible:" in result.stdout
    assert "=== Final scoring ===" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", GAME, "--terminal", "--players", "9"], "--players must be 2 to 4"),
        (["play", GAME, "--terminal", "--players", "3", "--bots", "5"],
         "--bots asks for 5 bots but --players is 3: there are only 3 players"),
        (["simulate", GAME, "--games", "0"], "--games must be at least 1"),
        (["simulate", GAME, "--bots", "genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_arguments_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.usefixtures("dask_cluster")
def test_simulate_prints_a_results_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "simulate",
            GAME,
            "--players",
            "4",
            "--games",
            "6",
            "--seed",
            "1",
            "--no-progress",
            "--bots",
            "greedy,random",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "6 games, 4 players" in out
    assert "greedy" in out and "random" in out
    assert "game length in actions" in out and "game length in turns" in out


def test_greedy_bot_decides_only_on_what_its_seat_sees() -> None:
    """Changing what seat 0 cannot see (the draw order, another player's hand) changes
    neither its observation nor the greedy bot's choice."""
    import random

    for seed in range(12):
        state = new_game(GAME, players=3, seed=seed)
        assert isinstance(state, WeWillWokYouState)
        rng = random.Random(seed)
        while not (state.current_player == 0 and state.hands[1] and state.pending_wok < 0):
            state.apply(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
        if state.is_terminal() or not state.draw:
            continue
        variant = state.clone()
        rng.shuffle(variant.draw)
        # Swap one of player 2's hand cards with a card from the draw pile.
        hand_card, draw_card = variant.hands[1][0], variant.draw[0]
        variant.hands[1][0], variant.draw[0] = draw_card, hand_card
        variant._rebuild_caches()
        variant.check_invariants()
        assert variant.observation(0) == state.observation(0)
        assert variant.to_json() != state.to_json()
        bot = WeWillWokYouGreedyBot
        assert bot(seed).choose(variant) == bot(seed).choose(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_terminal_screen_fits_80x24_with_its_choices(players: int) -> None:
    """From the turn's heading to the prompt, what a person reads before each move fits an
    80x24 terminal: the rows were scrolled off by the removed cards and the woks on offer."""
    state = new_game(GAME, players=players, seed=4)
    out: list[str] = []
    heights: list[int] = []
    picks = iter([*["3", "1", "4", "2", "1"] * 200])

    def read(_prompt: str) -> str:
        lines = "\n".join(out).splitlines()
        starts = [i for i, line in enumerate(lines) if line.startswith("--- We Will Wok You")]
        if starts:  # (a sub-list's prompt has no heading of its own)
            screen = lines[starts[-1]:]
            # rows on an 80-column terminal (a long line wraps), + the prompt line
            heights.append(sum(max(1, -(-len(line) // 80)) for line in screen) + 1)
            out.clear()
        return next(picks)

    seats = [None] + [WeWillWokYouGreedyBot(seat) for seat in range(1, players)]
    play_in_terminal(state, seats, WeWillWokYouTerminal(), read=read, write=out.append)
    assert state.is_terminal() and len(heights) >= 8
    assert max(heights) <= 24, heights


def test_simulate_numbers_seats_from_1_as_the_study_files_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Before: the table said "seat 0" for the seat that summary.json and the plots call "seat 1".
    import json

    out_dir = tmp_path / "study"
    assert main(["simulate", GAME, "--players", "3", "--games", "12", "--no-progress",
                 "--no-cluster", "--bots", "greedy,random,random", "--out", str(out_dir)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    seats = [row for row in rows if len(row) == 6 and row[0].isdigit()]
    assert [row[0] for row in seats] == ["1", "2", "3"]
    assert [row[1] for row in seats] == ["greedy", "random", "random"]
    summary = json.loads((out_dir / "summary.json").read_text())
    assert set(summary["results"]["win_rate_by_seat"]) == {"seat 1", "seat 2", "seat 3"}
    # With --rotate-seats a seat has no one bot: the table says so instead of game 1's bot.
    assert main(["simulate", GAME, "--players", "3", "--games", "6", "--no-progress",
                 "--no-cluster", "--bots", "greedy,random,random", "--rotate-seats"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [row[1] for row in rows if len(row) == 6 and row[0] in "123"] == ["(rotating)"] * 3
