"""Files a user hands the program: every bad one ends in one line and exit status 2.

Configs (TOML) and replay files (JSON) are read through one reader that refuses devices,
pipes, link loops and oversized files before reading them whole; values are validated strictly
(no text read as a number, no true/false as a count); replay fields are all checked.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import wokphysics

from wokphysics.config.files import CONFIG_LIMIT, FileProblem, read_user_text
from wokphysics.config.wok_on_fire import load_config
from wokphysics.errors import ConfigError, ReplayFileError
from wokphysics.games.wok_on_fire.record import load_game_record, verify_game_record
from wokphysics.games.wok_on_fire.simulate import play_one
from wokphysics.records.files import MAX_JSON_VALUES, read_replay_json
from wokphysics.replay.table_record import TableRecorder, load_table_replay
from wokphysics.table.gesture import Gesture, GestureError

CFG = load_config()
STIR = Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -47.0)])

# ----------------------------------------------------------------------------- the reader


def test_a_device_is_refused_before_a_byte_is_read() -> None:
    with pytest.raises(FileProblem, match="not a regular file"):
        read_user_text("/dev/zero", CONFIG_LIMIT)


def test_a_pipe_with_no_writer_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(FileProblem, match="not a regular file"):
        read_user_text(fifo, CONFIG_LIMIT)


def test_a_link_to_itself_is_named_as_a_loop(tmp_path: Path) -> None:
    loop = tmp_path / "physics.toml"
    loop.symlink_to(loop)
    with pytest.raises(FileProblem, match="symbolic link that leads back to itself"):
        read_user_text(loop, CONFIG_LIMIT)


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2000)
    with pytest.raises(FileProblem, match=r"is 2\.0 KiB; at most 1\.0 KiB is read"):
        read_user_text(big, 1024)


def test_a_byte_order_mark_is_dropped_and_other_bytes_must_be_utf8(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(b"\xef\xbb\xbfa = 1\n")
    assert read_user_text(path, CONFIG_LIMIT) == "a = 1\n"
    path.write_bytes(b"a = '\xff'\n")
    with pytest.raises(FileProblem, match="not UTF-8 text"):
        read_user_text(path, CONFIG_LIMIT)


def test_missing_files_and_folders_are_named(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match="no such file"):
        read_user_text(tmp_path / "nope.toml", CONFIG_LIMIT)
    with pytest.raises(FileProblem, match="is a folder"):
        read_user_text(tmp_path, CONFIG_LIMIT)


def test_a_name_with_a_null_character_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by tests/test_fuzz_arguments.py: `score we-will-wok-you '\x00'` was a traceback
    with pytest.raises(FileProblem, match="holds a null character"):
        read_user_text("\x00", CONFIG_LIMIT)
    outcome = wokphysics(capsys, monkeypatch, "score", "we-will-wok-you", "a\x00b")
    assert outcome.status == 2 and outcome.one_line_error
    assert "null character" in outcome.err
    # the config caches look at the file's time first: that must not raise either
    for game in ("we-will-wok-you", "wok-and-roll"):
        outcome = wokphysics(capsys, monkeypatch, "play", game, "--config", "a\x00b")
        assert outcome.status == 2 and outcome.one_line_error


# ----------------------------------------------------------------------------- configs


def _config(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "my.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[physics]\nfriction = "0.3"\n', "physics.friction: input should be a valid number"),
        ("[physics]\nsolver_iterations = true\n", "physics.solver_iterations: input should be a"),
        ("[physics]\nsolver_iterations = 6.0\n", "physics.solver_iterations: input should be a"),
        ("[physics]\nfriction = nan\n", "physics.friction: input should be a finite number"),
        ("[physics]\nfriction = 1979-05-27\n", "physics.friction: a date or time is not allowed"),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ],
)
def test_a_bad_config_value_is_one_line(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        load_config(_config(tmp_path, text))


def test_whole_numbers_fill_decimal_keys_and_a_bom_is_harmless(tmp_path: Path) -> None:
    cfg = load_config(_config(tmp_path, b"\xef\xbb\xbf[physics]\nfriction = 1\n"))
    assert cfg.physics.physics.friction == 1.0


def test_a_self_linked_file_in_a_config_folder_is_reported_not_skipped(tmp_path: Path) -> None:
    loop = tmp_path / "physics.toml"
    loop.symlink_to(loop)
    with pytest.raises(ConfigError, match="physics.toml: is a symbolic link that leads back"):
        load_config(tmp_path)


@pytest.mark.parametrize(
    ("game", "wanted"),
    [
        ("wok-on-fire", "physics.toml or wok_on_fire.toml"),
        ("we-will-wok-you", "we_will_wok_you.toml"),
        ("wok-star", "wok_star.toml"),
        ("wok-and-roll", "wok_and_roll.toml"),
    ],
)
def test_a_config_folder_without_the_games_files_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    wanted: str,
) -> None:
    # A mistyped folder (or one holding only another game's file) would otherwise play on the
    # defaults without a word.
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("not a config")
    outcome = wokphysics(capsys, monkeypatch, "simulate", game, "--games", "1", "--no-cluster",
                         "--workers", "1", "--config", str(folder), "--out", str(tmp_path / "o"))
    assert outcome.status == 2
    assert outcome.one_line_error
    assert str(folder) in outcome.err and f"holds no {wanted}" in outcome.err
    assert not (tmp_path / "o").exists()


def test_a_config_folder_with_one_of_wok_on_fires_two_files_is_enough(tmp_path: Path) -> None:
    (tmp_path / "wok_on_fire.toml").write_text("[rules]\ncards_per_chop = 3\n")
    assert load_config(tmp_path).rules.cards_per_chop == 3


def test_a_self_linked_config_file_is_reported_as_a_loop(tmp_path: Path) -> None:
    loop = tmp_path / "my.toml"
    loop.symlink_to(loop)
    with pytest.raises(ConfigError, match="my.toml: is a symbolic link that leads back"):
        load_config(loop)


@pytest.mark.parametrize("game", ["wok-on-fire", "we-will-wok-you", "wok-star", "wok-and-roll"])
def test_config_dev_zero_is_one_line_for_every_game(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(
        capsys, monkeypatch, "simulate", game, "--config", "/dev/zero", "--games", "1"
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert "/dev/zero: is not a regular file" in outcome.err


# ----------------------------------------------------------------------------- replay files


@pytest.fixture(scope="module")
def game_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    play_one(CFG, 2, 21, ("strong", "weak"), path)
    return path


@pytest.fixture(scope="module")
def table_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "table.json"
    recorder = TableRecorder(CFG, 3)
    recorder.stir(STIR)
    recorder.save(path)
    return path


def _edited(source: Path, target: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(source.read_text())
    change(data)
    target.write_text(json.dumps(data))
    return target


def _first_sample(data: dict[str, Any]) -> list[Any]:
    sample: list[Any] = data["turns"][0]["inputs"][0]["gesture"][0]
    return sample


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["turns"][0].update(player=7), r"turns\[0\]\.player must be 0 to 1, not 7"),
        (lambda d: d.update(dt=0.5), r"its dt \(0.5 s\) is not its config's physics.dt_s"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d["turns"][0].update(note="hi"), r"unknown field 'note' in turns\[0\]"),
        (lambda d: d["turns"][0]["inputs"][0].update(speed=3), "unknown field 'speed'"),
        (lambda d: d.update(bots=["strong", "wizard"]), "field 'bots' must list one label"),
        (lambda d: d.update(bots=["strong"]), "field 'bots' must list one label per player"),
        (lambda d: d.update(players=99), "players must be 1 to 4, not 99"),
        (lambda d: d.update(seed=-1), "seed must be 0 to 9223372036854775807, not -1"),
    ],
)
def test_every_game_record_field_is_checked(
    game_record: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    with pytest.raises(ReplayFileError, match=words):
        load_game_record(_edited(game_record, tmp_path / "bad.json", change))


def test_a_turn_recorded_for_the_wrong_player_diverges(game_record: Path, tmp_path: Path) -> None:
    def swap(data: dict[str, Any]) -> None:
        data["turns"][0]["player"] = 1

    ok, message = verify_game_record(_edited(game_record, tmp_path / "swap.json", swap))
    assert not ok and message == "turn 1 (player 2) diverged: it was player 1's turn"


def test_a_huge_number_in_a_sample_is_one_line(
    game_record: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = json.loads(game_record.read_text())
    text = json.dumps(data).replace(
        json.dumps(_first_sample(data)), "[1" + "0" * 400 + ", 0, -160]", 1
    )
    bad = tmp_path / "huge.json"
    bad.write_text(text)
    outcome = wokphysics(capsys, monkeypatch, "replay", str(bad), "--verify")
    assert outcome.status == 2 and outcome.one_line_error
    assert "a whole number of 401 digits" in outcome.err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": 1e400}', "the number 1e400 is too large"),
        ('{"a": NaN}', "non-finite number NaN"),
        ("\ufeff{}", None),
        ("[" + "0," * (MAX_JSON_VALUES + 1) + "0]", "a record holds at most 1,000,000"),
        # 600,000 values, but lists of lists: 1.2 MB that Python would make over 30 MB of
        ("[" + "[[0]]," * 200_000 + "0]", "its values would take about 46 MiB to read; a record"),
    ],
)
def test_replay_json_is_bounded(tmp_path: Path, text: str, words: str | None) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    if words is None:
        assert read_replay_json(path) == {}
    else:
        with pytest.raises(ReplayFileError, match=words):
            read_replay_json(path)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"state": {"rng": [3, [7, -123456789012345678901]]}}', "'state.rng[1][1]': a whole"),
        ('{"a": [{"b": 1}, {"c": 99999999999999999999}]}', "field 'a[1].c': a whole number of 20"),
        ("1" * 30, "r.json: a whole number of 30 digits"),
    ],
)
def test_a_number_too_long_for_a_record_names_its_field(
    tmp_path: Path, text: str, words: str
) -> None:
    """The reader refuses it before any field is read, and still says where it is (it once
    said only "a whole number of 20 digits": a damaged random state did not say "rng")."""
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayFileError, match=re.escape(words)):
        read_replay_json(path)


def test_table_replay_seed_and_extra_fields_are_checked(
    table_replay: Path, tmp_path: Path
) -> None:
    with pytest.raises(ReplayFileError, match="seed must be 0 to"):
        load_table_replay(_edited(table_replay, tmp_path / "a.json", lambda d: d.update(seed=-1)))
    with pytest.raises(ReplayFileError, match=r"unknown field 'x' in steps\[0\]"):
        load_table_replay(
            _edited(table_replay, tmp_path / "b.json", lambda d: d["steps"][0].update(x=1))
        )


def test_a_gesture_at_a_time_where_steps_cannot_advance_is_refused(
    table_replay: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At t = 1e15 s, t + dt == t: such a gesture once made ``replay --verify`` loop forever."""

    def late(data: dict[str, Any]) -> None:
        data["steps"][0]["gesture"] = [[1e15, 0.0, -160.0], [1e15 + 1, 0.0, -47.0]]

    outcome = wokphysics(
        capsys, monkeypatch, "replay", str(_edited(table_replay, tmp_path / "l.json", late)),
        "--verify",
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert "lies beyond 1000000 s" in outcome.err


def test_a_game_record_with_a_gesture_no_stroke_can_make_is_a_bad_file(
    game_record: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the audit: the same late gesture in a game record was a divergence (exit 1)."""

    def late(data: dict[str, Any]) -> None:
        data["turns"][0]["inputs"][0]["gesture"] = [[1.4e14, 0.0, -160.0], [1.4e14 + 1, 0.0, -47.0]]

    late_record = _edited(game_record, tmp_path / "late.json", late)
    for args in (("replay", str(late_record), "--verify"),
                 ("play", "--resume", str(late_record), "--max-frames", "1")):
        outcome = wokphysics(capsys, monkeypatch, *args)
        assert outcome.status == 2 and outcome.one_line_error, args
        assert "turns[0].inputs[0].gesture: sample 0" in outcome.err
        assert "lies beyond 1000000 s" in outcome.err


@pytest.mark.parametrize(
    "samples", [b"abc", [b"abc"], "abc", [["1", 2, 3]], [[True, 0, 0]], 5, [[0.0, 2e6, 0.0]]]
)
def test_a_gesture_is_made_of_numbers(samples: Any) -> None:
    with pytest.raises(GestureError):
        Gesture(samples)
