"""One process at a time runs a study's folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from wokphysics.batch.store import claimed
from wokphysics.cli import main


def test_a_second_resume_of_a_running_study_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: a --resume from a second terminal while the study still ran played every
    # missing task again into the same records.jsonl (1,794 games twice, seen in a study).
    folder = tmp_path / "study"
    argv = ["simulate", "we-will-wok-you", "--games", "3", "--no-progress", "--no-cluster"]
    assert main([*argv, "--out", str(folder)]) == 0
    capsys.readouterr()
    with claimed(folder):  # as the first driver holds it while it runs
        assert main(["simulate", "we-will-wok-you", "--resume", str(folder),
                     "--no-progress", "--no-cluster"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another wokphysics is running this study now" in err
    assert main(["simulate", "we-will-wok-you", "--resume", str(folder), "--no-progress",
                 "--no-cluster"]) == 0  # let go: the study resumes
