"""No game is lost: a new game never overwrites another unfinished one, two windows never write
one file, Ctrl-C saves the unfinished turn, and a failed write leaves the old save whole."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from wokphysics.config.wok_on_fire import load_config
from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game
from wokphysics.records import saving
from wokphysics.records.saving import claim_save_file, release_save_file, write_atomically
from wokphysics.table.gesture import Gesture
from wokphysics.ui.app import App
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

QUIET = Gesture([(0.0, 450.0, 450.0), (0.1, 460.0, 450.0)])
"""A stir on the bare table outside the wok: it moves no card."""


def _window(save: Path, *extra: str) -> tuple[WokOnFireScene, Path, App]:
    args = parse_play_args(
        ["--players", "1", "--bots", "0", "--seed", "4", "--save", str(save), *extra]
    )
    app, chosen, _ = build_app(args)
    scene = app.scene
    assert isinstance(scene, WokOnFireScene) and chosen is not None
    return scene, chosen, app


def test_a_new_game_does_not_overwrite_another_unfinished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "autosave.json"
    unfinished = WokOnFireGame(load_config(), 2, 9, 0, ("person", "strong"))
    save_game(unfinished, save)
    unfinished.stir(QUIET)
    before = save.read_text()
    _, chosen, _ = _window(save)
    assert chosen == tmp_path / "autosave-2.json" and chosen.exists()
    assert save.read_text() == before  # the other game is still there to resume
    assert f"this game autosaves to {chosen}" in capsys.readouterr().out
    release_save_file(chosen)


def test_a_finished_games_save_is_kept_as_previous(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    save.write_text(json.dumps({"format": "wokphysics-game-replay", "finished": True}))
    assert claim_save_file(save) == save
    assert json.loads((tmp_path / "autosave.previous.json").read_text())["finished"] is True
    release_save_file(save)


def test_a_file_another_window_plays_is_not_shared(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys
                from pathlib import Path
                from wokphysics.records.saving import claim_save_file
                print(claim_save_file(Path({str(save)!r})), flush=True)
                sys.stdin.read()  # hold the lock until the test closes our input
                """
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == str(save)
        assert claim_save_file(save) == tmp_path / "autosave-2.json"
        with pytest.raises(UserError, match="another wokphysics window or terminal is playing"):
            saving.claim_to_resume(save)
    finally:
        holder.communicate("")
    release_save_file(tmp_path / "autosave-2.json")
    assert saving.claim_to_resume(save) == save  # free again once the other window closed
    release_save_file(save)


def test_ctrl_c_in_the_window_saves_the_unfinished_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene, save, app = _window(tmp_path / "save.json", "--max-frames", "1000")
    scene.game.stir(QUIET)  # the turn is under way: one stir made, more to come

    def interrupted() -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "frame", interrupted)
    with pytest.raises(KeyboardInterrupt):
        app.run()
    record = json.loads(save.read_text())
    assert [entry["kind"] for entry in record["current"]] == ["stir"]
    release_save_file(save)


def test_a_failed_write_leaves_the_old_save_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "save.json"
    write_atomically(save, "old\n")

    def disk_full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving.os, "fsync", disk_full)
    with pytest.raises(UserError, match="No space left on device"):
        write_atomically(save, "new\n" * 1000)
    assert save.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_a_refused_command_leaves_the_save_files_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wokphysics.cli import main

    monkeypatch.chdir(tmp_path)
    finished = tmp_path / "wok-on-fire-autosave.json"
    finished.write_text(json.dumps({"finished": True}))
    assert main(["play", "--players", "9"]) == 2
    assert main(["play", "--bots", "grandmaster"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wok-on-fire-autosave.json"]


def test_a_link_to_a_game_another_window_plays_is_not_shared(tmp_path: Path) -> None:
    """A symbolic link reaches the same lock as the file it leads to, and a save written
    through it keeps the link (the link was replaced by a file and the game split in two)."""
    save = tmp_path / "g.json"
    save.write_text(json.dumps({"format": "wokphysics-game-replay", "finished": False}))
    link = tmp_path / "link.json"
    link.symlink_to(save.name)
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys
            from pathlib import Path
            from wokphysics.records.saving import claim_to_resume
            print(claim_to_resume(Path({str(save)!r})), flush=True)
            sys.stdin.read()  # hold the lock until the test closes our input
            """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == str(save)
        with pytest.raises(UserError, match="another wokphysics window or terminal is playing"):
            saving.claim_to_resume(link)
    finally:
        holder.communicate("")
    assert saving.claim_to_resume(link) == link
    saving.write_atomically(link, '{"finished": true}\n')
    assert link.is_symlink() and json.loads(save.read_text()) == {"finished": True}
    release_save_file(link)


def test_a_save_file_with_a_second_name_is_refused(tmp_path: Path) -> None:
    """A hard link cannot be followed to one file: writing the save replaces it under one name
    and the other keeps the old game, so it is refused in one line."""
    save = tmp_path / "g.json"
    save.write_text(json.dumps({"format": "wokphysics-game-replay", "finished": False}))
    os.link(save, tmp_path / "other.json")
    for name in ("g.json", "other.json"):
        with pytest.raises(UserError, match="has another name \\(a hard link\\)"):
            saving.claim_to_resume(tmp_path / name)
