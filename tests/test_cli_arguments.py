"""Bad arguments end in one line and exit status 2, the same way in every game."""

from __future__ import annotations

import pytest
from cli_helpers import wokphysics

from wokphysics.games.registry import game_names
from wokphysics.games.seeds import MAX_SEED
from wokphysics.records.header import MAX_SEED as MAX_RECORD_SEED


@pytest.mark.parametrize("seed", ["-1", str(MAX_SEED + 1)])
@pytest.mark.parametrize("game", game_names())
def test_every_game_takes_the_same_seeds(
    game: str, seed: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(capsys, monkeypatch, "simulate", game, "--seed", seed, "--games", "1")
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--seed must be 0 to {MAX_SEED}, not {seed}" in outcome.err


def test_records_take_the_seeds_the_command_line_gives() -> None:
    assert MAX_RECORD_SEED == MAX_SEED


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ("99999999999999999999999", "--bots '99999999999999999999': give a number of bots"),
        ("²", "--bots '²': give a number of bots, 0 to 2"),
        ("5", "--bots asks for 5 bots but --players is 2"),
    ],
)
def test_wok_on_fire_bot_count_is_checked_before_anything_is_built(
    bots: str, words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(capsys, monkeypatch, "play", "--bots", bots, "--max-frames", "1")
    assert outcome.status == 2 and outcome.one_line_error
    assert words in outcome.err


def test_an_unknown_wok_star_bot_is_refused_before_the_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(
        capsys, monkeypatch, "simulate", "wok-star", "--bot", "x", "--games", "2", "--no-cluster"
    )
    assert outcome.status == 2 and outcome.one_line_error  # no progress-bar fragments around it
    assert "unknown bot 'x' for wok-star; choose from: random, team" in outcome.err


def test_a_huge_or_unicode_bot_count_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: `--bots` of 5,000 digits raised ValueError (int's digit limit) with a traceback.
    for count, words in (
        ("1" * 5000, "there are only 3 players"),
        ("\u00b2", "give a number of bots, 0 to 3"),
    ):
        ran = wokphysics(capsys, monkeypatch, "play", "we-will-wok-you", "--no-save", "--bots",
                         count, "--max-frames", "2")
        assert ran.status == 2 and ran.one_line_error, ran.err
        assert "--bots" in ran.err and words in ran.err
        assert len(ran.err) < 200


@pytest.mark.parametrize("game", game_names())
def test_a_study_too_big_to_plan_is_refused_before_it_is_planned(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the audit: ``--games 99999999999999999999999`` built the task list and took
    22 GB before the kernel killed it."""
    outcome = wokphysics(capsys, monkeypatch, "simulate", game, "--games", "9" * 23)
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--games must be at most 1000000, not {'9' * 23}" in outcome.err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["sweep", "flips", "--seeds", "99999999999"], "--seeds must be at most 100000"),
        (["sweep", "flips", "--wok-seeds", "99999999999"], "--wok-seeds must be at most 100000"),
        (
            ["sweep", "we-will-wok-you"]
            + [f"--vary=ai.{key}={','.join(str(v) for v in range(11))}"
               for key in ("coin_value", "symbol_value", "spare_card_value", "woks_weighed")],
            "--vary: 14641 combinations of values; at most 10000",
        ),
    ],
)
def test_a_sweep_too_big_to_plan_is_refused(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    outcome = wokphysics(capsys, monkeypatch, *args)
    assert outcome.status == 2 and outcome.one_line_error
    assert words in outcome.err


@pytest.mark.parametrize("bots", ["²", "①", "9" * 100_000])
@pytest.mark.parametrize("game", game_names())
def test_every_window_reads_a_bot_count_the_same_way(
    game: str, bots: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the audit: the turn games' windows read ``--bots ²`` with int() (traceback)."""
    outcome = wokphysics(
        capsys, monkeypatch, "play", game, "--bots", bots, "--max-frames", "1", "--no-save"
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--bots {bots[:20]!r}: give a number of bots, 0 to" in outcome.err


@pytest.mark.parametrize("game", game_names())
def test_every_window_names_an_unknown_bot_the_same_way(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(
        capsys, monkeypatch, "play", game, "--bots", "wizard", "--max-frames", "1", "--no-save"
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--bots: unknown bot 'wizard' for {game}; choose from: " in outcome.err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "wok-star", "--players", "9" * 100_000],
        ["simulate", "wok-and-roll", "--games", "many"],
        ["simulate", "chess"],
        ["--no-such-option"],
    ],
)
def test_a_bad_argument_is_one_short_line(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """argparse's own errors too: one line (they were two), a huge value cut short."""
    outcome = wokphysics(capsys, monkeypatch, *args)
    assert outcome.status == 2 and outcome.one_line_error
    assert len(outcome.err) < 400 and "--help')" in outcome.err


def test_window_options_written_before_play_go_with_the_game() -> None:
    """'wokphysics --max-frames 5 play --players 3 wok-and-roll' said "invalid choice: '3'",
    and 'wokphysics --mute play wok-star' played with the sound on: the game's defaults
    overwrote, unseen, the window options written before 'play'."""
    from wokphysics.cli import _with_default_game, build_parser

    for argv in (
        ["--max-frames", "5", "--mute", "play", "--players", "3", "wok-and-roll"],
        ["--max-frames", "5", "--mute", "play", "wok-and-roll", "--players", "3"],
    ):
        args = build_parser().parse_args(_with_default_game(argv))
        assert (args.game, args.players, args.max_frames, args.mute) == (
            "wok-and-roll", 3, 5, True,
        ), argv
    launcher = build_parser().parse_args(_with_default_game(["--mute", "play"]))
    assert launcher.command is None and launcher.mute  # 'play' alone: the launcher
    sized = build_parser().parse_args(_with_default_game(["--size", "800x600", "play"]))
    assert sized.command is None and sized.size == "800x600"
