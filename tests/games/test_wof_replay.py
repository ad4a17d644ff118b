"""Wok on Fire game records: autosave, resume, verify, and bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from wof_engine_helpers import CFG

from wokphysics.cli import main
from wokphysics.errors import ReplayFileError, UserError
from wokphysics.games.wok_on_fire.bots import make_wof_bot, play_bot_game
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.games.wok_on_fire.record import (
    FORMAT,
    Autosave,
    load_game_record,
    resume_game,
    save_game,
    verify_game_record,
)
from wokphysics.games.wok_on_fire.simulate import play_one

NAMES = ("strong", "weak")


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, WokOnFireGame]:
    path = tmp_path_factory.mktemp("records") / "game.json"
    game = play_one(CFG, 2, 21, NAMES, path)
    return path, game


def _edited(source: Path, target: Path, change: Any) -> Path:
    data = json.loads(source.read_text())
    change(data)
    target.write_text(json.dumps(data))
    return target


def _wokphysics(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command in this process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_finished_games_record_verifies_turn_by_turn(
    recorded: tuple[Path, WokOnFireGame],
) -> None:
    path, game = recorded
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["version"] == 1
    assert data["seed"] == 21 and data["players"] == 2 and data["bots"] == list(NAMES)
    assert data["config_hash"] == CFG.config_hash() and data["finished"] is True
    assert len(data["turns"]) == game.turn_number
    assert data["result"]["winners"] == game.winners()
    ok, message = verify_game_record(path)
    assert ok, message
    assert message.startswith(f"{game.turn_number} turns verified")


def test_the_replay_command_verifies_with_exit_0(
    recorded: tuple[Path, WokOnFireGame], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _wokphysics(capsys, "replay", str(recorded[0]), "--verify")
    assert status == 0, err
    assert "turns verified" in out


def test_a_changed_hash_names_the_first_turn_that_diverged(
    recorded: tuple[Path, WokOnFireGame], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(data: dict[str, Any]) -> None:
        data["turns"][4]["hash"] = "0" * 64

    bad = _edited(recorded[0], tmp_path / "bad.json", change)
    ok, message = verify_game_record(bad)
    assert not ok and message.startswith("turn 5 (player 1) diverged")
    status, out, _ = _wokphysics(capsys, "replay", str(bad), "--verify")
    assert status == 1 and "turn 5 (player 1) diverged" in out


def test_a_changed_gesture_diverges_at_its_turn(
    recorded: tuple[Path, WokOnFireGame], tmp_path: Path
) -> None:
    def change(data: dict[str, Any]) -> None:
        gesture = data["turns"][2]["inputs"][0]["gesture"]
        gesture[-1][1] += 30.0

    ok, message = verify_game_record(_edited(recorded[0], tmp_path / "g.json", change))
    assert not ok and message.startswith("turn 3 ")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(version=99), "format version 99 is not supported"),
        (lambda d: d.pop("turns"), "missing field 'turns'"),
        (lambda d: d.update(seed="x"), "field 'seed' must be an integer"),
        (lambda d: d["turns"][0].update(inputs=[{"kind": "dance"}]), "is not one of"),
        (lambda d: d["turns"][0]["inputs"][0].update(gesture=[[0, 1]]), "sample 0"),
        (lambda d: d["config"]["rules"].update(picks_per_turn=3), "config_hash"),
        (lambda d: d.update(format="something-else"), "not a Wok on Fire game record"),
    ],
)
def test_bad_files_are_one_clear_error(
    recorded: tuple[Path, WokOnFireGame], tmp_path: Path, change: Any, words: str
) -> None:
    bad = _edited(recorded[0], tmp_path / "bad.json", change)
    with pytest.raises(ReplayFileError, match=words):
        verify_game_record(bad)


def test_a_truncated_file_exits_2_with_one_line(
    recorded: tuple[Path, WokOnFireGame], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text(recorded[0].read_text()[:5000])
    with pytest.raises(ReplayFileError, match="truncated JSON"):
        load_game_record(bad)
    status, _, err = _wokphysics(capsys, "replay", str(bad), "--verify")
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "truncated JSON" in err


def test_autosave_after_every_turn_and_resume_continues_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    game = WokOnFireGame(CFG, 3, seed=8, bots=("strong",) * 3)
    Autosave(game, path)
    bots = [make_wof_bot(CFG, "strong", 100 + p) for p in range(3)]
    assert json.loads(path.read_text())["turns"] == []
    while game.turn_number < 4:
        bots[game.current_player].act(game)
        saved = json.loads(path.read_text())
        assert len(saved["turns"]) == game.turn_number  # on disk after every turn
    # Part of turn 5 is played and lost in a "crash": the file holds 4 whole turns.
    bots[game.current_player].act(game)
    resumed = resume_game(path)
    Autosave(resumed, path)  # (the file is this process's already)
    assert resumed.turn_number == 4 and resumed.expect is Expect.STIR
    assert resumed.current_player == 4 % 3
    assert resumed.state_hash() == json.loads(path.read_text())["turns"][-1]["hash"]
    # From there both play on with identical fresh bots and end identically.
    finals = []
    for copy in (resumed, resume_game(path)):  # (the second one is not saved)
        play_bot_game(copy, [make_wof_bot(CFG, "strong", 200 + p) for p in range(3)])
        finals.append((copy.state_hash(), [s.total for s in copy.scores()]))
    assert finals[0] == finals[1]
    ok, message = verify_game_record(path)
    assert ok and json.loads(path.read_text())["finished"], message


def test_resume_mid_turn_replays_the_unfinished_turns_inputs(tmp_path: Path) -> None:
    game = WokOnFireGame(CFG, 2, seed=4)
    bot = make_wof_bot(CFG, "strong", 1)
    for _ in range(3):
        bot.act(game)
    path = tmp_path / "mid.json"
    save_game(game, path)
    assert json.loads(path.read_text())["current"]
    resumed = resume_game(path)
    assert resumed.state_hash() == game.state_hash()
    assert resumed.expect is game.expect and resumed.current_inputs == game.current_inputs


def _saved_mid_game(path: Path) -> Path:
    game = WokOnFireGame(CFG, 2, seed=4)
    bot = make_wof_bot(CFG, "strong", 1)
    for _ in range(3):
        bot.act(game)
    save_game(game, path)
    return path


def test_resume_without_autosave_leaves_the_file_alone(tmp_path: Path) -> None:
    path = _saved_mid_game(tmp_path / "mine.json")
    before = path.stat()
    resumed = resume_game(path)
    assert resumed.on_turn_over is None
    after = path.stat()  # not rewritten: same file (inode) and time
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert not (tmp_path / "mine.json.lock").exists()


def test_resume_will_not_write_a_file_another_process_plays(tmp_path: Path) -> None:
    import fcntl

    path = _saved_mid_game(tmp_path / "busy.json")
    before = path.read_bytes()
    # another process's window holds the save's lock (an flock on its own open file)
    with (tmp_path / "busy.json.lock").open("ab") as other:
        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(UserError, match="another wokphysics window or terminal is playing"):
            Autosave(resume_game(path), path)
    assert path.read_bytes() == before


def test_the_window_resumed_with_no_save_does_not_rewrite_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved_mid_game(tmp_path / "keep.json")
    before = path.stat()
    status, _, err = _wokphysics(capsys, "play", "--resume", str(path), "--no-save",
                                 "--max-frames", "2")
    assert status == 0, err
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_the_stepper_steps_turn_by_turn(recorded: tuple[Path, WokOnFireGame]) -> None:
    path, game = recorded
    stepper = load_game_record(path).stepper()
    assert stepper.turn_count == game.turn_number
    assert stepper.next_turn() and stepper.turn_index == 1
    assert stepper.game.turn_number == 1
    while stepper.next_turn():
        pass
    assert stepper.game.is_over and stepper.game.state_hash() == game.state_hash()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(result={"totals": [1, 2], "winners": [1]}), "the record's result"),
        (lambda d: d["result"].update(winners=[0, 1]), "the record's result"),
        (lambda d: d.update(result=None), "the record's result (none"),
        (lambda d: d.update(finished=False), "says the game is unfinished"),
    ],
)
def test_a_record_whose_result_or_end_was_edited_diverges(
    recorded: tuple[Path, WokOnFireGame], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    change: Any, words: str,
) -> None:
    """A shared record claiming another result than its own inputs give must not verify."""
    bad = _edited(recorded[0], tmp_path / "claim.json", change)
    ok, message = verify_game_record(bad)
    assert not ok and words in message, message
    status, out, _ = _wokphysics(capsys, "replay", str(bad), "--verify")
    assert status == 1 and words in out
