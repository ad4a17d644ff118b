"""Bad arguments end in one line and exit status 2, the same way in every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import wokphysics

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.registry import game_names, new_game
from wokphysics.games.seeds import MAX_SEED
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game
from wokphysics.records.header import MAX_SEED as MAX_RECORD_SEED
from wokphysics.replay.turn_record import write_record


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
    assert ("unknown bot 'x' for wok-star; choose from: planner, planner:N, random, team"
            in outcome.err)


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


def _saved_game(game: str, folder: Path) -> Path:
    """A fresh game of ``game`` saved as its window saves it (a file ``--resume`` takes)."""
    path = folder / f"{game}-save.json"
    if game == "wok-on-fire":
        save_game(WokOnFireGame(load_config(), 2, seed=3, bots=("strong", "weak")), path)
    else:
        state = new_game(game, 2, 3)
        write_record(path, game, ["person", "person"], state, state)
    return path


@pytest.mark.parametrize("game", game_names())
def test_no_save_and_save_together_are_refused(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: one of the two was dropped silently (the game ran, exit 0)."""
    monkeypatch.chdir(tmp_path)
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--no-save", "--save", "x.json",
                         "--max-frames", "1")
    assert outcome.status == 2 and outcome.one_line_error
    assert "--no-save and --save FILE contradict each other" in outcome.err


@pytest.mark.parametrize(
    ("game", "options", "dropped"),
    [
        ("wok-on-fire", ["--seed", "4"], "drop --seed"),
        ("we-will-wok-you", ["--players", "4", "--seed", "4"], "drop --players and --seed"),
        ("wok-star", ["--difficulty", "hard", "--no-timer"], "drop --difficulty and --no-timer"),
        ("wok-and-roll", ["--players", "3"], "drop --players"),
        ("wok-and-roll", ["--bots", "1"], "drop --bots"),
    ],
)
def test_resume_refuses_the_options_of_a_new_game(
    game: str, options: list[str], dropped: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A resumed game keeps its saved players, seed and rules: before, these options were
    ignored without a word (the saved 2-player game started, exit 0)."""
    monkeypatch.chdir(tmp_path)
    saved = _saved_game(game, tmp_path)
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--resume", str(saved), "--no-save",
                         *options, "--max-frames", "1")
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--resume continues the saved game with its own players, seed and rules; {dropped}" \
        in outcome.err
    alone = wokphysics(capsys, monkeypatch, "play", game, "--resume", str(saved), "--no-save",
                       "--max-frames", "1")
    assert alone.status == 0, alone.err


@pytest.mark.parametrize(("option", "value"), [("--players", "2"), ("--difficulty", "easy")])
def test_wok_star_all_refuses_a_player_count_or_difficulty(
    option: str, value: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--all plays 1-4 players at every difficulty: before, --players 2 was ignored silently."""
    outcome = wokphysics(capsys, monkeypatch, "simulate", "wok-star", "--all", option, value,
                         "--games", "1", "--no-cluster", "--no-progress")
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--all plays every player count 1-4 and every difficulty; drop {option}" in outcome.err


@pytest.mark.parametrize("extra", [[], ["--bots", "0"]])
def test_wok_star_terminal_names_its_bot_option_as_typed(
    extra: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: 'bot: unknown bot' (no dashes), and with --bots 0 the bad name was not noticed."""
    outcome = wokphysics(capsys, monkeypatch, "play", "wok-star", "--terminal", "--bot",
                         "greedy", *extra, stdin="quit\n")
    assert outcome.status == 2 and outcome.one_line_error
    assert ("--bot: unknown bot 'greedy' for wok-star; choose from: planner, planner:N, "
            "random, team") in outcome.err


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("bots", ["random,,random", "random,", ","])
def test_every_window_refuses_an_empty_bot_name(
    game: str, bots: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'strong,,weak' made a 2-bot table of 3 players unseen: the empty name was dropped."""
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--players", "3", "--bots", bots,
                         "--max-frames", "1", "--no-save")
    assert outcome.status == 2 and outcome.one_line_error
    assert "a bot name is missing between commas; give one name per bot seat (" in outcome.err


@pytest.mark.parametrize(("game", "option"), [
    ("wok-and-roll", "--max-frames"), ("we-will-wok-you", "--screenshot=x.png"),
    ("wok-star", "--fullscreen"), ("wok-and-roll", "--size"),
])
def test_a_window_option_with_terminal_says_so(
    game: str, option: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "unrecognized arguments: --size (see 'wokphysics --help')", though the game's
    --help lists --size beside --terminal. (--save, --no-save and --resume are the terminal
    game's too: tests/games/test_terminal_saves.py.)"""
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--terminal", option)
    assert outcome.status == 2 and outcome.one_line_error
    name = option.split("=")[0]
    assert (f"{name} is an option of the window, not of the terminal game "
            f"(see 'wokphysics play {game} --terminal --help')") in outcome.err


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-and-roll"])
def test_turn_game_terminals_fit_80_columns_to_the_end(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game at the terminal (bots' moves, the end, the final tally) in 80 columns:
    bots naming their cards and the tally's sentences ran past 80 and the terminal cut them
    mid-word ('Rec' / 'ipe Book')."""
    outcome = wokphysics(capsys, monkeypatch, "play", game, "--terminal", "--players", "3",
                         "--seed", "4", "--bots", "random,random,random", "--no-save",
                         stdin="")
    assert outcome.status == 0, outcome.err
    lines = outcome.out.splitlines()
    assert any("wins" in line for line in lines[-3:])
    assert [line for line in lines if len(line) > 80] == []
    assert max(len(line) for line in lines) >= 70  # the long lines are wrapped, not dropped


def test_long_terminal_lines_wrap_between_words_with_a_hanging_indent(
    capsys: pytest.CaptureFixture[str]
) -> None:
    from wokphysics.terminal.prompt import print_fitted

    long = "  left over (19): " + ", ".join(f"broccoli-{n:02d}" for n in range(1, 15))
    print_fitted("short line\n" + long)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "short line"
    assert all(len(line) <= 80 for line in out)
    assert out[1].startswith("  left over (19): broccoli-01,")
    assert all(line.startswith("      broccoli-") for line in out[2:])
    assert " ".join(part.strip() for part in out[1:]) == long.strip()


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-star", "wok-and-roll"])
def test_the_seed_help_says_what_the_seed_does_for_this_command(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'wokphysics play GAME --terminal --help' said 'default: 1 for simulate, random for
    play': a player reading play's help was told about another command."""
    played = wokphysics(capsys, monkeypatch, "play", game, "--terminal", "--help")
    simulated = wokphysics(capsys, monkeypatch, "simulate", game, "--help")
    assert played.status == simulated.status == 0
    flat = [" ".join(o.out.split()) for o in (played, simulated)]
    assert "simulate" not in flat[0].split("--seed N", 2)[-1].split("--config")[0]
    assert "(default: a fresh one each game)" in flat[0]
    assert "then N+1, N+2, ... (default 1)" in flat[1]


def test_wok_and_roll_at_the_terminal_seats_three_players_as_the_window_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window's default was 3 players, the terminal's 2: '--bots 3' refused there."""
    outcome = wokphysics(capsys, monkeypatch, "play", "wok-and-roll", "--terminal", "--bots",
                         "3", "--seed", "4", "--no-save")
    assert outcome.status == 0, outcome.err
    assert outcome.out.startswith("Wok and Roll, seed 4: 3 bots (greedy, greedy, greedy)")
    assert any("wins" in line for line in outcome.out.splitlines()[-3:])


def test_a_replay_file_that_is_not_json_at_all_is_not_called_truncated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    path.write_text("root:x:0:0:root:/root:/bin/bash\n")
    outcome = wokphysics(capsys, monkeypatch, "replay", str(path), "--verify")
    assert outcome.status == 2 and outcome.one_line_error
    assert "not JSON" in outcome.err and "truncated" not in outcome.err


@pytest.mark.parametrize(
    ("argv", "helped"),
    [
        (["play", "we-will-wok-you", "--frobnicate"], "wokphysics play we-will-wok-you --help"),
        (["play", "wok-and-roll", "--terminal", "--frobnicate"],
         "wokphysics play wok-and-roll --terminal --help"),
        (["simulate", "wok-star", "--bots", "team"], "wokphysics simulate wok-star --help"),
        (["sweep", "flips", "--frobnicate"], "wokphysics sweep flips --help"),
        (["bench", "--frobnicate"], "wokphysics bench --help"),
    ],
)
def test_an_unknown_option_points_to_the_help_that_lists_the_options(
    argv: list[str], helped: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unknown option said "(see 'wokphysics --help')", whose page lists no option of a
    game's command."""
    outcome = wokphysics(capsys, monkeypatch, *argv)
    assert outcome.status == 2 and outcome.one_line_error
    assert "unrecognized arguments: " + argv[-1] in outcome.err or "--bots team" in outcome.err
    assert outcome.err.rstrip().endswith(f"(see '{helped}')"), outcome.err


def test_wok_star_at_the_terminal_fits_80_columns_from_its_first_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 3 bots the first line ran to 100 columns and the terminal cut 'co' / 'mmands'."""
    outcome = wokphysics(capsys, monkeypatch, "play", "wok-star", "--terminal", "--players",
                         "4", "--bots", "3", "--seed", "3", "--no-save", stdin="q\n")
    assert outcome.status == 0, outcome.err
    assert outcome.out.startswith("Wok Star, seed 3: player 1 at the keyboard, 3 bots")
    assert [line for line in outcome.out.splitlines() if len(line) > 80] == []
