"""A study on a cluster writes its final files in a fresh process: the driver, which holds
Dask's libraries (and the embedded cluster's scheduler), never imports scipy.stats or
matplotlib, so the two sets of libraries never share one process's memory (a 100,000-game
study's driver peaked at 237 MB with both, docs/scaling.md). The files are the bytes of a
study written in one process, and the finishing process's errors end in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import wokphysics

from wokphysics.errors import UserError
from wokphysics.studies import apart as finishing

STUDY = ("simulate", "we-will-wok-you", "--games", "40", "--bots", "greedy,random",
         "--no-progress")
FINAL = ("tasks.csv", "summary.json", "report.html")

DRIVER = """
import json, sys
from wokphysics.cli import main
if __name__ == "__main__":
    status = main(sys.argv[1:])
    loaded = [name for name in ("scipy.stats", "matplotlib", "distributed") if name in sys.modules]
    print(json.dumps({"status": status, "loaded": loaded}), file=sys.stderr)
"""


def _drive(folder: Path, *argv: str, env: dict[str, str] | None = None,
           ) -> tuple[subprocess.CompletedProcess[str], dict[str, object]]:
    """Run the CLI with ``argv`` in a process of its own (from ``folder``): what it printed,
    and its exit status and the libraries it had loaded at the end."""
    driver = subprocess.run([sys.executable, "-c", DRIVER, *argv], capture_output=True,
                            text=True, check=False, timeout=300, cwd=folder, env=env)
    return driver, json.loads(driver.stderr.strip().splitlines()[-1])


def _final_files(folder: Path) -> dict[str, bytes]:
    names = [*FINAL, *sorted(path.name for path in folder.glob("*.png"))]
    return {name: (folder / name).read_bytes() for name in names}


@pytest.mark.slow
def test_the_driver_of_a_cluster_study_leaves_scipy_and_matplotlib_to_a_fresh_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    apart, here = tmp_path / "apart", tmp_path / "here"
    driver, ended = _drive(tmp_path, *STUDY, "--workers", "1", "--out", str(apart))
    assert ended["status"] == 0, driver.stderr
    assert "distributed" in ended["loaded"]  # the games ran on the embedded cluster...
    assert ended["loaded"] == ["distributed"]  # ...and the summaries and plots elsewhere
    assert "Traceback" not in driver.stderr
    in_process = wokphysics(capsys, monkeypatch, *STUDY, "--no-cluster", "--out", str(here))
    assert in_process.status == 0, in_process.err
    assert len(_final_files(here)) >= 5  # the tables, the summary, the report, the plots
    assert _final_files(apart) == _final_files(here)
    # the same tables and fairness tests printed, through the driver's standard output
    assert driver.stdout.replace(str(apart), "DIR").splitlines()[:-1] == \
        in_process.out.replace(str(here), "DIR").splitlines()[:-1]
    assert "study written to" in driver.stdout.splitlines()[-1]
    # the driver noted its session; the finishing process did not add one
    assert len((apart / "runs.jsonl").read_text().splitlines()) == 1


@pytest.mark.slow
def test_the_finishing_process_refuses_a_study_with_games_not_run_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "cut"
    assert wokphysics(capsys, monkeypatch, *STUDY, "--no-cluster", "--out", str(folder)).status \
        == 0
    (folder / "records.jsonl.gz").unlink()  # every game's record lost
    finish = subprocess.run(
        [sys.executable, "-m", "wokphysics.studies.finish", str(folder)],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert finish.returncode == 2
    assert finish.stderr.strip().splitlines() == [
        f"wokphysics: {folder}: 40 of 40 tasks have not run yet: `--resume {folder}` runs "
        "them and writes the study's files"
    ]
    not_a_study = subprocess.run(
        [sys.executable, "-m", "wokphysics.studies.finish", str(tmp_path / "nothing")],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert not_a_study.returncode == 2
    assert len(not_a_study.stderr.strip().splitlines()) == 1
    assert "Traceback" not in not_a_study.stderr


def test_a_finishing_process_that_is_killed_ends_the_study_in_one_line_with_the_way_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def killed(command: list[str], **_: object) -> subprocess.CompletedProcess[bytes]:
        assert command[1:3] == ["-m", "wokphysics.studies.finish"]
        return subprocess.CompletedProcess(command, -9, b"", b"")

    monkeypatch.setattr(finishing.subprocess, "run", killed)
    with pytest.raises(UserError) as stopped:
        finishing.finish_apart(tmp_path)
    assert str(stopped.value) == (
        f"the process writing {tmp_path}'s files was stopped (SIGKILL); every game is done: "
        f"`--resume {tmp_path}` writes the study's files"
    )


@pytest.mark.slow
def test_a_folder_the_finishing_process_cannot_write_ends_in_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "study"
    assert wokphysics(capsys, monkeypatch, *STUDY, "--no-cluster", "--out", str(folder)).status \
        == 0
    whole = _final_files(folder)
    for name in whole:
        (folder / name).unlink()
    (folder / "tasks.csv").mkdir()  # the sorted records cannot be put in place
    # every game is done: nothing runs on the cluster, the fresh process writes the files
    stopped = wokphysics(capsys, monkeypatch, "simulate", "we-will-wok-you", "--resume",
                         str(folder), "--workers", "1", "--no-progress")
    assert stopped.status == 2
    assert stopped.one_line_error
    assert stopped.err.startswith(f"wokphysics: {folder}: cannot write the study's files: ")
    assert stopped.err.endswith(f"every task is done: `--resume {folder}` writes the study's "
                                "files\n")
    (folder / "tasks.csv").rmdir()
    finished = wokphysics(capsys, monkeypatch, "simulate", "we-will-wok-you", "--resume",
                          str(folder), "--workers", "1", "--no-progress")
    assert finished.status == 0, finished.err
    assert _final_files(folder) == whole


@pytest.mark.slow
def test_a_cluster_study_without_out_streams_to_a_folder_of_its_own_and_keeps_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without --out, on a cluster: the records stream to a temporary folder (kept in memory,
    100,000 games' took the driver to 794 MB), a fresh process prints the tables from there
    and writes no file, the folder goes with the command, and the driver holds neither
    scipy.stats nor matplotlib; it prints what the same study in one process prints."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    driver, ended = _drive(tmp_path, *STUDY, "--workers", "1",
                           env={**os.environ, "TMPDIR": str(scratch)})
    assert ended["status"] == 0, driver.stderr
    assert ended["loaded"] == ["distributed"]
    assert "Traceback" not in driver.stderr
    # the command's own folder went with it (Dask keeps a scratch folder of its own there)
    assert [path.name for path in scratch.iterdir()] == ["dask-scratch-space"]
    assert list(tmp_path.iterdir()) == [scratch]  # and nothing was written here
    in_process = wokphysics(capsys, monkeypatch, *STUDY, "--no-cluster")
    assert in_process.status == 0, in_process.err
    assert driver.stdout == in_process.out
    assert "study written" not in driver.stdout and "--resume" not in driver.stderr


FLIPS = ("sweep", "flips", "--speeds", "500,1300,1600", "--angles", "0,90", "--depths", "15,65",
         "--slides", "10", "--gaps", "10", "--seeds", "2", "--wok-seeds", "1", "--no-progress")


@pytest.mark.slow
def test_a_sweep_of_flips_on_a_cluster_finishes_apart_as_well(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``sweep flips`` on a cluster: its driver holds neither scipy.stats nor matplotlib (a
    16,000-flick sweep's driver took 224 MB with them), writes the bytes and prints the band
    table of the same sweep run in one process; without --out it keeps nothing."""
    apart, here = tmp_path / "apart", tmp_path / "here"
    driver, ended = _drive(tmp_path, *FLIPS, "--workers", "1", "--out", str(apart))
    assert ended["status"] == 0, driver.stderr
    assert ended["loaded"] == ["distributed"]
    in_process = wokphysics(capsys, monkeypatch, *FLIPS, "--no-cluster", "--out", str(here))
    assert in_process.status == 0, in_process.err
    assert len(_final_files(here)) >= 8  # the tables, the summary, the report, 6 plots
    assert _final_files(apart) == _final_files(here)
    assert driver.stdout.replace(str(apart), "DIR").splitlines()[:-1] == \
        in_process.out.replace(str(here), "DIR").splitlines()[:-1]
    without, ended = _drive(tmp_path, *FLIPS, "--workers", "1")
    assert ended["loaded"] == ["distributed"]
    assert without.stdout.splitlines() == in_process.out.splitlines()[:-1]
