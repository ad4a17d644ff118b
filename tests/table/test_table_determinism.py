"""The same seed and the same gestures give a bit-identical table, in any process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from table_helpers import CHOP, GAME_CFG, dealt_table, flick

from wokphysics import Gesture
from wokphysics.replay.table_record import TableRecorder, load_table_replay, verify_table_replay

SCRIPT = """
import json, sys
from wokphysics import load_config, Gesture
from wokphysics.games.wok_on_fire.deal import dealt_table
cfg = load_config()
table = dealt_table(cfg, seed=int(sys.argv[1]))
hashes = [table.state_hash()]
for kind, samples in json.loads(sys.argv[2]):
    gesture = Gesture(samples)
    if kind == "stir":
        table.stir(gesture)
    else:
        table.chop(gesture, seat=0, count=cfg.rules.cards_per_chop)
    hashes.append(table.state_hash())
print(json.dumps(hashes))
"""

ACTIONS = [
    ("stir", [(0.0, -60.0, -250.0), (0.3, -60.0, -120.0), (0.34, -60.0, -52.0)]),
    ("chop", [(0.0, 30.0, -450.0), (0.1, 30.0, -360.0)]),
    ("stir", [(0.0, 100.0, 0.0), (0.25, 40.0, 60.0), (0.29, -30.0, 130.0)]),
    ("stir", [(0.0, -250.0, 200.0), (0.5, 250.0, 200.0)]),
]


def _in_process(seed: int) -> list[str]:
    table = dealt_table(seed)
    hashes = [table.state_hash()]
    for kind, samples in ACTIONS:
        gesture = Gesture(samples)
        if kind == "stir":
            table.stir(gesture)
        else:
            table.chop(gesture, seat=0, count=CHOP)
        hashes.append(table.state_hash())
    return hashes


def _in_subprocess(seed: int) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(seed), json.dumps(ACTIONS)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    hashes: list[str] = json.loads(done.stdout)
    return hashes


def test_two_separate_processes_give_identical_hashes() -> None:
    first, second = _in_subprocess(21), _in_subprocess(21)
    assert first == second
    assert first == _in_process(21)
    assert len(set(first)) == len(first)  # every action changed the table


def test_another_seed_gives_another_game() -> None:
    assert _in_process(21)[0] != _in_process(22)[0]


def test_replay_file_verifies_and_names_the_first_divergent_step(tmp_path: Path) -> None:
    recorder = TableRecorder(GAME_CFG, 5)
    recorder.stir(flick(1700.0))
    recorder.chop(Gesture([(0.0, 0.0, -450.0), (0.1, 0.0, -360.0)]), seat=0)
    recorder.stir(Gesture([(0.0, 0.0, 200.0), (0.3, 0.0, 60.0)]))
    path = tmp_path / "table.json"
    recorder.save(path)
    ok, message = verify_table_replay(load_table_replay(path))
    assert ok, message

    data = json.loads(path.read_text())
    data["steps"][1]["gesture"][1][2] += 1e-9  # a nanometre off in step 2
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    ok, message = verify_table_replay(load_table_replay(tampered))
    assert not ok and "step 2" in message
