"""``replay --verify`` of a hostile record stays within 4 times the record's size above the
idle process: a 16 MB record once took 286 MB (its small values are far larger in Python than
in the file, and the file was read three times over, twice held at once). The reader now
estimates what a record's values take before reading them (records/files.parsed_size) and
refuses those beyond ``PARSED_LIMIT``; the values read to learn a file's format are let go
before its game reads it again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from wokphysics.config.files import RECORD_LIMIT
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.simulate import play_one
from wokphysics.records.files import PARSED_LIMIT, parsed_size

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc"),
]

PEAK = """
import sys
from wokphysics.cli import main
status = main(["replay", sys.argv[1], "--verify"])
# VmHWM: this program's own peak (getrusage's ru_maxrss keeps the forking test process's)
with open("/proc/self/status") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM:"))
print(status, peak)  # KiB
"""


def _peak_kib(path: Path) -> tuple[int, int]:
    """(exit status, peak resident memory in KiB) of ``replay PATH --verify``."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True,
                          text=True, env=env, timeout=900, check=False)
    status, peak = done.stdout.split()[-2:]
    return int(status), int(peak)


def _largest(make: Callable[[int], str]) -> str:
    """``make(n)`` for the largest ``n`` whose text the reader still reads (parsed size and
    file size within the limits): the worst such a record can do. (Both sizes grow in
    proportion to ``n``: two texts give the step, a few more the last ``n`` that fits.)"""
    def fits(text: str) -> bool:
        return parsed_size(text) <= PARSED_LIMIT and len(text.encode()) <= RECORD_LIMIT

    first = make(1)
    step = parsed_size(make(1001)) - parsed_size(first)
    n = 1 + 1000 * (PARSED_LIMIT - parsed_size(first)) // step
    while True:
        text = make(n)
        if fits(text):
            return text
        n -= max(1, n // 1000)


def _padded(text: str, field: str = "pad") -> str:
    """``text`` (a JSON object) with a text field that fills it to the size limit."""
    room = RECORD_LIMIT - len(text) - len(field) - 8
    return text[:-1] + f',"{field}":"' + "a" * room + '"}'


@pytest.fixture(scope="module")
def game_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    play_one(load_config(), 2, 3, ["weak", "weak"], record_path=path)
    return path


@pytest.fixture(scope="module")
def idle_kib(game_record: Path) -> int:
    """The same command's peak on a small record (the physics loaded, a game verified)."""
    status, peak = _peak_kib(game_record)
    assert status == 0
    return peak


def _long_stroke(game_record: Path) -> Callable[[int], str]:
    """A real game whose first stroke goes on for ``n`` more pointer samples, and whose first
    turn's hash is a text that fills the file: it is read as a game record to the end, every
    sample checked, and refused only then (its last sample comes after the 1e6 s a stroke may
    last: playing the stroke would take minutes)."""
    base = json.loads(game_record.read_text())

    def make(n: int) -> str:
        data = json.loads(json.dumps(base))
        turn = data["turns"][0]
        gesture = next(item for item in turn["inputs"] if "gesture" in item)["gesture"]
        t = gesture[-1][0]
        gesture += [[t + 0.001 * (i + 1), 100.0 + i % 50, -50.5] for i in range(n)]
        gesture[-1][0] = 2e6
        text = json.dumps(data, separators=(",", ":"))
        turn["hash"] = "a" * (RECORD_LIMIT - len(text) - 64)
        return json.dumps(data, separators=(",", ":"))

    return make


HOSTILE: dict[str, Callable[[int], str]] = {
    "lists in lists": lambda n: _padded(
        '{"format":"wokphysics-game-replay","x":[' + ",".join(["[[[0]]]"] * n) + "]}"),
    "small objects": lambda n: _padded(
        '{"format":"wokphysics-game-replay","x":[' + ",".join(['{"a":0}'] * n) + "]}"),
    "texts": lambda n: _padded(
        '{"format":"wokphysics-turn-save","x":['
        + ",".join(f'"s{i}"' for i in range(n)) + "]}"),
}


@pytest.mark.parametrize("shape", [*HOSTILE, "a stroke of a real game"])
def test_a_hostile_record_takes_at_most_four_times_its_size(
    shape: str, game_record: Path, idle_kib: int, tmp_path: Path
) -> None:
    make = _long_stroke(game_record) if shape == "a stroke of a real game" else HOSTILE[shape]
    hostile = tmp_path / "hostile.json"
    hostile.write_text(_largest(make))
    size = hostile.stat().st_size
    assert size > RECORD_LIMIT - 1024  # as large as a record may be
    status, peak = _peak_kib(hostile)
    assert status == 2
    assert (peak - idle_kib) * 1024 <= 4 * size, f"{(peak - idle_kib) / 1024:.0f} MiB above idle"
