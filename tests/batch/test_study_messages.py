"""A study's folder or scheduler given wrongly is one line that says what is wrong with it:
``--resume`` and ``--out`` naming a file, a scheduler address with a scheme and nothing else
(they said "no such study folder", "cannot create the folder: File exists" and "missing port
number in address ''")."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import wokphysics


@pytest.mark.parametrize("options", [[], ["--games", "3"], ["--players", "3", "--seed", "4"]])
def test_resume_naming_a_file_says_it_is_a_file(
    options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Also beside an option a resume may not change: it said to drop --games, and then
    that the file is a file."""
    file = tmp_path / "tasks.csv"
    file.write_text("task\n")
    outcome = wokphysics(capsys, monkeypatch, "simulate", "wok-star", *options, "--resume",
                         str(file))
    assert outcome.status == 2 and outcome.one_line_error
    assert outcome.err.strip() == (f"wokphysics: {file}: is a file, not a study folder (give "
                                   "--resume the folder --out wrote)")


def test_out_naming_a_file_says_a_folder_is_needed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    file = tmp_path / "results"
    file.write_text("mine\n")
    outcome = wokphysics(capsys, monkeypatch, "simulate", "wok-star", "--games", "1",
                         "--no-cluster", "--no-progress", "--out", str(file))
    assert outcome.status == 2 and outcome.one_line_error
    assert outcome.err.strip() == (f"wokphysics: {file}: is a file; --out needs a new or empty "
                                   "folder")
    assert file.read_text() == "mine\n"


@pytest.mark.parametrize("address", ["ws://", "tcp://", "tls://"])
def test_a_scheme_without_host_and_port_says_so(
    address: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    outcome = wokphysics(capsys, monkeypatch, "simulate", "wok-star", "--games", "1",
                         "--scheduler", address)
    assert outcome.status == 2 and outcome.one_line_error
    assert f"--scheduler {address!r}: no host and port after the scheme" in outcome.err
