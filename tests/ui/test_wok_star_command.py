"""``wokphysics play wok-star``: the window from the command line, --terminal, bad options."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from cli_helpers import wokphysics

from wokphysics.ui.wok_star.record import read_record


def test_help_describes_the_game_and_how_to_play_it(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    done = wokphysics(capsys, monkeypatch, "play", "wok-star", "--help")
    assert done.status == 0
    assert "cooperative real-time restaurant" in done.out
    assert "drag your dice onto your preparations" in done.out
    assert "--terminal" in done.out and "--resume FILE" in done.out


def test_the_window_opens_draws_and_saves_a_screenshot(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    shot = tmp_path / "star.png"
    save = tmp_path / "star.json"
    done = wokphysics(capsys, monkeypatch, "play", "wok-star", "--players", "3", "--seed", "4",
                      "--max-frames", "40", "--screenshot", str(shot), "--save", str(save))
    assert done.status == 0, done.err
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    assert f"continue it with: wokphysics play wok-star --resume {save}" in done.out
    record = read_record(save)  # written when the window closed
    assert record.seats == ("person", "team", "team")
    again = wokphysics(capsys, monkeypatch, "play", "wok-star", "--resume", str(save),
                       "--max-frames", "5")
    assert again.status == 0, again.err


def test_the_terminal_is_still_there(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    done = wokphysics(capsys, monkeypatch, "play", "wok-star", "--terminal", "--seed", "3",
                      "--no-save", stdin="q\n")
    assert done.status == 0
    assert "Wok Star, seed 3: player 1 at the keyboard, 1 bot (team)" in done.out


@pytest.mark.parametrize("args, words", [
    (["--max-frames", "1", "--bots", "chef"], "--bots: unknown bot 'chef'"),
    (["--max-frames", "1", "--players", "5"], "players"),
    (["--max-frames", "1", "--resume", "missing.json"], "missing.json: no such file"),
    (["--max-frames", "1", "--difficulty", "extreme"], "--difficulty must be easy, normal or"),
])
def test_a_bad_option_is_one_line_and_status_2(args: list[str], words: str,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    done = wokphysics(capsys, monkeypatch, "play", "wok-star", *args)
    assert done.status == 2
    assert done.one_line_error and words in done.err, done.err


@pytest.mark.slow
def test_replay_watches_and_verifies_a_saved_game(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "star.json"
    played = wokphysics(capsys, monkeypatch, "play", "wok-star", "--players", "2", "--bots",
                        "2", "--seed", "6", "--max-frames", "900", "--save", str(save))
    assert played.status == 0, played.err
    steps = len(read_record(save).times)
    assert steps > 5
    verified = wokphysics(capsys, monkeypatch, "replay", str(save), "--verify")
    assert verified.status == 0
    assert f"identical: {steps} steps of wok-star replayed" in verified.out
    shot = tmp_path / "replay.png"
    watched = wokphysics(capsys, monkeypatch, "replay", str(save), "--max-frames", "3",
                         "--screenshot", str(shot))
    assert watched.status == 0, watched.err
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    data = json.loads(save.read_text())
    data["times"] = [t + 7.0 for t in data["times"]]  # every step seven seconds later
    save.write_text(json.dumps(data))
    diverged = wokphysics(capsys, monkeypatch, "replay", str(save), "--verify")
    assert diverged.status == 1
    assert f"{save}: diverged: " in diverged.out
