"""A player's install (``pip install .``, no ``studies`` extra): the games play, ``simulate``
prints its table in this process with a one-line hint, and everything that needs Dask,
matplotlib or scipy says so in one line (exit status 2) instead of a traceback.

The commands run in a Python where the study tools are not installed: their distributions
are not found, and importing them fails (each is None in ``sys.modules``)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from wokphysics.batch.tools import HINT, INSTALL, STUDY_TOOLS

WITHOUT_TOOLS = """
import sys
from importlib import metadata
for name in {tools!r}:
    sys.modules[name] = None  # `import name` now fails: as if it were not installed
version = metadata.version

def version_without_tools(name):
    if name in {tools!r}:
        raise metadata.PackageNotFoundError(name)
    return version(name)

metadata.version = version_without_tools
from wokphysics.cli import main
code = main(sys.argv[1:])
leaked = [m for m in ("dask", "distributed", "matplotlib", "scipy") if sys.modules.get(m)]
assert not leaked, leaked
sys.exit(code)
"""


def _without_tools(*argv: str) -> subprocess.CompletedProcess[str]:
    code = WITHOUT_TOOLS.format(tools=(*STUDY_TOOLS, "dask"))
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          timeout=300)


def test_simulate_plays_in_this_process_prints_its_table_and_one_hint() -> None:
    done = _without_tools("simulate", "we-will-wok-you", "--games", "3", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "3 games, 4 players" in done.stdout and "win % per seat" in done.stdout
    assert done.stderr == HINT + "\n"
    assert INSTALL in HINT


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["simulate", "wok-star", "--games", "2", "--out", "x"], "--out"),
        (["simulate", "wok-star", "--games", "2", "--workers", "2"], "--workers"),
        (["simulate", "wok-star", "--scheduler", "tcp://127.0.0.1:8786"], "--scheduler"),
        (["sweep", "wok-and-roll", "--vary", "rules.menu=simple,expert"],
         "sweep wok-and-roll"),
        (["sweep", "flips", "--seeds", "1"], "sweep flips"),
        (["bench", "--only", "batch"], "bench --only batch"),
        (["ladder", "wok-and-roll", "--bots", "random,greedy", "--games", "2"],
         "ladder wok-and-roll"),
    ],
)
def test_what_needs_the_study_tools_says_so_in_one_line(argv: list[str], what: str,
                                                        tmp_path: Path) -> None:
    done = _without_tools(*argv)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"{what} needs the study tools (" in done.stderr and INSTALL in done.stderr
    assert not (tmp_path / "x").exists()


def test_the_help_of_every_study_command_shows_without_the_tools() -> None:
    for argv in (["simulate", "wok-on-fire", "--help"], ["sweep", "flips", "--help"],
                 ["ladder", "wok-star", "--help"], ["--help"]):
        done = _without_tools(*argv)
        assert done.returncode == 0 and "usage: wokphysics" in done.stdout, done.stderr


def test_the_player_s_install_leaves_the_study_tools_to_the_extra_the_tests_take() -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    needs = " ".join(project["project"]["dependencies"])
    extras = project["project"]["optional-dependencies"]
    for tool in ("dask", "matplotlib", "scipy"):
        assert tool not in needs
        assert any(entry.startswith(tool) for entry in extras["studies"])
    assert "wokphysics[studies]" in extras["test"]
