"""Every example in ``examples/`` runs and prints what it promises.

Each runs here as ``python -m examples.NAME`` would run it (``runpy``, in this process, to keep
the suite quick); two of them also run in a fresh interpreter, once each way a user starts
them: ``python -m examples.NAME`` from the top folder and ``python examples/NAME.py``.
"""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.py") if p.stem != "__init__")

PROMISES = {
    "table_flick": r"flipped: \[[\d, ]*\]; launched: .*\nsimulated [\d.]+ s in \d+ steps",
    "wok_on_fire_game": r"player 1 \(strong\): \d+ points.*record verified: True",
    "we_will_wok_you": r"seat 1 \(greedy\): \d+ points.*winners: \[\d",
    "wok_star": r"\d+ actions; scores .*a clone is equal to the game: True",
    "wok_and_roll": r"seat 1 \(greedy\): \d+ points.*saved and loaded back equal: True",
    "batch_study": r"greedy against random: won \d+ of 10.*20 tasks, run in",
}
"""What each example prints (a regular expression over its whole output)."""


def test_every_example_has_a_promise() -> None:
    assert EXAMPLES == sorted(PROMISES)


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_runs_and_prints_what_it_promises(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    runpy.run_module(f"examples.{name}", run_name="__main__")
    out = capsys.readouterr().out
    assert re.search(PROMISES[name], out, re.DOTALL), out


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, "-m", "examples.table_flick"],
        [sys.executable, str(ROOT / "examples" / "wok_and_roll.py")],
    ],
)
def test_examples_start_both_ways_from_a_shell(command: list[str]) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    name = Path(command[-1]).name.removesuffix(".py").removeprefix("examples.")
    assert re.search(PROMISES[name], done.stdout, re.DOTALL), done.stdout
