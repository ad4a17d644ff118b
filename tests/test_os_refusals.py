"""What the operating system refuses ends in one line naming the file and exit status 2,
never a traceback: a name longer than the file system takes, in any option that names a file
or folder; the output on a full device; the current folder deleted under a game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import wokphysics
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAME_MAX = 255
"""The longest name (one path component) Linux file systems take, in bytes."""

COMMANDS = [
    ["score", "wok-on-fire", "--player", "chicken", "--config"],
    ["score", "we-will-wok-you", "--config"],
    ["simulate", "wok-star", "--games", "1", "--no-cluster", "--config"],
    ["simulate", "wok-and-roll", "--games", "1", "--no-cluster", "--out"],
    ["simulate", "we-will-wok-you", "--resume"],
    ["simulate", "wok-on-fire", "--games", "1", "--no-cluster", "--replays"],
    ["sweep", "wok-star", "--vary", "rules.timer=true,false", "--no-cluster", "--config"],
    ["play", "we-will-wok-you", "--terminal", "--config"],
    ["play", "wok-star", "--terminal", "--config"],
    ["replay", "--verify"],
    ["bench", "--only", "table", "--repeat", "1", "--config"],
]
"""Commands whose last option (or argument) names a file or folder."""

long_names = st.builds(
    lambda stem, extra, suffix: stem * ((NAME_MAX + 1 + extra) // len(stem) + 1) + suffix,
    st.sampled_from(["a", "wok", "é", "game-1_"]),
    st.integers(0, 3000),
    st.sampled_from(["", ".json", ".toml", "/"]),
)
folders = st.sampled_from(["", "folder/", "../", "/tmp/"])


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(COMMANDS), name=long_names, folder=folders)
def test_a_name_too_long_for_the_file_system_is_one_line(
    command: list[str], name: str, folder: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory,
) -> None:
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))
    if command[-1] == "--verify":  # ``replay FILE --verify``
        argv = ["replay", folder + name, "--verify"]
    elif command[:2] == ["score", "we-will-wok-you"]:
        argv = [*command, "config.toml", folder + name]
    else:
        argv = [*command, folder + name]
    outcome = wokphysics(capsys, monkeypatch, *argv)
    assert outcome.status == 2, (argv, outcome)
    assert outcome.one_line_error, outcome.err
    assert outcome.err.startswith("wokphysics: ")


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-on-fire", "wok-star", "wok-and-roll"])
@pytest.mark.parametrize("option", ["--save", "--resume"])
def test_a_window_s_save_file_named_too_long_is_one_line(
    game: str, option: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    outcome = wokphysics(capsys, monkeypatch, "play", game, option, "s" * 300 + ".json",
                         "--max-frames", "2")
    assert outcome.status == 2 and outcome.one_line_error, outcome
    assert "File name too long" in outcome.err


def test_practice_flicks_saved_to_a_name_too_long_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    outcome = wokphysics(capsys, monkeypatch, "play", "wok-on-fire", "--practice", "--save",
                         "f" * 300 + ".csv", "--max-frames", "2")
    assert outcome.status == 2 and outcome.one_line_error, outcome


@pytest.mark.parametrize("command", [
    ["score", "wok-on-fire", "--player", "chicken,garlic,rice"],
    ["--help"],  # argparse's help swallowed the failed write: exit status 0 and no help
    ["score", "wok-on-fire", "--help"],
])
def test_output_to_a_full_device_is_one_line(command: list[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("this system has no /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "wokphysics.cli", *command], stdout=full,
            stderr=subprocess.PIPE, text=True, timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == ("wokphysics: cannot write the output: the device is full; "
                                   "free some space or write elsewhere")


@pytest.mark.parametrize("command", [
    ["play", "we-will-wok-you", "--save", "g.json", "--max-frames", "2"],
    ["simulate", "wok-star", "--games", "2"],  # Dask's workers failed to start in it
    ["sweep", "wok-star", "--vary", "rules.timer=true,false", "--games", "1"],
])
def test_a_command_whose_folder_was_deleted_is_one_line(command: list[str],
                                                        tmp_path: Path) -> None:
    """The folder the shell was in was deleted before the command: the save lock asked for
    it (FileNotFoundError), and simulate's Dask workers could not start in it (a page of
    tracebacks from distributed's nanny, exit status 1)."""
    gone = tmp_path / "gone"
    gone.mkdir()
    script = (
        "import os, sys\n"
        f"os.chdir({str(gone)!r}); os.rmdir({str(gone)!r})\n"
        "from wokphysics.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script, *command], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == ("wokphysics: the current folder no longer exists; change to "
                                   "a folder that does")
